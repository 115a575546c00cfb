import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { StaffOrder } from '../../shared/api/staff-orders';
import type { Item } from '../../shared/api/orders';
import { ArtworkFileButton, itemLine, PreflightChecks, PreviewFrame } from '../../shared/ui/orders';
import { useObjectUrl } from '../../shared/ui/useObjectUrl';
import type { StaffDataProvider } from '../dataProvider';
import { formatMoney } from './fields';
import { ProofSection } from './ProofSection';

function ItemPreview({ orderId, item }: { orderId: number; item: Item }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const query = useQuery({
    queryKey: ['orders', 'preview', orderId, item.id, item.artwork?.uploaded_at ?? ''],
    queryFn: () => dataProvider.orderItemFile(orderId, item.id, 'preview'),
    enabled: !!item.artwork?.preview,
    staleTime: Infinity,
    retry: 1,
  });
  return <PreviewFrame item={item} url={useObjectUrl(query.data)} failed={query.isError} />;
}

const PREFLIGHT_SUMMARY = {
  pending: { severity: 'info', text: 'The artwork is being checked.' },
  pass: { severity: 'success', text: 'Passed every check.' },
  warn: { severity: 'warning', text: 'Printable with warnings.' },
  fail: { severity: 'error', text: 'Failed a check: it cannot be printed as it is.' },
} as const;

/** What staff check before printing: the preview, each preflight check, and whether the customer accepted the warnings. */
function Preflight({ item }: { item: Item }) {
  if (!item.artwork) return <Alert severity="error">No artwork was uploaded for this item.</Alert>;
  const { status } = item.artwork.preflight;
  const summary = PREFLIGHT_SUMMARY[status];
  return (
    <Box>
      <Alert severity={summary.severity} sx={{ mb: 1 }}>
        {summary.text}
        {status === 'warn' ? (item.warnings_accepted ? ' The customer accepted these warnings.' : ' The customer has not accepted these warnings.') : ''}
      </Alert>
      <PreflightChecks item={item} />
    </Box>
  );
}

/** The order's items: what each is, its price, its artwork (preview, preflight, download), and its proof when it has one. */
export function OrderItems({ order }: { order: StaffOrder }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return (
    <Stack spacing={2} component="section" aria-labelledby="order-items-heading">
      <Typography variant="h3" component="h3" id="order-items-heading">
        Items ({order.items.length})
      </Typography>
      {order.items.map((item, index) => (
        <Paper key={item.id} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <ItemPreview orderId={order.id} item={item} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography variant="h4" component="h4">
                  {index + 1}. {item.product_name}
                </Typography>
                <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{formatMoney(item.price)}</Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {itemLine(item)}
              </Typography>
              {item.notes ? (
                <Alert severity="info" icon={false} sx={{ my: 1, py: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  <strong>Customer’s notes:</strong> {item.notes}
                </Alert>
              ) : null}
              <ArtworkFileButton item={item} fetchFile={() => dataProvider.orderItemFile(order.id, item.id, 'artwork')} />
              <Preflight item={item} />
              {item.proof_requested ? <ProofSection order={order} item={item} /> : null}
            </Box>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
