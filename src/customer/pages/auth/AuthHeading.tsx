import type { ReactNode } from 'react';
import { useRouteHandle } from '../../navigation/routeHandle';
import '../../mui-free/muiFree.css';

/** The heading of a signed-out page: the route's title, and a line saying what the page is for. */
export function AuthHeading({ children }: { children?: ReactNode }) {
  const title = useRouteHandle()?.title;
  return (
    <>
      <h1 className="pj-h1 pj-gutter">{title}</h1>
      {children && <p className="pj-body1 pj-text-secondary pj-lead">{children}</p>}
    </>
  );
}
