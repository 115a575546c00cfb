import { useEffect } from 'react';
import { useAuth } from '../../shared/auth';
import { formatTitle } from './title';
import { useRouteHandle } from './routeHandle';

/** Keeps document.title as "<page title> | <APP_NAME>" for the route being shown. */
export function useDocumentTitle(): void {
  const handle = useRouteHandle();
  const { user } = useAuth();
  const title = handle?.titleFor ? handle.titleFor(user) : handle?.title;
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
}
