import type { User } from '../../shared/api';

/** What a guard may look at: who is signed in, and where the navigation is going. */
export interface GuardContext {
  user: User | null;
  /** The requested location, e.g. /orders?status=live. */
  target: URL;
}

/** A guard's verdict when it turns the navigation away. */
export interface GuardRedirect {
  to: string;
  /** Set by the auth guard: the path (with its query) to come back to after login. */
  intendedUrl?: string;
}

/**
 * A route guard as a pure function: undefined lets the navigation continue, a redirect turns it
 * away. Side effects (the intended_url cookie, the redirect itself) happen in one place, the
 * route middleware, so every guard can be tested without a router or a browser.
 */
export interface Guard {
  (context: GuardContext): GuardRedirect | undefined;
  /** For the route table and for messages, e.g. "auth" or "role:user,trade,admin". */
  readonly guardName: string;
}

/** Names a guard function (keeps the route table readable and tests' failures clear). */
export function defineGuard(guardName: string, check: (context: GuardContext) => GuardRedirect | undefined): Guard {
  return Object.assign((context: GuardContext) => check(context), { guardName });
}
