import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { accountItems } from './navItems';

interface AccountMenuPopupProps {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  isAdmin: boolean;
  /** Whether the account may order (the address book is offered then). */
  mayOrder: boolean;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The account menu's popup (a MUI Menu: arrow keys, Enter and Escape work). Loaded on first use:
 * Menu brings Popover, Modal and the focus trap, which no page needs for its first paint.
 */
export default function AccountMenuPopup({ id, labelledBy, anchor, isAdmin, mayOrder, onClose, onLogout }: AccountMenuPopupProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': labelledBy } }}
    >
      {accountItems(isAdmin, mayOrder).map((item) => (
        <MenuItem key={item.label} component={RouterLink} to={item.to} onClick={onClose}>
          {item.label}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        Logout
      </MenuItem>
    </Menu>
  );
}
