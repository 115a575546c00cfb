import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * The error layout (specification §2): a page of its own, without the navigation that may be what
 * failed. Its heading and text are the specification's; `children` adds what the visitor can do.
 */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Container maxWidth="sm" disableGutters>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography variant="h1" gutterBottom>
            Error
          </Typography>
          <Typography variant="body1" sx={{ mb: 3 }}>
            There has been a problem
          </Typography>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
