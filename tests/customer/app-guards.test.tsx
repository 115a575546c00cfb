import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { clearSession, saveToken, setUser } from '../../src/shared/auth';
import { BACKGROUND_ROUTES, bodyOf, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, renderApp, settleRouter } from './helpers/renderApp';

const trade = makeUser({ role: 'trade' });

function api(extra: Record<string, Handler> = {}) {
  return fakeApi({ ...BACKGROUND_ROUTES, ...extra });
}

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  Cookies.remove('intended_url', { path: '/' });
});
afterEach(() => stopFakeApi());

describe('guards in the running app', () => {
  it('intended_url round trip: signed out on /orders?status=live → login → after login back on /orders?status=live', async () => {
    const requests = api({
      'POST /api/login': () => ({ data: { token: 'new-token' } }),
      'GET /api/user': () => ({ data: trade }),
    });
    const { router } = await renderApp('/orders?status=live');

    expect(here(router)).toBe('/login');
    expect(Cookies.get('intended_url')).toBe('/orders?status=live');
    expect(document.title).toBe('Log in | Print Junction Trade');

    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'Jo@Bloggs-Design.co.uk' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await settleRouter(router);
    await screen.findByRole('heading', { name: 'Pending', level: 1 }, { timeout: 10_000 }); // the status's display name is the heading

    expect(here(router)).toBe('/orders?status=live');
    expect(Cookies.get('intended_url')).toBeUndefined();
    const login = requests.find((request) => request.url === '/api/login');
    expect(bodyOf(login!)).toEqual({ email: 'jo@bloggs-design.co.uk', password: 'correct horse', remember: false });
  });

  it('without an intended_url, login leads home', async () => {
    api({ 'POST /api/login': () => ({ data: { token: 't' } }), 'GET /api/user': () => ({ data: trade }) });
    const { router } = await renderApp('/login');
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'jo@bloggs-design.co.uk' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await settleRouter(router);
    // The home page is a lazy chunk: on a busy machine its first import can take over a second.
    await screen.findByRole('heading', { name: 'Welcome, Jo' }, { timeout: 5000 });
    expect(here(router)).toBe('/');
  });

  it('guest-only: signed in on /login → home', async () => {
    api();
    setUser(trade);
    const { router } = await renderApp('/login');
    expect(here(router)).toBe('/');
  });

  it('admin-only: a customer on /admin → home; staff are let in', async () => {
    api();
    setUser(trade);
    const first = await renderApp('/admin/users');
    expect(here(first.router)).toBe('/');
    first.unmount();

    setUser(makeUser({ role: 'admin' }));
    const second = await renderApp('/admin');
    // Let in, not redirected: the staff area (its own app) replaces the customer layout.
    expect(here(second.router)).toBe('/admin');
    expect(screen.queryByRole('heading', { name: /^Welcome/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('role: a none account on /prices → /unauthorized, which explains the approval', async () => {
    api();
    setUser(makeUser({ role: 'none' }));
    const { router } = await renderApp('/prices');
    expect(here(router)).toBe('/unauthorized');
    expect(await screen.findByRole('heading', { name: 'Your account is awaiting approval' })).toBeInTheDocument();
  });

  it('auth-required: a signed-out visitor to /admin goes to login first (auth before admin)', async () => {
    api();
    const { router } = await renderApp('/admin/orders');
    expect(here(router)).toBe('/login');
    expect(Cookies.get('intended_url')).toBe('/admin/orders');
  });
});

describe('session restore runs first on every navigation', () => {
  it('a token without a user: the user is fetched before the guards, so /orders opens', async () => {
    saveToken('remembered', true);
    const requests = api({ 'GET /api/user': () => ({ data: trade }) });
    const { router } = await renderApp('/orders');
    expect(here(router)).toBe('/orders');
    expect(requests[0].url).toBe('/api/user');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer remembered');
  });

  it('with a restored session the guest guard sees a signed-in user: /login → home', async () => {
    saveToken('remembered', true);
    api({ 'GET /api/user': () => ({ data: trade }) });
    const { router } = await renderApp('/login');
    expect(here(router)).toBe('/');
  });

  it('a failed restore is ignored: the navigation continues and the auth guard sends to login', async () => {
    saveToken('revoked', true);
    api({ 'GET /api/user': () => ({ status: 401, data: { message: 'Unauthenticated.' } }) });
    const { router } = await renderApp('/account/profile');
    expect(here(router)).toBe('/login');
    expect(Cookies.get('token')).toBeUndefined();
  });
});

describe('pages and layouts of the route table', () => {
  it('an unknown path shows the not-found page inside a layout (with the status banner)', async () => {
    api();
    const { router } = await renderApp('/no/such/page?x=1');
    expect(here(router)).toBe('/no/such/page?x=1');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(await screen.findByText('Orders placed by 2pm are printed today')).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Print Junction Trade');
  });

  it.each([
    ['/terms/terms', 'Terms and conditions'],
    ['/terms/privacy', 'Privacy notice'],
    ['/register', 'Open a trade account'],
    ['/password/reset', 'Forgotten password'],
    ['/password/reset/0123456789abcdef0123', 'Choose a new password'],
  ])('signed out, %s opens with the title "%s"', async (path, title) => {
    api();
    const { router } = await renderApp(path);
    expect(here(router)).toBe(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Print Junction Trade`);
  });

  it.each([
    ['/', 'Home'],
    ['/account/profile', 'Update Profile'],
    ['/account/password', 'Change Password'],
    ['/create', 'New Order'],
    ['/create/3', 'Order items'],
    ['/orders', 'Orders'],
    ['/orders/5', 'Order'],
    ['/invoices', 'Invoices'],
    ['/quotes', 'Quotes'],
    ['/prices', 'Prices'],
    ['/tickets', 'Resolution Centre'],
    ['/tickets/9', 'Ticket'],
    ['/unauthorized', 'Your account is approved'],
  ])('signed in, %s opens with the document title "%s | Print Junction Trade"', async (path, title) => {
    api();
    setUser(trade);
    const { router } = await renderApp(path);
    expect(here(router)).toBe(path);
    expect(document.title).toBe(`${title} | Print Junction Trade`);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
