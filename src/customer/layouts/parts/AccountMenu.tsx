import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../../shared/auth';
import { accountItems } from './navItems';
import { useLogout } from './useLogout';

/** The account menu of wide screens (a MUI Menu: arrow keys, Enter and Escape work). */
export function AccountMenu() {
  const { user } = useAuth();
  const logout = useLogout();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  if (!user) return null;

  return (
    <>
      <Button
        id={`${menuId}-button`}
        color="primary"
        startIcon={<AccountCircle aria-hidden />}
        endIcon={<ExpandMore aria-hidden />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {user.firstname || 'Your account'}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': `${menuId}-button` } }}
      >
        {accountItems(user.role === 'admin').map((item) => (
          <MenuItem key={item.label} component={RouterLink} to={item.to} onClick={close}>
            {item.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
