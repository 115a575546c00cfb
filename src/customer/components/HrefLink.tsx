import type { Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

/**
 * A router link for components that hand their link element an `href` (the shared DashboardTile,
 * MUI's ListItemButton/MenuItem with `component`), so following it is a client-side navigation.
 */
export function HrefLink({ href, ref, ...props }: Omit<LinkProps, 'to'> & { href: string; ref?: Ref<HTMLAnchorElement> }) {
  return <Link ref={ref} to={href} {...props} />;
}
