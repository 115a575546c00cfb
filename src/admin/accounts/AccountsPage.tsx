import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import type { AccountsPeriod } from '../../shared/api/staff-accounts';
import { lastMonth, recentQuarters, thisMonth } from '../../shared/domain/accounts/periods';
import { ukToday } from '../../shared/domain/orders/overdue';
import { formatPence } from '../../shared/domain/pricing/format';
import { SaveFileButton } from '../../shared/ui/download';
import { StaffTitle } from '../common/StaffTitle';
import type { StaffDataProvider } from '../dataProvider';
import { fieldErrorsOf, messageOf } from '../dataProvider/errors';

type Choice = 'this_month' | 'last_month' | 'quarter' | 'custom';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The accountant's page (DESIGN §2 Exports): a period — this month, last month, a VAT quarter or
 * two days of one's own — and for it the invoices as Xero's sales-invoice import, the payments, and
 * the VAT summary as boxes 6 and 1 of the VAT return.
 */
export default function AccountsPage() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const today = ukToday();
  const quarters = useMemo(() => recentQuarters(today), [today]);
  const [choice, setChoice] = useState<Choice>('last_month');
  const [quarter, setQuarter] = useState(quarters[1].from);
  const [custom, setCustom] = useState<AccountsPeriod>(() => thisMonth(today));

  const period: AccountsPeriod =
    choice === 'this_month'
      ? thisMonth(today)
      : choice === 'last_month'
        ? lastMonth(today)
        : choice === 'quarter'
          ? (quarters.find((q) => q.from === quarter) ?? quarters[0])
          : custom;
  // A custom day half typed is not asked about; a whole one is, and the server says what is wrong with it.
  const complete = DAY.test(period.from) && DAY.test(period.to);

  const summary = useQuery({
    queryKey: ['accounts', 'vat-summary', period.from, period.to],
    queryFn: () => dataProvider.vatSummary(period),
    enabled: complete,
    retry: false,
  });
  const errors = summary.error ? fieldErrorsOf(summary.error) : {};
  const refused = Object.keys(errors).length > 0;
  const span = `${period.from}-${period.to}`;

  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Title title={<StaffTitle page="Accounts" />} />
      <Card>
        <CardContent>
          <Typography variant="h2" gutterBottom>
            Exports for the accountant
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
            <TextField select label="Period" value={choice} onChange={(e) => setChoice(e.target.value as Choice)} sx={{ minWidth: 180 }}>
              <MenuItem value="this_month">This month</MenuItem>
              <MenuItem value="last_month">Last month</MenuItem>
              <MenuItem value="quarter">A VAT quarter</MenuItem>
              <MenuItem value="custom">Custom</MenuItem>
            </TextField>
            {choice === 'quarter' && (
              <TextField select label="Quarter" value={quarter} onChange={(e) => setQuarter(e.target.value)} sx={{ minWidth: 180 }}>
                {quarters.map((q) => (
                  <MenuItem key={q.from} value={q.from}>
                    {q.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {choice === 'custom' && (
              <>
                <TextField
                  type="date"
                  label="First day"
                  value={custom.from}
                  onChange={(e) => setCustom({ ...custom, from: e.target.value })}
                  error={Boolean(errors.from) || !DAY.test(custom.from)}
                  helperText={errors.from ?? (DAY.test(custom.from) ? ' ' : 'Give the first day')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  type="date"
                  label="Last day"
                  value={custom.to}
                  onChange={(e) => setCustom({ ...custom, to: e.target.value })}
                  error={Boolean(errors.to) || !DAY.test(custom.to)}
                  helperText={errors.to ?? (DAY.test(custom.to) ? ' ' : 'Give the last day')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Invoices dated, and payments received, from {period.from} to {period.to} (both days included).
          </Typography>

          <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
            VAT return
          </Typography>
          {summary.isError && !refused && <Alert severity="error">{messageOf(summary.error)}</Alert>}
          {summary.data && !refused && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} data-testid="vat-summary">
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 220 }}>
                <Typography variant="overline">Box 1 · VAT due on sales</Typography>
                <Typography variant="h4">{formatPence(summary.data.output_vat)}</Typography>
              </Box>
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 220 }}>
                <Typography variant="overline">Box 6 · Sales excluding VAT</Typography>
                <Typography variant="h4">{formatPence(summary.data.net_sales)}</Typography>
              </Box>
            </Stack>
          )}
          {summary.data && !refused && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              From {summary.data.invoices} invoice{summary.data.invoices === 1 ? '' : 's'} raised here; invoices uploaded from the accounting package are
              already in it and are not counted.
            </Typography>
          )}

          <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
            Downloads
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <SaveFileButton
              variant="contained"
              disabled={!complete || refused}
              fetchFile={() => dataProvider.xeroInvoicesCsv(period)}
              name={`xero-invoices-${span}.csv`}
            >
              Invoices for Xero (CSV)
            </SaveFileButton>
            <SaveFileButton variant="outlined" disabled={!complete || refused} fetchFile={() => dataProvider.paymentsCsv(period)} name={`payments-${span}.csv`}>
              Payments (CSV)
            </SaveFileButton>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
