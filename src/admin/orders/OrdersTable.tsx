import Box from '@mui/material/Box';
import { DataTable, SimpleList } from 'react-admin';
import type { ReactElement } from 'react';
import type { StaffOrderSummary } from '../../shared/api/staff-orders';
import { StatusChip } from '../../shared/ui/orders';
import { useRowCheckboxLabels } from '../common/useRowCheckboxLabels';
import { DispatchDue, formatMoney, formatUkDate, OrderNumber } from './fields';

const Column = DataTable.Col<StaffOrderSummary>;

/**
 * The staff orders table (the orders list and a user's Orders part): number, date, customer,
 * reference, items, total, dispatch date (flagged when overdue) and status; a row opens the order.
 */
export function OrdersTable({ withCustomer = true, bulkActionButtons = false }: { withCustomer?: boolean; bulkActionButtons?: ReactElement | false }) {
  const labelled = useRowCheckboxLabels<HTMLDivElement>();
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
        <Column source="status" label="Status" render={(order) => <StatusChip status={order.status} />} />
      </DataTable>
    </Box>
  );
}

/** The same orders on a phone: number and reference, customer, total, dispatch date and status. */
export function OrdersPhoneList({ withCustomer = true }: { withCustomer?: boolean }) {
  return (
    <SimpleList<StaffOrderSummary>
      primaryText={(order) => <OrderNumber order={order} />}
      secondaryText={(order) => (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {[withCustomer ? order.company : null, formatUkDate(order.created_at), `${order.item_count} item${order.item_count === 1 ? '' : 's'}`]
            .filter(Boolean)
            .join(' · ')}
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <StatusChip status={order.status} />
            <DispatchDue order={order} />
          </Box>
        </Box>
      )}
      tertiaryText={(order) => formatMoney(order.total)}
      rowClick="edit"
    />
  );
}
