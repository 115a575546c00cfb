import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRouteHandle } from '../../navigation/routeHandle';

/** The frame of the terms and the privacy notice: readable line length, the date they took effect. */
export function LegalPage({ updated, summary, children }: { updated: string; summary: ReactNode; children: ReactNode }) {
  const title = useRouteHandle()?.title;
  return (
    <Box component="article" sx={{ maxWidth: '72ch' }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Last updated {updated}
      </Typography>
      <Box sx={{ bgcolor: 'action.hover', borderLeft: 4, borderColor: 'secondary.main', p: 2, my: 2, borderRadius: 1 }}>{summary}</Box>
      {children}
    </Box>
  );
}
