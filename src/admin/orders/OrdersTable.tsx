import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { DataTable, SimpleList, useListContext } from 'react-admin';
import type { ReactElement } from 'react';
import { StatusChip } from '../../shared/ui/orders';
import { useRowCheckboxLabels } from '../common/useRowCheckboxLabels';
import { AwaitingApprovalChip, DispatchDue, formatMoney, formatUkDate, OrderNumber, Waiting, type StaffOrderRow } from './fields';

const Column = DataTable.Col<StaffOrderRow>;

/** The list shows the orders awaiting their customers' approval (its "Awaiting approval" view): how long each has waited is a column. */
const useAwaitingView = () => useListContext().filterValues?.awaiting_approval === true;

/** The status, and whether the order waits for its customer's approval of a proof (it is Pending, but not for the press). */
function Status({ order }: { order: StaffOrderRow }) {
  return (
    <Stack component="span" direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <StatusChip status={order.status} />
      {order.awaiting_approval ? <AwaitingApprovalChip /> : null}
    </Stack>
  );
}

/**
 * The staff orders table (the orders list and a user's Orders part): number, date, customer,
 * reference, items, total, dispatch date (flagged when overdue), how long it has waited for its
 * customer's approval (in that view) and status; a row opens the order.
 */
export function OrdersTable({ withCustomer = true, bulkActionButtons = false }: { withCustomer?: boolean; bulkActionButtons?: ReactElement | false }) {
  const labelled = useRowCheckboxLabels<HTMLDivElement>();
  const awaiting = useAwaitingView();
  return (
    <Box ref={labelled}>
      <DataTable
        rowClick="edit"
        bulkActionButtons={bulkActionButtons}
        sx={{
          '& .column-company': { overflowWrap: 'anywhere', maxWidth: 220 },
          '& .column-ref': { overflowWrap: 'anywhere', maxWidth: 180 },
          '& .column-created_at, & .column-item_count': { display: { xs: 'none', lg: 'table-cell' } },
        }}
      >
        <Column source="id" label="Number" render={(order) => <strong>#{order.id}</strong>} />
        <Column source="created_at" label="Date" render={(order) => formatUkDate(order.created_at)} />
        {withCustomer ? <Column source="company" label="Customer" disableSort /> : null}
        <Column source="ref" label="Reference" disableSort />
        <Column source="item_count" label="Items" disableSort align="right" />
        <Column source="total" label="Total" align="right" render={(order) => formatMoney(order.total)} />
        <Column source="dispatch_due" label="Dispatch" render={(order) => <DispatchDue order={order} />} />
        {awaiting ? <Column source="awaiting_approval_since" label="Waiting" disableSort render={(order) => <Waiting order={order} />} /> : null}
        <Column source="status" label="Status" render={(order) => <Status order={order} />} />
      </DataTable>
    </Box>
  );
}

/** The same orders on a phone: number and reference, customer, total, dispatch date and status. */
export function OrdersPhoneList({ withCustomer = true }: { withCustomer?: boolean }) {
  const awaiting = useAwaitingView();
  return (
    <SimpleList<StaffOrderRow>
      primaryText={(order) => <OrderNumber order={order} />}
      secondaryText={(order) => (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {[withCustomer ? order.company : null, formatUkDate(order.created_at), `${order.item_count} item${order.item_count === 1 ? '' : 's'}`]
            .filter(Boolean)
            .join(' · ')}
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Status order={order} />
            <DispatchDue order={order} />
            {awaiting && order.awaiting_approval_since ? (
              <span>
                Waiting <Waiting order={order} />
              </span>
            ) : null}
          </Box>
        </Box>
      )}
      tertiaryText={(order) => formatMoney(order.total)}
      rowClick="edit"
    />
  );
}
