import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { TICKET_TEXT_MAX } from '../../domain/tickets/tickets';
import { FailureAlert } from '../FailureAlert';
import { UploadProgress } from '../UploadProgress';
import { AttachmentPicker } from './AttachmentPicker';

/** A failed call as the reply form needs it, read by each side from its own API client's errors. */
export interface ReplyFailure {
  status?: number;
  message: string;
  errors: Record<string, string>;
}

export type SendProgress = (percent: number) => void;

export interface TicketReplyFormProps {
  /** The text field's label, e.g. "Your reply" or "Reply to the customer". */
  label: string;
  /** A line under the text field while it has no message. */
  hint?: string;
  /** Sends text with files (`/replies`) or, with no text, the files alone (`/files`). */
  send(body: string, files: File[], onProgress: SendProgress): Promise<void>;
  readFailure(error: unknown): ReplyFailure;
  /** The ticket changed meanwhile (409: closed): read it again. */
  onConflict(): unknown;
  /** Whether something is typed or chosen and not sent (to ask before leaving). */
  onDirty?(dirty: boolean): void;
}

/**
 * A reply: text to the other side and up to five files. The browser refuses what it can judge
 * beside the files; the server's refusals (422) show beside the text or the files, and what was
 * typed and chosen stays. Files without text go as "files only", with the upload's progress.
 */
export function TicketReplyForm({ label, hint, send, readFailure, onConflict, onDirty }: TicketReplyFormProps) {
  const id = useId();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const filesOnly = !body.trim() && files.length > 0;
  const dirty = !busy && (body.trim() !== '' || files.length > 0);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!body.trim() && !files.length) {
      setErrors({ body: 'Write your reply, or attach a file.' });
      document.getElementById(`${id}-body`)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setProgress(0);
    try {
      await send(body.trim(), files, setProgress);
      setBody('');
      setFiles([]);
    } catch (error) {
      const read = readFailure(error);
      if (read.status === 409) {
        setFailure(read.message);
        onConflict();
        return;
      }
      setErrors(read.errors);
      if (!read.errors.body && !read.errors.files) setFailure(read.message);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-heading`}>
      <Typography variant="h3" component="h2" id={`${id}-heading`} gutterBottom>
        Reply
      </Typography>
      <FailureAlert failure={failure} sx={{ mb: 2 }} />
      <Stack spacing={2}>
        <TextField
          id={`${id}-body`}
          label={label}
          multiline
          minRows={4}
          maxRows={16}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            if (errors.body) setErrors(({ body: _body, ...others }) => others);
          }}
          error={!!errors.body}
          helperText={errors.body ?? hint}
          slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
          disabled={busy}
          fullWidth
        />
        <AttachmentPicker
          files={files}
          onChange={(next) => {
            setFiles(next);
            setErrors(({ files: _files, ...others }) => others);
          }}
          error={errors.files}
          disabled={busy}
        />
        {busy && files.length ? <UploadProgress label="Sending the files" percent={progress ?? 0} /> : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon aria-hidden />}
          >
            {filesOnly ? 'Send files only' : 'Send reply'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
