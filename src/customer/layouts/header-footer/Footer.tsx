import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ContactDetails, useHasContact } from '../../components/ContactDetails';
import { SettingText } from '../../components/SettingText';
import { APP_NAME, WORKING_HOURS } from '../../config';
import { route } from '../../paths';

/**
 * The footer (specification §1, §2): working hours, the company address, how to reach the printer
 * (telephone and e-mail, when set), copyright, legal links.
 */
export function Footer() {
  const hasContact = useHasContact();
  const column = { xs: 12, sm: 6, md: hasContact ? 3 : 4 };
  return (
    <Box component="footer" sx={{ mt: 'auto', bgcolor: 'primary.dark', color: 'primary.contrastText', py: 4 }}>
      <Container maxWidth="lg">
        <Grid container spacing={3}>
          <Grid size={column}>
            <Typography variant="h6" component="h2" gutterBottom>
              Opening hours
            </Typography>
            <Typography variant="body2">{WORKING_HOURS}</Typography>
          </Grid>
          {/* With no address to show (the setting failed to load), the column goes rather than stand empty. */}
          <Grid size={column} sx={{ '&:has(address:empty)': { display: 'none' } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Address
            </Typography>
            {/* The address setting keeps its line breaks. */}
            <Typography variant="body2" component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
              <SettingText name="COMPANY_ADDRESS" />
            </Typography>
          </Grid>
          {hasContact && (
            <Grid size={column}>
              <Typography variant="h6" component="h2" gutterBottom>
                Contact us
              </Typography>
              <ContactDetails color="inherit" />
            </Grid>
          )}
          <Grid size={column}>
            <Typography variant="h6" component="h2" gutterBottom>
              Legal
            </Typography>
            <Stack spacing={0.5}>
              <Link component={RouterLink} to={route('privacy')} color="inherit" variant="body2">
                Privacy notice
              </Link>
              <Link component={RouterLink} to={route('terms')} color="inherit" variant="body2">
                Terms and conditions
              </Link>
            </Stack>
          </Grid>
        </Grid>
        <Typography variant="body2" sx={{ mt: 3, opacity: 0.85 }}>
          © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
