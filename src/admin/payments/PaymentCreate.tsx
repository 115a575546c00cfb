import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useGetList,
} from 'react-admin';
import type { StaffInvoice } from '../../shared/api/invoices';
import { PAYMENT_METHOD_LABELS } from '../../shared/api/staff-payments';
import { formatDay } from '../../shared/domain/calendar/workingDays';
import { ukToday } from '../../shared/domain/orders/overdue';
import { PAYMENT_METHODS } from '../../shared/domain/payments/terms';
import { formatPence } from '../../shared/domain/pricing/format';
import { StaffSimpleForm } from '../common/StaffForm';
import { StaffTitle } from '../common/StaffTitle';
import { customerText } from '../orders/orderFilters';
import { InvoiceStateChip } from './InvoiceStateChip';

const METHOD_CHOICES = PAYMENT_METHODS.filter((m) => m !== 'card').map((id) => ({ id, name: PAYMENT_METHOD_LABELS[id] }));

/** Money is typed in pounds and sent in pence. */
const pounds = {
  format: (pence: unknown) => (typeof pence === 'number' ? pence / 100 : pence),
  parse: (value: unknown) => (value === '' || value === null || value === undefined ? null : Math.round(Number(value) * 100)),
};

/** The chosen customer's invoices still owing, oldest due first: what the payment pays when no allocation is given. */
function OwingInvoices() {
  const userId = useWatch({ name: 'user_id' }) as number | null | undefined;
  const { data, isPending, error } = useGetList<StaffInvoice>(
    'invoices',
    { filter: { user_id: userId, unpaid: true }, sort: { field: 'due_date', order: 'ASC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: Boolean(userId) },
  );
  if (!userId) return null;
  if (isPending) return <Typography color="text.secondary">Loading the customer’s unpaid invoices…</Typography>;
  if (error) return <Typography color="error">The customer’s invoices could not be loaded.</Typography>;
  return (
    <Box component="section" aria-labelledby="owing-heading" sx={{ width: '100%', mb: 2 }}>
      <Typography id="owing-heading" variant="subtitle1" component="h2" gutterBottom>
        Unpaid invoices
      </Typography>
      {data?.length ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Unpaid invoices">
            <TableHead>
              <TableRow>
                <TableCell>Invoice</TableCell>
                <TableCell>Due</TableCell>
                <TableCell>State</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell align="right">Balance</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>{invoice.number}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(invoice.due_date)}</TableCell>
                  <TableCell>
                    <InvoiceStateChip state={invoice.state} />
                  </TableCell>
                  <TableCell align="right">{formatPence(invoice.total)}</TableCell>
                  <TableCell align="right">{formatPence(invoice.balance)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : (
        <Typography color="text.secondary">Nothing owing: the whole payment is kept as the customer’s credit.</Typography>
      )}
    </Box>
  );
}

/** The owing invoices as choices for an allocation by hand. */
function InvoiceChoice({ source }: { source: string }) {
  const userId = useWatch({ name: 'user_id' }) as number | null | undefined;
  const { data } = useGetList<StaffInvoice>(
    'invoices',
    { filter: { user_id: userId, unpaid: true }, sort: { field: 'due_date', order: 'ASC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: Boolean(userId) },
  );
  const choices = (data ?? []).map((i) => ({ id: i.id, name: `${i.number} (${formatPence(i.balance)} to pay)` }));
  return <SelectInput source={source} label="Invoice" choices={choices} isRequired />;
}

/** /admin/payments/create: a payment received, paying the customer's invoices oldest due first or as allocated here. */
export function PaymentCreate() {
  return (
    <Create title={<StaffTitle page="Payments" record="Record a payment" />} redirect="list">
      <StaffSimpleForm defaultValues={{ received_on: ukToday(), method: 'bank_transfer', reference: '', allocations: [] }} sx={{ maxWidth: 760 }}>
        <ReferenceInput source="user_id" reference="users">
          <AutocompleteInput label="Customer" optionText={customerText} filterToQuery={(q: string) => ({ q })} isRequired fullWidth />
        </ReferenceInput>
        <OwingInvoices />
        <NumberInput source="amount" label="Amount (£)" step={0.01} min={0.01} {...pounds} isRequired />
        <DateInput source="received_on" label="Received on" isRequired />
        <SelectInput source="method" label="Method" choices={METHOD_CHOICES} isRequired />
        <TextInput source="reference" label="Reference" helperText="The bank reference, cheque number or similar" fullWidth />
        <Typography variant="body2" color="text.secondary">
          Leave the allocations empty to pay the oldest due invoices first; what is not allocated is kept as the customer’s credit.
        </Typography>
        <ArrayInput source="allocations" label="Allocations">
          <SimpleFormIterator inline disableReordering>
            <InvoiceChoice source="invoice_id" />
            <NumberInput source="amount" label="Amount (£)" step={0.01} min={0.01} {...pounds} />
          </SimpleFormIterator>
        </ArrayInput>
      </StaffSimpleForm>
    </Create>
  );
}
