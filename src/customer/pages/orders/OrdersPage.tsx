import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDate, formatDay } from '../../../shared/domain/calendar/workingDays';
import { orderDaysLine } from '../../../shared/domain/orders/dates';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { formatPence } from '../../../shared/domain/pricing/format';
import { ORDER_STATUS_NAMES } from '../../../shared/domain/orders/statuses';
import { apiErrors } from '../../../shared/http';
import { useOrders } from '../../api/orders';
import { ListFooter } from '../../components/ListControls';
import { PageFrame } from '../../components/PageFrame';
import { SandboxChip } from './SandboxChip';
import { AwaitingApprovalChip } from './AwaitingApprovalChip';
import { ListStates, statusOf } from '../../components/QueryStates';
import { route } from '../../paths';
import {
  ALL_STATUSES,
  AWAITING_APPROVAL,
  AWAITING_APPROVAL_NAME,
  hasOrderFilters,
  OrderFilters,
  orderFiltersQuery,
  readOrderFilters,
  type OrderFilterValues,
} from './OrderFilters';
import { StatusChip } from './orderItemViews';

const PER_PAGE = 20;

/** "matching “menu”, confirmed from 1 Mar 2026 to 31 Mar 2026": what the filters keep, in words. */
function filtersText({ q, from, to }: OrderFilterValues): string {
  const parts = [
    q ? `matching “${q}”` : '',
    from || to ? `confirmed ${from ? `from ${formatDate(from)}` : ''}${from && to ? ' ' : ''}${to ? `to ${formatDate(to)}` : ''}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** A date of the address as the list can say it: only a real one (the server judges the rest). */
const shownDay = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day) ? day : '');

/**
 * /orders: the customer's confirmed orders. Without a status (or with status=all) every status,
 * newest first, each row with its status; with one (the navigation bar's links) that status only.
 * Either way searchable by number, reference, product or postcode, and by the days confirmed.
 */
export default function OrdersPage() {
  const [search, setSearch] = useSearchParams();
  const filters = readOrderFilters(search);
  const { status, q, from, to } = filters;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const all = status === ALL_STATUSES;
  const orders = useOrders({ status: all ? undefined : status, q: q || undefined, from: from || undefined, to: to || undefined, page, per_page: PER_PAGE });
  const name = all ? 'All orders' : status === AWAITING_APPROVAL ? AWAITING_APPROVAL_NAME : ORDER_STATUS_NAMES[status];
  const filtered = hasOrderFilters(filters);
  const refused = statusOf(orders.error) === 422 ? apiErrors(orders.error) : null;
  const words = filtersText({ ...filters, from: shownDay(from), to: shownDay(to) });
  const what = all ? 'orders' : `${name.toLowerCase()} orders`;

  return (
    <PageFrame title={name} intro={filtered && !refused ? `Showing ${what} ${words}.` : all ? 'Every order you have confirmed, newest first.' : undefined}>
      <OrderFilters key={search.toString()} values={filters} errors={refused?.errors ?? {}} onApply={(next) => setSearch(orderFiltersQuery(next))} />
      {refused ? (
        <Alert severity="error">
          {Object.keys(refused.errors).length ? 'These filters cannot be used: what to change is said beside them.' : refused.message}
        </Alert>
      ) : (
        <ListStates
          query={orders}
          loading="Loading your orders…"
          what="Your orders"
          empty={
            filtered
              ? `No ${what} ${words}.`
              : all
                ? 'You have no confirmed orders yet.'
                : status === AWAITING_APPROVAL
                  ? 'Nothing is waiting for an owner’s approval.'
                  : `You have no orders in ${name}.`
          }
          back={filtered ? { to: route('orders.index', {}, orderFiltersQuery({ status, q: '', from: '', to: '' })), label: 'Clear the search' } : undefined}
        >
          {(found) => (
            <>
              <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={all ? 'All orders' : `${name} orders`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Order</TableCell>
                      <TableCell>Reference</TableCell>
                      {all && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Status</TableCell>}
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
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          <span>{order.ref || '—'}</span>
                          {/* Members see each other's orders: who placed it, under its reference (no extra column at 375 px). */}
                          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                            Placed by {order.placed_by.name || 'a former member'}
                          </Box>
                          {order.test && (
                            <Box component="span" sx={{ ml: 1 }}>
                              <SandboxChip />
                            </Box>
                          )}
                          {order.awaiting_approval && (
                            <Box sx={{ mt: 0.5 }}>
                              <AwaitingApprovalChip />
                            </Box>
                          )}
                          {/* On a phone the status rides under the reference: four columns fit 375 px, five do not. */}
                          {all && (
                            <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                              <StatusChip status={order.status} />
                            </Box>
                          )}
                        </TableCell>
                        {all && (
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                            <StatusChip status={order.status} />
                          </TableCell>
                        )}
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{order.item_count}</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                          {order.confirmed_at ? formatDay(ukToday(new Date(order.confirmed_at))) : '—'}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                          {status === 'dispatched' ? order.tracking_number || '—' : (orderDaysLine(order) ?? '—')}
                        </TableCell>
                        <TableCell align="right">{order.value === null ? '—' : formatPence(order.value)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>
              <ListFooter total={found.total} noun="order" page={page} perPage={PER_PAGE} onPage={(next) => setSearch(orderFiltersQuery(filters, next))} />
            </>
          )}
        </ListStates>
      )}
    </PageFrame>
  );
}
