import type { ReactNode, Ref } from 'react';
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
import type { Item, Order } from '../../../shared/api/orders';
import { formatPence } from '../../../shared/domain/pricing/format';
import { fetchArtwork, usePreviewUrl } from '../../api/orders';
import { ArtworkFileButton, itemLine, PreflightChecks, PreviewFrame } from '../../../shared/ui/orders';
import { focusLost, restoreFocus } from '../../../shared/ui/focus';
import { BlindDispatchNote } from './BlindDispatchNote';

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

function PagePreview({ orderId, item, page }: { orderId: number; item: Item; page: number }) {
  const { url, failed } = usePreviewUrl(orderId, item, page);
  return <PreviewFrame item={item} url={url} failed={failed} page={page} />;
}

/**
 * Every page of the artwork as the server rendered it: front and back of a double-sided item, side
 * by side, each captioned, so the customer checks both before confirming.
 */
export function ArtworkPreview({ orderId, item }: { orderId: number; item: Item }) {
  const pages = item.artwork?.preview_pages ?? 0;
  if (pages <= 1) return <PagePreview orderId={orderId} item={item} page={1} />;
  return (
    <Box
      component="ul"
      aria-label={`Pages of ${item.artwork?.name ?? 'the artwork'}`}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, gap: 1, flexShrink: 0, width: { xs: '100%', sm: 200 } }}
    >
      {Array.from({ length: pages }, (_, index) => (
        <Box component="li" key={index} sx={{ flex: { xs: 1, sm: 'none' }, minWidth: 0 }}>
          <PagePreview orderId={orderId} item={item} page={index + 1} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center' }}>
            {pageCaption(item, index + 1)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** "Page 1 (front)", "Page 2 (back)" for a double-sided item; "Page 3" beyond. */
function pageCaption(item: Item, page: number): string {
  if (item.sides === 'double' && page <= 2) return `Page ${page} (${page === 1 ? 'front' : 'back'})`;
  return `Page ${page}`;
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
  /** Where focus goes when what opened the dialog is gone once it closes (the row it removed); the main region otherwise. */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * "Are you sure?" with the action named on its button. Closed, it gives focus back to what opened
 * it (MUI does); when that went with the action, to `fallbackFocus`.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, error, onConfirm, onClose, fallbackFocus }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirm-dialog-title"
      slotProps={{ transition: { onExited: () => void (focusLost() && restoreFocus(fallbackFocus?.())) } }}
    >
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
        {/* Not disabled while busy (a press is ignored then): that would drop keyboard focus out of the dialog. */}
        <Button onClick={() => !busy && onClose()} aria-disabled={busy || undefined}>
          Keep it
        </Button>
        <Button onClick={() => !busy && onConfirm()} color="error" variant="contained" aria-disabled={busy || undefined}>
          {busy ? 'Please wait…' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const workingDays = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;

/**
 * An item's heading, what it is, its finishes and turnaround, its notes and its price: the same on the basket and on the order.
 * The heading takes focus when the page moves the keyboard user to the item (just added).
 */
export function ItemSummary({ item, index, headingId, headingRef }: { item: Item; index: number; headingId?: string; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h3" id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} sx={{ outlineOffset: 2 }}>
          {index + 1}. {item.product_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {itemLine(item)}
        </Typography>
        {item.options.length > 0 && (
          <Typography variant="body2" data-testid="item-options">
            {item.options.map((o) => `${o.group}: ${o.name}`).join(' · ')}
          </Typography>
        )}
        {item.turnaround && (
          <Typography variant="body2" data-testid="item-turnaround">
            Turnaround: {item.turnaround.name} ({item.turnaround.production_days === 0 ? 'same working day' : workingDays(item.turnaround.production_days)})
          </Typography>
        )}
        {item.notes && <Typography variant="body2">Notes: {item.notes}</Typography>}
      </Box>
      <Typography variant="h4" component="p" sx={{ whiteSpace: 'nowrap' }} data-testid="item-price">
        {item.price === null ? '—' : formatPence(item.price)}
      </Typography>
    </Stack>
  );
}

/**
 * Where an order goes, one line each (empty lines left out), whether it goes blind, and by which
 * service: the same on the order and on an order waiting for approval.
 */
export function OrderDelivery({ order }: { order: Pick<Order, 'address' | 'country_name' | 'blind_dispatch' | 'delivery_type'> }) {
  const a = order.address;
  return (
    <>
      <Typography variant="body2" component="address" sx={{ fontStyle: 'normal', my: 1 }}>
        {[`${a.firstname} ${a.lastname}`, a.company_name, a.address1, a.address2, a.town, a.county, a.postcode, order.country_name ?? '']
          .filter((line) => line.trim())
          .map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
      </Typography>
      {order.blind_dispatch && <BlindDispatchNote />}
      {order.delivery_type && <Typography variant="body2">Service: {order.delivery_type.name}</Typography>}
    </>
  );
}

/** An item's artwork as an order shows it: its first page's preview, the file, and its check; `children` below (replacing it, where allowed). */
export function ItemArtwork({ orderId, item, children }: { orderId: number; item: Item; children?: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
      <ArtworkPreview orderId={orderId} item={item} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <ArtworkFile orderId={orderId} item={item} note={item.warnings_accepted ? 'warnings accepted' : undefined} />
        <PreflightResult item={item} />
        {children}
      </Box>
    </Stack>
  );
}
