import type { AuthProvider, UserIdentity } from 'react-admin';
import { getAuthState, login, logout } from '../../shared/auth';
import { rememberIntendedUrl } from '../../shared/auth/intendedUrl';
import { route } from '../../customer/paths';
import { canAccess } from './canAccess';

/** The customer site's sign-in page: the staff area has none of its own (DESIGN §1 pitfalls). */
const LOGIN_PATH = route('login');

/** Where the visitor is now, to come back to after signing in (specification: the intended_url cookie). */
function rememberHere(): void {
  const { pathname, search } = window.location;
  if (pathname !== LOGIN_PATH) rememberIntendedUrl(pathname + search);
}

/** A refusal react-admin turns into "log out and go to the customer login", without a toast of its own. */
const signInAgain = () => ({ redirectTo: LOGIN_PATH, message: false as const });

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * react-admin's authProvider on the shared session (src/shared/auth). The customer router has
 * already restored the session and let only staff in, so checkAuth just looks at it.
 */
export const authProvider: AuthProvider = {
  // Never shown (no login page here); kept so that react-admin's useLogin would sign in the usual way.
  async login(params: { email: string; password: string; remember?: boolean }) {
    await login(params);
  },

  async logout() {
    await logout();
    return LOGIN_PATH;
  },

  /** Local and cheap: no request, only the session the browser holds. */
  async checkAuth() {
    if (getAuthState().user) return;
    rememberHere();
    throw signInAgain();
  },

  /** 401: the session is over — log out and sign in again. 403: refused, but still signed in. */
  async checkError(error: unknown) {
    const status = statusOf(error);
    if (status === 401) {
      rememberHere();
      throw signInAgain();
    }
    if (status === 403) throw { logoutUser: false, message: 'You are not allowed to do this.' };
  },

  async getIdentity(): Promise<UserIdentity> {
    const { user } = getAuthState();
    if (!user) throw signInAgain();
    return { id: user.id, fullName: `${user.firstname} ${user.lastname}`.trim(), email: user.email };
  },

  async canAccess(params) {
    return canAccess(getAuthState().user, params);
  },
};
