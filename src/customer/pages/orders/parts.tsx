import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Item } from '../../../shared/api/orders';
import { formatPence } from '../../../shared/domain/pricing/format';
import { fetchArtwork, usePreviewUrl } from '../../api/orders';
import { ArtworkFileButton, itemLine, PreflightChecks, PreviewFrame } from '../../../shared/ui/orders';

/** What the customer's orders pages share: artwork preview and preflight, dialogs, loading and errors (shared/ui/orders has what staff screens show too). */
export { itemLine, orderTotalsRows, StatusChip, Totals, type TotalsRow } from '../../../shared/ui/orders';

/** The preflight of an item's artwork: "checking" while pending, then each check with its icon. */
export function PreflightResult({ item }: { item: Item }) {
  const artwork = item.artwork;
  if (!artwork) return null;
  const { status } = artwork.preflight;
  if (status === 'pending') {
    return (
      <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', my: 1 }}>
        <CircularProgress size={18} aria-hidden />
        <Typography variant="body2">Checking your artwork… this takes a few seconds.</Typography>
      </Stack>
    );
  }
  const summary =
    status === 'pass'
      ? 'Your artwork passed every check.'
      : status === 'warn'
        ? 'Your artwork can be printed, but please read the warnings.'
        : 'Your artwork cannot be printed as it is: fix what is marked below and upload it again.';
  return (
    <Box sx={{ my: 1 }}>
      <Alert severity={status === 'pass' ? 'success' : status === 'warn' ? 'warning' : 'error'} sx={{ mb: 1 }}>
        {summary}
      </Alert>
      <PreflightChecks item={item} />
    </Box>
  );
}

/** The uploaded PDF's name and size, as a button that downloads it. */
export function ArtworkFile({ orderId, item, note }: { orderId: number; item: Item; note?: string }) {
  return <ArtworkFileButton item={item} note={note} fetchFile={() => fetchArtwork(orderId, item.id)} />;
}

/** Page 1 of the artwork as the server rendered it. */
export function ArtworkPreview({ orderId, item }: { orderId: number; item: Item }) {
  const { url, failed } = usePreviewUrl(orderId, item);
  return <PreviewFrame item={item} url={url} failed={failed} />;
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" with the action named on its button. */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Keep it
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
          {busy ? 'Please wait…' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An item's heading, what it is, its notes and its price: the same on the basket and on the order. */
export function ItemSummary({ item, index, headingId }: { item: Item; index: number; headingId?: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h3" id={headingId}>
          {index + 1}. {item.product_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {itemLine(item)}
        </Typography>
        {item.notes && <Typography variant="body2">Notes: {item.notes}</Typography>}
      </Box>
      <Typography variant="h4" component="p" sx={{ whiteSpace: 'nowrap' }} data-testid="item-price">
        {item.price === null ? '—' : formatPence(item.price)}
      </Typography>
    </Stack>
  );
}
