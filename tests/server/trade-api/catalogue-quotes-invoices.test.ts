import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import type { Order } from '../../../src/shared/api/orders';
import type { PriceList } from '../../../src/shared/api/prices';
import type { TradeProduct, TradeQuote } from '../../../src/shared/api/trade-catalogue';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { quoteValidUntil } from '../../../src/shared/domain/quotes/quotes';
import type { TestApp } from '../helpers/app';
import { createProduct, putAsRead, setMargins } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';
import { addFinishes, basketWithCard, CLEAN_CARD, ok, orderingApp, pdf, type Catalogue } from '../orders/helpers';

/**
 * The trade API's catalogue (the customer's own price list, restricted products and discounts
 * applied), its binding quotes (priced by the basket's own assessment, saved, ordered at their
 * prices whatever the catalogue does since) and the account's invoices by cursor pages.
 */

let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof orderingApp>>['del'];
let shopperId: number;
let live: string;
let test: string;
let agencyOnly: { id: number };
let finishes: Awaited<ReturnType<typeof addFinishes>>;

const v1 = (key: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

const cardItem = { product_id: 0, stock_id: 0, qty: 100, sides: 'single', orientation: 'landscape' };

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, cat, shopper, del } = app);
  shopperId = ok<{ id: number }>(await shopper.get('/api/user')).id;
  cardItem.product_id = cat.cards.id;
  cardItem.stock_id = cat.silk.id;
  finishes = await addFinishes(staff, cat.cards.id);
  agencyOnly = await createProduct(staff, { name: 'Agency only', restricted: true, stock_ids: [cat.silk.id], trim_width_mm: 210, trim_height_mm: 297 });
  await setMargins(staff, agencyOnly.id, cat.silk.id, [[50, 100]]);
  ok(await putAsRead(staff, `/api/admin/user-products/${shopperId}`, { id: shopperId, product_ids: [agencyOnly.id] }));
  ok(await staff.post('/api/admin/user-prices', { user_id: shopperId, product_id: cat.cards.id, discount: 10 }), 201);
  live = (await t.app.deps.apiKeys.create(shopperId, { name: 'Live', mode: 'live' })).key;
  test = (await t.app.deps.apiKeys.create(shopperId, { name: 'Test', mode: 'test' })).key;
}, 90_000);
afterAll(() => t?.close());

describe('GET /api/v1/products', () => {
  it('is what /api/prices offers this account (its restricted product and discount included), with trim size, bleed, sides and orientations', async () => {
    const res = await v1(live, 'GET', '/api/v1/products');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeDefined();
    const { data } = res.json() as { data: TradeProduct[] };
    const prices = ok<PriceList>(await shopper.get('/api/prices'));
    expect(data.map((p) => p.id)).toEqual(prices.products.map((p) => p.id));
    expect(data.map((p) => p.name)).toContain('Agency only');
    for (const product of data) {
      const listed = prices.products.find((p) => p.id === product.id)!;
      expect(product.discount_percent).toBe(listed.discount);
      expect(product.option_groups).toEqual(listed.option_groups);
      expect(product.turnarounds).toEqual(listed.turnarounds);
      expect(product.stocks.map((s) => s.price_breaks)).toEqual(listed.stocks.map((s) => s.breaks));
    }
    const cards = data.find((p) => p.id === cat.cards.id)!;
    expect(cards).toMatchObject({
      trim_size: { width_mm: 85, height_mm: 55 },
      weight_grams: 2,
      discount_percent: 10,
      sides: ['single', 'double'],
      orientations: ['portrait', 'landscape'],
    });
    expect(typeof cards.bleed_mm).toBe('number');
    expect(cards.stocks[0].price_breaks.map((b) => b.qty)).toEqual([100, 250]);
    expect(cards.option_groups.map((g) => g.name)).toEqual(['Lamination', 'Corners']);
    expect(cards.turnarounds.filter((r) => r.is_default)).toHaveLength(1);
    expect(cards.turnarounds.map((r) => r.name)).toContain('Express');
  });

  it('another account, with the same test catalogue, does not see the restricted product', async () => {
    const stranger = new ApiClient(t.app);
    await registerAs(stranger);
    const strangerId = ok<{ id: number }>(await stranger.get('/api/user')).id;
    const key = (await t.app.deps.apiKeys.create(strangerId, { name: 'S', mode: 'test' })).key;
    const { data } = (await v1(key, 'GET', '/api/v1/products')).json() as { data: TradeProduct[] };
    expect(data.map((p) => p.name)).not.toContain('Agency only');
    expect(data.find((p) => p.id === cat.cards.id)!.discount_percent).toBe(0);
  });
});

describe('POST /api/v1/quotes', () => {
  it('prices items as the basket does, saves a numbered quote valid for QUOTE_VALID_DAYS, with every delivery option and its totals', async () => {
    const item = { ...cardItem, option_ids: [finishes.matt], turnaround_id: finishes.express };
    const res = await v1(test, 'POST', '/api/v1/quotes', { items: [item, { ...cardItem, qty: 250, sides: 'double' }], country: 'gb', postcode: 'SW1A 1AA' });
    expect(res.statusCode, res.body).toBe(201);
    const quote = res.json() as TradeQuote;

    // The same items in a basket on the website, with the same delivery.
    const { order } = await basketWithCard(shopper, cat, { option_ids: [finishes.matt], turnaround_id: finishes.express });
    ok(await shopper.post(`/api/orders/${order.id}/items`, { ...cardItem, qty: 250, sides: 'double' }), 201);
    ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: del.first.id }));
    const priced = ok<Order>(await shopper.get(`/api/orders/${order.id}`));

    expect(quote.number).toBe(`Q-${String(quote.id).padStart(6, '0')}`);
    expect(quote.expires_at).toBe(quoteValidUntil(ukToday(), 30));
    expect(quote).toMatchObject({ expired: false, country: 'GB', postcode: 'SW1A 1AA' });
    expect(quote.items.map((i) => i.price)).toEqual(priced.items.map((i) => i.price));
    expect(quote.items[0]).toMatchObject({ option_ids: [finishes.matt], turnaround_id: finishes.express, turnaround: { name: 'Express' } });
    expect(quote.items[0].options.map((o) => o.name)).toEqual(['Matt gloss']);
    expect(quote.items_net).toBe(quote.items[0].price + quote.items[1].price);

    // GB: Tracked 24 and the courier, cheapest first; not the international service.
    expect(quote.delivery_options.map((o) => o.id)).toEqual([del.first.id, del.courier.id]);
    const [first] = quote.delivery_options;
    expect(first).toMatchObject({ name: 'Royal Mail Tracked 24', carrier: 'royalmail', price: priced.delivery_cost });
    expect(first.dispatch_date).toBe(priced.dispatch_due);
    expect(first.delivery_date).toBe(priced.delivery_due);
    expect(first.totals).toEqual({ net: priced.total_net, vat: priced.total_vat, total: priced.total });
    expect(quote.delivery_type_id).toBe(del.first.id);
    expect(quote.totals).toEqual(first.totals);

    // Saved: the customer's own quotes list it, and GET answers the same.
    expect(ok<{ data: Array<{ id: number }> }>(await shopper.get('/api/quotes')).data.map((q) => q.id)).toContain(quote.id);
    const again = await v1(live, 'GET', `/api/v1/quotes/${quote.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(quote);
  });

  it('is binding: after a price rise the quote keeps its prices, and ordering it fixes them on the new basket', async () => {
    const quote = (await v1(live, 'POST', '/api/v1/quotes', { items: [cardItem], country: 'GB', postcode: 'M1 1AA' })).json() as TradeQuote;
    await setMargins(staff, cat.cards.id, cat.silk.id, [
      [100, 300],
      [250, 50],
    ]);
    try {
      const now = (await v1(live, 'POST', '/api/v1/quotes', { items: [cardItem], country: 'GB', postcode: 'M1 1AA' })).json() as TradeQuote;
      expect(now.items[0].price).toBeGreaterThan(quote.items[0].price);
      const kept = (await v1(live, 'GET', `/api/v1/quotes/${quote.id}`)).json() as TradeQuote;
      expect(kept.items[0].price).toBe(quote.items[0].price);
      // As POST /api/v1/orders with a quote_id does.
      const ordered = await t.app.deps.quotes.order(await userRow(shopperId), quote.id);
      expect(ordered.items[0].price).toBe(quote.items[0].price);
    } finally {
      await setMargins(staff, cat.cards.id, cat.silk.id, [
        [100, 100],
        [250, 50],
      ]);
    }
  });

  it('a bad item is a 422 problem naming the field; an unknown country or a bad body too', async () => {
    const cases: Array<[unknown, Record<string, string | RegExp>]> = [
      [{ items: [{ ...cardItem, qty: 99 }], country: 'GB' }, { 'items.0.qty': /100, 250/ }],
      [{ items: [cardItem, { ...cardItem, stock_id: 999_999 }], country: 'GB' }, { 'items.1.stock_id': /not available on that paper/ }],
      [{ items: [{ ...cardItem, product_id: 999_999 }], country: 'GB' }, { 'items.0.product_id': /not available/ }],
      [{ items: [{ ...cardItem, option_ids: [999_999] }], country: 'GB' }, { 'items.0.option_ids': /./ }],
      [{ items: [cardItem], country: 'ZZ' }, { country: /do not deliver to ZZ/ }],
      [{ items: [cardItem], country: 'Great Britain' }, { country: /two-letter/ }],
      [{ items: [], country: 'GB' }, { items: /at least one/ }],
      [{ items: [{ ...cardItem, sides: 'triple' }], country: 'GB' }, { 'items.0.sides': /single/ }],
    ];
    for (const [body, errors] of cases) {
      const res = await v1(live, 'POST', '/api/v1/quotes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = res.json();
      expect(problem.type).toBe('/developers#problem-invalid');
      for (const [field, message] of Object.entries(errors)) expect(problem.errors[field], `${field} in ${res.body}`).toMatch(message);
    }
  });

  it('a country no service reaches at this weight is a 422 on country; another account’s quote is 404', async () => {
    const abroad = await v1(live, 'POST', '/api/v1/quotes', { items: [{ ...cardItem, product_id: cat.posters.id, qty: 10 }], country: 'FR' });
    expect(abroad.statusCode).toBe(422);
    expect(abroad.json().errors.country).toMatch(/No delivery service|do not deliver/);
    const quote = (await v1(live, 'POST', '/api/v1/quotes', { items: [cardItem], country: 'GB' })).json() as TradeQuote;
    const stranger = new ApiClient(t.app);
    await registerAs(stranger);
    const key = (await t.app.deps.apiKeys.create(ok<{ id: number }>(await stranger.get('/api/user')).id, { name: 'S', mode: 'live' })).key;
    const res = await v1(key, 'GET', `/api/v1/quotes/${quote.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('No such quote.');
  });
});

describe('/api/v1/invoices', () => {
  let ids: number[];
  let strangerInvoice: number;

  beforeAll(async () => {
    const file = Buffer.from(await pdf(CLEAN_CARD));
    ids = [];
    for (let i = 1; i <= 3; i++) {
      ids.push((await t.app.deps.invoices.upload({ user_id: shopperId, number: `EXT-${i}`, date: '2026-01-0' + i, total: 1000 * i }, file, shopperId)).id);
    }
    const stranger = new ApiClient(t.app);
    await registerAs(stranger);
    const strangerId = ok<{ id: number }>(await stranger.get('/api/user')).id;
    strangerInvoice = (await t.app.deps.invoices.upload({ user_id: strangerId, number: 'EXT-X', date: '2026-01-05', total: 500 }, file, strangerId)).id;
  });

  it('lists the account’s own, newest first, a cursor page at a time', async () => {
    const first = await v1(live, 'GET', '/api/v1/invoices?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.data.map((i: { id: number }) => i.id)).toEqual([ids[2], ids[1]]);
    expect(page1.next_cursor).toBe(ids[1]);
    expect(page1.data[0]).toMatchObject({ number: 'EXT-3', total: 3000, paid: 0, balance: 3000, order_id: null });
    expect(page1.data[0].due_date).toMatch(/^\d{4}-\d\d-\d\d$/);
    const page2 = (await v1(live, 'GET', `/api/v1/invoices?limit=2&after=${page1.next_cursor}`)).json();
    expect(page2).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    const all = (await v1(live, 'GET', '/api/v1/invoices')).json();
    expect(all.data.map((i: { id: number }) => i.id)).not.toContain(strangerInvoice);
    expect((await v1(live, 'GET', '/api/v1/invoices?limit=101')).json().errors).toHaveProperty('limit');
  });

  it('one invoice with its state and balance, and its PDF; another account’s is 404', async () => {
    const one = await v1(live, 'GET', `/api/v1/invoices/${ids[0]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: ids[0], number: 'EXT-1', balance: 1000, state: expect.stringMatching(/unpaid|overdue/) });
    const file = await v1(live, 'GET', `/api/v1/invoices/${ids[0]}/pdf`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const url of [`/api/v1/invoices/${strangerInvoice}`, `/api/v1/invoices/${strangerInvoice}/pdf`]) {
      const res = await v1(live, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().type).toBe('/developers#problem-not-found');
    }
  });

  it('a test key sees no invoice: sandbox orders are never invoiced', async () => {
    expect((await v1(test, 'GET', '/api/v1/invoices')).json()).toEqual({ data: [], next_cursor: null });
    expect((await v1(test, 'GET', `/api/v1/invoices/${ids[0]}`)).statusCode).toBe(404);
    expect((await v1(test, 'GET', `/api/v1/invoices/${ids[0]}/pdf`)).statusCode).toBe(404);
  });
});

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}
