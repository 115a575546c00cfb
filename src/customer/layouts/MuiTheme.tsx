import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../shared/ui/theme';

/**
 * The MUI theme around the layouts whose pages use MUI (signed in, and the public pages). It sits
 * here rather than around the whole app so that the signed-out pages, built without MUI, load none:
 * MUI and emotion arrive with the first page that needs them.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
