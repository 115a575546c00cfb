import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import './plain.css';

/**
 * A router link in the theme's link style (ink blue, underlined on hover, the focus ring). It takes
 * the surrounding text's size, or the body2 size with `small`.
 */
export function TextLink({ to, small = false, children }: { to: string; small?: boolean; children: ReactNode }) {
  return (
    <RouterLink to={to} className={small ? 'pj-link pj-body2' : 'pj-link'}>
      {children}
    </RouterLink>
  );
}
