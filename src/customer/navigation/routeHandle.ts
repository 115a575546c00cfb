import { useMatches } from 'react-router-dom';
import type { User } from '../../shared/api/accounts';

/** What every route of the table carries in its React Router `handle`. */
export interface RouteHandle {
  name?: string;
  title: string;
  /** The title for who is looking, where the page speaks to them (else `title`). */
  titleFor?: (user: User | null) => string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that has one (the page being shown). */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
