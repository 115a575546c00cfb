import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Order } from '../../../src/shared/api/orders';
import { orderEvents, orderItems, orders, settings } from '../../../src/server/db/schema';
import { moveOrders } from '../../../src/server/modules/orders/transitions';
import { createTestApp, type TestApp } from '../helpers/app';
import { putAsRead, staffClient } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { makePdf } from '../artwork/fixtures';
import {
  basketWithCard as basketWithCard_,
  CLEAN_CARD,
  customer,
  NO_BLEED_CARD,
  ok,
  pdf,
  readyBasket as readyBasket_,
  seedCatalogue,
  seedDelivery,
  upload,
  WRONG_SIZE,
} from './helpers';
import { FAKE_PDFS } from '../artwork/fixtures';

let t: TestApp;
let staff: ApiClient;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let del: Awaited<ReturnType<typeof seedDelivery>>;
let gbId: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  cat = await seedCatalogue(staff);
  ({ gbId } = await customer(t));
  del = await seedDelivery(t, gbId);
}, 60_000);
afterAll(() => t?.close());

const files = (dir: string) => {
  try {
    return readdirSync(path.join(t.dataDir, 'files', dir)).filter((f) => !f.endsWith('.part'));
  } catch {
    return [];
  }
};
/** Waits for the artwork jobs queued so far. */
const checked = () => t.app.deps.jobs.drain();

const basketWithCard = (client: ApiClient, fields: Record<string, unknown> = {}) => basketWithCard_(client, cat, fields);
const readyBasket = (client: ApiClient) => readyBasket_(t, client, cat, del.first.id);

describe('baskets and items', () => {
  it('starts a basket at the profile address, prices items live and lists it under status=basket', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client);
    expect(order).toMatchObject({
      status: 'basket',
      ref: 'PO-1',
      address: { town: 'Leeds', country_id: gbId },
      items: [],
      events: [{ to: 'basket', actor: 'customer' }],
    });
    // 100 cards = ⌈100/24⌉ = 5 sheets × £0.075 = 37.5p, +100 % margin = 75p
    expect(item).toMatchObject({ product_name: 'Cards', stock_name: 'Silk 350', qty: 100, price: 75, artwork: null, unavailable: null });
    const list = ok<{ data: Array<{ id: number; value: number; item_count: number }>; total: number }>(await client.get('/api/orders?status=basket'));
    expect(list).toMatchObject({ total: 1, data: [{ id: order.id, value: 75, item_count: 1 }] });
    expect(ok(await client.get('/api/orders/counts'))).toMatchObject({ basket: 1, live: 0 });
    expect(ok<{ total: number }>(await client.get('/api/orders')).total).toBe(0); // confirmed orders only
  });

  it('counts each order’s own items in the list', async () => {
    const { client } = await customer(t);
    const one = await basketWithCard(client);
    const three = await basketWithCard(client);
    for (let i = 0; i < 2; i++)
      ok(
        await client.post(`/api/orders/${three.order.id}/items`, {
          product_id: cat.cards.id,
          stock_id: cat.silk.id,
          qty: 100,
          sides: 'double',
          orientation: 'portrait',
        }),
        201,
      );
    const list = ok<{ data: Array<{ id: number; item_count: number }> }>(await client.get('/api/orders?status=basket'));
    expect(list.data.map((o) => [o.id, o.item_count])).toEqual([
      [three.order.id, 3],
      [one.order.id, 1],
    ]);
  });

  it('pages confirmed orders newest first by status, and finds them by number or reference', async () => {
    const { client } = await customer(t);
    const me = ok<{ id: number }>(await client.get('/api/user'));
    const address = { firstname: 'Jo', lastname: 'Bloggs', email: 'jo@example.test', address1: '1 High St', town: 'Leeds', postcode: 'LS1 1AA' };
    const made = await t.database.db
      .insert(orders)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          ...address,
          userId: me.id,
          status: i % 3 === 2 ? 'dispatched' : 'live',
          ref: `JOB-${100 + i}`,
          total: 1000 + i,
        })),
      )
      .returning({ id: orders.id, status: orders.status });
    const live = made
      .filter((o) => o.status === 'live')
      .map((o) => o.id)
      .reverse();
    const page = async (url: string) => ok<{ data: Array<{ id: number; ref: string }>; total: number }>(await client.get(url));
    const first = await page('/api/orders?status=live&page=1&per_page=5');
    const second = await page('/api/orders?status=live&page=2&per_page=5');
    expect(first.total).toBe(8);
    expect([...first.data, ...second.data].map((o) => o.id)).toEqual(live.slice(0, 8));
    expect((await page('/api/orders?q=JOB-10')).data.map((o) => o.ref)).toEqual([
      'JOB-109',
      'JOB-108',
      'JOB-107',
      'JOB-106',
      'JOB-105',
      'JOB-104',
      'JOB-103',
      'JOB-102',
      'JOB-101',
      'JOB-100',
    ]);
    expect((await page(`/api/orders?q=%23${made[4].id}`)).data.map((o) => o.id)).toEqual([made[4].id]);
    expect((await page('/api/orders?q=JOB-1&page=3&per_page=5')).data.map((o) => o.ref)).toEqual(['JOB-101', 'JOB-100']);
  });

  it.each([
    ['a quantity that is not a break', { qty: 150 }, 'qty', /100, 250/],
    ['a stock the product is not made on', { stock_id: 999_999 }, 'stock_id', /not available on that paper/],
    ['a product that does not exist', { product_id: 999_999 }, 'product_id', /not available/],
    ['sides not in the list', { sides: 'both' }, 'sides', /single- or double/],
    ['an orientation not in the list', { orientation: 'square' }, 'orientation', /portrait or landscape/],
  ])('refuses %s with a 422 on that field, adding nothing', async (_what, change, field, message) => {
    const { client } = await customer(t);
    const order = ok<Order>(await client.post('/api/orders', {}), 201);
    const res = await client.post(`/api/orders/${order.id}/items`, {
      product_id: cat.cards.id,
      stock_id: cat.silk.id,
      qty: 100,
      sides: 'single',
      orientation: 'portrait',
      ...change,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toMatch(message);
    expect(ok<Order>(await client.get(`/api/orders/${order.id}`)).items).toHaveLength(0);
  });

  it('refuses a restricted product to a customer not linked to it', async () => {
    const { client } = await customer(t);
    ok(await putAsRead(staff, `/api/admin/products/${cat.posters.id}`, { restricted: true }));
    try {
      const order = ok<Order>(await client.post('/api/orders', {}), 201);
      const res = await client.post(`/api/orders/${order.id}/items`, {
        product_id: cat.posters.id,
        stock_id: cat.silk.id,
        qty: 10,
        sides: 'single',
        orientation: 'portrait',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.product_id).toMatch(/not available/);
    } finally {
      ok(await putAsRead(staff, `/api/admin/products/${cat.posters.id}`, { restricted: false }));
    }
  });
});

describe('artwork', () => {
  it('streams a PDF to the store, checks it in the background and serves the preview to its owner only', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client);
    const uploaded = ok<Item>(await upload(client, order.id, item.id, await pdf(CLEAN_CARD), 'My card.pdf'));
    expect(uploaded.artwork).toMatchObject({ name: 'My card.pdf', preflight: { status: 'pending' }, preview: false });
    await checked();
    const after = ok<Order>(await client.get(`/api/orders/${order.id}`)).items[0];
    expect(after.artwork).toMatchObject({ preflight: { status: 'pass' }, preview: true });
    expect(after.artwork!.preflight.checks.length).toBeGreaterThan(2);
    const preview = await client.get(`/api/orders/${order.id}/items/${item.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    // The same URL after a replacement shows the new preview: the browser revalidates by ETag.
    const etag = String(preview.headers.etag);
    const previewUrl = `/api/orders/${order.id}/items/${item.id}/preview`;
    expect(preview.headers['cache-control']).toBe('private, no-cache');
    expect((await client.request('GET', previewUrl, undefined, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    ok(await upload(client, order.id, item.id, await pdf(NO_BLEED_CARD), 'My card.pdf'));
    await checked();
    const replaced = await client.request('GET', previewUrl, undefined, { headers: { 'if-none-match': etag } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers.etag).not.toBe(etag);
    const file = await client.get(`/api/orders/${order.id}/items/${item.id}/artwork`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="My card.pdf"/);
    const { client: other } = await customer(t);
    for (const url of [`/api/orders/${order.id}/items/${item.id}/preview`, `/api/orders/${order.id}/items/${item.id}/artwork`, `/api/orders/${order.id}`]) {
      expect((await other.get(url)).statusCode).toBe(404);
    }
  });

  it('serves a preview of every page: front and back of a double-sided item, each page its own PNG', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client, { sides: 'double' });
    const before = files('previews').length;
    // The back differs from the front (an image on it), so the two previews cannot be the same file.
    const back = { ...CLEAN_CARD, image: { colour: 'cmyk' as const, widthPx: 600, heightPx: 450, widthMm: 40, heightMm: 30 } };
    ok(await upload(client, order.id, item.id, await makePdf([CLEAN_CARD, back]), 'Both sides.pdf'));
    await checked();
    const after = ok<Order>(await client.get(`/api/orders/${order.id}`)).items[0];
    expect(after.artwork).toMatchObject({ preflight: { status: 'pass' }, preview: true, preview_pages: 2 });
    const url = `/api/orders/${order.id}/items/${item.id}/preview`;
    const [first, plain, second] = await Promise.all([client.get(`${url}?page=1`), client.get(url), client.get(`${url}?page=2`)]);
    for (const answer of [first, plain, second]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
    }
    expect(plain.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(files('previews').length).toBe(before + 2);
    // No page 3 in a two-page file; a page that is not a number is the caller's mistake.
    expect((await client.get(`${url}?page=3`)).statusCode).toBe(404);
    const bad = await client.get(`${url}?page=two`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.page).toMatch(/number/);
    const { client: other } = await customer(t);
    expect((await other.get(`${url}?page=2`)).statusCode).toBe(404);
    // A one-page replacement leaves one preview behind, not a stale back.
    ok(await upload(client, order.id, item.id, await pdf(CLEAN_CARD)));
    await checked();
    expect(ok<Order>(await client.get(`/api/orders/${order.id}`)).items[0].artwork).toMatchObject({ preview_pages: 1 });
    expect((await client.get(`${url}?page=2`)).statusCode).toBe(404);
    expect(files('previews').length).toBe(before + 1);
    ok(await client.delete(`/api/orders/${order.id}/items/${item.id}`));
    expect(files('previews').length).toBe(before);
  });

  it('answers an upload and a removal with the item itself, as the basket shows it', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client);
    const bytes = await pdf(CLEAN_CARD);
    const uploaded = ok<Item>(await upload(client, order.id, item.id, bytes, 'Front.pdf'));
    // Everything but the artwork is the item as it was; the file is on it, its check to come.
    expect(uploaded).toEqual({
      ...item,
      artwork: {
        name: 'Front.pdf',
        size: bytes.length,
        uploaded_at: expect.any(String),
        preflight: { status: 'pending', checks: [] },
        preview: false,
        preview_pages: 0,
      },
    });
    await checked();
    const removed = ok<Item>(await client.delete(`/api/orders/${order.id}/items/${item.id}/artwork`));
    expect(removed).toEqual({ ...item, artwork: null });
    expect(ok<Order>(await client.get(`/api/orders/${order.id}`)).items).toEqual([removed]);
  });

  it('refuses a new file for a confirmed order that is not on hold (409), keeping neither it nor a change', async () => {
    const { client } = await customer(t);
    const { order, item } = await readyBasket(client);
    const confirmed = ok<Order>(await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `replace-${order.id}` } }));
    const before = files('artwork');
    const refused = await upload(client, order.id, item.id, await pdf(NO_BLEED_CARD), 'Late change.pdf');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/only be replaced while the order is on hold/);
    expect(files('artwork')).toEqual(before);
    const after = ok<Order>(await client.get(`/api/orders/${order.id}`));
    expect(after.version).toBe(confirmed.version);
    expect(after.items[0].artwork).toEqual(confirmed.items[0].artwork);
    // Removing it is refused too: a confirmed order's file is the one the press works from.
    expect((await client.delete(`/api/orders/${order.id}/items/${item.id}/artwork`)).statusCode).toBe(409);
  });

  it('refuses a file that is not a PDF, and one over ARTWORK_MAX_MB, leaving no file behind', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client);
    const before = files('artwork');
    const notPdf = await upload(client, order.id, item.id, Buffer.from('GIF89a not a pdf at all'), 'card.gif');
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.file).toMatch(/not a PDF/);
    for (const fake of Object.values(FAKE_PDFS)) {
      const refused = await upload(client, order.id, item.id, fake, 'card.pdf');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.file).toMatch(/not a PDF/);
    }
    await t.database.db.update(settings).set({ value: '1' }).where(eq(settings.name, 'ARTWORK_MAX_MB'));
    try {
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 + 10, 32)]);
      const res = await upload(client, order.id, item.id, big);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file).toMatch(/larger than 1 MB/);
    } finally {
      await t.database.db.update(settings).set({ value: '100' }).where(eq(settings.name, 'ARTWORK_MAX_MB'));
    }
    expect(files('artwork')).toEqual(before);
    expect(ok<Order>(await client.get(`/api/orders/${order.id}`)).items[0].artwork).toBeNull();
  });

  it('needs warnings accepted, and refuses to confirm failed artwork until it is replaced', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client);
    ok(await client.patch(`/api/orders/${order.id}`, { delivery_type_id: del.first.id }));
    ok(await upload(client, order.id, item.id, await pdf(WRONG_SIZE)));
    await checked();
    let res = await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': 'attempt-fail-0001' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[`items.${item.id}`]).toMatch(/failed a check; replace it/);
    const replacedPreview = ok<Order>(await client.get(`/api/orders/${order.id}`)).items[0];
    expect(replacedPreview.artwork!.preflight.status).toBe('fail');

    ok(await upload(client, order.id, item.id, await pdf(NO_BLEED_CARD)));
    expect(files('artwork')).not.toContain(undefined);
    await checked();
    res = await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': 'attempt-warn-0001' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[`items.${item.id}`]).toMatch(/accept these warnings/);
    ok(await client.patch(`/api/orders/${order.id}/items/${item.id}`, { warnings_accepted: true }));
    res = await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': 'attempt-warn-0002' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('delivery and confirmation', () => {
  it('offers the services for the address, weight and large items, with price and dates', async () => {
    const { client } = await customer(t);
    const { order } = await basketWithCard(client);
    const options = ok<Array<{ id: number; price: number; dispatch_date: string; delivery_date: string }>>(
      await client.get(`/api/orders/${order.id}/delivery-options`),
    );
    expect(options.map((o) => o.id)).toEqual([del.first.id, del.courier.id]);
    expect(options[0].price).toBe(395); // 100 × 2 g = 200 g: the 1 kg band
    expect(options[0].delivery_date > options[0].dispatch_date).toBe(true);
    ok(
      await client.post(`/api/orders/${order.id}/items`, {
        product_id: cat.posters.id,
        stock_id: cat.silk.id,
        qty: 10,
        sides: 'single',
        orientation: 'portrait',
      }),
      201,
    );
    const large = ok<Array<{ id: number }>>(await client.get(`/api/orders/${order.id}/delivery-options`));
    expect(large.map((o) => o.id)).toEqual([del.courier.id]);
    ok(await client.patch(`/api/orders/${order.id}`, { delivery_type_id: del.first.id }));
    const blocked = ok<Order>(await client.get(`/api/orders/${order.id}`));
    expect(blocked.blockers.join(' ')).toMatch(/large item/);
  });

  it('needs an Idempotency-Key (400) and refuses an empty basket (422)', async () => {
    const { client } = await customer(t);
    const order = ok<Order>(await client.post('/api/orders', {}), 201);
    const missing = await client.post(`/api/orders/${order.id}/confirm`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'An Idempotency-Key header is required', errors: { idempotency_key: 'An Idempotency-Key header is required' } });
    const malformed = await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': 'k'.repeat(256) } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'The Idempotency-Key must be 1 to 255 printable ASCII characters',
      errors: { idempotency_key: 'The Idempotency-Key must be 1 to 255 printable ASCII characters' },
    });
    const res = await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': 'empty-basket-1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.items).toMatch(/at least one item/);
  });

  it('confirms once for 20 concurrent requests with one key: one order, 20 identical answers, one mail', async () => {
    const { client } = await customer(t);
    const { order } = await readyBasket(client);
    const mailsBefore = (await t.outbox()).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `confirm-${order.id}-once` } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const confirmed = answers[0].json() as Order;
    // 75p + £3.95 delivery = £4.70 net; VAT 94p; £5.64
    expect(confirmed).toMatchObject({ status: 'live', delivery_cost: 395, total_net: 470, total_vat: 94, total: 564, weight: 200 });
    expect(confirmed.dispatch_due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(confirmed.events.map((e) => e.to)).toEqual(['basket', 'live']);
    const mails = (await t.outbox()).slice(mailsBefore);
    expect(mails.filter((m) => m.text.includes(`Thank you: order ${order.id} (your reference PO-1) is confirmed`))).toHaveLength(1);
    expect(ok(await client.get('/api/orders/counts'))).toMatchObject({ basket: 0, live: 1 });
  });

  it('moves an order read at a version only while it is at that version: a stale confirmation writes nothing', async () => {
    const { client } = await customer(t);
    const { order, item } = await readyBasket(client);
    const db = t.database.db;
    const read = async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0];
    const judged = await read();
    // Replacing the artwork changes the basket a confirmation judges: the order's version moves on.
    ok(await upload(client, order.id, item.id, await pdf(CLEAN_CARD)));
    expect((await read()).version).toBe(judged.version + 1);
    await checked();

    const mailsBefore = (await t.outbox()).length;
    const confirm = {
      to: 'live' as const,
      actor: 'customer' as const,
      note: 'Order confirmed',
      itemPrices: [{ id: item.id, price: 1 }],
      set: { confirmKey: `stale-${order.id}` },
      ifUnchanged: true,
    };
    const deps = { db, jobs: t.app.deps.jobs };
    expect(await moveOrders(db, deps, [judged], confirm)).toEqual([]);
    const after = await read();
    expect(after).toMatchObject({ status: 'basket', version: judged.version + 1, confirmKey: null });
    const [{ priceSaved }] = await db.select({ priceSaved: orderItems.priceSaved }).from(orderItems).where(eq(orderItems.id, item.id));
    expect(priceSaved).toBeNull();
    expect((await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).map((e) => e.toStatus)).toEqual(['basket']);
    await t.app.deps.jobs.drain();
    expect((await t.outbox()).length).toBe(mailsBefore);

    // Read again at its version, it moves, with its history row (at the order's updated_at), prices and mail.
    const [moved] = await moveOrders(db, deps, [after], confirm);
    expect(moved?.row).toMatchObject({ status: 'live', version: after.version + 1 });
    expect(await read()).toMatchObject({ status: 'live', version: after.version + 1, confirmKey: `stale-${order.id}`, updatedAt: moved!.event.at });
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.at.getTime()])).toEqual([
      [null, 'basket', events[0].at.getTime()],
      ['basket', 'live', moved!.event.at.getTime()],
    ]);
    expect((await db.select({ priceSaved: orderItems.priceSaved }).from(orderItems).where(eq(orderItems.id, item.id)))[0].priceSaved).toBe(1);
    await t.app.deps.jobs.drain();
    expect((await t.outbox()).length).toBe(mailsBefore + 1);
  });

  it('answers 422 for a key already used for another order, and 409 for changes after confirmation', async () => {
    const { client } = await customer(t);
    const { order, item } = await readyBasket(client);
    ok(await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': 'shared-key-123' } }));
    const second = await readyBasket(client);
    const reused = await client.request('POST', `/api/orders/${second.order.id}/confirm`, {}, { headers: { 'idempotency-key': 'shared-key-123' } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.idempotency_key).toMatch(/already confirmed order/);
    expect((await client.patch(`/api/orders/${order.id}/items/${item.id}`, { qty: 250 })).statusCode).toBe(409);
    expect(
      (
        await client.post(`/api/orders/${order.id}/items`, {
          product_id: cat.cards.id,
          stock_id: cat.silk.id,
          qty: 100,
          sides: 'single',
          orientation: 'portrait',
        })
      ).statusCode,
    ).toBe(409);
    expect((await client.delete(`/api/orders/${order.id}`)).statusCode).toBe(409);
    expect((await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': 'another-key-456' } })).statusCode).toBe(409);
  });

  it('keeps the prices it was confirmed at after the catalogue changes', async () => {
    const { client } = await customer(t);
    const { order } = await readyBasket(client);
    const confirmed = ok<Order>(await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `frozen-${order.id}` } }));
    ok(await putAsRead(staff, `/api/admin/stock/${cat.silk.id}`, { sheet_cost: '0.0900' }));
    try {
      const later = ok<Order>(await client.get(`/api/orders/${order.id}`));
      expect(later.items[0].price).toBe(confirmed.items[0].price);
      expect(later.total).toBe(confirmed.total);
      const basket = await basketWithCard(client);
      expect(basket.item.price).toBeGreaterThan(confirmed.items[0].price!);
    } finally {
      ok(await putAsRead(staff, `/api/admin/stock/${cat.silk.id}`, { sheet_cost: '0.0450' }));
    }
  });
});

describe('after confirmation', () => {
  it('lets the customer cancel a Pending order once, and refuses moves the table does not allow (409)', async () => {
    const { client } = await customer(t);
    const { order } = await readyBasket(client);
    ok(await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `cancel-${order.id}` } }));
    expect((await client.post(`/api/orders/${order.id}/resubmit`)).statusCode).toBe(409);
    const cancelled = ok<Order>(await client.post(`/api/orders/${order.id}/cancel`));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.events.map((e) => e.to)).toEqual(['basket', 'live', 'cancelled']);
    expect((await client.post(`/api/orders/${order.id}/cancel`)).statusCode).toBe(409);
    const list = ok<{ data: Array<{ id: number }> }>(await client.get('/api/orders?status=cancelled'));
    expect(list.data.map((o) => o.id)).toContain(order.id);
  });

  it("reorders into a new basket with the same items and a copy of the artwork, at today's prices", async () => {
    const { client } = await customer(t);
    const { order } = await readyBasket(client);
    ok(await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `reorder-${order.id}` } }));
    const copy = ok<Order>(await client.post(`/api/orders/${order.id}/reorder`), 201);
    expect(copy).toMatchObject({
      status: 'basket',
      ref: 'PO-1',
      items: [{ product_id: cat.cards.id, qty: 100, artwork: { preflight: { status: 'pending' } } }],
    });
    await checked();
    expect(ok<Order>(await client.get(`/api/orders/${copy.id}`)).items[0].artwork!.preflight.status).toBe('pass');
    // Discarding the copy removes its files only.
    const original = ok<Order>(await client.get(`/api/orders/${order.id}`)).items[0];
    ok(await client.delete(`/api/orders/${copy.id}`));
    expect((await client.get(`/api/orders/${order.id}/items/${original.id}/artwork`)).statusCode).toBe(200);
  });

  it('answers 404 to another customer on every order, item, artwork and preview route', async () => {
    const { client } = await customer(t);
    const { order, item } = await readyBasket(client);
    const { client: other } = await customer(t);
    const base = `/api/orders/${order.id}`;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', base],
      ['PATCH', base, { ref: 'x' }],
      ['DELETE', base],
      ['POST', `${base}/items`, { product_id: cat.cards.id, stock_id: cat.silk.id, qty: 100, sides: 'single', orientation: 'portrait' }],
      ['PATCH', `${base}/items/${item.id}`, { qty: 250 }],
      ['DELETE', `${base}/items/${item.id}`],
      ['GET', `${base}/items/${item.id}/artwork`],
      ['DELETE', `${base}/items/${item.id}/artwork`],
      ['GET', `${base}/items/${item.id}/preview`],
      ['GET', `${base}/delivery-options`],
      ['POST', `${base}/cancel`, {}],
      ['POST', `${base}/resubmit`, {}],
      ['POST', `${base}/reorder`, {}],
    ];
    for (const [method, url, body] of calls) {
      const res = await other.request(method as 'GET', url, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    const confirm = await other.request('POST', `${base}/confirm`, {}, { headers: { 'idempotency-key': 'not-mine-0001' } });
    expect(confirm.statusCode).toBe(404);
    expect((await upload(other, order.id, item.id, await pdf(CLEAN_CARD))).statusCode).toBe(404);
    expect(ok<Order>(await client.get(base))).toMatchObject({ status: 'basket', ref: 'PO-1' });
  });
});

describe('staff see confirmed orders', () => {
  it('lists confirmed orders, never baskets, by customer, and shows one with its customer and history', async () => {
    const { client } = await customer(t);
    const me = ok<{ id: number }>(await client.get('/api/user'));
    const { order } = await readyBasket(client);
    const basket = ok<Order>(await client.post('/api/orders', {}), 201);
    ok(await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `staff-${order.id}` } }));
    const res = await staff.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ user_id: me.id }))}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('orders 0-0/1');
    expect(res.json()).toMatchObject([{ id: order.id, status: 'live', user_id: me.id, item_count: 1, total: 564, overdue: false }]);
    expect((await staff.get(`/api/admin/orders/${basket.id}`)).statusCode).toBe(404);
    const one = ok<Order & { user: { id: number }; notes: string }>(await staff.get(`/api/admin/orders/${order.id}`));
    expect(one).toMatchObject({ id: order.id, user: { id: me.id }, notes: '', items: [{ price: 75 }] });
    expect(one.events.map((e) => e.to)).toEqual(['basket', 'live']);
    expect((await client.get('/api/admin/orders')).statusCode).toBe(403);
  });
});
