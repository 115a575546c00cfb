import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ukToday } from '../../shared/domain/orders/overdue';
import { defaultReportRange } from '../../shared/domain/reports/reports';
import { ReportPanel } from '../reports/ReportPanel';

/** How the month is going, under the dashboard's tiles: orders and revenue by day, dispatch on time, and what waits now. */
export default function MonthAtAGlance() {
  const month = defaultReportRange(ukToday());
  return (
    <Box component="section" aria-labelledby="month-at-a-glance" sx={{ mt: 4, minWidth: 0 }}>
      <Typography id="month-at-a-glance" variant="h2" gutterBottom sx={{ fontSize: '1.5rem' }}>
        This month so far
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr' } }}>
        <Box sx={{ gridRow: { md: 'span 2' }, minWidth: 0 }}>
          <ReportPanel name="orders" title="Orders and revenue by day" query={{ ...month, group: 'day' }} height={300} />
        </Box>
        <ReportPanel name="on-time" title="Dispatched on time" query={{ ...month, group: 'month' }} height={160} />
        <ReportPanel name="waiting" title="Waiting now" query={{}} height={160} />
      </Box>
    </Box>
  );
}
