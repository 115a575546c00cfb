import { isAxiosError } from 'axios';
import { loginResponseSchema, userSchema, type LoginInput, type RegisterInput, type User } from '../api';
import { http } from '../http/client';
import { clearSession, getToken, saveToken, setUser } from './state';

/**
 * Loads the current user with the stored token. Any failure (401, network, an unexpected
 * answer) ends the session: token and cookie are cleared and the result is null.
 */
export async function fetchUser(): Promise<User | null> {
  const token = getToken();
  try {
    const { data } = await http.get<unknown>('/api/user');
    const user = userSchema.parse(data);
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
  return startSession(loginResponseSchema.parse(data).token, remember);
}

/** Creates the account (201 `{token}`) and signs in for this browser session only. */
export async function register(input: RegisterInput): Promise<User> {
  const { data } = await http.post<unknown>('/api/register', input);
  return startSession(loginResponseSchema.parse(data).token, false);
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
