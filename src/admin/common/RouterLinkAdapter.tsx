import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** Lets MUI components that render `href` (e.g. the shared DashboardTile) navigate inside the router. */
export const RouterLinkAdapter = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }>(function RouterLinkAdapter(
  { href, ...props },
  ref,
) {
  return <RouterLink ref={ref} to={href} {...props} />;
});
