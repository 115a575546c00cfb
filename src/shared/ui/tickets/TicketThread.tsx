import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SendIcon from '@mui/icons-material/Send';
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
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, type Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TicketEvent, TicketFile, TicketMessage } from '../api/tickets';
import { formatMoment } from '../domain/calendar/workingDays';
import {
  addAttachments,
  STAFF_TICKET_STATUS_NAMES,
  TICKET_FILE_ACCEPT,
  TICKET_FILE_MAX_MB,
  TICKET_FILES_PER_MESSAGE,
  TICKET_STATUS_NAMES,
  TICKET_TEXT_MAX,
  type TicketActor,
  type TicketStatus,
} from '../domain/tickets/tickets';
import { SaveFileButton } from './download';
import { useObjectUrl } from './useObjectUrl';
import { FailureAlert } from './FailureAlert';
import { UploadProgress } from './UploadProgress';
import { formatBytes } from './fileSize';

/**
 * What the customer's and the staff's ticket screens show alike: the status, the thread with its
 * files, the file chooser and the reply form. `viewer` says whose screen it is: a customer reads
 * their own messages as "You"; staff read every writer's name with their side in words.
 */

/** Fetches an attachment (or an image's thumbnail) through the side's API client, which carries the Bearer header. */
export type FetchTicketFile = (fileId: number, size: 'full' | 'thumbnail') => Promise<Blob>;

const STATUS_COLOURS: Record<TicketStatus, 'warning' | 'info' | 'default'> = { open: 'warning', answered: 'info', closed: 'default' };

/** The status as each side reads it: a customer's "Waiting for us" is staff's "Waiting for staff". */
export function TicketStatusChip({ status, viewer }: { status: TicketStatus; viewer: TicketActor }) {
  const names = viewer === 'staff' ? STAFF_TICKET_STATUS_NAMES : TICKET_STATUS_NAMES;
  return <Chip size="small" label={names[status]} color={STATUS_COLOURS[status]} variant={status === 'closed' ? 'outlined' : 'filled'} />;
}

const ROLE = { customer: 'Customer', staff: 'Staff' } as const;

/** A file's bytes as an object URL while shown; files never change, so each is fetched once per page load. */
function useTicketFileUrl(ticketId: number, file: TicketFile, size: 'full' | 'thumbnail', fetchFile: FetchTicketFile) {
  const query = useQuery({
    // Not under the ticket's own key: reading the ticket again has no reason to fetch its images again.
    queryKey: ['ticket-files', ticketId, file.id, size],
    queryFn: () => fetchFile(file.id, size),
    staleTime: Infinity,
  });
  return { url: useObjectUrl(query.data), failed: query.isError, retry: () => void query.refetch() };
}

interface FileProps {
  ticketId: number;
  file: TicketFile;
  fetchFile: FetchTicketFile;
}

function FullImageDialog({ ticketId, file, fetchFile, onClose }: FileProps & { onClose(): void }) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const full = useTicketFileUrl(ticketId, file, 'full', fetchFile);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} maxWidth="lg">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minWidth: { sm: 320 }, minHeight: 200 }}>
        {full.url ? (
          <Box
            component="img"
            src={full.url}
            alt={file.name}
            sx={{ maxWidth: '100%', maxHeight: { xs: 'calc(100vh - 160px)', sm: '75vh' }, objectFit: 'contain' }}
          />
        ) : full.failed ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={full.retry}>
                Try again
              </Button>
            }
          >
            The image could not be loaded.
          </Alert>
        ) : (
          <CircularProgress aria-label={`Loading ${file.name}`} />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <SaveFileButton fetchFile={() => fetchFile(file.id, 'full')} name={file.name}>
          Download ({formatBytes(file.size)})
        </SaveFileButton>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An image attachment: its thumbnail, opening the image full size in a dialog (Enter or Space as well as a click). */
function ImageAttachment(props: FileProps) {
  const { ticketId, file, fetchFile } = props;
  const [open, setOpen] = useState(false);
  const thumbnail = useTicketFileUrl(ticketId, file, 'thumbnail', fetchFile);
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Open ${file.name} full size`}
        // The focus ring, not a ripple over the picture.
        disableRipple
        sx={{
          width: 160,
          height: 120,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
          bgcolor: 'grey.100',
          '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {thumbnail.url ? (
          <Box component="img" src={thumbnail.url} alt={file.name} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }} />
        ) : thumbnail.failed ? (
          <Typography variant="caption" sx={{ p: 1, overflowWrap: 'anywhere' }}>
            {file.name} (preview unavailable)
          </Typography>
        ) : (
          <CircularProgress size={24} aria-label={`Loading ${file.name}`} />
        )}
      </ButtonBase>
      {open ? <FullImageDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** A message's files: images as thumbnails, PDFs as downloads with their name and size. */
function Attachments({ ticketId, files, label, fetchFile }: { ticketId: number; files: readonly TicketFile[]; label: string; fetchFile: FetchTicketFile }) {
  if (!files.length) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      {files.map((file) => (
        <Box component="li" key={file.id} sx={{ minWidth: 0, maxWidth: '100%' }}>
          {file.kind === 'pdf' ? (
            <SaveFileButton
              variant="outlined"
              fetchFile={() => fetchFile(file.id, 'full')}
              name={file.name}
              sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {file.name} ({formatBytes(file.size)})
            </SaveFileButton>
          ) : (
            <ImageAttachment ticketId={ticketId} file={file} fetchFile={fetchFile} />
          )}
        </Box>
      ))}
    </Box>
  );
}

type Entry = { kind: 'message'; at: string; message: TicketMessage } | { kind: 'event'; at: string; event: TicketEvent };

/** The messages and the closes and reopens between them, in time order (a message before an event of the same moment). */
export function threadEntries(ticket: { thread: readonly TicketMessage[]; events: readonly TicketEvent[] }): Entry[] {
  const entries: Entry[] = [
    ...ticket.thread.map((message) => ({ kind: 'message' as const, at: message.at, message })),
    ...ticket.events.map((event) => ({ kind: 'event' as const, at: event.at, event })),
  ];
  const time = (entry: Entry) => new Date(entry.at).getTime();
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => time(a.entry) - time(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** Who did it, as the viewer reads it: "You" for a customer's own, else the name (with the side, for staff). */
function whoIs(actor: TicketActor, name: string, viewer: TicketActor): string {
  if (viewer === 'customer') return actor === 'customer' ? 'You' : name;
  return `${name} (${ROLE[actor].toLowerCase()})`;
}

/** A message: the viewer's own side on the right, staff's in the brand's tint, each labelled in words too. */
function Message({ ticketId, message, viewer, fetchFile }: { ticketId: number; message: TicketMessage; viewer: TicketActor; fetchFile: FetchTicketFile }) {
  const staff = message.author === 'staff';
  const own = message.author === viewer;
  const writer = viewer === 'customer' && own ? 'You' : message.author_name;
  const what = message.id === 0 ? 'opened the ticket' : message.body ? null : 'sent files';
  return (
    <Box
      component="article"
      aria-label={`${viewer === 'staff' ? `${ROLE[message.author]} message from ` : ''}${writer}, ${formatMoment(message.at)}`}
      sx={(theme) => ({
        maxWidth: { xs: '100%', sm: '85%' },
        minWidth: 0,
        ml: own ? 'auto' : 0,
        mr: own ? 0 : 'auto',
        p: { xs: 1.5, sm: 2 },
        borderRadius: 2,
        border: 1,
        borderColor: staff ? alpha(theme.palette.primary.main, 0.35) : 'divider',
        borderLeftWidth: staff ? 1 : 4,
        borderLeftColor: staff ? alpha(theme.palette.primary.main, 0.35) : theme.palette.warning.main,
        borderRightWidth: staff ? 4 : 1,
        borderRightColor: staff ? theme.palette.primary.main : 'divider',
        bgcolor: staff ? alpha(theme.palette.primary.main, 0.07) : 'background.paper',
      })}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mb: 0.5 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {writer}
        </Typography>
        {viewer === 'staff' ? <Chip size="small" variant="outlined" label={ROLE[message.author]} color={staff ? 'primary' : 'default'} /> : null}
        {what ? (
          <Typography variant="body2" component="span" color="text.secondary">
            {what}
          </Typography>
        ) : null}
        <Typography variant="body2" component="span" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          <time dateTime={message.at}>{formatMoment(message.at)}</time>
        </Typography>
      </Box>
      {message.body ? (
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Typography>
      ) : null}
      <Attachments ticketId={ticketId} files={message.files} label={`Files from ${writer}`} fetchFile={fetchFile} />
    </Box>
  );
}

/** A close or a reopen, centred between the messages. */
function Event({ event, viewer }: { event: TicketEvent; viewer: TicketActor }) {
  const Icon = event.to === 'closed' ? LockIcon : LockOpenIcon;
  return (
    <Box
      sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, color: 'text.secondary', textAlign: 'center', flexWrap: 'wrap' }}
    >
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2">
        {whoIs(event.actor, event.actor_name, viewer)} {event.to === 'closed' ? 'closed' : 'reopened'} the ticket ·{' '}
        <time dateTime={event.at}>{formatMoment(event.at)}</time>
      </Typography>
    </Box>
  );
}

/** The conversation, oldest first. */
export function TicketThread({
  ticketId,
  thread,
  events,
  viewer,
  fetchFile,
}: {
  ticketId: number;
  thread: readonly TicketMessage[];
  events: readonly TicketEvent[];
  viewer: TicketActor;
  fetchFile: FetchTicketFile;
}) {
  return (
    <Box
      component="ol"
      aria-label={`Thread of ticket ${ticketId}`}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      {threadEntries({ thread, events }).map((entry) => (
        <Box component="li" key={entry.kind === 'message' ? `m${entry.message.id}` : `e${entry.at}${entry.event.to}`} sx={{ display: 'flex', minWidth: 0 }}>
          {entry.kind === 'message' ? (
            <Message ticketId={ticketId} message={entry.message} viewer={viewer} fetchFile={fetchFile} />
          ) : (
            <Event event={entry.event} viewer={viewer} />
          )}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The files chosen for a message: "Attach files" (PNG, JPEG or PDF, checked as they are chosen,
 * five at most), each listed with a remove button; the browser's and the server's refusals beside it.
 */
export function AttachmentPicker({
  files,
  onChange,
  error,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const messages = [...problems, ...(error ? [error] : [])];
  const messageId = `${id}-files-message`;
  const hintId = `${id}-files-hint`;
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon aria-hidden />}
          onClick={() => input.current?.click()}
          disabled={disabled || files.length >= TICKET_FILES_PER_MESSAGE}
          aria-describedby={messages.length ? `${messageId} ${hintId}` : hintId}
        >
          Attach files
        </Button>
        <Typography variant="body2" color="text.secondary" id={hintId}>
          PNG, JPEG or PDF, up to {TICKET_FILE_MAX_MB} MB each, at most {TICKET_FILES_PER_MESSAGE}.
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        multiple
        accept={TICKET_FILE_ACCEPT}
        onChange={(event) => {
          const next = addAttachments(files, Array.from(event.target.files ?? []));
          event.target.value = ''; // the same file may be chosen again after its removal
          setProblems(next.problems);
          onChange(next.files);
        }}
        aria-label="Attach files"
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={messages.length ? messageId : undefined}
        data-testid="ticket-files"
        tabIndex={-1}
        hidden
      />
      {messages.length ? (
        <Box id={messageId} role="alert" sx={{ mt: 1 }}>
          {messages.map((message) => (
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
              <IconButton
                size="small"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setProblems([]);
                  onChange(files.filter((_file, i) => i !== index));
                }}
                disabled={disabled}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

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
