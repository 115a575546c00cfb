import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { navigationProgress } from '../navigation/progress';
import { PageLoadError } from '../navigation/lazyModule';
import { reloadOncePerPath, wasReloadedFor } from '../navigation/reloadOnce';
import { formatTitle } from '../navigation/title';
import { Button, ButtonLink } from '../mui-free/Button';
import { ErrorLayout } from './ErrorLayout';

/**
 * What a route shows when its page could not be loaded or its data loading failed
 * (specification §8): a failed page download reloads the browser, once per path; anything else,
 * and a second failure, shows the error layout. The progress bar turns red either way.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const [reloadRefused, setReloadRefused] = useState(false);
  // A pure read while rendering; the mark and the reload happen in the effect.
  const willReload = error instanceof PageLoadError && !reloadRefused && !wasReloadedFor(pathname);

  useEffect(() => {
    if (willReload) {
      if (!reloadOncePerPath(pathname)) setReloadRefused(true);
      return;
    }
    navigationProgress.fail();
    document.title = formatTitle('Error');
    if (!isRouteErrorResponse(error)) console.error('Route failed', error);
  }, [error, pathname, willReload]);

  if (willReload) return null;
  return (
    <ErrorLayout>
      <div className="pj-error-actions">
        <Button onClick={() => window.location.reload()}>Try again</Button>
        {/* A full page load, not a router link: the router may be what just failed. */}
        <ButtonLink variant="outlined" href="/">
          Go to the home page
        </ButtonLink>
      </div>
    </ErrorLayout>
  );
}
