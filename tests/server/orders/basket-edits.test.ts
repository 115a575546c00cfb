import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../src/shared/api/orders';
import { SESSION_CACHE_TTL_MS } from '../../../src/server/modules/accounts/sessions';
import type { TestApp } from '../helpers/app';
import { createProduct, createStock, setMargins } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { ok, orderingApp, type Catalogue } from './helpers';

/**
 * Editing a basket item once the customer's kept price terms have expired. The change is priced
 * with the terms, which are read again from the database: that read once went through the pool
 * while the edit's transaction held the connection, and on the embedded database (one connection)
 * it waited for ever, and every request after it too.
 */
let t: TestApp;
let shopper: ApiClient;
let cat: Catalogue;
let matt: { id: number };
let postcards: { id: number };
let flyers: { id: number };

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, shopper, cat } = app);
  // Postcards on two papers, so that an edit can move an item to the other one; flyers to change product to.
  matt = await createStock(app.staff, { name: 'Matt 400', sheet_cost: '0.0600' });
  postcards = await createProduct(app.staff, { name: 'Postcards', stock_ids: [cat.silk.id, matt.id] });
  await setMargins(app.staff, postcards.id, cat.silk.id, [
    [100, 100],
    [250, 50],
  ]);
  await setMargins(app.staff, postcards.id, matt.id, [[100, 80]]);
  flyers = await createProduct(app.staff, { name: 'Flyers', stock_ids: [cat.silk.id], multiplier: 8 });
  await setMargins(app.staff, flyers.id, cat.silk.id, [[100, 60]]);
}, 60_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

/** Moves the clock (Date only; timers run as they do) past every one-second cache: the customer's terms, their session, the reference data. */
function pastTheCaches() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 2 * SESSION_CACHE_TTL_MS + 1);
}

describe('editing a basket item after the kept terms expired', () => {
  const changes: Array<[string, () => Record<string, unknown>, (item: Item) => void]> = [
    ['quantity', () => ({ qty: 250 }), (item) => expect(item.qty).toBe(250)],
    ['paper', () => ({ stock_id: matt.id }), (item) => expect(item.stock_id).toBe(matt.id)],
    ['sides', () => ({ sides: 'double' }), (item) => expect(item.sides).toBe('double')],
    ['product', () => ({ product_id: flyers.id }), (item) => expect(item.product_name).toBe('Flyers')],
  ];

  it.each(changes)('answers a change of %s with the item at its new price, and the app keeps answering', async (_name, change, check) => {
    const order = ok<{ id: number }>(await shopper.post('/api/orders', { ref: 'PO-EDIT' }), 201);
    const item = ok<Item>(
      await shopper.post(`/api/orders/${order.id}/items`, {
        product_id: postcards.id,
        stock_id: cat.silk.id,
        qty: 100,
        sides: 'single',
        orientation: 'landscape',
      }),
      201,
    );
    pastTheCaches();
    const res = await shopper.patch(`/api/orders/${order.id}/items/${item.id}`, change());
    const changed = ok<Item>(res);
    check(changed);
    expect(changed.price).toEqual(expect.any(Number));
    expect(changed.price).not.toBe(item.price);
    // The database is free again: the next requests are answered.
    const again = ok<{ items: Item[] }>(await shopper.get(`/api/orders/${order.id}`));
    expect(again.items[0]).toMatchObject({ id: item.id, price: changed.price });
  });
});
