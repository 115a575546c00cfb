import Cookies from 'js-cookie';
import type { User } from '../api';

/**
 * The session as the browser knows it: who is signed in and the bearer token.
 * A tiny external store (read with useSyncExternalStore) so React, the router guards and the
 * http client share one truth. It must not import the http client: the client imports it.
 */
export const TOKEN_COOKIE = 'token';
/** "Remember me" keeps the token cookie this many days (specification §9). */
export const REMEMBER_DAYS = 365;

export interface AuthState {
  user: User | null;
  token: string | null;
}

type Listener = () => void;

// Snapshots are replaced, never mutated, so useSyncExternalStore sees each change.
let state: AuthState = { user: null, token: Cookies.get(TOKEN_COOKIE) ?? null };
const listeners = new Set<Listener>();

function update(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Signed in means a user is loaded; a token alone is only a session that may be restored. */
export function isSignedIn(): boolean {
  return state.user !== null;
}

export function getToken(): string | null {
  return state.token;
}

/** Keeps the token and writes its cookie: 365 days with remember, else a session cookie. */
export function saveToken(token: string, remember: boolean): void {
  Cookies.set(TOKEN_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
    ...(remember ? { expires: REMEMBER_DAYS } : {}),
  });
  update({ ...state, token });
}

export function setUser(user: User | null): void {
  update({ ...state, user });
}

/** Forgets user and token and removes the cookie (same path it was written with). */
export function clearSession(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  update({ user: null, token: null });
}
