import ScheduleIcon from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { FilterButton, List, TopToolbar, useListContext } from 'react-admin';
import { EmptyState } from '../common/EmptyState';
import { StaffPagination } from '../common/StaffPagination';
import { StaffTitle } from '../common/StaffTitle';
import { BulkMoveButton, BulkMoveHost } from './BulkMove';
import { orderFilters } from './orderFilters';
import { OrdersPhoneList, OrdersTable } from './OrdersTable';
import { StatusTabs } from './StatusTabs';
import { useOrderCounts } from './useOrderCounts';

/** One click to the overdue orders (in every status), with their number; pressed while that filter is on. */
function OverdueButton() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { data: counts } = useOrderCounts(filterValues);
  const on = filterValues.overdue === true;
  // Turned on, it shows every overdue order whatever its status (All): they are mostly Processing,
  // and the Pending tab the list opens on would look empty.
  const toggle = () => {
    const { overdue: _overdue, ...withoutOverdue } = filterValues;
    const { status: _status, ...everyStatus } = withoutOverdue;
    setFilters(on ? withoutOverdue : { ...everyStatus, overdue: true }, displayedFilters);
  };
  return (
    <Button
      size="small"
      startIcon={<ScheduleIcon />}
      aria-pressed={on}
      variant={on ? 'contained' : 'text'}
      color={counts?.overdue ? 'error' : 'primary'}
      onClick={toggle}
    >
      {counts?.overdue ? `Overdue (${counts.overdue})` : 'Overdue'}
    </Button>
  );
}

function OrderListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <OverdueButton />
      <FilterButton />
    </TopToolbar>
  );
}

const Empty = () => (
  <EmptyState title="No orders yet">
    Orders appear here when customers confirm them, in the Pending tab first. Baskets customers are still building are theirs alone and do not show here.
  </EmptyState>
);

/**
 * /admin/orders: the work queue. Status tabs with their counts, search by number, reference,
 * customer or postcode, filters for customer, dates and overdue; sort by number, date, dispatch
 * date or total; selected rows move together. Pending first: that is where the work starts.
 */
export function OrderList() {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title={<StaffTitle page="Orders" />}
      pagination={<StaffPagination />}
      filters={orderFilters}
      filterDefaultValues={{ status: 'live' }}
      actions={<OrderListActions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      storeKey={false}
      empty={<Empty />}
      exporter={false}
    >
      {/* One host for both layouts: a bulk move's dialog stays open when the width changes. */}
      <BulkMoveHost>
        <StatusTabs />
        {narrow ? <OrdersPhoneList /> : <OrdersTable bulkActionButtons={<BulkMoveButton />} />}
      </BulkMoveHost>
    </List>
  );
}
