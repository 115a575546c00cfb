import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title } from 'react-admin';
import type { ReportQueryInput } from '../../shared/api/staff-reports';
import { ukToday } from '../../shared/domain/orders/overdue';
import { defaultReportRange, REPORT_NAMES, type ReportGroup } from '../../shared/domain/reports/reports';
import { StaffTitle } from '../common/StaffTitle';
import { fieldErrorsOf } from '../dataProvider/errors';
import { ReportPanel } from './ReportPanel';
import { useReport } from './useReport';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const GROUP_NAMES: Record<ReportGroup, string> = { day: 'Day', week: 'Week', month: 'Month' };

/**
 * /admin/reports: the business over a chosen range (this month so far to begin with), grouped by
 * day, week or month — orders and revenue, on-time dispatch, artwork checks, working days to
 * dispatch, top customers, and what waits now. Each report has its table view and its CSV.
 */
export default function ReportsPage() {
  const [range, setRange] = useState(() => ({ ...defaultReportRange(ukToday()), group: 'day' as ReportGroup }));
  // A day half typed is not asked about; a whole one is, and the server says what is wrong with the range.
  const complete = DAY.test(range.from) && DAY.test(range.to);
  const query: ReportQueryInput = range;
  // The range's refusal (first day after the last, over three years) is the same for every report: read once, shown beside the fields.
  const probe = useReport('orders', query, complete);
  const errors = probe.error ? fieldErrorsOf(probe.error) : {};
  const refused = Object.keys(errors).length > 0;

  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Title title={<StaffTitle page="Reports" />} />
      <Typography variant="h2" gutterBottom>
        Reports
      </Typography>
      <Stack component="form" aria-label="Report range" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }} onSubmit={(e) => e.preventDefault()}>
        <TextField
          type="date"
          label="First day"
          value={range.from}
          onChange={(e) => setRange({ ...range, from: e.target.value })}
          error={Boolean(errors.from) || !DAY.test(range.from)}
          helperText={errors.from ?? (DAY.test(range.from) ? ' ' : 'Give the first day')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label="Last day"
          value={range.to}
          onChange={(e) => setRange({ ...range, to: e.target.value })}
          error={Boolean(errors.to) || !DAY.test(range.to)}
          helperText={errors.to ?? (DAY.test(range.to) ? ' ' : 'Give the last day')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label="Group by"
          value={range.group}
          onChange={(e) => setRange({ ...range, group: e.target.value as ReportGroup })}
          error={Boolean(errors.group)}
          helperText={errors.group ?? ' '}
          sx={{ minWidth: 140 }}
        >
          {Object.entries(GROUP_NAMES).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {refused && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Correct the range to see the reports.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {REPORT_NAMES.map((name) => (
          <ReportPanel key={name} name={name} query={name === 'waiting' ? {} : query} enabled={name === 'waiting' || (complete && !refused)} />
        ))}
      </Box>
    </Box>
  );
}
