import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../../src/server/db/schema';
import type { TradeProduct, TradeQuote } from '../../../src/shared/api/trade-catalogue';
import type { TradeOrder } from '../../../src/shared/api/trade-orders';
import type { TestApp } from '../helpers/app';
import { createProduct, putAsRead, setMargins, type ProductRec } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { CLEAN_CARD, clientAddress, multipart, ok, orderingApp, pdf, type Catalogue } from '../orders/helpers';

/**
 * Proofs through the trade API: items of quotes and orders take `proof_requested` (always true for
 * a product that requires one: 422 on the item's field otherwise), priced with the PROOF_PRICE
 * setting; an order's items show their proof; products link their artwork templates; and the
 * sandbox prints nothing whose proof waits for approval.
 */
let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
let gbId: number;
let deliveryId: number;
let testKey: string;
let proofed: ProductRec;
let n = 0;

/** 100 cards at margin 100 %: £0.75. */
const CARD_PRICE = 75;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${testKey}`, ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
const json = <T>(res: LightMyRequestResponse, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const card = (fields: Record<string, unknown> = {}) => ({
  product_id: cat.cards.id,
  stock_id: cat.silk.id,
  qty: 100,
  sides: 'single',
  orientation: 'landscape',
  ...fields,
});
const place = (items: unknown[]) =>
  call(
    'POST',
    '/api/v1/orders',
    { external_ref: `PROOF-${++n}`, items, address: clientAddress(gbId), delivery_type_id: deliveryId },
    { 'idempotency-key': `proof-${n}` },
  );

async function setProofPrice(value: string) {
  const settings = ok<Array<{ id: number; name: string }>>(await staff.get('/api/admin/settings?range=[0,99]'));
  const id = settings.find((s) => s.name === 'PROOF_PRICE')!.id;
  ok(await putAsRead(staff, `/api/admin/settings/${id}`, { value, description: 'Proof price', public: true }));
}

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, cat, gbId } = app);
  deliveryId = app.del.first.id;
  proofed = await createProduct(staff, { name: 'Wedding cards', stock_ids: [cat.silk.id], trim_width_mm: 85, trim_height_mm: 55, proof_required: true });
  await setMargins(staff, proofed.id, cat.silk.id, [[100, 100]]);
  const userId = ok<{ id: number }>(await app.shopper.get('/api/user')).id;
  testKey = (await t.app.deps.apiKeys.create(userId, { name: 'Sandbox', mode: 'test' })).key;
  await setProofPrice('3.00');
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/v1/products', () => {
  it('says which products require a proof, and links each one’s templates by orientation', async () => {
    const { data } = json<{ data: TradeProduct[] }>(await call('GET', '/api/v1/products'));
    const cards = data.find((p) => p.id === cat.cards.id)!;
    expect(cards.proof_required).toBe(false);
    expect(cards.template_urls).toEqual({
      portrait: `/api/v1/products/${cat.cards.id}/template.pdf?orientation=portrait`,
      landscape: `/api/v1/products/${cat.cards.id}/template.pdf?orientation=landscape`,
    });
    expect(data.find((p) => p.id === proofed.id)?.proof_required).toBe(true);
  });
});

describe('POST /api/v1/quotes', () => {
  it('prices a proof asked for, or required, at PROOF_PRICE, and refuses to go without one where it is required (422 on the item)', async () => {
    const quote = json<TradeQuote>(
      await call('POST', '/api/v1/quotes', { items: [card({ proof_requested: true }), card(), card({ product_id: proofed.id })], country: 'GB' }),
      201,
    );
    expect(quote.items.map((i) => [i.proof_requested, i.price, i.proof_price])).toEqual([
      [true, CARD_PRICE + 300, 300],
      [false, CARD_PRICE, 0],
      [true, CARD_PRICE + 300, 300],
    ]);
    expect(quote.items_net).toBe(3 * CARD_PRICE + 600);

    const refused = await call('POST', '/api/v1/quotes', { items: [card(), card({ product_id: proofed.id, proof_requested: false })], country: 'GB' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['items.1.proof_requested']).toMatch(/always comes with a proof/);
  });
});

describe('POST /api/v1/orders', () => {
  it('takes proof_requested per item, prices it, and keeps a quote’s', async () => {
    const order = json<TradeOrder>(await place([card({ proof_requested: true }), card()]), 201);
    expect(order.items.map((i) => [i.proof_requested, i.price, i.proof_price, i.proof])).toEqual([
      [true, CARD_PRICE + 300, 300, null],
      [false, CARD_PRICE, 0, null],
    ]);
    const rows = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
    expect(rows.map((r) => r.proofRequested)).toEqual([true, false]);

    const quote = json<TradeQuote>(await call('POST', '/api/v1/quotes', { items: [card({ proof_requested: true })], country: 'GB' }), 201);
    const fromQuote = json<TradeOrder>(
      await call(
        'POST',
        '/api/v1/orders',
        { external_ref: `PROOF-${++n}`, quote_id: quote.id, address: clientAddress(gbId) },
        { 'idempotency-key': `proof-${n}` },
      ),
      201,
    );
    expect(fromQuote.items[0]).toMatchObject({ proof_requested: true, price: CARD_PRICE + 300, proof_price: 300 });
  });

  it('gives an item of a product that requires one its proof, and refuses false there (422 naming the item)', async () => {
    const order = json<TradeOrder>(await place([card({ product_id: proofed.id })]), 201);
    expect(order.items[0].proof_requested).toBe(true);
    const refused = await place([card(), card({ product_id: proofed.id, proof_requested: false })]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['items.1.proof_requested']).toMatch(/always comes with a proof/);
    expect((await place([card({ proof_requested: 'yes' })])).statusCode).toBe(422);
  });

  it('shows the item’s proof once there is one, with where its PDF is; the sandbox prints nothing before it is approved', async () => {
    const placed = json<TradeOrder>(await place([card({ proof_requested: true })]), 201);
    const { payload, headers } = multipart('file', 'card.pdf', await pdf(CLEAN_CARD));
    json(
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${placed.id}/items/${placed.items[0].id}/artwork`,
        payload,
        headers: { authorization: `Bearer ${testKey}`, ...headers },
      }),
    );
    for (let i = 0; i < 40; i++) {
      await t.app.deps.jobs.drain();
      const now = json<TradeOrder>(await call('GET', `/api/v1/orders/${placed.id}`));
      if (now.status === 'live') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const itemId = placed.items[0].id;
    // The proof's state as the proof job leaves it (made by the proof engineer's job): ready, version 1.
    await t.database.db.update(orderItems).set({ proofStatus: 'ready', proofVersion: 1, proofStatusAt: new Date() }).where(eq(orderItems.id, itemId));
    const order = json<TradeOrder>(await call('GET', `/api/v1/orders/${placed.id}`));
    expect(order.status).toBe('live');
    expect(order.items[0].proof).toEqual({
      status: 'ready',
      version: 1,
      comment: null,
      decided_at: null,
      decided_by: null,
      url: `/api/v1/orders/${placed.id}/items/${itemId}/proof`,
    });

    const held = await call('POST', `/api/v1/test/orders/${placed.id}/advance`, { to: 'printing' });
    expect(held.statusCode).toBe(409);
    expect(held.json().detail).toMatch(new RegExp(`approve proof version 1 with POST /orders/${placed.id}/items/${itemId}/proof/approve`));
    expect((await call('POST', `/api/v1/test/orders/${placed.id}/advance`, { to: 'dispatched' })).statusCode).toBe(409);

    await t.database.db.update(orderItems).set({ proofStatus: 'approved', proofDecidedBy: 'Ann Client' }).where(eq(orderItems.id, itemId));
    const printing = json<TradeOrder>(await call('POST', `/api/v1/test/orders/${placed.id}/advance`, { to: 'printing' }));
    expect(printing.status).toBe('printing');
    expect(printing.items[0].proof).toMatchObject({ status: 'approved', decided_by: 'Ann Client' });
  });
});

describe('proofs through the trade API', () => {
  /** Runs the jobs until the order's first item's proof is at `status` (or fails after 20 s). */
  async function proofAt(orderId: number, status: string): Promise<TradeOrder> {
    for (let i = 0; i < 80; i++) {
      await t.app.deps.jobs.drain();
      const order = json<TradeOrder>(await call('GET', `/api/v1/orders/${orderId}`));
      if (order.items[0].proof?.status === status) return order;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`order ${orderId}: its proof never became ${status}`);
  }
  const putArtwork = async (order: TradeOrder) => {
    const { payload, headers } = multipart('file', 'card.pdf', await pdf(CLEAN_CARD));
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/items/${order.items[0].id}/artwork`,
      payload,
      headers: { authorization: `Bearer ${testKey}`, ...headers },
    });
  };

  it('reads the proof, asks for changes with new artwork, and approves the next version, as the customer would', async () => {
    const placed = json<TradeOrder>(await place([card({ proof_requested: true })]), 201);
    json(await putArtwork(placed));
    const ready = await proofAt(placed.id, 'ready');
    const proofUrl = ready.items[0].proof!.url;
    const file = await call('GET', proofUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const base = `/api/v1/orders/${placed.id}/items/${placed.items[0].id}/proof`;
    // A change needs its comment; version 1 is the one looked at.
    expect((await call('POST', `${base}/changes`, { version: 1, comment: ' ' })).statusCode).toBe(422);
    const changed = json<TradeOrder>(await call('POST', `${base}/changes`, { version: 1, comment: 'Use the new logo' }));
    expect(changed.items[0].proof).toMatchObject({ status: 'changes_requested', version: 1, comment: 'Use the new logo' });
    // New artwork for the item whose proof was sent back: its check makes version 2.
    json(await putArtwork(changed));
    const second = await proofAt(placed.id, 'ready');
    expect(second.items[0].proof!.version).toBe(2);
    expect((await call('POST', `${base}/approve`, { version: 1 })).statusCode).toBe(409);
    const approved = json<TradeOrder>(await call('POST', `${base}/approve`, { version: 2 }));
    expect(approved.items[0].proof).toMatchObject({ status: 'approved', version: 2 });
    expect(json<TradeOrder>(await call('POST', `/api/v1/test/orders/${placed.id}/advance`, { to: 'printing' })).status).toBe('printing');
  });

  it('sends a product’s template PDF to a key of an account that sees the product', async () => {
    const res = await call('GET', `/api/v1/products/${cat.cards.id}/template.pdf?orientation=landscape`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', '/api/v1/products/999999/template.pdf')).statusCode).toBe(404);
  });
});
