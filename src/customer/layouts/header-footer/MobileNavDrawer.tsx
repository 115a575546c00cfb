import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { mayOrder } from '../../../shared/api/accounts-basics';
import { useAuth } from '../../../shared/auth';
import { accountItems, isCurrent, navItems, type NavItem } from './navItems';

/**
 * The drawer of narrow screens: the navigation bar and the account menu. MUI's Drawer is a modal:
 * focus moves into it, Tab stays inside, Escape closes it and focus returns to the button. Loaded
 * on first use (MobileNav): Drawer brings Modal, the focus trap and the transitions.
 */
export default function MobileNavDrawer({ open, onClose, onLogout }: { open: boolean; onClose: () => void; onLogout: () => void }) {
  const { user } = useAuth();
  const location = useLocation();

  const links = (items: NavItem[]) =>
    items.map((item) => {
      const current = isCurrent(item, location);
      // A list holds list items: each link inside its <li>.
      return (
        <ListItem key={item.label} disablePadding>
          <ListItemButton component={RouterLink} to={item.to} onClick={onClose} selected={current} aria-current={current ? 'page' : undefined}>
            <ListItemText primary={item.label} />
          </ListItemButton>
        </ListItem>
      );
    });

  return (
    // A modal dialog named by its heading, as the button that opens it announces (aria-haspopup="dialog").
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': 'mobile-menu-title', sx: { width: 280, maxWidth: '85vw' } } as object }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          pl: 2,
          pr: 1,
          py: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography component="h2" variant="h6" id="mobile-menu-title">
          Menu
        </Typography>
        <IconButton aria-label="Close menu" color="inherit" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Main">
        <List>{links(navItems(mayOrder(user)))}</List>
      </Box>
      <Divider />
      <List aria-label="Your account" subheader={<ListSubheader>{user?.firstname ? `${user.firstname}'s account` : 'Your account'}</ListSubheader>}>
        {links(accountItems(user?.role === 'admin', mayOrder(user)))}
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            <ListItemText primary="Logout" />
          </ListItemButton>
        </ListItem>
      </List>
    </Drawer>
  );
}
