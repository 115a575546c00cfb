import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ListBase, useRecordContext } from 'react-admin';
import type { StaffUser } from '../../../shared/api';
import { StaffPagination } from '../../common/StaffPagination';
import { OrdersPhoneList, OrdersTable } from '../../orders/OrdersTable';
import { StatusTabs } from '../../orders/StatusTabs';
import { ExportOrdersButton } from './ExportOrdersButton';

/**
 * The user's orders: the staff orders list filtered to this customer — the same status tabs (with
 * their counts), columns and sorts; a row opens the order. Baskets they are still building are
 * theirs alone and do not show. Export to Excel makes a spreadsheet of them (all, or dispatched only, between two days).
 */
export function OrdersTab() {
  const user = useRecordContext<StaffUser>();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  if (!user) return null;
  const permanent = { user_id: user.id };
  return (
    <ListBase resource="orders" filter={permanent} sort={{ field: 'id', order: 'DESC' }} perPage={10} disableSyncWithLocation storeKey={false}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 1, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {user.firstname}’s confirmed orders, newest first. Baskets still being built are not shown.
        </Typography>
        <ExportOrdersButton user={user} />
      </Stack>
      <StatusTabs permanent={permanent} />
      {narrow ? <OrdersPhoneList withCustomer={false} /> : <OrdersTable withCustomer={false} />}
      <StaffPagination />
    </ListBase>
  );
}
