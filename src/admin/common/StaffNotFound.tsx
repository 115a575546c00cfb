import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { staffUrl } from '../areas/staffAreas';
import { StaffTitle } from './StaffTitle';

/** The staff area's 404 (react-admin's `catchAll`): our words, and the ways back. */
export function StaffNotFound() {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Title title={<StaffTitle page={translate('ra.page.not_found')} />} />
      <Typography variant="h2" gutterBottom>
        {translate('ra.page.not_found')}
      </Typography>
      <Typography variant="body1" sx={{ maxWidth: 560, mx: 'auto', mb: 3 }}>
        {translate('ra.message.not_found')}
      </Typography>
      <Button component={RouterLink} to={staffUrl()} variant="contained">
        Back to the dashboard
      </Button>
    </Paper>
  );
}
