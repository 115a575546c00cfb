import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { useId, useState, type FormEvent } from 'react';
import { DataTable, ListBase, useDataProvider, useListContext, useNotify, useRecordContext } from 'react-admin';
import type { StaffInvoice, StaffUser } from '../../../shared/api';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { formatPence } from '../../../shared/domain/pricing/format';
import { SaveFileButton } from '../../../shared/ui/download';
import { ActionDialogButtons } from '../../common/ActionDialogButtons';
import { StaffPagination } from '../../common/StaffPagination';
import type { StaffDataProvider } from '../../dataProvider';
import { fieldErrorsOf, messageOf } from '../../dataProvider/errors';
import { OrderLink } from '../../orders/fields';
import { InvoiceStateChip } from '../../payments/InvoiceStateChip';
import { CreditReleases } from './CreditRelease';
import { CustomerBalance } from './CustomerBalance';
import { FailureAlert } from '../../../shared/ui/FailureAlert';
import { DateInput } from '../../../shared/ui/DateInput';

const Column = DataTable.Col<StaffInvoice>;
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Upload an invoice from the accounting package: its number, date, total and PDF; the server's refusals beside each field. */
function UploadInvoice({ user }: { user: StaffUser }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const fileId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ number: '', date: new Date().toISOString().slice(0, 10), total: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setErrors({ file: 'Choose the invoice PDF.' });
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const invoice = await dataProvider.uploadInvoice({ user_id: user.id, ...values }, file);
      notify(`Invoice ${invoice.number} added to ${user.firstname}’s account.`, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      setOpen(false);
      setValues((v) => ({ ...v, number: '', total: '' }));
      setFile(null);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
        Upload an invoice
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle id={titleId}>Upload an invoice</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              An invoice from the accounting package for {user.company_name || `${user.firstname} ${user.lastname}`}: it is listed with the invoices raised
              here, marked uploaded, and the customer can download it.
            </DialogContentText>
            <FailureAlert failure={failure} sx={{ mb: 2 }} />
            <Stack spacing={2}>
              <TextField
                label="Invoice number"
                required
                value={values.number}
                onChange={set('number')}
                error={!!errors.number}
                helperText={errors.number ?? 'As it is printed on the invoice, e.g. SAGE-2026-0042'}
              />
              <DateInput
                label="Invoice date"
                type="date"
                required
                value={values.date}
                onChange={(date) => setValues((v) => ({ ...v, date }))}
                error={errors.date}
              />
              <TextField
                label="Total (£, with VAT)"
                required
                inputMode="decimal"
                value={values.total}
                onChange={set('total')}
                error={!!errors.total}
                helperText={errors.total ?? 'e.g. 125.40'}
              />
              <Box>
                <label htmlFor={fileId}>
                  <Typography component="span" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
                    Invoice PDF *
                  </Typography>
                </label>
                <input
                  id={fileId}
                  type="file"
                  accept="application/pdf,.pdf"
                  aria-invalid={errors.file ? true : undefined}
                  aria-describedby={errors.file ? `${fileId}-error` : undefined}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setErrors(({ file: _chosen, ...others }) => others);
                  }}
                />
                {errors.file ? (
                  <Typography id={`${fileId}-error`} variant="body2" color="error" sx={{ mt: 0.5 }}>
                    {errors.file}
                  </Typography>
                ) : null}
              </Box>
            </Stack>
          </DialogContent>
          <ActionDialogButtons done={false} busy={busy} onClose={() => setOpen(false)} confirm="Upload" />
        </form>
      </Dialog>
    </>
  );
}

function InvoicesTable() {
  const { total, isPending } = useListContext<StaffInvoice>();
  const dataProvider = useDataProvider<StaffDataProvider>();
  if (!isPending && !total) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        No invoices yet: each order’s invoice is raised when it is dispatched, and uploaded ones appear here too.
      </Typography>
    );
  }
  return (
    <Box sx={{ width: 0, minWidth: '100%', '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column
          source="number"
          label="Invoice"
          render={(invoice) => (
            <>
              <strong>{invoice.number}</strong>
              {invoice.source === 'uploaded' ? <Chip size="small" variant="outlined" label="Uploaded" sx={{ ml: 1 }} /> : null}
            </>
          )}
        />
        <Column source="date" label="Date" render={(invoice) => formatDay(invoice.date)} />
        <Column source="order_id" label="Order" disableSort render={(invoice) => (invoice.order_id ? <OrderLink id={invoice.order_id} /> : '—')} />
        <Column source="total" label="Total" align="right" render={(invoice) => formatPence(invoice.total)} />
        <Column source="due_date" label="Due" render={(invoice) => formatDay(invoice.due_date)} />
        <Column source="state" label="State" disableSort render={(invoice) => <InvoiceStateChip state={invoice.state} />} />
        <Column source="balance" label="Balance" align="right" disableSort render={(invoice) => formatPence(Math.max(0, invoice.balance))} />
        <Column
          source="id"
          label="PDF"
          disableSort
          render={(invoice) => (
            <SaveFileButton
              fetchFile={() => dataProvider.invoicePdf(invoice.id)}
              name={`${invoice.number}.pdf`}
              aria-label={`PDF of invoice ${invoice.number}`}
            >
              PDF
            </SaveFileButton>
          )}
        />
      </DataTable>
    </Box>
  );
}

/** The user's invoices (raised on dispatch and uploaded), an upload, and a month's statement. */
/** What the customer owes (invoices, and orders confirmed but not yet invoiced, less unallocated payments), their limit, and whether their orders on account are held. */
function CreditPosition({ user }: { user: StaffUser }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const credit = useQuery({ queryKey: ['users', user.id, 'credit'], queryFn: () => dataProvider.creditOf(user.id) });
  if (credit.isPending) return <Typography color="text.secondary">Reading the balance…</Typography>;
  if (credit.isError) return <FailureAlert failure={`The balance could not be read: ${messageOf(credit.error)}`} sx={{ mb: 2 }} />;
  const { balance, credit_limit: limit, on_hold_reason: reason } = credit.data;
  return (
    <Box component="section" aria-label="Credit" sx={{ mb: 2 }} data-testid="credit-position">
      <Typography>
        <strong>Credit limit:</strong> {limit === null ? 'none' : formatPence(limit)} · <strong>Owing with the orders not yet invoiced:</strong>{' '}
        {balance < 0 ? `${formatPence(-balance)} in credit` : formatPence(balance)}
      </Typography>
      {reason ? (
        <>
          <Alert severity="warning" sx={{ mt: 1 }}>
            Orders on account are held: {reason}
          </Alert>
          <CreditReleases baskets={credit.data.baskets} onReleased={() => void credit.refetch()} />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Orders on account are not held.
        </Typography>
      )}
    </Box>
  );
}

export function InvoicesTab() {
  const user = useRecordContext<StaffUser>();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [month, setMonth] = useState(thisMonth);
  if (!user) return null;
  const monthValid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <ListBase resource="invoices" filter={{ user_id: user.id }} sort={{ field: 'id', order: 'DESC' }} perPage={10} disableSyncWithLocation storeKey={false}>
      <CustomerBalance userId={Number(user.id)} />
      <CreditPosition user={user} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <UploadInvoice user={user} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <DateInput
            size="small"
            type="month"
            label="Statement month"
            value={month}
            onChange={setMonth}
            error={monthValid ? undefined : 'Choose a month'}
            sx={{ width: 200 }}
          />
          <SaveFileButton
            variant="outlined"
            fetchFile={() => dataProvider.userStatement(user.id, month)}
            name={`statement-${month}.pdf`}
            disabled={!monthValid}
          >
            Statement
          </SaveFileButton>
        </Stack>
      </Stack>
      <InvoicesTable />
      <StaffPagination />
    </ListBase>
  );
}
