import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TicketFile } from '../../api/tickets';
import { SaveFileButton } from '../download';
import { useObjectUrl } from '../useObjectUrl';
import { formatBytes } from '../fileSize';

/** Fetches an attachment (or an image's thumbnail) through the side's API client, which carries the Bearer header. */
export type FetchTicketFile = (fileId: number, size: 'full' | 'thumbnail') => Promise<Blob>;

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
export function TicketAttachments({
  ticketId,
  files,
  label,
  fetchFile,
}: {
  ticketId: number;
  files: readonly TicketFile[];
  label: string;
  fetchFile: FetchTicketFile;
}) {
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
