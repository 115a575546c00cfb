import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A record page's heading: its name with its status chips on the left, its actions on the right
 * (under the name on a narrow screen). The same on an order, a batch and a ticket.
 */
export function RecordHeading({ title, chips, actions }: { title: ReactNode; chips?: ReactNode; actions?: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {chips}
      </Stack>
      {actions}
    </Stack>
  );
}
