import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../../src/shared/api/orders';
import type { QuoteSummary } from '../../src/shared/api/quotes';
import { clearSession, setUser } from '../../src/shared/auth';
import { queryClient } from '../../src/customer/api/queryClient';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { here, renderApp } from './helpers/renderApp';

const quote = (id: number, fields: Partial<QuoteSummary> = {}): QuoteSummary => ({
  id,
  number: `Q-${String(id).padStart(6, '0')}`,
  ref: `Job ${id}`,
  created_at: '2026-11-20T09:00:00.000Z',
  valid_until: '2026-12-20',
  expired: false,
  total: 1097,
  item_count: 1,
  items_summary: '100 × Business cards',
  placed_by: { id: 1, name: 'Jane Doe' },
  ...fields,
});

const basket: Order = {
  id: 42,
  ref: 'Job 3',
  status: 'basket',
  address: {
    firstname: 'Jane',
    lastname: 'Okafor',
    company_name: '',
    telephone: '',
    email: 'jane@example.test',
    address1: '1 Canal Wharf',
    address2: '',
    town: 'Manchester',
    county: '',
    postcode: 'M1 3LJ',
    country_id: 1,
  },
  country_name: 'United Kingdom',
  delivery_type_id: null,
  delivery_type: null,
  blind_dispatch: false,
  test: false,
  trade_api: null,
  delivery_cost: null,
  total_net: null,
  total_vat: null,
  total: null,
  weight: 0,
  dispatch_due: null,
  payment_status: null,
  checkout_url: null,
  payment_options: ['account'],
  approval: null,
  delivery_due: null,
  awaiting_approval: false,
  approve_by: null,
  problem_text: null,
  tracking_number: null,
  invoice: null,
  confirmed_at: null,
  dispatched_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  version: 1,
  placed_by: { id: 1, name: 'Jane Doe' },
  items: [],
  events: [],
  blockers: [],
};

const LOADED = { timeout: 10_000 };
const list = (rows: QuoteSummary[]) => () => ({ data: { data: rows, total: rows.length, page: 1, per_page: 20 } });
const api = (routes: Record<string, Handler>) => fakeApi({ ...BACKGROUND_ROUTES, ...routes });

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  setUser(makeUser());
  queryClient.clear();
});
afterEach(() => stopFakeApi());

describe('/quotes', { timeout: 30_000 }, () => {
  it('lists each quote with its number, dates, total and items; an expired one says today’s prices apply', async () => {
    api({ 'GET /api/quotes': list([quote(3), quote(2, { expired: true, valid_until: '2026-10-01' })]) });
    await renderApp('/quotes');
    const valid = await screen.findByRole('article', { name: /Q-000003/ }, LOADED);
    expect(valid).toHaveTextContent('valid until 20 Dec 2026');
    expect(valid).toHaveTextContent('£10.97');
    expect(valid).toHaveTextContent('100 × Business cards');
    expect(within(valid).getByRole('button', { name: 'Order this quote' })).toBeInTheDocument();
    const expired = screen.getByRole('article', { name: /Q-000002/ });
    expect(expired).toHaveTextContent('This quote expired on 1 Oct 2026: ordering it now uses today’s prices.');
    expect(within(expired).getByRole('button', { name: 'Order at today’s prices' })).toBeInTheDocument();
  });

  it('says so when there are none, and when they could not be loaded', async () => {
    api({ 'GET /api/quotes': list([]) });
    await renderApp('/quotes');
    expect(await screen.findByText(/You have no saved quotes yet/, undefined, LOADED)).toBeInTheDocument();
    stopFakeApi();
    queryClient.clear();
    api({ 'GET /api/quotes': () => ({ network: true }) });
    await renderApp('/quotes');
    expect(await screen.findByText(/Your quotes could not be loaded/, undefined, LOADED)).toBeInTheDocument();
  });

  it('shows the server’s refusal of a markup beside the field', async () => {
    const message = 'A percentage from 0 to 500, with at most one decimal place (e.g. 15 or 12.5)';
    const requests = api({
      'GET /api/quotes': list([quote(3)]),
      'GET /api/quotes/3/pdf': () => ({
        status: 422,
        data: new Blob([JSON.stringify({ message, errors: { markup: message } })], { type: 'application/json' }),
      }),
    });
    await renderApp('/quotes');
    const card = await screen.findByRole('article', { name: /Q-000003/ }, LOADED);
    const field = within(card).getByLabelText('Your markup %');
    await userEvent.type(field, '600');
    await userEvent.click(within(card).getByRole('button', { name: 'PDF for my client' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(message);
    expect(requests.find((r) => r.url === '/api/quotes/3/pdf')?.params).toEqual({ for_client: 1, markup: '600' });
  });

  it('orders a quote into a new basket and opens it', async () => {
    const requests = api({ 'GET /api/quotes': list([quote(3)]), 'POST /api/quotes/3/order': () => ({ status: 201, data: basket }) });
    const { router } = await renderApp('/quotes');
    const card = await screen.findByRole('article', { name: /Q-000003/ }, LOADED);
    await userEvent.click(within(card).getByRole('button', { name: 'Order this quote' }));
    await waitFor(() => expect(here(router)).toBe('/create/42'));
    expect(requests.find((r) => r.method === 'post' && r.url === '/api/quotes/3/order')?.params).toBeUndefined();
  });

  it('orders an expired quote only as the button says: at today’s prices', async () => {
    const requests = api({
      'GET /api/quotes': list([quote(2, { expired: true, valid_until: '2026-10-01' })]),
      'POST /api/quotes/2/order': () => ({ status: 201, data: basket }),
    });
    const { router } = await renderApp('/quotes');
    const card = await screen.findByRole('article', { name: /Q-000002/ }, LOADED);
    await userEvent.click(within(card).getByRole('button', { name: 'Order at today’s prices' }));
    await waitFor(() => expect(here(router)).toBe('/create/42'));
    expect(requests.find((r) => r.method === 'post' && r.url === '/api/quotes/2/order')?.params).toEqual({ at_todays_prices: '1' });
  });
});
