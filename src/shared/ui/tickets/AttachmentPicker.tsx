import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { addAttachments, TICKET_FILE_ACCEPT, TICKET_FILE_MAX_MB, TICKET_FILES_PER_MESSAGE } from '../../domain/tickets/tickets';
import { formatBytes } from '../fileSize';

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
