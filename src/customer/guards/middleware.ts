import { redirect, type MiddlewareFunction } from 'react-router-dom';
import { getAuthState } from '../../shared/auth';
import { rememberIntendedUrl } from '../../shared/auth/intendedUrl';
import { restoreSession } from './sessionRestore';
import { runGuards } from './runGuards';
import type { Guard } from './types';

/**
 * The root route's middleware: runs first on every navigation (React Router runs middleware from
 * the root down, before any loader or page data), so the route guards below see a restored session.
 */
export const sessionRestoreMiddleware: MiddlewareFunction = async () => {
  await restoreSession();
};

/** A page route's middleware: its guards in order, and the one place their verdicts take effect. */
export function guardsMiddleware(guards: readonly Guard[]): MiddlewareFunction {
  return ({ request }) => {
    const verdict = runGuards(guards, { user: getAuthState().user, target: new URL(request.url) });
    if (!verdict) return;
    if (verdict.intendedUrl) rememberIntendedUrl(verdict.intendedUrl);
    throw redirect(verdict.to);
  };
}
