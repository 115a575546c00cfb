import { useState, type ReactNode } from 'react';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Warning from '@mui/icons-material/Warning';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAxiosError } from 'axios';
import type { Item, Order } from '../../../shared/api/orders';
import { formatPence } from '../../../shared/domain/pricing/format';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { downloadArtwork, usePreviewUrl } from '../../api/orders';
import { apiErrors } from '../../../shared/http';
import { LoadFailed as SharedLoadFailed } from '../../../shared/ui/LoadFailed';

/** What orders pages share: status, item lines, artwork preview and preflight, totals, dialogs. */

const STATUS_COLOURS: Record<OrderStatus, 'default' | 'info' | 'primary' | 'warning' | 'success' | 'error'> = {
  basket: 'default',
  live: 'info',
  printing: 'primary',
  problem: 'warning',
  dispatched: 'success',
  cancelled: 'default',
};

export function StatusChip({ status }: { status: OrderStatus }) {
  return <Chip size="small" label={ORDER_STATUS_NAMES[status]} color={STATUS_COLOURS[status]} variant={status === 'cancelled' ? 'outlined' : 'filled'} />;
}

/** "500 · 400gsm Silk · double-sided · portrait". */
export function itemLine(item: Pick<Item, 'qty' | 'stock_name' | 'sides' | 'orientation'>): string {
  return `${item.qty.toLocaleString('en-GB')} · ${item.stock_name} · ${item.sides === 'double' ? 'double-sided' : 'single-sided'} · ${item.orientation}`;
}

/** The words of a failed call for the person: the server's message, or ours when it sent none. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isAxiosError(error) && !error.response) return 'We could not reach the server. Check your connection and try again.';
  return apiErrors(error)?.message ?? fallback;
}

export const statusOf = (error: unknown): number | undefined => (isAxiosError(error) ? error.response?.status : undefined);

const CHECK_ICONS = {
  pass: <CheckCircle color="success" titleAccess="Pass" />,
  warn: <Warning color="warning" titleAccess="Warning" />,
  fail: <ErrorIcon color="error" titleAccess="Fail" />,
};

/** The preflight of an item's artwork: "checking" while pending, then each check with its icon. */
export function PreflightResult({ item }: { item: Item }) {
  const artwork = item.artwork;
  if (!artwork) return null;
  const { status, checks } = artwork.preflight;
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
      <List dense disablePadding aria-label={`Artwork checks for ${item.product_name}`}>
        {checks.map((check) => (
          <ListItem key={check.code} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>{CHECK_ICONS[check.status]}</ListItemIcon>
            <ListItemText primary={check.message} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** Page 1 of the artwork as the server rendered it (fetched with the Bearer header, shown from an object URL). */
/** The uploaded PDF's name and size, as a button that downloads it (the API needs the Bearer header: no plain link). */
export function ArtworkFile({ orderId, item, note }: { orderId: number; item: Item; note?: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!item.artwork) return null;
  const { name, size } = item.artwork;
  const download = () => {
    setBusy(true);
    setFailed(false);
    downloadArtwork(orderId, item.id, name)
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <Box>
      <Button
        variant="text"
        size="small"
        onClick={download}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Download aria-hidden />}
        aria-label={`Download ${name}`}
        sx={{ textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere', px: 0.5, ml: -0.5 }}
      >
        {name} ({Math.max(1, Math.round(size / 1024)).toLocaleString('en-GB')} KB)
      </Button>
      {note && (
        <Typography variant="body2" component="span" color="text.secondary">
          {' '}
          · {note}
        </Typography>
      )}
      {failed && (
        <Alert severity="error" sx={{ my: 1 }}>
          The file could not be downloaded. Please try again.
        </Alert>
      )}
    </Box>
  );
}

export function ArtworkPreview({ orderId, item }: { orderId: number; item: Item }) {
  const { url, failed } = usePreviewUrl(orderId, item);
  const frame = { width: { xs: '100%', sm: 200 }, maxWidth: 320, minHeight: 120, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', placeItems: 'center', bgcolor: 'grey.50', flexShrink: 0, alignSelf: 'flex-start' };
  if (!item.artwork) return null;
  if (!item.artwork.preview) {
    return (
      <Box sx={frame}>
        {item.artwork.preflight.status === 'pending' ? <HourglassTop color="disabled" titleAccess="Preview being made" /> : <Typography variant="body2" color="text.secondary">No preview</Typography>}
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      {url ? (
        <Box component="img" src={url} alt={`Page 1 of ${item.artwork.name}`} sx={{ display: 'block', width: '100%', height: 'auto' }} />
      ) : failed ? (
        <Typography variant="body2" color="text.secondary">The preview could not be loaded.</Typography>
      ) : (
        <CircularProgress size={24} aria-label="Loading the preview" />
      )}
    </Box>
  );
}

export interface TotalsRow {
  label: string;
  pence: number | null;
  strong?: boolean;
}

/** Net, VAT and total (and delivery): a definition list, right-aligned figures. */
export function Totals({ rows }: { rows: TotalsRow[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: row.strong ? 700 : 400 }}>
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: row.strong ? 700 : 400 }} data-testid={`total-${row.label.toLowerCase().replace(/\W+/g, '-')}`}>
            {row.pence === null ? '—' : formatPence(row.pence)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function orderTotalsRows(order: Order): TotalsRow[] {
  return [
    { label: 'Items', pence: order.items.reduce<number | null>((sum, item) => (sum === null || item.price === null ? null : sum + item.price), 0) },
    { label: 'Delivery', pence: order.delivery_cost },
    { label: 'Net', pence: order.total_net },
    { label: 'VAT', pence: order.total_vat },
    { label: 'Total', pence: order.total, strong: true },
  ];
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

/** A page's data failed to load: what happened and "Try again". */
export function LoadFailed({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return <SharedLoadFailed what={what} onRetry={onRetry} reason={errorText(error, '')} />;
}

export function Loading({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', py: 4 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{label}</Typography>
    </Stack>
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
