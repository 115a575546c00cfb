import { useEffect } from 'react';
import { useNavigation } from 'react-router-dom';
import { navigationProgress, type ProgressController } from './progress';

/**
 * Drives the bar from the data router: any navigation that is not idle (running middleware and
 * guards, downloading a lazy page, loading route data) runs it; back to idle finishes it. A failed
 * navigation is reported by the error boundary, whose effect runs before this one.
 */
export function useNavigationProgress(controller: ProgressController = navigationProgress): void {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (busy) controller.start();
    else controller.finish();
  }, [busy, controller]);
}
