import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import './muiFree.css';

/**
 * A router link in the theme's link style (ink blue, always underlined, the focus ring). It takes
 * the surrounding text's size, or the body2 size with `small`; `state` travels with the navigation.
 */
export function TextLink({ to, small = false, state, children }: { to: string; small?: boolean; state?: unknown; children: ReactNode }) {
  return (
    <RouterLink to={to} state={state} className={small ? 'pj-link pj-body2' : 'pj-link'}>
      {children}
    </RouterLink>
  );
}
