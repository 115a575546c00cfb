import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, Title, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { StaffTicket } from '../../shared/api/tickets';
import { findTicketTransition } from '../../shared/domain/tickets/tickets';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { staffUrl } from '../staffAreas';
import { StaffNotFound } from '../common/StaffNotFound';
import { StaffTitle } from '../common/StaffTitle';
import type { StaffDataProvider } from '../dataProvider';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';
import { formatUkDateTime } from '../orders/fields';
import { ticketName, TicketStatusChip } from './fields';
import { TicketReplyForm, TicketThread } from '../../shared/ui/tickets';
import { useLeaveGuard } from '../common/useLeaveGuard';
import { Line, Section } from '../common/DetailSection';
import { RecordHeading } from '../common/RecordHeading';

function Customer({ ticket }: { ticket: StaffTicket }) {
  const { user } = ticket;
  const name = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Section title="Customer">
      <Link component={RouterLink} to={staffUrl(`users/${user.id}`)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {user.company_name || name}
      </Link>
      {user.company_name ? <Line>{name}</Line> : null}
      <Line>
        <Link href={`mailto:${user.email}`}>{user.email}</Link>
      </Line>
    </Section>
  );
}

function About({ ticket }: { ticket: StaffTicket }) {
  return (
    <Section title="Ticket">
      <Line>Reason: {ticket.reason}</Line>
      <Line>
        Order:{' '}
        {ticket.order_id === null ? (
          'none named'
        ) : (
          <Link component={RouterLink} to={staffUrl(`orders/${ticket.order_id}`)} sx={{ fontWeight: 600 }}>
            Order {ticket.order_id}
          </Link>
        )}
      </Line>
      <Line>Opened: {formatUkDateTime(ticket.created_at)}</Line>
      <Line>Last message: {formatUkDateTime(ticket.last_message_at)}</Line>
    </Section>
  );
}

type Move = 'close' | 'reopen';

/** Close (open or answered) and Reopen (closed), as the transition table allows staff. */
function StatusActions({ ticket, busy, onMove }: { ticket: StaffTicket; busy: Move | null; onMove(move: Move): void }) {
  const close = findTicketTransition(ticket.status, 'closed', 'staff');
  const reopen = findTicketTransition(ticket.status, 'open', 'staff');
  if (!close && !reopen) return null;
  const spinner = <CircularProgress size={16} color="inherit" aria-hidden />;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Ticket actions">
      {close ? (
        <Button variant="outlined" startIcon={busy === 'close' ? spinner : <LockIcon />} disabled={!!busy} onClick={() => onMove('close')}>
          {close.action} ticket
        </Button>
      ) : null}
      {reopen ? (
        <Button variant="contained" startIcon={busy === 'reopen' ? spinner : <LockOpenIcon />} disabled={!!busy} onClick={() => onMove('reopen')}>
          {reopen.action} ticket
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * The list puts its rows (summaries) in react-admin's cache of records; the page reads the whole
 * ticket under a key of its own, so a row never stands in for it.
 */
const WHOLE_TICKET = { whole: true };

/**
 * /admin/tickets/{id} (admin.tickets.view): the thread with the customer and the order linked,
 * the reply with its files, and Close / Reopen. Each action answers the ticket as it now is,
 * shown at once; a move a colleague or the customer made first (409) is said, and the ticket read again.
 */
export function TicketShow() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const [moving, setMoving] = useState<Move | null>(null);
  const [moveFailure, setMoveFailure] = useState<string | null>(null);
  const [replying, setReplying] = useState(false);
  useLeaveGuard(replying);
  const { data: ticket, error, isPending, refetch } = useGetOne<StaffTicket>('tickets', { id: Number(id), meta: WHOLE_TICKET }, { enabled: !!id });
  if (isPending) return <Loading />;
  if ((error as { status?: number } | null)?.status === 404) return <StaffNotFound record={`ticket ${id}`} />;
  if (error || !ticket) return <LoadFailed what="The ticket" reason={messageOf(error)} onRetry={() => void refetch()} />;

  const changed = (next: StaffTicket) => {
    queryClient.setQueryData(['tickets', 'getOne', { id: String(ticket.id), meta: WHOLE_TICKET }], next);
    // The list, its counts and the dashboard's tile are read again when next shown.
    void queryClient.invalidateQueries({ queryKey: ['tickets'], refetchType: 'none' });
  };

  async function move(which: Move) {
    setMoving(which);
    setMoveFailure(null);
    try {
      const next = await (which === 'close' ? dataProvider.closeTicket(ticket!.id) : dataProvider.reopenTicket(ticket!.id));
      changed(next);
      notify(which === 'close' ? `Ticket ${next.id} is closed.` : `Ticket ${next.id} is open again: it waits for staff.`, { type: 'info' });
    } catch (failure) {
      setMoveFailure(messageOf(failure));
      if ((failure as { status?: number }).status === 409) await refetch();
    } finally {
      setMoving(null);
    }
  }

  const name = ticketName(ticket);
  return (
    <Box sx={{ py: 2, minWidth: 0 }}>
      <Title title={<StaffTitle page="Resolution Centre" record={name} />} />
      <RecordHeading
        title={name}
        chips={<TicketStatusChip status={ticket.status} />}
        actions={<StatusActions ticket={ticket} busy={moving} onMove={(which) => void move(which)} />}
      />
      {moveFailure ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setMoveFailure(null)}>
          {moveFailure}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0, order: { xs: 2, lg: 1 } }}>
          <Paper variant="outlined" component="section" aria-label="Thread" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
            <TicketThread
              ticketId={ticket.id}
              thread={ticket.thread}
              events={ticket.events}
              viewer="staff"
              fetchFile={(fileId, size) => dataProvider.ticketFile(ticket.id, fileId, size)}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
            {ticket.status === 'closed' ? (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" disabled={!!moving} onClick={() => void move('reopen')}>
                    Reopen
                  </Button>
                }
              >
                This ticket is closed — reopen it to reply.
              </Alert>
            ) : (
              <TicketReplyForm
                label="Reply to the customer"
                hint="The customer is e-mailed that there is a reply."
                send={async (body, files, onProgress) => {
                  changed(
                    await (body ? dataProvider.replyToTicket(ticket.id, body, files, onProgress) : dataProvider.attachToTicket(ticket.id, files, onProgress)),
                  );
                  notify(body ? 'Your reply has been sent to the customer.' : 'The files have been sent to the customer.', { type: 'info' });
                }}
                readFailure={(failure) => ({ status: (failure as { status?: number }).status, message: messageOf(failure), errors: fieldErrorsOf(failure) })}
                onConflict={() => void refetch()}
                onDirty={setReplying}
              />
            )}
          </Paper>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            minWidth: 0,
            order: { xs: 1, lg: 2 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 1fr)' },
          }}
        >
          <Customer ticket={ticket} />
          <About ticket={ticket} />
        </Box>
      </Box>
    </Box>
  );
}
