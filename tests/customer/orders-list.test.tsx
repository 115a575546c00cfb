import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderSummary } from '../../src/shared/api/orders';
import { clearSession, setUser } from '../../src/shared/auth';
import { queryClient } from '../../src/customer/api/queryClient';
import { BACKGROUND_ROUTES, fakeApi, makeUser, stopFakeApi, type Handler } from '../helpers/fakeApi';
import { installDomGaps } from './helpers/dom';
import { makeOrder } from './helpers/orders';
import { here, renderApp, settleRouter } from './helpers/renderApp';

const summary = (id: number, fields: Partial<OrderSummary>): OrderSummary => ({
  id,
  ref: `Job ${id}`,
  status: 'live',
  item_count: 1,
  value: 2388,
  dispatch_due: '2026-11-24',
  tracking_number: null,
  carrier: 'royalmail',
  test: false,
  trade_api: null,
  awaiting_approval: false,
  placed_by: { id: 1, name: 'Sam Printer' },
  approval: null,
  created_at: '2026-11-20T09:00:00.000Z',
  confirmed_at: '2026-11-20T09:00:00.000Z',
  dispatched_at: null,
  ...fields,
});

const ROWS = [
  summary(7, { status: 'problem', ref: 'Gallery posters' }),
  summary(6, { status: 'live', ref: 'Christmas menu', carrier: 'collection' }),
  summary(5, { status: 'cancelled', ref: 'Wrong file' }),
  summary(1, { status: 'dispatched', ref: 'INK-2041 spring menu', dispatched_at: '2026-11-10T15:00:00.000Z', tracking_number: 'AB123456789GB' }),
];

function api(list: Handler, extra: Record<string, Handler> = {}) {
  return fakeApi({ ...BACKGROUND_ROUTES, 'GET /api/orders': list, ...extra });
}
/** The first page of a test file loads its modules cold: wait for it as long as a slow machine needs. */
const LOADED = { timeout: 10_000 };
const answer = (rows: OrderSummary[]) => () => ({ data: { data: rows, total: rows.length, page: 1, per_page: 20 } });

beforeAll(() => installDomGaps());
beforeEach(() => {
  clearSession();
  setUser(makeUser());
  queryClient.clear();
});
afterEach(() => stopFakeApi());

describe('/orders: all orders', { timeout: 30_000 }, () => {
  it('without a status lists every status, each row with its status, asking the server for no status', async () => {
    const requests = api(answer(ROWS));
    await renderApp('/orders');
    expect(screen.getByRole('heading', { level: 1, name: 'All orders' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All orders' }, LOADED);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual(['Issues', 'Pending', 'Cancelled', 'Dispatched']);
    expect(requests.find((r) => r.url === '/api/orders')?.params).toEqual({ page: 1, per_page: 20 });
  });

  it('says the days honestly in each row: none for a cancelled order, a day to collect for a collection', async () => {
    api(answer(ROWS));
    await renderApp('/orders?status=all');
    const table = await screen.findByRole('table', { name: 'All orders' }, LOADED);
    const rowOf = (ref: string) => within(table).getByText(ref).closest('tr')!;
    expect(within(rowOf('Wrong file')).queryByText(/Dispatch|Tue 24 Nov/)).not.toBeInTheDocument();
    expect(within(rowOf('Christmas menu')).getByText('Ready to collect on Tue 24 Nov')).toBeInTheDocument();
    expect(within(rowOf('Gallery posters')).getByText('Dispatch Tue 24 Nov')).toBeInTheDocument();
    expect(within(rowOf('INK-2041 spring menu')).getByText('Dispatched Tue 10 Nov')).toBeInTheDocument();
  });

  it('says who of the company placed each order, under its reference', async () => {
    api(answer([ROWS[0], { ...ROWS[1], placed_by: { id: 2, name: 'Alex Buyer' } }]));
    await renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'All orders' }, LOADED);
    const rowOf = (ref: string) => within(table).getByText(ref).closest('tr')!;
    expect(within(rowOf('Gallery posters')).getByText('Placed by Sam Printer')).toBeInTheDocument();
    expect(within(rowOf('Christmas menu')).getByText('Placed by Alex Buyer')).toBeInTheDocument();
  });

  it('sends the search, the status and the days to the server, and keeps them in the address', async () => {
    const requests = api(answer([ROWS[3]]));
    const { router } = await renderApp('/orders');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'spring');
    await user.type(screen.getByLabelText('Confirmed from'), '2026-11-01');
    await user.type(screen.getByLabelText('Confirmed to'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await settleRouter(router);
    expect(here(router)).toBe('/orders?q=spring&from=2026-11-01&to=2026-11-30');
    await waitFor(() => expect(requests.at(-1)?.params).toEqual({ page: 1, per_page: 20, q: 'spring', from: '2026-11-01', to: '2026-11-30' }));
    expect(await screen.findByText('Showing orders matching “spring”, confirmed from 1 Nov 2026 to 30 Nov 2026.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'dispatched');
    await settleRouter(router);
    expect(here(router)).toBe('/orders?status=dispatched&q=spring&from=2026-11-01&to=2026-11-30');
    expect(screen.getByRole('heading', { level: 1, name: 'Dispatched' })).toBeInTheDocument();
  });

  it('says when a search finds nothing, with a way back', async () => {
    api(answer([]));
    await renderApp('/orders?q=nothing');
    expect(await screen.findByText('No orders matching “nothing”.', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear the search' })).toHaveAttribute('href', '/orders');
  });

  it('awaiting approval: says nothing waits, and offers no confirmed days to search by', async () => {
    api(answer([]));
    await renderApp('/orders?status=approval');
    expect(await screen.findByText('Nothing is waiting for an owner’s approval.', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirmed from')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toBeInTheDocument();
  });

  it('shows the server’s word beside the date it refused (422)', async () => {
    api(() => ({
      status: 422,
      data: { message: 'The last day must be on or after the first day', errors: { to: 'The last day must be on or after the first day' } },
    }));
    await renderApp('/orders?from=2026-11-30&to=2026-11-01');
    const to = await screen.findByLabelText('Confirmed to', {}, LOADED);
    await waitFor(() => expect(to).toHaveAccessibleDescription('The last day must be on or after the first day'));
    expect(to).toHaveValue('2026-11-01');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the navigation bar’s status links, with none current on All orders', async () => {
    api(answer(ROWS));
    await renderApp('/orders');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(within(nav).getByRole('link', { name: 'Pending' })).toHaveAttribute('href', '/orders?status=live');
    expect(within(nav).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });
});

describe('the home page’s search', () => {
  it('lands on All orders with the words, so a dispatched order is found', async () => {
    const requests = api(answer([ROWS[3]]), { 'GET /api/orders/counts': () => ({ data: { live: 1, printing: 0, problem: 1, dispatched: 1, cancelled: 1 } }) });
    const { router } = await renderApp('/');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search your orders'), 'INK-2041');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await settleRouter(router);
    expect(here(router)).toBe('/orders?q=INK-2041');
    expect(await screen.findByRole('link', { name: '#1' }, LOADED)).toHaveAttribute('href', '/orders/1');
    expect(requests.find((r) => r.url === '/api/orders')?.params).toEqual({ page: 1, per_page: 20, q: 'INK-2041' });
  });
});

/** A Pending order as its page reads it (its items are not what these tests are about). */
const order = (fields: Partial<Order>): Order =>
  makeOrder({
    id: 9,
    ref: 'Menus',
    status: 'live',
    dispatch_due: '2026-11-24',
    delivery_due: '2026-11-25',
    confirmed_at: '2026-11-20T09:00:00.000Z',
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    version: 2,
    items: [],
    ...fields,
  });

describe('/orders/{id}: the days', { timeout: 30_000 }, () => {
  const show = async (fields: Partial<Order>) => {
    fakeApi({ ...BACKGROUND_ROUTES, 'GET /api/orders/9': () => ({ data: order(fields) }) });
    await renderApp('/orders/9');
    await screen.findByRole('heading', { level: 1, name: 'Order #9' }, LOADED);
  };

  it('promises a dispatch and an estimated delivery for a parcel', async () => {
    await show({});
    expect(screen.getByTestId('order-dates')).toHaveTextContent('Dispatch Tue 24 Nov, estimated delivery Wed 25 Nov');
  });

  it('shows a cancelled order no dispatch date', async () => {
    await show({ status: 'cancelled' });
    expect(screen.queryByTestId('order-dates')).not.toBeInTheDocument();
    expect(screen.queryByText(/Tue 24 Nov|Wed 25 Nov/)).not.toBeInTheDocument();
  });

  it('says “ready to collect on …” for a collection, never dispatched or delivered', async () => {
    await show({ delivery_type: { id: 4, code: 'COLLECT', name: 'Collection from our works', carrier: 'collection' }, delivery_due: '2026-11-24' });
    expect(screen.getByTestId('order-dates')).toHaveTextContent('Ready to collect on Tue 24 Nov');
    expect(screen.getByTestId('order-dates')).not.toHaveTextContent(/dispatch|deliver/i);
  });

  it('says a dispatched collection was ready to collect', async () => {
    await show({
      status: 'dispatched',
      delivery_type: { id: 4, code: 'COLLECT', name: 'Collection from our works', carrier: 'collection' },
      dispatched_at: '2026-11-24T10:00:00.000Z',
    });
    expect(screen.getByTestId('order-dates')).toHaveTextContent('Ready to collect from Tue 24 Nov');
  });
});
