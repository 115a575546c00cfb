import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../../shared/auth';
import { route } from '../../paths';

/** Any path the route table does not know (specification §2, §8). */
export default function NotFoundPage() {
  const { signedIn } = useAuth();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h1">Page not found</Typography>
      <Typography variant="body1">We could not find the page you asked for. It may have moved, or the address may be mistyped.</Typography>
      <Button component={RouterLink} to={signedIn ? route('home') : route('login')} variant="contained">
        {signedIn ? 'Go to the home page' : 'Go to log in'}
      </Button>
    </Stack>
  );
}
