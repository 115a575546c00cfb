import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { APP_NAME } from '../config';
import { route } from '../routes';
import { Logo } from './parts/Logo';
import { StatusBanner } from './parts/StatusBanner';

/**
 * The signed-out layout (specification §1): the status banner and the page centred on a card.
 * `wide` gives reading pages (terms, privacy) a wider card than the forms.
 */
export function PlainFrame({ wide = false }: { wide?: boolean }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <StatusBanner />
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: { xs: 3, sm: 6 }, px: { xs: 1.5, sm: 2 } }}>
        <Container maxWidth={wide ? 'md' : 'sm'} disableGutters>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <Logo height={48} />
          </Box>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Outlet />
          </Paper>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              © {new Date().getFullYear()} {APP_NAME}
            </Typography>
            <Link component={RouterLink} to={route('privacy')} variant="body2">
              Privacy notice
            </Link>
            <Link component={RouterLink} to={route('terms')} variant="body2">
              Terms and conditions
            </Link>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}

export default function PlainLayout() {
  return <PlainFrame />;
}
