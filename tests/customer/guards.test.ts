import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import {
  adminOnly,
  authRequired,
  guardsMiddleware,
  guestOnly,
  profileComplete,
  restoreSession,
  role,
  runGuards,
  sessionRestoreMiddleware,
  type GuardContext,
} from '../../src/customer/guards';
import { clearSession, getAuthState, saveToken, setUser } from '../../src/shared/auth';
import { fakeApi, makeUser, stopFakeApi } from '../helpers/fakeApi';

const at = (path: string, user: GuardContext['user']): GuardContext => ({ user, target: new URL(path, 'http://localhost') });
const admin = makeUser({ role: 'admin' });
const trade = makeUser({ role: 'trade' });
const customer = makeUser({ role: 'user' });
const pending = makeUser({ role: 'none' });

beforeEach(() => {
  clearSession();
  Cookies.remove('intended_url', { path: '/' });
});
afterEach(() => stopFakeApi());

describe('admin-only guard', () => {
  it('lets the admin role through', () => expect(adminOnly(at('/admin', admin))).toBeUndefined());
  it.each([trade, customer, pending, null])('sends anyone else home (%o)', (user) => {
    expect(adminOnly(at('/admin/users', user))).toEqual({ to: '/' });
  });
});

describe('auth-required guard', () => {
  it('lets a signed-in user through', () => expect(authRequired(at('/orders', pending))).toBeUndefined());
  it('sends a signed-out visitor to login, remembering the path with its query', () => {
    expect(authRequired(at('/orders?status=live', null))).toEqual({ to: '/login', intendedUrl: '/orders?status=live' });
  });
});

describe('guest-only guard', () => {
  it('lets a signed-out visitor through', () => expect(guestOnly(at('/login', null))).toBeUndefined());
  it('sends a signed-in user home', () => expect(guestOnly(at('/register', trade))).toEqual({ to: '/' }));
});

describe('profile-complete guard (an account opened by social sign-in has no address yet)', () => {
  it('lets an account with its name and address through', () => expect(profileComplete(at('/create', customer))).toBeUndefined());
  it.each([{ address1: '' }, { town: ' ' }, { postcode: '' }, { country_id: null }, { lastname: '' }])(
    'sends an account without %o to complete its profile, remembering where it was going',
    (missing) => {
      expect(profileComplete(at('/create/12', makeUser(missing)))).toEqual({ to: '/account/profile?complete=1', intendedUrl: '/create/12' });
    },
  );
});

describe('role guard', () => {
  const customers = role('user, trade,admin');
  it.each([customer, trade, admin])('admits the listed roles (%o)', (user) => expect(customers(at('/prices', user))).toBeUndefined());
  it('sends an unlisted role to /unauthorized', () => expect(customers(at('/prices', pending))).toEqual({ to: '/unauthorized' }));
  it('sends a visitor with no user to /unauthorized', () => expect(customers(at('/prices', null))).toEqual({ to: '/unauthorized' }));
  it('is named after its list', () => expect(customers.guardName).toBe('role:user,trade,admin'));
});

describe('runGuards', () => {
  it('runs the guards in the order given and stops at the first redirect', () => {
    const calls: string[] = [];
    const first = Object.assign(() => (calls.push('first'), { to: '/first' }), { guardName: 'first' });
    const second = Object.assign(() => (calls.push('second'), undefined), { guardName: 'second' });
    expect(runGuards([second, first, second], at('/', null))).toEqual({ to: '/first' });
    expect(calls).toEqual(['second', 'first']);
  });

  it('auth before admin: a signed-out visitor to /admin goes to login, not home', () => {
    expect(runGuards([authRequired, adminOnly], at('/admin/orders', null))).toEqual({ to: '/login', intendedUrl: '/admin/orders' });
  });

  it('auth before role: a signed-out visitor to /prices goes to login, not /unauthorized', () => {
    expect(runGuards([authRequired, role('user,trade,admin')], at('/prices', null))?.to).toBe('/login');
  });

  it('lets the navigation continue when every guard passes', () => {
    expect(runGuards([authRequired, role('user,trade,admin')], at('/prices', trade))).toBeUndefined();
  });
});

describe('session restore', () => {
  it('loads the user when there is a token but no user', async () => {
    saveToken('tok', false);
    const requests = fakeApi({ 'GET /api/user': () => ({ data: trade }) });
    await restoreSession();
    expect(requests).toHaveLength(1);
    expect(getAuthState().user).toEqual(trade);
  });

  it('ignores a failure: the navigation continues, signed out', async () => {
    saveToken('expired', false);
    fakeApi({ 'GET /api/user': () => ({ status: 401, data: { message: 'Unauthenticated.' } }) });
    await expect(restoreSession()).resolves.toBeUndefined();
    expect(getAuthState()).toEqual({ user: null, token: null });
  });

  it('asks nothing without a token, or when the user is already loaded', async () => {
    const requests = fakeApi({});
    await restoreSession();
    saveToken('tok', false);
    setUser(trade);
    await restoreSession();
    expect(requests).toHaveLength(0);
  });
});

describe('the middleware', () => {
  const args = (path: string) => ({ request: new Request(`http://localhost${path}`) }) as Parameters<ReturnType<typeof guardsMiddleware>>[0];
  const next = vi.fn(async () => undefined);

  it('session restore runs before the guards see the user', async () => {
    saveToken('tok', false);
    fakeApi({ 'GET /api/user': () => ({ data: trade }) });
    await sessionRestoreMiddleware(args('/orders'), next);
    expect(() => guardsMiddleware([authRequired])(args('/orders'), next)).not.toThrow();
  });

  it('turns a redirect verdict into a thrown redirect and writes intended_url', () => {
    let thrown: unknown;
    try {
      guardsMiddleware([authRequired])(args('/orders?status=live'), next);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/login');
    expect(Cookies.get('intended_url')).toBe('/orders?status=live');
  });

  it('does not touch intended_url for other redirects', () => {
    setUser(trade);
    expect(() => guardsMiddleware([guestOnly])(args('/login'), next)).toThrow();
    expect(Cookies.get('intended_url')).toBeUndefined();
  });
});
