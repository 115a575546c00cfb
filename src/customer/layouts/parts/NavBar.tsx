import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { isCurrent, navItems } from './navItems';

/** The navigation bar of wide screens: one row of links on the brand colour. */
export function NavBar() {
  const location = useLocation();
  return (
    <Box component="nav" aria-label="Main" sx={{ bgcolor: 'primary.main', display: { xs: 'none', md: 'block' } }}>
      <Container maxWidth="lg">
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, py: 0.75, px: 0 }}>
          {navItems().map((item) => {
            const current = isCurrent(item, location);
            return (
              <li key={item.label}>
                <Button
                  component={RouterLink}
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  sx={{
                    color: 'primary.contrastText',
                    px: 1.5,
                    bgcolor: current ? 'rgba(255,255,255,0.16)' : 'transparent',
                    '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' },
                    '&.Mui-focusVisible': { outline: '2px solid #fff', outlineOffset: 1 },
                  }}
                >
                  {item.label}
                </Button>
              </li>
            );
          })}
        </Box>
      </Container>
    </Box>
  );
}
