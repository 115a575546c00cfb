import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAuth } from '../../../shared/auth';
import { accountItems, isCurrent, navItems, type NavItem } from './navItems';
import { useLogout } from './useLogout';

/**
 * The navigation bar and account menu of narrow screens, folded into a drawer. MUI's Drawer is a
 * modal: focus moves into it, Tab stays inside, Escape closes it and focus returns to the button.
 */
export function MobileNav() {
  const { user } = useAuth();
  const location = useLocation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const links = (items: NavItem[]) =>
    items.map((item) => {
      const current = isCurrent(item, location);
      return (
        <ListItemButton key={item.label} component={RouterLink} to={item.to} onClick={close} selected={current} aria-current={current ? 'page' : undefined}>
          <ListItemText primary={item.label} />
        </ListItemButton>
      );
    });

  return (
    <Box sx={{ display: { xs: 'block', md: 'none' } }}>
      <IconButton aria-label="Open menu" aria-haspopup="dialog" aria-expanded={open} edge="start" color="primary" onClick={() => setOpen(true)}>
        <MenuIcon />
      </IconButton>
      <Drawer anchor="left" open={open} onClose={close} slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw' } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pl: 2, pr: 1, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <Typography component="p" variant="h6">
            Menu
          </Typography>
          <IconButton aria-label="Close menu" color="inherit" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box component="nav" aria-label="Main">
          <List>{links(navItems())}</List>
        </Box>
        <Divider />
        <List aria-label="Your account" subheader={<ListSubheader>{user?.firstname ? `${user.firstname}'s account` : 'Your account'}</ListSubheader>}>
          {links(accountItems(user?.role === 'admin'))}
          <ListItemButton
            onClick={() => {
              close();
              void logout();
            }}
          >
            <ListItemText primary="Logout" />
          </ListItemButton>
        </List>
      </Drawer>
    </Box>
  );
}
