import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import { useLogout } from './useLogout';

const loadDrawer = () => import('./MobileNavDrawer');
const MobileNavDrawer = lazy(loadDrawer);

/**
 * The navigation bar and account menu of narrow screens, folded into a drawer (MobileNavDrawer),
 * fetched when a finger or the keyboard comes to the button and kept once it has opened.
 */
export function MobileNav() {
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  return (
    <Box sx={{ display: { xs: 'block', md: 'none' } }}>
      <IconButton
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        edge="start"
        color="primary"
        onPointerDown={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onClose={() => setOpen(false)} onLogout={() => void logout()} />
        </Suspense>
      )}
    </Box>
  );
}
