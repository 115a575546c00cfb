import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { authProvider } from '../../src/admin/auth/authProvider';
import { clearSession, getAuthState, saveToken, setUser } from '../../src/shared/auth/state';
import { answerWith, stopAnswering } from './helpers/fakeAdapter';
import { makeUser } from './helpers/users';

const signInAs = (role: 'admin' | 'trade' = 'admin') => {
  saveToken('a-token-of-twenty-or-more-chars', false);
  setUser(makeUser({ role }));
};

beforeEach(() => {
  window.history.pushState({}, '', '/admin/users?filter=%7B%22q%22%3A%22ink%22%7D');
});
afterEach(() => {
  stopAnswering();
  clearSession();
  Cookies.remove('intended_url', { path: '/' });
});

describe('checkAuth: local and cheap', () => {
  it('resolves for a signed-in user without any request', async () => {
    const seen = answerWith(() => ({ status: 500 }));
    signInAs();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('sends a signed-out visitor to the customer /login, remembering where they were (intended_url)', async () => {
    const seen = answerWith(() => ({ status: 500 }));
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/login', message: false });
    expect(Cookies.get('intended_url')).toBe('/admin/users?filter=%7B%22q%22%3A%22ink%22%7D');
    expect(seen).toEqual([]);
  });
});

describe('checkError: a 401 logs out, a 403 does not', () => {
  it('rejects a 401 so that react-admin logs out and goes to /login, and remembers the page', async () => {
    signInAs();
    await expect(authProvider.checkError({ status: 401, body: { message: 'You are not signed in.' } })).rejects.toEqual({
      redirectTo: '/login',
      message: false,
    });
    expect(Cookies.get('intended_url')).toBe('/admin/users?filter=%7B%22q%22%3A%22ink%22%7D');
  });

  it('rejects a 403 without logging out (logoutUser: false) and keeps the session', async () => {
    signInAs();
    await expect(authProvider.checkError({ status: 403 })).rejects.toEqual({ logoutUser: false, message: 'You are not allowed to do this.' });
    expect(getAuthState().user).not.toBeNull();
    expect(Cookies.get('intended_url')).toBeUndefined();
  });

  it('lets every other failure through to the screen that made the call', async () => {
    for (const status of [404, 409, 419, 422, 500]) await expect(authProvider.checkError({ status })).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('Network Error'))).resolves.toBeUndefined();
  });
});

describe('logout, identity and access', () => {
  it('logout ends the session on the server, forgets it here, and names the customer login page', async () => {
    const seen = answerWith(() => ({ status: 204 }));
    signInAs();
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(seen.map((r) => `${r.method?.toUpperCase()} ${r.url}`)).toEqual(['POST /api/logout']);
    expect(getAuthState()).toEqual({ user: null, token: null });
  });

  it('logout forgets the session even when the server cannot be reached', async () => {
    answerWith(() => ({ network: true }));
    signInAs();
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(getAuthState().user).toBeNull();
  });

  it('getIdentity comes from the current user', async () => {
    signInAs();
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 1, fullName: 'Alex Morgan', email: 'alex@printjunction.test' });
    clearSession();
    await expect(authProvider.getIdentity!()).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('canAccess asks the pure function about the current user', async () => {
    signInAs('admin');
    await expect(authProvider.canAccess!({ action: 'delete', resource: 'users', record: { id: 1 } })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ action: 'delete', resource: 'users', record: { id: 2 } })).resolves.toBe(true);
    setUser(makeUser({ role: 'trade' }));
    await expect(authProvider.canAccess!({ action: 'list', resource: 'users' })).resolves.toBe(false);
  });
});
