import { isAxiosError } from 'axios';
import type { LoginInput, RegisterInput, User } from '../api';
import { ROLES } from '../api/accounts-basics';
import { http } from '../http/client';
import { clearSession, getToken, saveToken, setUser } from './state';

// The answers are checked by hand, not with the shared zod schemas: this module is on the first
// page load, and zod would add a fifth to it. The server builds these bodies from the same
// schemas; what can still arrive is something else entirely (a proxy's HTML page, an old build).
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body of GET /api/user as a User, or a TypeError when it is not one. */
export function asUser(data: unknown): User {
  const ok =
    isRecord(data) &&
    typeof data.id === 'number' &&
    typeof data.email === 'string' &&
    typeof data.firstname === 'string' &&
    (ROLES as readonly unknown[]).includes(data.role);
  if (!ok) throw new TypeError('The answer is not a user');
  return data as unknown as User;
}

/** The token of a login or registration answer `{token}`. */
function tokenOf(data: unknown): string {
  if (isRecord(data) && typeof data.token === 'string' && data.token !== '') return data.token;
  throw new TypeError('The answer carries no token');
}

/**
 * Loads the current user with the stored token. Any failure (401, network, an unexpected
 * answer) ends the session: token and cookie are cleared and the result is null.
 */
export async function fetchUser(): Promise<User | null> {
  const token = getToken();
  try {
    const { data } = await http.get<unknown>('/api/user');
    const user = asUser(data);
    setUser(user);
    return user;
  } catch (error) {
    // Unless a login replaced the token meanwhile: a stale failure must not end the new session.
    if (getToken() === token) clearSession();
    // A failed request is expected (expired token); a body that breaks the contract is a bug.
    if (!isAxiosError(error)) console.error('GET /api/user answered an unexpected body', error);
    return null;
  }
}

async function startSession(token: string, remember: boolean): Promise<User> {
  saveToken(token, remember);
  const user = await fetchUser();
  if (!user) throw new Error('Signed in, but the account could not be loaded');
  return user;
}

/** Signs in. Rejects with the axios error on failure, so forms can show the 422 field messages. */
export async function login(input: LoginInput): Promise<User> {
  const remember = input.remember ?? false;
  const { data } = await http.post<unknown>('/api/login', { email: input.email, password: input.password, remember });
  return startSession(tokenOf(data), remember);
}

/** Creates the account (201 `{token}`) and signs in for this browser session only. */
export async function register(input: RegisterInput): Promise<User> {
  const { data } = await http.post<unknown>('/api/register', input);
  return startSession(tokenOf(data), false);
}

/** Ends the session on the server if it can; the browser forgets it whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await http.post('/api/logout', undefined, { skipErrorDialogs: true });
  } catch {
    // Ignored (specification §8): the user is signed out either way.
  } finally {
    clearSession();
  }
}

/** Replaces the stored user, e.g. after the profile was saved. */
export function updateUser(user: User): void {
  setUser(user);
}
