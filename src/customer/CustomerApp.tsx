import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RouterProvider } from 'react-router-dom';
import type { createCustomerRouter } from './routes';
import { theme } from './theme';

/** The whole browser app: the theme around the data router (the staff area is one of its routes). */
export function CustomerApp({ router }: { router: ReturnType<typeof createCustomerRouter> }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
