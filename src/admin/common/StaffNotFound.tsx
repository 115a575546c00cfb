import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { staffUrl } from '../staffAreas';
import { StaffTitle } from './StaffTitle';

/**
 * The staff area's 404 (react-admin's `catchAll`): our words, and the ways back. With `record`
 * (e.g. "order 999", "user 999") it says that this record does not exist, for a record page whose
 * id the server does not know.
 */
// `title`: react-admin hands it to a catch-all page; this page makes its own.
export function StaffNotFound({ record }: { record?: string; title?: unknown }) {
  const translate = useTranslate();
  const heading = record ? `${record.charAt(0).toUpperCase()}${record.slice(1)} does not exist` : translate('ra.page.not_found');
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Title title={<StaffTitle page={heading} />} />
      <Typography variant="h2" gutterBottom>
        {heading}
      </Typography>
      <Typography variant="body1" sx={{ maxWidth: 560, mx: 'auto', mb: 3 }}>
        {record ? `There is no ${record}: it may have been deleted, or the link may be mistyped.` : translate('ra.message.not_found')}
      </Typography>
      <Button component={RouterLink} to={staffUrl()} variant="contained">
        Back to the dashboard
      </Button>
    </Paper>
  );
}
