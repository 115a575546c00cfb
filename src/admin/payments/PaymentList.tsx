import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AutocompleteInput, CreateButton, DataTable, DateInput, List, ReferenceInput, SelectInput, TopToolbar } from 'react-admin';
import { PAYMENT_METHOD_LABELS, type StaffPayment } from '../../shared/api/staff-payments';
import { formatDay } from '../../shared/domain/calendar/workingDays';
import { PAYMENT_METHODS } from '../../shared/domain/payments/terms';
import { formatPence } from '../../shared/domain/pricing/format';
import { EmptyState } from '../common/EmptyState';
import { StaffPagination } from '../common/StaffPagination';
import { StaffTitle } from '../common/StaffTitle';
import { searchFilter } from '../common/searchFilter';
import { OrderLink } from '../orders/fields';
import { customerText } from '../orders/orderFilters';

const Column = DataTable.Col<StaffPayment>;

const METHOD_CHOICES = PAYMENT_METHODS.map((id) => ({ id, name: PAYMENT_METHOD_LABELS[id] }));

const paymentFilters = [
  searchFilter('Search payments', 'Search payments by their reference', 240),
  <ReferenceInput key="user_id" source="user_id" reference="users" label="Customer">
    <AutocompleteInput label="Customer" optionText={customerText} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: { sm: 280 } }} />
  </ReferenceInput>,
  <SelectInput key="method" source="method" label="Method" choices={METHOD_CHOICES} />,
  <DateInput key="received_on_gte" source="received_on_gte" label="Received from" />,
  <DateInput key="received_on_lte" source="received_on_lte" label="Received to" />,
];

function PaymentListActions() {
  return (
    <TopToolbar>
      <CreateButton label="Record a payment" />
    </TopToolbar>
  );
}

/** /admin/payments: payments received, newest first, with the invoices each paid and the credit left. */
export function PaymentList() {
  return (
    <List
      title={<StaffTitle page="Payments" />}
      filters={paymentFilters}
      actions={<PaymentListActions />}
      pagination={<StaffPagination />}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<EmptyState title="No payments yet">Card payments appear here when customers pay; record bank transfers and cheques as they arrive.</EmptyState>}
    >
      {/* The table scrolls inside its card on a phone; the page itself never scrolls sideways. */}
      <Box sx={{ width: 0, minWidth: '100%', '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Column source="received_on" label="Received" render={(p) => formatDay(p.received_on)} />
          <Column source="user_id" label="Customer" disableSort render={(p) => p.customer} />
          <Column source="method" label="Method" disableSort render={(p) => PAYMENT_METHOD_LABELS[p.method]} />
          <Column source="reference" label="Reference" disableSort render={(p) => p.reference || (p.order_id ? <OrderLink id={p.order_id} /> : '—')} />
          <Column source="amount" label="Amount" align="right" render={(p) => formatPence(p.amount)} />
          <Column
            source="allocations"
            label="Paid invoices"
            disableSort
            render={(p) =>
              p.allocations.length
                ? p.allocations.map((a) => (
                    <Typography key={a.invoice_id} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {a.invoice_number}: {formatPence(a.amount)}
                    </Typography>
                  ))
                : '—'
            }
          />
          <Column source="allocated" label="Allocated" align="right" disableSort render={(p) => formatPence(p.allocated)} />
          <Column
            source="unallocated"
            label="Unallocated (credit)"
            align="right"
            disableSort
            render={(p) => (p.unallocated ? <strong>{formatPence(p.unallocated)}</strong> : formatPence(0))}
          />
        </DataTable>
      </Box>
    </List>
  );
}
