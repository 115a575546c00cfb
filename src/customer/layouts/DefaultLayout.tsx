import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router-dom';
import { QueryProvider } from '../api/queryClient';
import { useSettingText } from '../api/settingHooks';
import { AccountMenu } from './header-footer/AccountMenu';
import { Footer } from './header-footer/Footer';
import { Logo } from './header-footer/Logo';
import { MobileNav } from './header-footer/MobileNav';
import { NavBar } from './header-footer/NavBar';
import { SkipLink } from './header-footer/SkipLink';
import { StatusBanner } from './header-footer/StatusBanner';
import { MuiTheme } from './MuiTheme';

/** The signed-in layout (specification §1): status banner, header, navigation bar, page, footer. */
export function DefaultFrame() {
  const statusText = useSettingText('STATUS_TEXT');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink target="main" />
      <StatusBanner text={statusText} />
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1.5 }}>
          <MobileNav />
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <AccountMenu />
          </Box>
        </Container>
        <NavBar />
      </Box>
      {/* At least a window high: the footer starts below the fold, so a page that shows a spinner
          and then its content does not push the footer down in view (layout shifts). */}
      <Container component="main" id="main" tabIndex={-1} maxWidth="lg" sx={{ py: { xs: 3, sm: 4 }, flexGrow: 1, minHeight: '100vh', outline: 'none' }}>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}

/** The signed-in layout with the MUI theme and the query cache its pages need. */
export default function DefaultLayout() {
  return (
    <QueryProvider>
      <MuiTheme>
        <DefaultFrame />
      </MuiTheme>
    </QueryProvider>
  );
}
