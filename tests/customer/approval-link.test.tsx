import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { clearSession, setUser } from '../../src/shared/auth';
import { queryClient } from '../../src/customer/api/queryClient';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { makeOrder } from './helpers/orders';
import { here, renderApp, settleRouter } from './helpers/renderApp';

/*
 * /approval-links/{token}: the link of an owner's approval e-mail. It opens the order while it waits;
 * once decided it says what became of it; for another account it says so and offers to switch.
 */

/** The first page of a test file loads its modules cold: wait for it as long as a slow machine needs. */
const LOADED = { timeout: 10_000 };
const LINK = 'GET /api/approval-links/tok-9';

const api = (routes: Record<string, Handler>) => fakeApi({ ...BACKGROUND_ROUTES, ...routes });

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  setUser(makeUser());
  queryClient.clear();
});
afterEach(() => {
  stopFakeApi();
  vi.restoreAllMocks();
});

describe('/approval-links/{token}', { timeout: 30_000 }, () => {
  it('opens the order while it waits', async () => {
    api({ [LINK]: () => ({ data: { order_id: 9, state: 'waiting' } }), 'GET /api/orders/9': () => ({ data: makeOrder({ id: 9 }) }) });
    const { router } = await renderApp('/approval-links/tok-9');
    await screen.findByRole('heading', { level: 1, name: 'Order #9' }, LOADED);
    await settleRouter(router);
    expect(here(router)).toBe('/orders/9');
  });

  it('says an approved order is confirmed, with the way to open it', async () => {
    api({ [LINK]: () => ({ data: { order_id: 9, state: 'confirmed' } }) });
    await renderApp('/approval-links/tok-9');
    expect(await screen.findByText('Order 9 has already been approved', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open order 9' })).toHaveAttribute('href', '/orders/9');
    expect(screen.getByRole('link', { name: 'Orders waiting for approval' })).toHaveAttribute('href', '/orders?status=approval');
  });

  it('says a declined order is back with the buyer, and offers no order to open', async () => {
    api({ [LINK]: () => ({ data: { order_id: 9, state: 'declined' } }) });
    await renderApp('/approval-links/tok-9');
    expect(await screen.findByText('Order 9 has already been declined', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByText(/back with the buyer as a basket/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open order 9' })).not.toBeInTheDocument();
  });

  it('404: not for this account, with a way to sign in with another', async () => {
    api({ [LINK]: () => ({ status: 404, data: { message: 'No such approval link for your account' } }) });
    await renderApp('/approval-links/tok-9');
    expect(await screen.findByText('This link does not open anything for the account you are signed in with', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and switch account' })).toBeInTheDocument();
  });

  it('signed out, goes to log in first and remembers the link', async () => {
    clearSession();
    api({});
    const { router } = await renderApp('/approval-links/tok-9');
    await settleRouter(router);
    expect(here(router)).toBe('/login');
    expect(document.cookie).toContain('intended_url=/approval-links/tok-9');
  });
});
