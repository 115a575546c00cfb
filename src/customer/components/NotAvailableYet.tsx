import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The honest empty state of a page whose feature is not online yet: says so, says what to do
 * meanwhile, and offers a way back.
 */
export function NotAvailableYet({ children }: { children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h2" gutterBottom>
        Not available yet
      </Typography>
      <Box sx={{ maxWidth: 560, mx: 'auto', mb: 3 }}>
        <Typography variant="body1" color="text.secondary">
          {children ?? 'This part of your account is still being set up and is not available online yet.'}
        </Typography>
      </Box>
      <Button component={RouterLink} to="/" variant="outlined">
        Back to the home page
      </Button>
    </Paper>
  );
}
