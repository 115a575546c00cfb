import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { AppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

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

/** The brand's ink blue (react-admin's default bar is the secondary colour), the page title, and the way back. */
export function StaffAppBar() {
  return (
    <AppBar
      color="primary"
      toolbar={
        <>
          <CustomerSiteButton />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}
