import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { statementPeriodQuerySchema, type StatementAnswer } from '../../../shared/api/statements';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { AGED_DEBT_BUCKETS, AGED_DEBT_LABELS, monthOf } from '../../../shared/domain/payments/statement';
import { formatPence } from '../../../shared/domain/pricing/format';
import { apiErrors } from '../../../shared/http';
import { DateInput } from '../../../shared/ui/DateInput';
import { useAccountStatement } from '../../api/invoices';
import { LoadFailed, Loading } from '../../components/QueryStates';

/** A balance as the customer reads it: what they owe, or "in credit" when we owe them. */
function balanceText(pence: number): string {
  return pence < 0 ? `${formatPence(-pence)} in credit` : formatPence(pence);
}

const KIND_LABELS: Record<StatementAnswer['lines'][number]['kind'], string> = { invoice: 'Invoice', payment: 'Payment', refund: 'Refund' };

/** The period's lines: date, what, amount either way, balance after; on a phone the amount sits under what it is. */
function StatementLines({ statement }: { statement: StatementAnswer }) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Statement lines">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Details</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              Amount
            </TableCell>
            <TableCell align="right">Balance</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(statement.from)}</TableCell>
            <TableCell>Opening balance</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
            <TableCell align="right">{balanceText(statement.opening_balance)}</TableCell>
          </TableRow>
          {statement.lines.map((line, i) => {
            const amount = `${line.kind === 'payment' ? '−' : ''}${formatPence(line.amount)}`;
            return (
              <TableRow key={i}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(line.date)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {KIND_LABELS[line.kind]} {line.reference}
                  <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                    {amount}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {amount}
                </TableCell>
                <TableCell align="right">{balanceText(line.balance)}</TableCell>
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(statement.to)}</TableCell>
            <TableCell>
              <strong>Closing balance</strong>
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
            <TableCell align="right">
              <strong>{balanceText(statement.closing_balance)}</strong>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Paper>
  );
}

/** What is unpaid today by how long past due: a row of labelled amounts that wraps on a phone. */
function AgedDebtRow({ statement }: { statement: StatementAnswer }) {
  const aged = statement.aged_debt;
  return (
    <Box component="dl" aria-label="Aged debt" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, mt: 2 }}>
      {[...AGED_DEBT_BUCKETS.map((b) => [AGED_DEBT_LABELS[b], aged[b]] as const), ['Total unpaid', aged.total] as const].map(([label, pence]) => (
        <Box key={label} sx={{ minWidth: '6.5rem' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: label === 'Total unpaid' ? 700 : undefined }}>
            {formatPence(pence)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The account statement of a chosen period (this month at first), and what is owed today by age. */
export function AccountStatement() {
  const [period, setPeriod] = useState(() => monthOf(ukToday()));
  const checked = statementPeriodQuerySchema.safeParse(period);
  const fieldErrors: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  const statement = useAccountStatement(period.from, period.to, checked.success);
  const serverErrors = statement.isError ? (apiErrors(statement.error)?.errors ?? {}) : {};
  const errorOf = (field: 'from' | 'to') => fieldErrors[field] ?? serverErrors[field];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="account-statement-heading" sx={{ p: 2, mt: 3 }}>
      <Typography id="account-statement-heading" variant="h3" component="h2" gutterBottom>
        Statement
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Your invoices and payments in a period, with the balance after each, and what is unpaid today by how long it is past due.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 2, mb: 2 }}>
        <DateInput size="small" type="date" label="From" value={period.from} onChange={(from) => setPeriod((p) => ({ ...p, from }))} error={errorOf('from')} />
        <DateInput size="small" type="date" label="To" value={period.to} onChange={(to) => setPeriod((p) => ({ ...p, to }))} error={errorOf('to')} />
      </Stack>
      {!checked.success ? null : statement.isPending ? (
        <Loading label="Loading your statement…" />
      ) : statement.isError ? (
        Object.keys(serverErrors).length ? null : (
          <LoadFailed error={statement.error} onRetry={() => void statement.refetch()} what="Your statement" />
        )
      ) : (
        <>
          {statement.data.lines.length === 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              No invoices or payments between {formatDay(statement.data.from)} and {formatDay(statement.data.to)}.
            </Alert>
          ) : null}
          <StatementLines statement={statement.data} />
          <Typography variant="h4" component="h3" sx={{ mt: 3 }}>
            Unpaid today by days past due
          </Typography>
          <AgedDebtRow statement={statement.data} />
        </>
      )}
    </Paper>
  );
}
