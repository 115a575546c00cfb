import { RouterProvider } from 'react-router-dom';
import type { createCustomerRouter } from './routes';

/**
 * The whole browser app: the data router (the staff area is one of its routes). The MUI theme is
 * not here but in the layouts whose pages use MUI (layouts/MuiTheme.tsx): the signed-out pages and
 * everything of the first download (progress bar, first-load indicator, error layout) are plain,
 * so a visit that starts on /login loads no MUI at all.
 */
export function CustomerApp({ router }: { router: ReturnType<typeof createCustomerRouter> }) {
  return <RouterProvider router={router} />;
}
