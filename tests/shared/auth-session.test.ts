import './browserGaps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import Cookies from 'js-cookie';
import { fetchUser, login, logout, register, updateUser, useAuth } from '../../src/shared/auth';
import { clearSession, getAuthState, saveToken, setUser } from '../../src/shared/auth/state';
import { apiErrors, configureHttp } from '../../src/shared/http/client';
import { fakeApi, makeUser, settle, stopFakeApi } from '../helpers/fakeApi';

const sampleUser = makeUser();

afterEach(() => {
  stopFakeApi();
  clearSession();
  vi.restoreAllMocks();
});

function popup(): Element | null {
  return document.querySelector('.swal2-popup');
}

describe('fetchUser', () => {
  it('loads the user with the token and stores it', async () => {
    saveToken('tok', false);
    const requests = fakeApi(() => ({ data: sampleUser }));

    await expect(fetchUser()).resolves.toEqual(sampleUser);

    expect(requests[0].url).toBe('/api/user');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(getAuthState()).toEqual({ user: sampleUser, token: 'tok' });
  });

  it.each([
    ['a 401', { status: 401, data: { message: 'Unauthenticated.' } }],
    ['a network failure', { network: true }],
  ])('on %s clears token and cookie and resolves null', async (_what, reply) => {
    saveToken('expired', true);
    fakeApi(() => reply);

    await expect(fetchUser()).resolves.toBeNull();

    expect(getAuthState()).toEqual({ user: null, token: null });
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('does not end a newer session when a stale fetch fails', async () => {
    saveToken('old', false);
    let fail!: () => void;
    fakeApi(() => new Promise((resolve) => (fail = () => resolve({ status: 401 }))));

    const stale = fetchUser();
    await vi.waitFor(() => expect(fail).toBeTypeOf('function'));
    saveToken('fresh-from-login', true);
    fail();

    await expect(stale).resolves.toBeNull();
    expect(getAuthState().token).toBe('fresh-from-login');
  });

  it('treats an answer that is not a user as a failure, and logs it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    saveToken('tok', false);
    fakeApi(() => ({ data: '<html>proxy page</html>', contentType: 'text/html' }));

    await expect(fetchUser()).resolves.toBeNull();
    expect(getAuthState().token).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('login', () => {
  it('posts the credentials, keeps the token for 365 days with remember, then loads the user', async () => {
    const set = vi.spyOn(Cookies, 'set');
    const requests = fakeApi((config) => (config.url === '/api/login' ? { data: { token: 'new-token' } } : { data: sampleUser }));

    await expect(login({ email: 'jo@example.co.uk', password: 'secret-pass', remember: true })).resolves.toEqual(sampleUser);

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['post /api/login', 'get /api/user']);
    expect(JSON.parse(String(requests[0].data))).toEqual({ email: 'jo@example.co.uk', password: 'secret-pass', remember: true });
    expect(requests[1].headers.get('Authorization')).toBe('Bearer new-token');
    expect(set).toHaveBeenCalledWith('token', 'new-token', expect.objectContaining({ expires: 365 }));
    expect(getAuthState()).toEqual({ user: sampleUser, token: 'new-token' });
  });

  it('without remember sends remember: false and keeps a session cookie', async () => {
    const set = vi.spyOn(Cookies, 'set');
    const requests = fakeApi((config) => (config.url === '/api/login' ? { data: { token: 't' } } : { data: sampleUser }));

    await login({ email: 'jo@example.co.uk', password: 'secret-pass' });

    expect(JSON.parse(String(requests[0].data))).toMatchObject({ remember: false });
    expect(set.mock.calls[0][2]).not.toHaveProperty('expires');
  });

  it('rejects with the axios error on 422, so the form can show field messages', async () => {
    fakeApi(() => ({
      status: 422,
      data: { message: 'These credentials do not match our records.', errors: { email: 'These credentials do not match our records.' } },
    }));

    const error: unknown = await login({ email: 'jo@example.co.uk', password: 'wrong-pass' }).catch((e: unknown) => e);

    expect(apiErrors(error)?.errors.email).toBe('These credentials do not match our records.');
    expect(getAuthState()).toEqual({ user: null, token: null });
  });
});

describe('register', () => {
  it('posts the form, keeps the 201 token in a session cookie and loads the user', async () => {
    const set = vi.spyOn(Cookies, 'set');
    const requests = fakeApi((config) => (config.url === '/api/register' ? { status: 201, data: { token: 'reg-token' } } : { data: sampleUser }));
    const form = {
      firstname: 'Jo',
      lastname: 'Bloggs',
      email: 'jo@example.co.uk',
      address1: '1 High Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      country_id: 1,
      password: 'long-enough-pass',
      password_confirmation: 'long-enough-pass',
    };

    await expect(register(form)).resolves.toEqual(sampleUser);

    expect(requests[0].method).toBe('post');
    expect(JSON.parse(String(requests[0].data))).toEqual(form);
    expect(set.mock.calls[0][2]).not.toHaveProperty('expires');
    expect(getAuthState()).toEqual({ user: sampleUser, token: 'reg-token' });
  });
});

describe('logout', () => {
  it('tells the server with the token, then forgets the session', async () => {
    saveToken('tok', true);
    setUser(sampleUser);
    const requests = fakeApi(() => ({ status: 204 }));

    await logout();

    expect(`${requests[0].method} ${requests[0].url}`).toBe('post /api/logout');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(getAuthState()).toEqual({ user: null, token: null });
    expect(Cookies.get('token')).toBeUndefined();
  });

  it.each([
    ['answers 500', { status: 500, data: { message: 'Server Error' } }],
    ['answers 401', { status: 401, data: { message: 'Unauthenticated.' } }],
    ['cannot be reached', { network: true }],
  ])('clears everything even when the server %s, without any dialog', async (_what, reply) => {
    const onSessionExpired = vi.fn();
    configureHttp({ onSessionExpired });
    saveToken('tok', true);
    setUser(sampleUser);
    fakeApi(() => reply);

    await expect(logout()).resolves.toBeUndefined();
    await settle();

    expect(getAuthState()).toEqual({ user: null, token: null });
    expect(Cookies.get('token')).toBeUndefined();
    expect(popup()).toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('updateUser', () => {
  it('replaces the stored user', () => {
    setUser(sampleUser);
    updateUser({ ...sampleUser, firstname: 'Joanne' });
    expect(getAuthState().user?.firstname).toBe('Joanne');
  });
});

describe('useAuth', () => {
  it('follows the session', () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current).toEqual({ user: null, token: null, signedIn: false });

    act(() => {
      saveToken('tok', false);
      setUser(sampleUser);
    });
    expect(result.current).toEqual({ user: sampleUser, token: 'tok', signedIn: true });

    act(() => clearSession());
    expect(result.current.signedIn).toBe(false);
  });

  it('keeps the same object between renders while nothing changed', () => {
    const { result, rerender } = renderHook(() => useAuth());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
