import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderSummary } from '../../../shared/api/orders';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { useOrders } from '../../api/orders';
import { LoadFailed } from '../../components/QueryStates';
import { route } from '../../paths';
import { SandboxChip } from '../orders/SandboxChip';

/** As many as the browser's baskets beside it show. */
const PER_PAGE = 50;

const nameOf = (order: OrderSummary) => order.ref || `Order ${order.id}`;

/** Which of the customer's API keys placed it; a key removed since leaves the order nameless. */
function keyText(order: OrderSummary): string {
  const name = order.trade_api?.key_name;
  return name ? `API key “${name}”` : 'An API key removed since';
}

/**
 * The orders the customer's integration placed through the trade API that still wait for their
 * artwork: baskets of the API, not of the browser, so listed apart from "Your baskets" (the server
 * keeps them out of that list). Each confirms itself once its artwork passes the check; opening it
 * lets the customer give the artwork by hand. Nothing is shown while there are none — most accounts
 * use no API — and nothing while loading, so the browser's baskets do not move about.
 */
export function ApiOrdersAwaiting() {
  const waiting = useOrders({ status: 'basket', source: 'api', per_page: PER_PAGE });
  if (waiting.isPending) return null;
  if (waiting.isError)
    return (
      <section aria-label="Orders from the trade API waiting for artwork">
        <LoadFailed what="The orders from the trade API" error={waiting.error} onRetry={() => void waiting.refetch()} />
      </section>
    );
  const rows = waiting.data.data;
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="api-orders-heading" data-testid="api-orders">
      <Typography variant="h3" component="h2" id="api-orders-heading" sx={{ mt: 4, mb: 1 }}>
        Orders from the trade API waiting for artwork
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Placed by your integration with one of your{' '}
        <Link component={RouterLink} to={route('account.api')}>
          API keys
        </Link>
        . Each confirms itself once its artwork passes our check; open one to upload the artwork here instead.
      </Typography>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="api-orders-heading">
          <TableHead>
            <TableRow>
              <TableCell>Order</TableCell>
              <TableCell align="right">Items</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Received</TableCell>
              <TableCell>
                <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>Actions</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((order) => (
              <TableRow key={order.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{nameOf(order)}</span>
                    {order.test && <SandboxChip />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {keyText(order)}
                  </Typography>
                </TableCell>
                <TableCell align="right">{order.item_count}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDay(order.created_at.slice(0, 10))}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    variant="outlined"
                    component={RouterLink}
                    to={route('create.items', { id: order.id })}
                    aria-label={`Open ${nameOf(order)}`}
                  >
                    Open
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {waiting.data.total > rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The newest {rows.length} of {waiting.data.total} are shown.
        </Typography>
      )}
    </section>
  );
}
