import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AdminTicket } from '../../shared/api/tickets';
import { attachmentProblem, TICKET_FILE_ACCEPT, TICKET_FILE_MAX_MB, TICKET_FILES_PER_MESSAGE, TICKET_TEXT_MAX } from '../../shared/domain/tickets/tickets';
import { useLeaveGuard } from '../common/useLeaveGuard';
import type { StaffDataProvider } from '../dataProvider';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';
import { formatBytes } from '../../shared/ui/tickets';

/**
 * The files chosen so far, and why the others were refused: a file the browser can tell is not a
 * PNG, JPEG or PDF, or is too big or empty, and any beyond five.
 */
export function chooseFiles(chosen: readonly File[], added: readonly File[]): { files: File[]; problems: string[] } {
  const files = [...chosen];
  const problems: string[] = [];
  for (const file of added) {
    const problem = attachmentProblem(file);
    if (problem) problems.push(problem);
    else if (files.length >= TICKET_FILES_PER_MESSAGE) problems.push(`${file.name}: at most ${TICKET_FILES_PER_MESSAGE} files per message.`);
    else files.push(file);
  }
  return { files, problems };
}

/**
 * The staff reply: text to the customer and up to five files (PNG, JPEG or PDF, 10 MB each). The
 * browser refuses what it can judge beside the files; the server's refusals (422) show beside the
 * text or the files, and what was typed and chosen stays. Files without text go as "files only".
 * A ticket closed meanwhile (409) is shown as it now is, with the message.
 */
export function ReplyForm({ ticket, onSent, onConflict }: { ticket: AdminTicket; onSent(ticket: AdminTicket): void; onConflict(): Promise<unknown> }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  useLeaveGuard(!busy && (body.trim() !== '' || files.length > 0));

  const filesOnly = !body.trim() && files.length > 0;
  const filesMessageId = `${id}-files-message`;

  function add(event: ChangeEvent<HTMLInputElement>) {
    const added = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file may be chosen again after its removal
    const next = chooseFiles(files, added);
    setFiles(next.files);
    setProblems(next.problems);
    setErrors(({ files: _files, ...others }) => others);
  }

  function remove(index: number) {
    setFiles((current) => current.filter((_file, i) => i !== index));
    setProblems([]);
    setErrors(({ files: _files, ...others }) => others);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!body.trim() && !files.length) {
      setErrors({ body: 'Write your reply, or attach a file.' });
      return;
    }
    setErrors({});
    setFailure(null);
    setProgress(0);
    try {
      const sent = filesOnly
        ? await dataProvider.attachToTicket(ticket.id, files, setProgress)
        : await dataProvider.replyToTicket(ticket.id, body, files, setProgress);
      setBody('');
      setFiles([]);
      setProblems([]);
      onSent(sent);
      notify(filesOnly ? 'The files have been sent to the customer.' : 'Your reply has been sent to the customer.', { type: 'info' });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 409) {
        setFailure(messageOf(error));
        await onConflict();
        return;
      }
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!fields.body && !fields.files) setFailure(messageOf(error));
    } finally {
      setProgress(null);
    }
  }

  const filesMessages = [...problems, ...(errors.files ? [errors.files] : [])];
  return (
    <Box component="form" onSubmit={(event) => void send(event)} noValidate aria-labelledby={`${id}-heading`}>
      <Typography variant="h3" component="h3" id={`${id}-heading`} gutterBottom>
        Reply
      </Typography>
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Stack spacing={2}>
        <TextField
          label="Reply to the customer"
          multiline
          minRows={4}
          maxRows={16}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            if (errors.body) setErrors(({ body: _body, ...others }) => others);
          }}
          error={!!errors.body}
          helperText={errors.body ?? 'The customer is e-mailed that there is a reply.'}
          slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
          disabled={busy}
          fullWidth
        />
        <Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<AttachFileIcon />}
              onClick={() => input.current?.click()}
              disabled={busy || files.length >= TICKET_FILES_PER_MESSAGE}
              aria-describedby={filesMessages.length ? filesMessageId : `${id}-files-hint`}
            >
              Attach files
            </Button>
            <Typography variant="body2" color="text.secondary" id={`${id}-files-hint`}>
              PNG, JPEG or PDF, up to {TICKET_FILE_MAX_MB} MB each, at most {TICKET_FILES_PER_MESSAGE}.
            </Typography>
          </Stack>
          <input
            ref={input}
            type="file"
            multiple
            accept={TICKET_FILE_ACCEPT}
            onChange={add}
            aria-label="Attach files"
            aria-invalid={filesMessages.length ? true : undefined}
            aria-describedby={filesMessages.length ? filesMessageId : undefined}
            tabIndex={-1}
            hidden
          />
          {filesMessages.length ? (
            <Box id={filesMessageId} role="alert" sx={{ mt: 1 }}>
              {filesMessages.map((message) => (
                <Typography key={message} variant="body2" color="error">
                  {message}
                </Typography>
              ))}
            </Box>
          ) : null}
          {files.length ? (
            <Box component="ul" aria-label="Files to send" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 0.5 }}>
              {files.map((file, index) => (
                <Box component="li" key={`${file.name}-${index}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                  <AttachFileIcon fontSize="small" color="action" aria-hidden />
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {file.name} ({formatBytes(file.size)})
                  </Typography>
                  <IconButton size="small" aria-label={`Remove ${file.name}`} onClick={() => remove(index)} disabled={busy}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Box>
          ) : null}
        </Box>
        {busy && files.length ? <LinearProgress variant="determinate" value={progress} aria-label={`Sending the files: ${progress}%`} /> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon />}>
            {filesOnly ? 'Send files only' : 'Send reply'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
