import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { LoadingIndicator } from '../../shared/ui';
import { ProgressBar } from './ProgressBar';
import { navigationProgress } from './progress';

/** Shown while the first page of a visit loads (restoring the session, fetching its chunk). */
export function InitialLoading() {
  useEffect(() => {
    navigationProgress.start();
  }, []);
  return (
    <>
      <ProgressBar />
      <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
        <LoadingIndicator />
      </Box>
    </>
  );
}
