import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { formatPence } from '../../../shared/domain/pricing/format';
import { CONFIRMED_ORDER_STATUSES, ORDER_STATUS_NAMES, type ConfirmedOrderStatus } from '../../../shared/domain/orders/statuses';
import { useOrders } from '../../api/orders';
import { ListFooter, ListSearch } from '../../components/ListParts';
import { PageFrame } from '../../components/PageFrame';
import { route } from '../../paths';
import { ListStates } from '../../components/QueryStates';

const PER_PAGE = 20;

/** /orders?status=…&q=…&page=…: the customer's confirmed orders in one status, searchable. */
export default function OrdersPage() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('status');
  const status: ConfirmedOrderStatus = (CONFIRMED_ORDER_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ConfirmedOrderStatus) : 'live';
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const orders = useOrders({ status, q: q || undefined, page, per_page: PER_PAGE });
  const name = ORDER_STATUS_NAMES[status];


  return (
    <PageFrame title={name} intro={q ? `Searching for “${q}”` : undefined}>
      <ListSearch key={`${status}:${q}`} label="Order number or reference" initial={q} onSearch={(words) => setSearch({ status, ...(words ? { q: words } : {}) })} />
      <ListStates
        query={orders}
        loading="Loading your orders…"
        what="Your orders"
        empty={q ? `No ${name.toLowerCase()} orders match “${q}”.` : `You have no orders in ${name}.`}
        back={q ? { to: route('orders.index', {}, { status }), label: 'Clear the search' } : undefined}
      >
        {(found) => (
          <>
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={`${name} orders`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Order</TableCell>
                    <TableCell>Reference</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Items</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Confirmed</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{status === 'dispatched' ? 'Tracking' : 'Dispatch'}</TableCell>
                    <TableCell align="right">Total</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {found.data.map((order) => (
                    <TableRow key={order.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={route('orders.view', { id: order.id })}>
                          #{order.id}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{order.ref || '—'}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{order.item_count}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{order.confirmed_at ? formatDay(order.confirmed_at.slice(0, 10)) : '—'}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        {status === 'dispatched' ? order.tracking_number || '—' : order.dispatch_due ? formatDay(order.dispatch_due) : '—'}
                      </TableCell>
                      <TableCell align="right">{order.value === null ? '—' : formatPence(order.value)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
            <ListFooter total={found.total} noun="order" page={page} perPage={PER_PAGE} onPage={(next) => setSearch({ status, ...(q ? { q } : {}), page: String(next) })} />
          </>
        )}
      </ListStates>
    </PageFrame>
  );
}
