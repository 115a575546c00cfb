import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StaffTitle } from '../common/StaffTitle';
import { staffUrl, type StaffArea } from './staffAreas';

/** The honest page of an area a later release builds: what it will hold, and what exists already. */
export function ComingSoonPage({ area }: { area: StaffArea }) {
  return (
    <Paper variant="outlined" sx={{ mt: 2, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Title title={<StaffTitle page={area.name} />} />
      <Box component="img" src={area.image} alt="" width={72} height={72} />
      <Typography variant="h2" sx={{ mt: 1 }} gutterBottom>
        {area.name}
      </Typography>
      <Typography variant="body1" sx={{ maxWidth: 560, mx: 'auto' }}>
        This part of the staff area is not built yet. It will hold: {area.description.charAt(0).toLowerCase() + area.description.slice(1)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
        {area.parts?.map((part) => (
          <Button key={part.path} component={RouterLink} to={staffUrl(part.path)} variant="contained" startIcon={<part.MenuIcon />}>
            {part.name}
          </Button>
        ))}
        <Button component={RouterLink} to={staffUrl()} variant="outlined">
          Back to the dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
