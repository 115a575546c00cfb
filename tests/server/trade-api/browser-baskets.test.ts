import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../../src/server/db/schema';
import { forgetUserSessions } from '../../../src/server/modules/accounts/sessions';
import type { Order, OrderList } from '../../../src/shared/api/orders';
import type { TradeOrder } from '../../../src/shared/api/trade-orders';
import type { TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { artworkChecked, basketWithCard, CLEAN_CARD, clientAddress, ok, orderingApp, pdf, upload, type Catalogue } from '../orders/helpers';

/**
 * The browser's baskets and the trade API's orders awaiting their artwork: both are baskets of the
 * account, but /create lists only those built in the browser (and the count of baskets counts only
 * them); the API's are asked for apart (`source=api`), name their key, open in the browser — where
 * the customer may give their artwork by hand — and stay the API's own in its listing.
 */

let t: TestApp;
let cat: Catalogue;
let shopper: ApiClient;
let browserBasket: Order;
let liveOrder: TradeOrder;
let sandboxOrder: TradeOrder;
let liveKey: string;
let gbId: number;
let deliveryId: number;

const v1 = (key: string, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
const json = <T>(res: LightMyRequestResponse, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const ids = (list: OrderList) => list.data.map((o) => o.id);

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, cat, shopper } = app);
  gbId = app.gbId;
  deliveryId = app.del.first.id;
  const userId = (await shopper.get('/api/user')).json().id as number;
  liveKey = (await t.app.deps.apiKeys.create(userId, { name: 'Web shop', mode: 'live' })).key;
  const testKey = (await t.app.deps.apiKeys.create(userId, { name: 'Web shop sandbox', mode: 'test' })).key;
  ({ order: browserBasket } = await basketWithCard(shopper, cat));
  const place = (key: string, ref: string) =>
    v1(
      key,
      'POST',
      '/api/v1/orders',
      {
        external_ref: ref,
        items: [{ product_id: cat.cards.id, stock_id: cat.silk.id, qty: 100, sides: 'single', orientation: 'landscape' }],
        address: clientAddress(app.gbId),
        delivery_type_id: app.del.first.id,
      },
      { 'idempotency-key': `place-${ref}` },
    );
  liveOrder = json<TradeOrder>(await place(liveKey, 'SHOP-1001'), 201);
  sandboxOrder = json<TradeOrder>(await place(testKey, 'SHOP-TEST-7'), 201);
  expect(liveOrder.status).toBe('awaiting');
  expect(sandboxOrder.status).toBe('awaiting');
}, 120_000);
afterAll(() => t?.close());

describe("the browser's baskets and the trade API's orders awaiting artwork", () => {
  it('the basket list of /create holds only the basket made in the browser, and its count counts only it', async () => {
    const baskets = ok<OrderList>(await shopper.get('/api/orders?status=basket&per_page=50'));
    expect(ids(baskets)).toEqual([browserBasket.id]);
    expect(baskets.total).toBe(1);
    expect(baskets.data[0].trade_api).toBeNull();
    // Said outright, the same.
    expect(ids(ok<OrderList>(await shopper.get('/api/orders?status=basket&source=browser')))).toEqual([browserBasket.id]);
    // The price list orders into the newest basket: the browser's, not the API's newer one.
    expect(ids(ok<OrderList>(await shopper.get('/api/orders?status=basket&per_page=1')))).toEqual([browserBasket.id]);
    expect(ok(await shopper.get('/api/orders/counts'))).toMatchObject({ basket: 1, live: 0 });
  });

  it('the API section lists the API orders awaiting artwork, newest first, with their key, reference and sandbox mark', async () => {
    const waiting = ok<OrderList>(await shopper.get('/api/orders?status=basket&source=api'));
    expect(ids(waiting)).toEqual([sandboxOrder.id, liveOrder.id]);
    expect(waiting.total).toBe(2);
    expect(waiting.data[0]).toMatchObject({
      test: true,
      status: 'basket',
      item_count: 1,
      trade_api: { key_name: 'Web shop sandbox', external_ref: 'SHOP-TEST-7' },
    });
    expect(waiting.data[1]).toMatchObject({ test: false, ref: 'SHOP-1001', trade_api: { key_name: 'Web shop', external_ref: 'SHOP-1001' } });
  });

  it('an unknown source is refused beside its field', async () => {
    const res = await shopper.get('/api/orders?status=basket&source=phone');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ source: 'Either browser or api' });
  });

  it('an API order opens in the browser and says where it came from; a browser basket says nothing of the API', async () => {
    const opened = ok<Order>(await shopper.get(`/api/orders/${liveOrder.id}`));
    expect(opened).toMatchObject({ status: 'basket', trade_api: { key_name: 'Web shop', external_ref: 'SHOP-1001' } });
    expect(ok<Order>(await shopper.get(`/api/orders/${browserBasket.id}`)).trade_api).toBeNull();
  });

  it('the API lists its own orders as before, and never the browser basket', async () => {
    const listed = json<{ data: TradeOrder[] }>(await v1(liveKey, 'GET', '/api/v1/orders'));
    expect(listed.data.map((o) => o.id)).toEqual([liveOrder.id]);
    expect(json<{ data: TradeOrder[] }>(await v1(liveKey, 'GET', '/api/v1/orders?status=awaiting')).data.map((o) => o.id)).toEqual([liveOrder.id]);
  });

  it('artwork given by hand in the browser lets the API order confirm itself: it leaves the API section for the orders list, still marked', async () => {
    const item = sandboxOrder.items[0];
    ok(await upload(shopper, sandboxOrder.id, item.id, await pdf(CLEAN_CARD)));
    await artworkChecked(t, shopper, sandboxOrder.id);
    await t.app.deps.jobs.drain();
    const order = ok<Order>(await shopper.get(`/api/orders/${sandboxOrder.id}`));
    expect(order.status).toBe('live');
    expect(ids(ok<OrderList>(await shopper.get('/api/orders?status=basket&source=api')))).toEqual([liveOrder.id]);
    const confirmed = ok<OrderList>(await shopper.get('/api/orders'));
    expect(confirmed.data.find((o) => o.id === sandboxOrder.id)).toMatchObject({ test: true, trade_api: { key_name: 'Web shop sandbox' } });
    expect(ok(await shopper.get('/api/orders/counts'))).toMatchObject({ basket: 1, live: 1 });
  });

  it('an owner who leaves takes their browser baskets along, while the baskets their key placed through the API stay the company’s', async () => {
    const colleague = new ApiClient(t.app);
    await registerAs(colleague);
    const me = ok<{ id: number; company_id: number }>(await shopper.get('/api/user'));
    const them = ok<{ id: number }>(await colleague.get('/api/user'));
    await t.database.db.update(users).set({ companyId: me.company_id, companyRole: 'owner' }).where(eq(users.id, them.id));
    forgetUserSessions(them.id);
    const key = (await t.app.deps.apiKeys.create(them.id, { name: 'Their shop', mode: 'live' })).key;
    const placed = json<TradeOrder>(
      await v1(
        key,
        'POST',
        '/api/v1/orders',
        {
          external_ref: 'THEIRS-1',
          items: [{ product_id: cat.cards.id, stock_id: cat.silk.id, qty: 100, sides: 'single', orientation: 'landscape' }],
          address: clientAddress(gbId),
          delivery_type_id: deliveryId,
        },
        { 'idempotency-key': 'place-theirs-1' },
      ),
      201,
    );
    const { order: theirBasket } = await basketWithCard(colleague, cat);

    ok(await shopper.delete(`/api/company/members/${them.id}`));
    const companyOf = async (id: number) => (await t.database.db.select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, id)))[0].companyId;
    expect(await companyOf(placed.id)).toBe(me.company_id);
    expect(await companyOf(theirBasket.id)).not.toBe(me.company_id);
    expect(json<TradeOrder>(await v1(liveKey, 'GET', `/api/v1/orders/${placed.id}`)).id).toBe(placed.id);
  });
});
