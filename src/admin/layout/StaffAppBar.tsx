import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { AppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StaffUserMenu } from './StaffUserMenu';

/** The link back to the customer site (where staff see what customers see); just the icon on a phone. */
function CustomerSiteButton() {
  return (
    <Button component={RouterLink} to="/" color="inherit" aria-label="Customer site" sx={{ whiteSpace: 'nowrap', minWidth: 0 }}>
      <StorefrontIcon />
      <Box component="span" sx={{ ml: 1, display: { xs: 'none', sm: 'inline' } }}>
        Customer site
      </Box>
    </Button>
  );
}

/**
 * The brand's ink blue (react-admin's default bar is the secondary colour), the page title, and the
 * way back. The title is each staff page's h1 (every staff page has one); pages put their
 * own headings at h2 and below.
 */
export function StaffAppBar() {
  return (
    <AppBar
      color="primary"
      userMenu={<StaffUserMenu />}
      toolbar={
        <>
          <CustomerSiteButton />
          {/* Its spinner is a progressbar, which must have a name (axe); the props reach it. */}
          <LoadingIndicator aria-label="Loading" />
        </>
      }
    >
      <TitlePortal component="h1" variant="h6" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }} />
    </AppBar>
  );
}
