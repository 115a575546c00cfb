import { lazy, Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import AccountCircle from '@mui/icons-material/AccountCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { mayOrder } from '../../../shared/api/accounts-basics';
import { useAuth } from '../../../shared/auth';
import { useLogout } from './useLogout';

const loadPopup = () => import('./AccountMenuPopup');
const AccountMenuPopup = lazy(loadPopup);

/**
 * The account menu of wide screens: its button, and the menu (AccountMenuPopup) fetched when the
 * pointer or the keyboard comes to the button, kept once it has opened.
 */
export function AccountMenu() {
  const { user } = useAuth();
  const logout = useLogout();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
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
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        {user.firstname || 'Your account'}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <AccountMenuPopup
            id={menuId}
            labelledBy={`${menuId}-button`}
            anchor={anchor}
            isAdmin={user.role === 'admin'}
            mayOrder={mayOrder(user)}
            onClose={close}
            onLogout={() => void logout()}
          />
        </Suspense>
      )}
    </>
  );
}
