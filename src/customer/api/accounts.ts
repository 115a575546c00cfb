import type { ChangePasswordInput, PasswordEmailInput, PasswordResetInput, ProfileInput, User } from '../../shared/api';
import { asUser } from '../../shared/auth';
import { isAxiosError } from 'axios';
import { http } from '../../shared/http';

/*
 * The account's own calls (profile, password, reset link). Plain calls without react-query: the
 * signed-out password pages use them too. Signing in and out is src/shared/auth's.
 * They reject with the axios error, so the forms show the server's 422 field messages.
 */

/** Saves the profile; the server's answer is the updated user. */
export async function saveProfile(profile: ProfileInput): Promise<User> {
  const { data } = await http.patch<unknown>('/api/user', profile);
  return asUser(data);
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await http.patch('/api/user/password', input);
}

/** Asks for a reset link; resolves with the server's own words `{ message }` when it sends some. */
export async function requestPasswordReset(input: PasswordEmailInput): Promise<string | undefined> {
  const { data } = await http.post<unknown>('/api/password/email', input);
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

export async function resetPassword(input: PasswordResetInput): Promise<void> {
  await http.post('/api/password/reset', input);
}

/** What the server says of a reset link before the new password is typed. */
export type ResetLinkCheck = { valid: true } | { valid: false; message: string } | { valid: 'unknown' };

/** The server's message of a refused link, or a sentence of ours. */
function refusalMessage(data: unknown): string {
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : 'This link has expired or has already been used.';
}

/**
 * Checks a reset link when its page opens (GET /api/password/reset/{token}: 200 `{valid: true}`, or
 * 422 with the reason — expired, used, unknown). Anything else (a server that cannot say, a lost
 * connection, too many requests) is 'unknown': the form is shown and sending it will tell.
 */
export async function checkResetLink(token: string): Promise<ResetLinkCheck> {
  try {
    const { data } = await http.get<unknown>(`/api/password/reset/${encodeURIComponent(token)}`, { skipErrorDialogs: true });
    const valid = typeof data === 'object' && data !== null ? (data as { valid?: unknown }).valid : undefined;
    if (valid === true) return { valid: true };
    if (valid === false) return { valid: false, message: refusalMessage(data) };
    return { valid: 'unknown' };
  } catch (error) {
    if (isAxiosError(error) && (error.response?.status === 422 || error.response?.status === 410))
      return { valid: false, message: refusalMessage(error.response.data) };
    return { valid: 'unknown' };
  }
}
