import { Outlet } from 'react-router-dom';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * Sets the page title for whatever page renders below. It sits on the route whose error boundary
 * shows the error layout, so while that layout is shown it is unmounted and "Error" stays the title.
 */
export function TitledOutlet() {
  useDocumentTitle();
  return <Outlet />;
}
