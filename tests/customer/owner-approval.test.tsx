import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setUser } from '../../src/shared/auth';
import { queryClient } from '../../src/customer/api/queryClient';
import { BACKGROUND_ROUTES, bodyOf, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { makeOrder } from './helpers/orders';
import { here, renderApp, settleRouter } from './helpers/renderApp';

/*
 * A buyer's order waiting for an owner's approval, on the order page. Approved, the order shows
 * confirmed and keyboard focus stays on the page. Declined with a reason, the basket is the buyer's
 * alone again, so the owner is taken to what else waits, never to the basket's editor (where the
 * order is not theirs to read).
 */

/** The first page of a test file loads its modules cold: wait for it as long as a slow machine needs. */
const LOADED = { timeout: 10_000 };
const BUYER = { id: 3, name: 'Bea Buyer' };
const waiting = makeOrder({
  id: 9,
  placed_by: BUYER,
  approval: { requested_by: BUYER.id, requested_at: '2026-11-23T09:00:00.000Z' },
  events: [{ from: 'basket', to: 'basket', note: 'Sent for approval by Bea Buyer', actor: 'customer', at: '2026-11-23T09:00:00.000Z' }],
});
const declined = { ...waiting, approval: null, events: [] };
const emptyList = () => ({ data: { data: [], total: 0, page: 1, per_page: 20 } });

const api = (routes: Record<string, Handler>) => fakeApi({ ...BACKGROUND_ROUTES, 'GET /api/orders': emptyList, ...routes });

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  setUser(makeUser({ company_role: 'owner' }));
  queryClient.clear();
});
afterEach(() => {
  stopFakeApi();
  vi.restoreAllMocks();
});

describe('an owner approves a buyer’s order', { timeout: 30_000 }, () => {
  it('shows it confirmed, focus moved to the page rather than lost with the Approve button', async () => {
    // jsdom lays nothing out: focus is only given to what has a box.
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    const confirmed = {
      ...waiting,
      status: 'live' as const,
      approval: null,
      confirmed_at: '2026-11-23T10:00:00.000Z',
      events: [
        ...waiting.events,
        {
          from: 'basket' as const,
          to: 'live' as const,
          note: 'Approved by Jo Bloggs: order confirmed',
          actor: 'customer' as const,
          at: '2026-11-23T10:00:00.000Z',
        },
      ],
    };
    api({ 'GET /api/orders/9': () => ({ data: waiting }), 'POST /api/orders/9/approve': () => ({ data: confirmed }) });
    const { router } = await renderApp('/orders/9');
    const approve = await screen.findByRole('button', { name: 'Approve' }, LOADED);
    approve.focus();
    await userEvent.click(approve);
    await screen.findByRole('heading', { level: 2, name: 'History' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
    expect(here(router)).toBe('/orders/9');
    // The history's moves were made by members of the company, not all by the reader: none says "you".
    const history = screen.getByRole('heading', { level: 2, name: 'History' }).parentElement!;
    expect(history).toHaveTextContent('Basket → Basket (your company) — Sent for approval by Bea Buyer');
    expect(history).toHaveTextContent('Basket → Pending (your company) — Approved by Jo Bloggs: order confirmed');
    expect(history).not.toHaveTextContent('(you)');
  });
});

describe('an owner declines a buyer’s order', { timeout: 30_000 }, () => {
  it('sends the reason and lands on the orders awaiting approval, not on the buyer’s basket', async () => {
    const requests = api({
      'GET /api/orders/9': () => ({ data: waiting }),
      'POST /api/orders/9/decline': () => ({ data: declined }),
    });
    const { router } = await renderApp('/orders/9');
    await screen.findByRole('button', { name: 'Decline' }, LOADED);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Order 5,000 instead');
    await userEvent.click(screen.getByRole('button', { name: 'Decline the order' }));
    await waitFor(() => expect(here(router)).toBe('/orders?status=approval'));
    await settleRouter(router);
    expect(here(router)).toBe('/orders?status=approval');
    expect(bodyOf(requests.find((r) => r.method === 'post' && r.url === '/api/orders/9/decline')!)).toEqual({ reason: 'Order 5,000 instead' });
    expect(requests.some((r) => r.url === '/api/orders/9/delivery-options')).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Awaiting approval' })).toBeInTheDocument();
  });
});
