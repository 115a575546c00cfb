import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { REMEMBER_DAYS, TOKEN_COOKIE, clearSession, getAuthState, getToken, isSignedIn, saveToken, setUser, subscribeAuth } from '../../src/shared/auth/state';
import { makeUser } from '../helpers/fakeApi';

const sampleUser = makeUser();

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('saveToken', () => {
  it('with remember writes the cookie "token" for 365 days', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveToken('tok-remembered', true);

    expect(REMEMBER_DAYS).toBe(365);
    expect(set).toHaveBeenCalledWith('token', 'tok-remembered', { path: '/', sameSite: 'lax', secure: false, expires: 365 });
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok-remembered');
    expect(getToken()).toBe('tok-remembered');
  });

  it('without remember writes a session cookie (no expiry)', () => {
    const set = vi.spyOn(Cookies, 'set');
    saveToken('tok-session', false);

    const options = set.mock.calls[0][2];
    expect(options).toEqual({ path: '/', sameSite: 'lax', secure: false });
    expect(options).not.toHaveProperty('expires');
    expect(document.cookie).toMatch(/(^|; )token=tok-session(;|$)/);
  });

  it('marks the cookie secure on https', () => {
    vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
    const set = vi.spyOn(Cookies, 'set').mockReturnValue(undefined);
    saveToken('tok', false);
    expect(set.mock.calls[0][2]).toMatchObject({ secure: true });
  });

  it('does not sign in by itself: signed in means a user is loaded', () => {
    saveToken('tok', false);
    expect(isSignedIn()).toBe(false);
    setUser(sampleUser);
    expect(isSignedIn()).toBe(true);
  });
});

describe('clearSession', () => {
  it('forgets user and token and removes the cookie', () => {
    saveToken('tok', true);
    setUser(sampleUser);
    const remove = vi.spyOn(Cookies, 'remove');

    clearSession();

    expect(remove).toHaveBeenCalledWith('token', { path: '/' });
    expect(getAuthState()).toEqual({ user: null, token: null });
    expect(Cookies.get('token')).toBeUndefined();
  });
});

describe('the store', () => {
  it('notifies subscribers with a new snapshot on every change, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAuth(listener);
    const before = getAuthState();

    setUser(sampleUser);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getAuthState()).not.toBe(before);
    expect(getAuthState().user).toEqual(sampleUser);

    unsubscribe();
    setUser(null);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reads the token from the cookie when the module starts', async () => {
    document.cookie = 'token=from-last-visit; path=/';
    vi.resetModules();
    const fresh = await import('../../src/shared/auth/state');
    expect(fresh.getAuthState()).toEqual({ user: null, token: 'from-last-visit' });
    fresh.clearSession();
  });
});
