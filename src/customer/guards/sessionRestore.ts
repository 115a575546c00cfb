import { fetchUser, getAuthState } from '../../shared/auth';

/**
 * Specification §2 guard 5, the authentication check every navigation starts with: a token but no
 * user (a reload, a new tab) → load the user. A failure is ignored (fetchUser already cleared the
 * dead token), so the navigation continues and the route's own guards judge a signed-out visitor.
 */
export async function restoreSession(): Promise<void> {
  const { user, token } = getAuthState();
  if (user || !token) return;
  try {
    await fetchUser();
  } catch {
    // Ignored on purpose (specification §8).
  }
}
