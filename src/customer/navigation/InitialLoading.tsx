import { useEffect } from 'react';
import { LoadingIndicator } from '../../shared/ui/LoadingIndicator';
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
      <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
        <LoadingIndicator />
      </div>
    </>
  );
}
