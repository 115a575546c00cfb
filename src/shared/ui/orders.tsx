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
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Item, Order } from '../api/orders';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../domain/orders/statuses';
import { formatPence } from '../domain/pricing/format';
import { useSaveFile } from './download';
import { formatBytes } from './fileSize';

/** What the customer's and the staff's order screens show alike: status, item lines, preflight, artwork, totals. */

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

const CHECK_ICONS = {
  pass: <CheckCircle color="success" titleAccess="Pass" />,
  warn: <Warning color="warning" titleAccess="Warning" />,
  fail: <ErrorIcon color="error" titleAccess="Fail" />,
};

/** Each preflight check of an item's artwork with its icon and plain-English message. */
export function PreflightChecks({ item }: { item: Item }) {
  if (!item.artwork) return null;
  return (
    <List dense disablePadding aria-label={`Artwork checks for ${item.product_name}`}>
      {item.artwork.preflight.checks.map((check) => (
        <ListItem key={check.code} disableGutters sx={{ alignItems: 'flex-start' }}>
          <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>{CHECK_ICONS[check.status]}</ListItemIcon>
          <ListItemText primary={check.message} slotProps={{ primary: { variant: 'body2' } }} />
        </ListItem>
      ))}
    </List>
  );
}

/** A page (page 1 unless told) of the artwork as the server rendered it, from an object URL the caller fetched (with the Bearer header). */
export function PreviewFrame({ item, url, failed, page = 1 }: { item: Item; url: string | null; failed: boolean; page?: number }) {
  const frame = {
    width: { xs: '100%', sm: 200 },
    maxWidth: 320,
    boxSizing: 'border-box',
    minHeight: 120,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    display: 'grid',
    placeItems: 'center',
    bgcolor: 'grey.50',
    flexShrink: 0,
    alignSelf: 'flex-start',
  };
  if (!item.artwork) return null;
  if (!item.artwork.preview) {
    return (
      <Box sx={frame}>
        {item.artwork.preflight.status === 'pending' ? (
          <HourglassTop color="disabled" titleAccess="Preview being made" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No preview
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      {url ? (
        <Box component="img" src={url} alt={`Page ${page} of ${item.artwork.name}`} sx={{ display: 'block', width: '100%', height: 'auto' }} />
      ) : failed ? (
        <Typography variant="body2" color="text.secondary">
          The preview could not be loaded.
        </Typography>
      ) : (
        <CircularProgress size={24} aria-label="Loading the preview" />
      )}
    </Box>
  );
}

/** The PDF's name and size as a button that saves it: `fetchFile` gets it through the API client (the Bearer header: no plain link). */
export function ArtworkFileButton({ item, fetchFile, note }: { item: Item; fetchFile: () => Promise<Blob>; note?: string }) {
  const { save, busy, failed } = useSaveFile(fetchFile, item.artwork?.name ?? 'artwork.pdf');
  if (!item.artwork) return null;
  const { name, size } = item.artwork;
  return (
    <Box>
      <Button
        variant="text"
        size="small"
        onClick={save}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Download aria-hidden />}
        // The visible name and size, then what the button does: speech users say what they see.
        aria-label={`${name} (${formatBytes(size)}), download`}
        sx={{ textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere', px: 0.5, ml: -0.5 }}
      >
        {name} ({formatBytes(size)})
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
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontWeight: row.strong ? 700 : 400 }}
            data-testid={`total-${row.label.toLowerCase().replace(/\W+/g, '-')}`}
          >
            {row.pence === null ? '—' : formatPence(row.pence)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function orderTotalsRows(order: Pick<Order, 'items' | 'delivery_cost' | 'total_net' | 'total_vat' | 'total'>): TotalsRow[] {
  return [
    { label: 'Items', pence: order.items.reduce<number | null>((sum, item) => (sum === null || item.price === null ? null : sum + item.price), 0) },
    { label: 'Delivery', pence: order.delivery_cost },
    { label: 'Net', pence: order.total_net },
    { label: 'VAT', pence: order.total_vat },
    { label: 'Total', pence: order.total, strong: true },
  ];
}
