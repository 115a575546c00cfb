import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled panel of a record's page (an order's or a ticket's customer, delivery, …). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h3" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A line of a section that may hold long words (e-mail addresses, references). */
export const Line = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
    {children}
  </Typography>
);
