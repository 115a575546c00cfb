import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useEffect, useId, useRef, useState } from 'react';
import type { TicketEvent, TicketFile, TicketMessage } from '../api/tickets';
import {
  attachmentProblem,
  STAFF_TICKET_STATUS_NAMES,
  TICKET_FILE_ACCEPT,
  TICKET_FILE_MAX_MB,
  TICKET_FILES_PER_MESSAGE,
  TICKET_STATUS_NAMES,
  type TicketActor,
  type TicketStatus,
} from '../domain/tickets/tickets';
import { saveBlob, useSaveFile } from './download';
import { useObjectUrl } from './useObjectUrl';

/** What the customer's and the staff's ticket screens show alike: the status, the thread with its files, and the file chooser. */

/** Fetches an attachment (or an image's thumbnail) through the side's API client, which carries the Bearer header. */
export type FetchTicketFile = (fileId: number, size: 'full' | 'thumbnail') => Promise<Blob>;

const STATUS_COLOURS: Record<TicketStatus, 'warning' | 'info' | 'default'> = { open: 'warning', answered: 'info', closed: 'default' };

/** The status as each side reads it: a customer's "Waiting for us" is staff's "Waiting for staff". */
export function TicketStatusChip({ status, viewer }: { status: TicketStatus; viewer: TicketActor }) {
  const names = viewer === 'staff' ? STAFF_TICKET_STATUS_NAMES : TICKET_STATUS_NAMES;
  return <Chip size="small" label={names[status]} color={STATUS_COLOURS[status]} variant={status === 'closed' ? 'outlined' : 'filled'} />;
}

/** "1.2 MB", "340 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "23 Nov 2026, 14:05" in UK time. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A fetched file's blob while the component lives (null while it comes; `failed` when it did not). */
function useFetchedBlob(fetchBlob: (() => Promise<Blob>) | null) {
  const [blob, setBlob] = useState<Blob | undefined>();
  const [failed, setFailed] = useState(false);
  const fetcher = useRef(fetchBlob);
  fetcher.current = fetchBlob;
  const wanted = fetchBlob !== null;
  useEffect(() => {
    if (!wanted || !fetcher.current) return;
    let live = true;
    setFailed(false);
    fetcher.current().then(
      (b) => live && setBlob(b),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return { url: useObjectUrl(blob), blob, failed };
}

/** An image attachment: its thumbnail, a button that opens it full size in a dialog. */
function ImageAttachment({ file, fetchFile }: { file: TicketFile; fetchFile: FetchTicketFile }) {
  const [open, setOpen] = useState(false);
  const thumb = useFetchedBlob(() => fetchFile(file.id, 'thumbnail'));
  const full = useFetchedBlob(open ? () => fetchFile(file.id, 'full') : null);
  const titleId = useId();
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`Open ${file.name} full size`}
        sx={{ width: 120, height: 90, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'action.hover', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}
      >
        {thumb.url ? (
          <Box component="img" src={thumb.url} alt={file.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : thumb.failed ? (
          <Typography variant="caption" sx={{ p: 1 }}>
            {file.name}
          </Typography>
        ) : (
          <CircularProgress size={20} aria-label={`Loading ${file.name}`} />
        )}
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
          {file.name}
          <IconButton aria-label="Close" onClick={() => setOpen(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <Close />
          </IconButton>
        </DialogTitle>
        <DialogContent sx={{ textAlign: 'center' }}>
          {full.url ? (
            <Box component="img" src={full.url} alt={file.name} sx={{ maxWidth: '100%', maxHeight: '75vh', height: 'auto' }} />
          ) : full.failed ? (
            <Alert severity="error">The image could not be loaded. Please try again.</Alert>
          ) : (
            <CircularProgress aria-label="Loading the image" />
          )}
        </DialogContent>
        <DialogActions>
          <Button disabled={!full.blob} onClick={() => full.blob && saveBlob(full.blob, file.name)}>
            Download
          </Button>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A PDF attachment: a download with its name and size. */
function PdfAttachment({ file, fetchFile }: { file: TicketFile; fetchFile: FetchTicketFile }) {
  const { save, busy, failed } = useSaveFile(() => fetchFile(file.id, 'full'), file.name);
  return (
    <Box>
      <Button
        variant="outlined"
        size="small"
        onClick={save}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PictureAsPdf aria-hidden />}
        sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}
        aria-label={`Download ${file.name} (${formatBytes(file.size)})`}
      >
        {file.name} · {formatBytes(file.size)}
      </Button>
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The file could not be downloaded. Please try again.
        </Alert>
      )}
    </Box>
  );
}

function Attachments({ files, fetchFile }: { files: TicketFile[]; fetchFile: FetchTicketFile }) {
  if (!files.length) return null;
  const images = files.filter((f) => f.kind !== 'pdf');
  const pdfs = files.filter((f) => f.kind === 'pdf');
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      {images.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {images.map((file) => (
            <ImageAttachment key={file.id} file={file} fetchFile={fetchFile} />
          ))}
        </Stack>
      )}
      {pdfs.map((file) => (
        <PdfAttachment key={file.id} file={file} fetchFile={fetchFile} />
      ))}
    </Stack>
  );
}

type ThreadEntry = { type: 'message'; at: string; message: TicketMessage } | { type: 'event'; at: string; event: TicketEvent };

/**
 * The conversation in time order: each message with its writer, time, text and files, and the
 * closes and reopens between them. `viewer` says whose screen it is: their own messages are "You".
 */
export function TicketThread({ thread, events, viewer, fetchFile }: { thread: TicketMessage[]; events: TicketEvent[]; viewer: TicketActor; fetchFile: FetchTicketFile }) {
  const entries: ThreadEntry[] = [...thread.map((message) => ({ type: 'message' as const, at: message.at, message })), ...events.map((event) => ({ type: 'event' as const, at: event.at, event }))].sort((a, b) =>
    a.at.localeCompare(b.at),
  );
  return (
    <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Conversation">
      {entries.map((entry) => {
        if (entry.type === 'event') {
          const { event } = entry;
          const who = event.actor === viewer ? 'You' : event.actor_name;
          return (
            <Box component="li" key={`e-${event.at}-${event.to}`} sx={{ textAlign: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {who} {event.to === 'closed' ? 'closed' : 'reopened'} the ticket · {formatMoment(event.at)}
              </Typography>
            </Box>
          );
        }
        const { message } = entry;
        const own = message.author === viewer;
        const fromStaff = message.author === 'staff';
        return (
          <Box component="li" key={`m-${message.id}`} sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}>
            <Paper
              variant="outlined"
              component="article"
              aria-label={`${own ? 'You' : message.author_name}, ${formatMoment(message.at)}`}
              sx={{ p: 2, width: { xs: '100%', sm: '85%' }, minWidth: 0, bgcolor: (theme) => (fromStaff ? alpha(theme.palette.primary.main, 0.05) : theme.palette.background.paper), borderColor: fromStaff ? 'primary.light' : 'divider', borderLeftWidth: fromStaff ? 4 : 1 }}
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, mb: 1 }}>
                <Typography variant="subtitle2" component="h3">
                  {own ? 'You' : message.author_name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatMoment(message.at)}
                </Typography>
              </Stack>
              {message.body ? (
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Sent {message.files.length === 1 ? 'a file' : 'files'}.
                </Typography>
              )}
              <Attachments files={message.files} fetchFile={fetchFile} />
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The files chosen for a message, each checked as it is chosen; the chooser refuses past the limit. */
export function AttachmentPicker({ files, onChange, error, disabled }: { files: File[]; onChange: (files: File[]) => void; error?: string; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const helpId = useId();
  const choose = (chosen: FileList | null) => {
    const found: string[] = [];
    const next = [...files];
    for (const file of Array.from(chosen ?? [])) {
      const problem = attachmentProblem(file);
      if (problem) found.push(problem);
      else if (next.length >= TICKET_FILES_PER_MESSAGE) found.push(`${file.name}: at most ${TICKET_FILES_PER_MESSAGE} files per message.`);
      else next.push(file);
    }
    setProblems(found);
    onChange(next);
    if (input.current) input.current.value = '';
  };
  const message = [...problems, ...(error ? [error] : [])].join(' ');
  return (
    <Box>
      <input ref={input} type="file" multiple hidden accept={TICKET_FILE_ACCEPT} onChange={(event) => choose(event.target.files)} data-testid="ticket-files" aria-label="Attach files" />
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" size="small" startIcon={<AttachFile aria-hidden />} onClick={() => input.current?.click()} disabled={disabled || files.length >= TICKET_FILES_PER_MESSAGE} aria-describedby={helpId}>
          Attach files
        </Button>
        <Typography id={helpId} variant="body2" color="text.secondary">
          PNG, JPEG or PDF, up to {TICKET_FILE_MAX_MB} MB each, {TICKET_FILES_PER_MESSAGE} at most.
        </Typography>
      </Stack>
      {files.length > 0 && (
        <Stack component="ul" direction="row" aria-label="Files to send" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, flexWrap: 'wrap', gap: 1 }}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <Chip
                label={`${file.name} · ${formatBytes(file.size)}`}
                onDelete={disabled ? undefined : () => onChange(files.filter((_, j) => j !== i))}
                deleteIcon={<Close aria-label={`Remove ${file.name}`} />}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Stack>
      )}
      {message && (
        <FormHelperText error role="alert" id={`${helpId}-error`}>
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
