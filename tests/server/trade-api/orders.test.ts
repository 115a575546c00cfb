import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeOrderCreateSchema, type TradeOrder } from '../../../src/shared/api/trade-orders';
import { requestFingerprint } from '../../../src/server/modules/trade-api/idempotency';
import { candidates } from '../../../src/server/modules/production/batch-items';
import { purgeExpired } from '../../../src/server/modules/accounts/purge';
import type { TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { CLEAN_CARD, clientAddress, multipart, NO_BLEED_CARD, orderingApp, pdf, WRONG_SIZE, type Catalogue } from '../orders/helpers';

/**
 * Orders through the trade API with live and test keys: placed idempotently, given artwork, confirming
 * themselves once it passes, read and listed in the key's account and mode only, cancelled, and
 * moved along in the sandbox — which never batches, invoices or keeps them past 30 days.
 */

let t: TestApp;
let cat: Catalogue;
let gbId: number;
let deliveryId: number;
let userId: number;
let testKey: string;
let liveKey: string;
let otherKey: string;
let n = 0;
let staff: ApiClient;
let shopper: ApiClient;

const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const call = (key: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...auth(key), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
const address = () => clientAddress(gbId);
const orderBody = (fields: Record<string, unknown> = {}) => ({
  external_ref: `SHOP-${++n}`,
  items: [{ product_id: cat.cards.id, stock_id: cat.silk.id, qty: 100, sides: 'single', orientation: 'landscape' }],
  address: address(),
  delivery_type_id: deliveryId,
  ...fields,
});
const place = (key: string, body: unknown, idem = `key-${++n}`) => call(key, 'POST', '/api/v1/orders', body, { 'idempotency-key': idem });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const rows = async (query: SQL): Promise<any[]> => ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
const json = <T>(res: LightMyRequestResponse, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const putArtwork = async (key: string, order: TradeOrder, content: Uint8Array, item = 0) => {
  const { payload, headers } = multipart('file', 'card.pdf', content);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/orders/${order.id}/items/${order.items[item].id}/artwork`,
    payload,
    headers: { ...auth(key), ...headers },
  });
};
/** Runs the jobs (the check, then the try to confirm) until the order's artwork is no longer being checked. */
async function settled(key: string, id: number): Promise<TradeOrder> {
  const until = Date.now() + 30_000;
  for (;;) {
    await t.app.deps.jobs.drain();
    const order = json<TradeOrder>(await call(key, 'GET', `/api/v1/orders/${id}`));
    if (order.items.every((i) => i.artwork.status !== 'checking')) {
      await t.app.deps.jobs.drain();
      return json<TradeOrder>(await call(key, 'GET', `/api/v1/orders/${id}`));
    }
    if (Date.now() > until) throw new Error(`order ${id} still checking`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
/** A test order placed and confirmed by clean artwork. */
async function confirmedTestOrder(): Promise<TradeOrder> {
  const order = json<TradeOrder>(await place(testKey, orderBody()), 201);
  json(await putArtwork(testKey, order, await pdf(CLEAN_CARD)));
  const done = await settled(testKey, order.id);
  expect(done.status).toBe('live');
  return done;
}

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, cat, gbId, staff, shopper } = app);
  deliveryId = app.del.first.id;
  userId = (await app.shopper.get('/api/user')).json().id;
  testKey = (await t.app.deps.apiKeys.create(userId, { name: 'Sandbox', mode: 'test' })).key;
  liveKey = (await t.app.deps.apiKeys.create(userId, { name: 'Shop', mode: 'live' })).key;
  const other = new ApiClient(t.app);
  await registerAs(other);
  const otherId = (await other.get('/api/user')).json().id;
  otherKey = (await t.app.deps.apiKeys.create(otherId, { name: 'Other', mode: 'test' })).key;
}, 120_000);
afterAll(() => t?.close());

describe('placing an order through the trade API', () => {
  it('a test key places a test order (201) that awaits its artwork, then confirms itself once the uploaded artwork passes', async () => {
    const res = await place(testKey, orderBody({ external_ref: 'SHOP-A1' }));
    const order = json<TradeOrder>(res, 201);
    expect(order).toMatchObject({ external_ref: 'SHOP-A1', status: 'awaiting', test: true, confirmed_at: null });
    expect(order.items[0]).toMatchObject({ qty: 100, price: expect.any(Number), artwork: { status: 'awaiting' } });
    expect(order.awaiting_reason).toMatch(/Item 1: Give its artwork/);
    const [row] = await rows(sql`select test, api_key_id from orders where id = ${order.id}`);
    expect(row).toMatchObject({ test: true, api_key_id: expect.any(Number) });

    const uploaded = json<TradeOrder>(await putArtwork(testKey, order, await pdf(CLEAN_CARD)));
    expect(uploaded.items[0].artwork.status).toBe('checking');
    const done = await settled(testKey, order.id);
    expect(done).toMatchObject({ status: 'live', awaiting_reason: null, confirmed_at: expect.any(String), dispatch_due: expect.any(String) });
    expect(done.items[0].artwork).toMatchObject({ status: 'passed', reason: null, name: 'card.pdf' });
    expect(done.total).toBe(done.total_net! + done.total_vat!);
  });

  it('failing artwork keeps it waiting with the reason per item; new artwork confirms it', async () => {
    const order = json<TradeOrder>(await place(testKey, orderBody()), 201);
    json(await putArtwork(testKey, order, await pdf(WRONG_SIZE)));
    const failed = await settled(testKey, order.id);
    expect(failed.status).toBe('awaiting');
    expect(failed.items[0].artwork.status).toBe('failed');
    expect(failed.awaiting_reason).toMatch(/Item 1: Its artwork failed its check/);
    json(await putArtwork(testKey, order, await pdf(CLEAN_CARD)));
    expect((await settled(testKey, order.id)).status).toBe('live');
  });

  it('warnings hold the order unless accept_warnings was set', async () => {
    const held = json<TradeOrder>(await place(testKey, orderBody()), 201);
    json(await putArtwork(testKey, held, await pdf(NO_BLEED_CARD)));
    const waiting = await settled(testKey, held.id);
    expect(waiting.status).toBe('awaiting');
    expect(waiting.items[0].artwork.status).toBe('warnings');
    expect(waiting.awaiting_reason).toMatch(/accept_warnings/);

    const accepted = json<TradeOrder>(await place(testKey, orderBody({ accept_warnings: true })), 201);
    json(await putArtwork(testKey, accepted, await pdf(NO_BLEED_CARD)));
    const done = await settled(testKey, accepted.id);
    expect(done).toMatchObject({ status: 'live', accept_warnings: true });
    expect(done.items[0].artwork.status).toBe('warnings');
  });

  it('a duplicate external_ref is a 409 problem naming the existing order', async () => {
    const first = json<TradeOrder>(await place(testKey, orderBody({ external_ref: 'DUP-1' })), 201);
    const again = await place(testKey, orderBody({ external_ref: 'DUP-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({ status: 409, title: 'Conflict', order_id: first.id, detail: expect.stringContaining(`order ${first.id}`) });
    // The other mode has references of its own.
    expect((await place(liveKey, orderBody({ external_ref: 'DUP-1' }))).statusCode).toBe(201);
  });

  it('bad items are a 422 naming each field, an artwork_url on no public address too', async () => {
    const bad = await place(
      testKey,
      orderBody({ items: [{ product_id: cat.cards.id, stock_id: cat.silk.id, qty: 7, sides: 'single', orientation: 'landscape' }] }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['items.0.qty']);
    const missing = await place(testKey, { external_ref: 'X' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('items');
    for (const address of ['http://127.0.0.1/card.pdf', 'http://10.1.2.3/card.pdf', 'http://169.254.169.254/latest/meta-data', 'ftp://example.com/card.pdf']) {
      const url = await place(testKey, orderBody({ items: [{ ...orderBody().items[0], artwork_url: address }] }));
      expect(url.statusCode, address).toBe(422);
      expect(Object.keys(url.json().errors), address).toEqual(['items.0.artwork_url']);
    }
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key and body is answered the first answer, byte for byte, and makes one order', async () => {
    const body = orderBody();
    const first = await place(testKey, body, 'retry me');
    const second = await place(testKey, body, 'retry me');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    const [{ count }] = await rows(sql`select count(*)::int as count from orders where external_ref = ${body.external_ref}`);
    expect(count).toBe(1);
    // A live key's keys are its own: the same key there is a new request.
    expect((await place(liveKey, body, 'retry me')).statusCode).toBe(201);
  });

  it('the same key with another body is a 422; a key still in progress is a 409; an abandoned one is taken over after a minute', async () => {
    json(await place(testKey, orderBody(), 'once only'), 201);
    const other = await place(testKey, orderBody(), 'once only');
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toHaveProperty('idempotency_key');

    const store = t.app.deps.idempotency;
    const body = orderBody();
    const path = '/api/v1/orders';
    // A request that took the key and has not answered yet (or died): its fingerprint is of the body as validated.
    await store.claim({ userId, test: true }, 'in flight', requestFingerprint('POST', path, tradeOrderCreateSchema.parse(body)));
    const busy = await place(testKey, body, 'in flight');
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().detail).toMatch(/still being answered/);
    await t.database.db.execute(sql`update idempotency_keys set locked_until = now() - interval '1 second' where key = 'in flight'`);
    expect((await place(testKey, body, 'in flight')).statusCode).toBe(201);
  });

  it('missing, empty or too long keys, or keys with characters outside printable ASCII, are a 400 naming idempotency_key', async () => {
    const missing = await call(testKey, 'POST', '/api/v1/orders', orderBody());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, errors: { idempotency_key: expect.any(String) } });
    // Whatever the body: a request without its key is refused for that first.
    const keyless = await call(testKey, 'POST', '/api/v1/orders', {});
    expect(keyless.statusCode).toBe(400);
    expect(Object.keys(keyless.json().errors)).toEqual(['idempotency_key']);
    for (const bad of ['', 'k'.repeat(256), 'tab\there', 'caf\u00e9']) {
      const res = await call(testKey, 'POST', '/api/v1/orders', orderBody(), { 'idempotency-key': bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors).toHaveProperty('idempotency_key');
    }
    expect((await place(testKey, orderBody(), ' ~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')).statusCode).toBe(201);
  });

  it('keys are forgotten after 24 hours', async () => {
    await t.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'retry me'`);
    const gone = await purgeExpired(t.database.db);
    expect(gone.idempotencyKeys).toBeGreaterThanOrEqual(1);
  });
});

describe('reading, listing and cancelling', () => {
  it("another account's order, and the other mode's, are not found", async () => {
    const test = json<TradeOrder>(await place(testKey, orderBody()), 201);
    const live = json<TradeOrder>(await place(liveKey, orderBody()), 201);
    expect(live.test).toBe(false);
    for (const [key, id] of [
      [otherKey, test.id],
      [liveKey, test.id],
      [testKey, live.id],
    ] as const) {
      const res = await call(key, 'GET', `/api/v1/orders/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
      expect((await call(key, 'POST', `/api/v1/orders/${id}/cancel`)).statusCode).toBe(404);
    }
    expect(json<TradeOrder>(await call(testKey, 'GET', `/api/v1/orders/${test.id}`)).id).toBe(test.id);
  });

  it('lists newest first a page at a time, and finds an order by its external_ref or status', async () => {
    const seen: number[] = [];
    let after: number | null = null;
    do {
      const page: { data: TradeOrder[]; next_cursor: number | null } = json(
        await call(testKey, 'GET', `/api/v1/orders?limit=3${after ? `&after=${after}` : ''}`),
      );
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((o) => o.id));
      after = page.next_cursor;
    } while (after !== null);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const [{ count }] = await rows(sql`select count(*)::int as count from orders where test and user_id = ${userId}`);
    expect(seen.length).toBe(count);
    const byRef = json<{ data: TradeOrder[] }>(await call(testKey, 'GET', '/api/v1/orders?external_ref=SHOP-A1'));
    expect(byRef.data.map((o) => o.external_ref)).toEqual(['SHOP-A1']);
    const live = json<{ data: TradeOrder[] }>(await call(testKey, 'GET', '/api/v1/orders?status=live&limit=100'));
    expect(live.data.length).toBeGreaterThan(0);
    expect(live.data.every((o) => o.status === 'live')).toBe(true);
    expect((await call(testKey, 'GET', '/api/v1/orders?limit=101')).statusCode).toBe(422);
  });

  it('cancels a confirmed order as the customer would; an awaiting one is discarded', async () => {
    const order = await confirmedTestOrder();
    expect(json<TradeOrder>(await call(testKey, 'POST', `/api/v1/orders/${order.id}/cancel`)).status).toBe('cancelled');
    expect((await call(testKey, 'POST', `/api/v1/orders/${order.id}/cancel`)).statusCode).toBe(409);
    const waiting = json<TradeOrder>(await place(testKey, orderBody()), 201);
    expect(json<TradeOrder>(await call(testKey, 'POST', `/api/v1/orders/${waiting.id}/cancel`)).status).toBe('cancelled');
    expect((await call(testKey, 'GET', `/api/v1/orders/${waiting.id}`)).statusCode).toBe(404);
  });
});

describe('the sandbox', () => {
  it('advances a test order to printing, problem and dispatched with a sample tracking number; a live key is refused', async () => {
    const order = await confirmedTestOrder();
    const advance = (key: string, body: unknown) => call(key, 'POST', `/api/v1/test/orders/${order.id}/advance`, body);
    expect((await advance(liveKey, { to: 'printing' })).statusCode).toBe(403);
    expect(json<TradeOrder>(await advance(testKey, { to: 'printing' })).status).toBe('printing');
    const held = json<TradeOrder>(await advance(testKey, { to: 'problem', problem_text: 'Bleed missing' }));
    expect(held).toMatchObject({ status: 'problem', problem_text: 'Bleed missing' });

    const next = await confirmedTestOrder();
    const sent = json<TradeOrder>(await call(testKey, 'POST', `/api/v1/test/orders/${next.id}/advance`, { to: 'dispatched' }));
    expect(sent).toMatchObject({ status: 'dispatched', tracking_number: expect.stringMatching(/^TEST/), dispatched_at: expect.any(String) });
    expect(await rows(sql`select id from invoices where order_id = ${next.id}`)).toHaveLength(0);
    const awaiting = json<TradeOrder>(await place(testKey, orderBody()), 201);
    expect((await call(testKey, 'POST', `/api/v1/test/orders/${awaiting.id}/advance`, { to: 'printing' })).statusCode).toBe(409);
  });

  it('staff see test orders apart: left out of the list and its counts, in the Sandbox filter, marked on the order', async () => {
    const order = await confirmedTestOrder();
    const list = (filter: object) => staff.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`);
    expect(json<Array<{ id: number }>>(await list({})).map((o) => o.id)).not.toContain(order.id);
    expect(json<Array<{ id: number }>>(await list({ sandbox: true })).map((o) => o.id)).toContain(order.id);
    const counts = json<{ live: number }>(await staff.get('/api/admin/orders/counts'));
    const [{ live }] = await rows(sql`select count(*)::int as live from orders where status = 'live' and not test`);
    expect(counts.live).toBe(live);
    expect(json<{ test: boolean }>(await staff.get(`/api/admin/orders/${order.id}`)).test).toBe(true);
    // The customer's own pages mark it too, beside their real orders.
    const mine = json<{ data: Array<{ id: number; test: boolean }> }>(await shopper.get('/api/orders?status=live&per_page=100')).data;
    expect(mine.find((o) => o.id === order.id)?.test).toBe(true);
    expect(json<{ test: boolean }>(await shopper.get(`/api/orders/${order.id}`)).test).toBe(true);
  });

  it('a confirmed test order is never batched', async () => {
    const order = await confirmedTestOrder();
    const waiting = await candidates(t.database.db, null);
    expect(waiting.map((c) => c.order_id)).not.toContain(order.id);
  });

  it('test orders are deleted 30 days after they were made', async () => {
    const order = await confirmedTestOrder();
    await t.database.db.execute(sql`update orders set created_at = now() - interval '31 days' where id = ${order.id}`);
    const gone = await purgeExpired(t.database.db, t.app.deps.files);
    expect(gone.testOrders).toBeGreaterThanOrEqual(1);
    expect((await call(testKey, 'GET', `/api/v1/orders/${order.id}`)).statusCode).toBe(404);
  });
});

describe('a live order held by its account’s credit', () => {
  /** The account over its credit limit: £50.00 owing on an invoice, a limit of £20.00. */
  async function overLimit(): Promise<number> {
    const [invoice] = await rows(sql`
      insert into invoices (number, user_id, source, date, due_date, total)
      values (${`HELD-${++n}`}, ${userId}, 'uploaded', current_date - 30, current_date, 5000) returning id`);
    await t.database.db.execute(
      sql`update companies set payment_terms = 'account', credit_limit = 2000 where id = (select company_id from users where id = ${userId})`,
    );
    return invoice.id as number;
  }
  async function heldOrder(): Promise<TradeOrder> {
    const order = json<TradeOrder>(await place(liveKey, orderBody()), 201);
    json(await putArtwork(liveKey, order, await pdf(CLEAN_CARD)));
    const held = await settled(liveKey, order.id);
    expect(held.status).toBe('awaiting');
    expect(held.awaiting_reason).toMatch(/credit limit/);
    return held;
  }
  afterAll(() => t.database.db.execute(sql`update companies set credit_limit = null where id = (select company_id from users where id = ${userId})`));

  it('confirms itself as soon as staff release it, not at its next hourly try', async () => {
    await overLimit();
    const held = await heldOrder();
    // Staff find the held basket on the account's credit page.
    const credit = json<{ baskets: Array<{ id: number; version: number }> }>(await staff.get(`/api/admin/users/${userId}/credit`));
    const { version } = credit.baskets.find((b) => b.id === held.id)!;
    json(await staff.post(`/api/admin/orders/${held.id}/credit-release`, { reason: 'Cheque in the post', version }));
    await t.app.deps.jobs.drain();
    expect(json<TradeOrder>(await call(liveKey, 'GET', `/api/v1/orders/${held.id}`))).toMatchObject({ status: 'live', awaiting_reason: null });
  });

  it('confirms itself as soon as a payment brings the account back within its limit', async () => {
    await overLimit();
    const held = await heldOrder();
    // A payment of everything the account owes (its invoices and its orders not yet invoiced): the hold lifts.
    const { balance } = json<{ balance: number }>(await staff.get(`/api/admin/users/${userId}/credit`));
    json(
      await staff.post('/api/admin/payments', {
        user_id: userId,
        amount: balance,
        received_on: new Date().toISOString().slice(0, 10),
        method: 'bank_transfer',
      }),
      201,
    );
    await t.app.deps.jobs.drain();
    expect(json<TradeOrder>(await call(liveKey, 'GET', `/api/v1/orders/${held.id}`))).toMatchObject({ status: 'live', awaiting_reason: null });
  });
});
