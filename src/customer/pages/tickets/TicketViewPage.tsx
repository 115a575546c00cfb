import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { apiErrors } from '../../../shared/http';
import { TicketReplyForm, TicketStatusChip, TicketThread } from '../../../shared/ui/tickets';
import { fetchTicketFile, replyToTicket, sendTicketFiles, useMoveTicket, useStoreTicket, useTicket } from '../../api/tickets';
import { formatMoment } from '../../../shared/domain/calendar/workingDays';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { errorText, LoadFailed, Loading, statusOf } from '../../components/QueryStates';

/** /tickets/{id}: one ticket's conversation, the reply box, close and reopen. */
export default function TicketViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useTicket(valid ? id : 0);
  const move = useMoveTicket(id);
  const store = useStoreTicket();

  if (!valid || statusOf(query.error) === 404) {
    return (
      <PageFrame title="Ticket not found">
        <Typography>There is no such ticket among yours.</Typography>
        <Button component={RouterLink} to={route('tickets.index')} sx={{ mt: 2 }}>
          Back to the Resolution Centre
        </Button>
      </PageFrame>
    );
  }
  if (query.isPending)
    return (
      <PageFrame title={`Ticket #${id}`}>
        <Loading label="Loading the ticket…" />
      </PageFrame>
    );
  if (query.isError)
    return (
      <PageFrame title={`Ticket #${id}`}>
        <LoadFailed what="The ticket" error={query.error} onRetry={() => void query.refetch()} />
      </PageFrame>
    );

  const ticket = query.data;
  const closed = ticket.status === 'closed';
  return (
    <PageFrame
      title={`Ticket #${ticket.id} — ${ticket.reason}`}
      intro={
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
          <TicketStatusChip status={ticket.status} viewer="customer" />
          <span>Opened {formatMoment(ticket.created_at)}</span>
          {ticket.order_id && (
            <span>
              About{' '}
              <Link component={RouterLink} to={route('orders.view', { id: ticket.order_id })}>
                order #{ticket.order_id}
              </Link>
            </span>
          )}
        </Stack>
      }
      actions={
        closed ? null : (
          <Button variant="outlined" disabled={move.isPending} onClick={() => move.mutate('close')}>
            Close ticket
          </Button>
        )
      }
    >
      <Button component={RouterLink} to={route('tickets.index')} size="small" sx={{ mb: 2 }}>
        ← All tickets
      </Button>
      {move.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(move.error)}
        </Alert>
      )}
      <TicketThread
        ticketId={ticket.id}
        thread={ticket.thread}
        events={ticket.events}
        viewer="customer"
        fetchFile={(fileId, size) => fetchTicketFile(ticket.id, fileId, size)}
      />
      {closed ? (
        <Alert
          severity="info"
          sx={{ mt: 3 }}
          action={
            <Button color="inherit" size="small" disabled={move.isPending} onClick={() => move.mutate('reopen')}>
              Reopen
            </Button>
          }
        >
          This ticket is closed. If the problem is not settled, reopen it and tell us more.
        </Alert>
      ) : (
        <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
          <TicketReplyForm
            label="Your reply"
            hint="We are e-mailed at once and answer here."
            send={async (body, files, onProgress) =>
              void (await store(await (body ? replyToTicket(ticket.id, body, files, onProgress) : sendTicketFiles(ticket.id, files, onProgress))))
            }
            readFailure={(error) => ({ status: statusOf(error), message: errorText(error), errors: apiErrors(error)?.errors ?? {} })}
            onConflict={() => void query.refetch()}
          />
        </Paper>
      )}
    </PageFrame>
  );
}
