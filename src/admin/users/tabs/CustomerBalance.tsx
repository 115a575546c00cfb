import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetList } from 'react-admin';
import type { AgedDebtRow } from '../../../shared/api/statements';
import { AGED_DEBT_BUCKETS, AGED_DEBT_LABELS } from '../../../shared/domain/payments/statement';
import { formatPence } from '../../../shared/domain/pricing/format';

/** What the customer owes today, by days past due, and their credit: their row of the aged-debt report. */
export function CustomerBalance({ userId }: { userId: number }) {
  const { data, isPending, error } = useGetList<AgedDebtRow>('aged-debt', { filter: { id: userId }, pagination: { page: 1, perPage: 1 } });
  if (isPending) return null;
  if (error)
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        The balance could not be loaded.
      </Alert>
    );
  const row = data?.[0];
  if (!row) return <Typography sx={{ mb: 2 }}>Balance: nothing owed, no credit.</Typography>;
  const figures: [string, number][] = [
    ['Total owed', row.total],
    ...AGED_DEBT_BUCKETS.map((b): [string, number] => [AGED_DEBT_LABELS[b], row[b]]),
    ['Credit', row.credit],
  ];
  return (
    <Box component="section" aria-label="Balance" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Balance
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
        {figures.map(([label, pence]) => (
          <Box key={label} sx={{ minWidth: '6.5rem' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: label === 'Total owed' ? 700 : undefined }}>
              {formatPence(pence)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
