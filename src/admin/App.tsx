import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * The staff area at /admin/* — a placeholder until the react-admin app replaces it. It is already
 * loaded lazily behind the admin-only guard, so the customer bundle never contains it.
 */
export default function AdminApp() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, textAlign: 'center' }}>
        <Typography variant="h1" gutterBottom>
          Administration
        </Typography>
        <Typography variant="body1" sx={{ mb: 3 }}>
          The staff area is being built. Users, stock, products, delivery, orders, batches, Royal Mail, tickets and
          settings will be managed here.
        </Typography>
        <Button variant="contained" href="/">
          Back to the customer site
        </Button>
      </Paper>
    </Box>
  );
}
