import Container from '@mui/material/Container';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { mayOrder } from '../../../shared/api/accounts-basics';
import { useAuth } from '../../../shared/auth';
import { isCurrent, navItems } from './navItems';
import './navBar.css';

/**
 * The navigation bar of wide screens: one row of links on the brand colour. Plain links styled by
 * navBar.css (as MUI's text buttons looked there): the bar is on every signed-in page, hidden on
 * phones, and nine MUI Buttons cost a render of their own on each.
 */
export function NavBar() {
  const location = useLocation();
  const { user } = useAuth();
  return (
    <nav aria-label="Main" className="pj-navbar">
      <Container maxWidth="lg">
        <ul className="pj-navbar-list">
          {navItems(mayOrder(user)).map((item) => {
            const current = isCurrent(item, location);
            return (
              <li key={item.label}>
                <RouterLink to={item.to} aria-current={current ? 'page' : undefined} className="pj-navbar-link">
                  {item.label}
                </RouterLink>
              </li>
            );
          })}
        </ul>
      </Container>
    </nav>
  );
}
