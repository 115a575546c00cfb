import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetList, useRecordContext } from 'react-admin';
import type { AdminOrderSummary } from '../../../shared/api/admin-orders';
import type { AdminUser } from '../../../shared/api';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { ORDER_STATUS_NAMES } from '../../../shared/domain/orders/statuses';
import { formatPence } from '../../../shared/domain/pricing/format';
import { EmptyState } from '../../common/EmptyState';
import { messageOf } from '../../dataProvider/errors';

const PER_PAGE = 10;
const dateTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The user's confirmed orders, newest first (read-only until the staff orders screens land): the
 * number and reference, status, items, total and the dispatch date, flagged when overdue.
 */
export function OrdersTab() {
  const user = useRecordContext<AdminUser>();
  const [page, setPage] = useState(1);
  const { data, total, isPending, error } = useGetList<AdminOrderSummary>(
    'orders',
    { filter: { user_id: user?.id }, pagination: { page, perPage: PER_PAGE }, sort: { field: 'id', order: 'DESC' } },
    { enabled: Boolean(user?.id) },
  );
  if (!user) return null;
  if (error) return <Alert severity="error">The orders could not be loaded: {messageOf(error)}</Alert>;
  if (isPending) return <LinearProgress aria-label="Loading the orders" sx={{ my: 2 }} />;
  if (!data?.length)
    return (
      <EmptyState title="No orders yet">
        {user.firstname} has not confirmed an order. Baskets they are still building are theirs alone and do not show here.
      </EmptyState>
    );
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Confirmed orders, newest first. Baskets still being built are not shown.
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={`Orders of ${user.firstname} ${user.lastname}`}>
          <TableHead>
            <TableRow>
              <TableCell>Order</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Items</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell>Dispatch</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Confirmed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((order) => (
              <TableRow key={order.id}>
                <TableCell component="th" scope="row">
                  <strong>#{order.id}</strong>
                  {order.ref ? (
                    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {order.ref}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Chip size="small" label={ORDER_STATUS_NAMES[order.status]} color={order.status === 'problem' ? 'warning' : order.status === 'cancelled' ? 'default' : 'primary'} variant="outlined" />
                </TableCell>
                <TableCell align="right">{order.item_count}</TableCell>
                <TableCell align="right">{order.total === null ? '—' : formatPence(order.total)}</TableCell>
                <TableCell>
                  {order.dispatch_due ? formatDay(order.dispatch_due) : '—'}
                  {order.overdue ? <Chip size="small" color="error" label="Overdue" sx={{ ml: 1 }} /> : null}
                  {order.tracking_number ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {order.tracking_number}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{order.confirmed_at ? dateTime.format(new Date(order.confirmed_at)) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {(total ?? 0) > PER_PAGE ? (
        <TablePagination
          component="div"
          count={total ?? 0}
          page={page - 1}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_event, next) => setPage(next + 1)}
        />
      ) : null}
    </Box>
  );
}
