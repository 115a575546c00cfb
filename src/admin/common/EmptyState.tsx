import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** An honest "nothing here yet": what will appear, and why it is not there now. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="h3" component="h2" color="text.primary" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body1" sx={{ maxWidth: 560, mx: 'auto' }}>
        {children}
      </Typography>
    </Box>
  );
}
