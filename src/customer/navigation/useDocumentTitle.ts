import { useEffect } from 'react';
import { formatTitle } from './title';
import { useRouteHandle } from './routeHandle';

/** Keeps document.title as "<page title> | <APP_NAME>" for the route being shown. */
export function useDocumentTitle(): void {
  const title = useRouteHandle()?.title;
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
}
