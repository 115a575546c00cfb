import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Ticket } from '../../../shared/api/tickets';
import { TICKET_TEXT_MAX } from '../../../shared/domain/tickets/tickets';
import { apiErrors } from '../../../shared/http';
import { AttachmentPicker, formatMoment, TicketStatusChip, TicketThread } from '../../../shared/ui/tickets';
import { fetchTicketFile, replyToTicket, sendTicketFiles, useMoveTicket, useSending, useStoreTicket, useTicket } from '../../api/tickets';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { errorText, LoadFailed, Loading, statusOf } from '../orders/parts';

/**
 * The reply box: text and files, or files alone. A failure keeps what was typed and chosen, with
 * each message beside its field; a ticket closed meanwhile says how to reopen it.
 */
function ReplyForm({ ticket, onConflict }: { ticket: Ticket; onConflict: () => void }) {
  const store = useStoreTicket();
  const sending = useSending();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = sending.progress !== null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const text = body.trim();
    if (!text && !files.length) {
      setErrors({ body: 'Write your reply, or attach a file.' });
      document.getElementById('ticket-reply')?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const answer = await sending.run((onProgress) => (text ? replyToTicket(ticket.id, text, files, onProgress) : sendTicketFiles(ticket.id, files, onProgress)));
      await store(answer);
      setBody('');
      setFiles([]);
    } catch (error) {
      const api = apiErrors(error);
      if (statusOf(error) === 409) onConflict();
      if (api && Object.keys(api.errors).length) setErrors(api.errors);
      else setFormError(errorText(error));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="reply-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id="reply-heading" variant="h3" component="h2" gutterBottom>
        Reply
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="ticket-reply"
          fullWidth
          multiline
          minRows={3}
          margin="normal"
          label="Your reply"
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            setErrors(({ body: _, ...rest }) => rest);
          }}
          error={Boolean(errors.body)}
          helperText={errors.body}
          slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
        />
        <AttachmentPicker
          files={files}
          onChange={(next) => {
            setFiles(next);
            setErrors(({ files: _, ...rest }) => rest);
          }}
          error={errors.files}
          disabled={busy}
        />
        {busy && files.length > 0 && (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="body2">Sending your files… {sending.progress}%</Typography>
            <LinearProgress variant="determinate" value={sending.progress ?? 0} aria-label="Upload progress" />
          </Box>
        )}
        {formError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {formError}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
          {!body.trim() && files.length ? 'Send files' : 'Send reply'}
        </Button>
      </Box>
    </Paper>
  );
}

/** /tickets/{id}: one ticket's conversation, the reply box, close and reopen. */
export default function TicketViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useTicket(valid ? id : 0);
  const move = useMoveTicket(id);

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
  if (query.isPending) return <PageFrame title={`Ticket #${id}`}><Loading label="Loading the ticket…" /></PageFrame>;
  if (query.isError) return <PageFrame title={`Ticket #${id}`}><LoadFailed what="The ticket" error={query.error} onRetry={() => void query.refetch()} /></PageFrame>;

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
      <TicketThread thread={ticket.thread} events={ticket.events} viewer="customer" fetchFile={(fileId, size) => fetchTicketFile(ticket.id, fileId, size)} />
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
        <ReplyForm ticket={ticket} onConflict={() => void query.refetch()} />
      )}
    </PageFrame>
  );
}
