import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../../src/server/db/schema';
import type { Item, Order } from '../../../src/shared/api/orders';
import type { OrderableProduct, PriceList } from '../../../src/shared/api/prices';
import type { Quote } from '../../../src/shared/api/quotes';
import type { TestApp } from '../helpers/app';
import { createProduct, putAsRead, setMargins, type ProductRec } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { artworkChecked, basketWithCard, CLEAN_CARD, ok, orderingApp, pdf, upload, type Catalogue } from './helpers';

/**
 * The basket side of proofs (DESIGN §2 "Proofs and templates"): an item asks for a proof, or has one
 * because its product requires it (which cannot be turned off); the PROOF_PRICE setting is added to
 * its price in the basket, a saved quote, and the price frozen at confirmation; staff mark a product
 * as requiring a proof, version-checked like its other fields.
 */
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let deliveryTypeId: number;
/** A product whose every item has a proof. */
let proofed: ProductRec;
let proofPriceId: number;

/** 100 cards at margin 100 % (helpers.ts seedCatalogue): £0.75. */
const CARD_PRICE = 75;

async function setProofPrice(value: string) {
  return putAsRead(staff, `/api/admin/settings/${proofPriceId}`, { value, description: 'Proof price', public: true });
}

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, cat, shopper } = app);
  deliveryTypeId = app.del.first.id;
  proofed = await createProduct(staff, { name: 'Wedding cards', stock_ids: [cat.silk.id], trim_width_mm: 85, trim_height_mm: 55, proof_required: true });
  await setMargins(staff, proofed.id, cat.silk.id, [[100, 100]]);
  const settings = ok<Array<{ id: number; name: string }>>(await staff.get('/api/admin/settings?range=[0,99]'));
  proofPriceId = settings.find((s) => s.name === 'PROOF_PRICE')!.id;
}, 60_000);
afterAll(() => t?.close());

const addItem = (orderId: number, fields: Record<string, unknown>) =>
  shopper.post(`/api/orders/${orderId}/items`, {
    product_id: cat.cards.id,
    stock_id: cat.silk.id,
    qty: 100,
    sides: 'single',
    orientation: 'landscape',
    ...fields,
  });

describe('asking for a proof on an item', () => {
  it('saves the wish, and none by default', async () => {
    const { order, item } = await basketWithCard(shopper, cat);
    expect(item).toMatchObject({ proof_requested: false, proof_required: false, proof_price: 0, proof: null });
    const asked = ok<Item>(await addItem(order.id, { proof_requested: true }), 201);
    expect(asked).toMatchObject({ proof_requested: true, proof_required: false });
    const dropped = ok<Item>(await shopper.patch(`/api/orders/${order.id}/items/${asked.id}`, { proof_requested: false }));
    expect(dropped.proof_requested).toBe(false);
    const again = ok<Item>(await shopper.patch(`/api/orders/${order.id}/items/${item.id}`, { proof_requested: true }));
    expect(again.proof_requested).toBe(true);
    const [row] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row.proofRequested).toBe(true);
  });

  it('refuses what is not yes or no, 422 on the field', async () => {
    const { order } = await basketWithCard(shopper, cat);
    const res = await addItem(order.id, { proof_requested: 'please' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.proof_requested).toBeTruthy();
  });

  it('gives every item of a product that requires one a proof, and refuses to go without it (422 on proof_requested)', async () => {
    const { order, item } = await basketWithCard(shopper, cat);
    const forced = ok<Item>(await addItem(order.id, { product_id: proofed.id }), 201);
    expect(forced).toMatchObject({ proof_requested: true, proof_required: true });

    const refused = await addItem(order.id, { product_id: proofed.id, proof_requested: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.proof_requested).toMatch(/always comes with a proof/);
    const unticked = await shopper.patch(`/api/orders/${order.id}/items/${forced.id}`, { proof_requested: false });
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json().errors.proof_requested).toMatch(/always comes with a proof/);

    // Another product that requires one gives the item its proof; back to one that does not, the proof stays (the customer's to drop).
    const changed = ok<Item>(await shopper.patch(`/api/orders/${order.id}/items/${item.id}`, { product_id: proofed.id }));
    expect(changed).toMatchObject({ product_id: proofed.id, proof_requested: true });
    const back = ok<Item>(await shopper.patch(`/api/orders/${order.id}/items/${item.id}`, { product_id: cat.cards.id }));
    expect(back).toMatchObject({ proof_requested: true, proof_required: false });
  });

  it('tells the create page which products require one (GET /api/products and /api/prices)', async () => {
    const products = ok<OrderableProduct[]>(await shopper.get('/api/products'));
    expect(products.find((p) => p.id === proofed.id)?.proof_required).toBe(true);
    expect(products.find((p) => p.id === cat.cards.id)?.proof_required).toBe(false);
    const prices = ok<PriceList>(await shopper.get('/api/prices'));
    expect(prices.products.find((p) => p.id === proofed.id)?.proof_required).toBe(true);
  });

  it('copies the wish when an order is reordered', async () => {
    const { order, item } = await basketWithCard(shopper, cat, { proof_requested: true });
    ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD)));
    await artworkChecked(t, shopper, order.id);
    ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: deliveryTypeId }));
    ok(await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `proof-reorder-${order.id}` } }));
    const copy = ok<Order>(await shopper.post(`/api/orders/${order.id}/reorder`), 201);
    expect(copy.items[0]).toMatchObject({ proof_requested: true, proof: null });
  });
});

describe('the PROOF_PRICE setting', () => {
  it('takes pounds and pence from 0 to 1000, kept as "4.50", and refuses anything else (422 on value)', async () => {
    for (const bad of ['abc', '-1', '1000.01', '4.555']) {
      const res = await setProofPrice(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.value).toMatch(/amount in pounds/);
    }
    expect(ok<{ value: string }>(await setProofPrice('4.5')).value).toBe('4.50');
    expect(ok<{ value: string }>(await shopper.get('/api/settings/PROOF_PRICE')).value).toBe('4.50');
    ok(await setProofPrice('0'));
  });

  it('is free by default: the item costs its printing only', async () => {
    const { item } = await basketWithCard(shopper, cat, { proof_requested: true });
    expect(item).toMatchObject({ price: CARD_PRICE, proof_price: 0, proof_requested: true });
  });

  it('is added to an item with a proof in the basket, its totals, a saved quote, an order of the quote and the price frozen at confirmation', async () => {
    ok(await setProofPrice('5.00'));
    try {
      const { order, item } = await basketWithCard(shopper, cat, { proof_requested: true });
      const plain = ok<Item>(await addItem(order.id, {}), 201);
      expect(item).toMatchObject({ price: CARD_PRICE + 500, proof_price: 500 });
      expect(plain).toMatchObject({ price: CARD_PRICE, proof_price: 0 });

      ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: deliveryTypeId }));
      const basket = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
      expect(basket.total_net).toBe(CARD_PRICE + 500 + CARD_PRICE + basket.delivery_cost!);

      // The quote keeps the wish and its price, whatever the setting does after.
      const quote = ok<Quote>(await shopper.post(`/api/orders/${order.id}/quote`), 201);
      expect(quote.items.map((i) => [i.proof_requested, i.price, i.proof_price])).toEqual([
        [true, CARD_PRICE + 500, 500],
        [false, CARD_PRICE, 0],
      ]);
      ok(await setProofPrice('7.00'));
      const fromQuote = ok<Order>(await shopper.post(`/api/quotes/${quote.id}/order`), 201);
      expect(fromQuote.items.map((i) => [i.proof_requested, i.price, i.proof_price])).toEqual([
        [true, CARD_PRICE + 500, 500],
        [false, CARD_PRICE, 0],
      ]);
      // A proof asked for since on a quoted item costs the day's price on top of the quoted one; one dropped comes off.
      const [quotedWith, quotedWithout] = fromQuote.items;
      const added = ok<Item>(await shopper.patch(`/api/orders/${fromQuote.id}/items/${quotedWithout.id}`, { proof_requested: true }));
      expect(added).toMatchObject({ price: CARD_PRICE + 700, proof_price: 700 });
      expect(added.quote?.holds).toBe(true);
      const dropped = ok<Item>(await shopper.patch(`/api/orders/${fromQuote.id}/items/${quotedWith.id}`, { proof_requested: false }));
      expect(dropped).toMatchObject({ price: CARD_PRICE, proof_price: 0 });

      // Confirmation freezes the price with the proof at today's setting (7.00); a later change leaves it be.
      for (const i of basket.items) ok(await upload(shopper, order.id, i.id, await pdf(CLEAN_CARD)));
      await artworkChecked(t, shopper, order.id);
      const confirmed = ok<Order>(
        await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `proof-price-${order.id}` } }),
      );
      expect(confirmed.items.map((i) => [i.price, i.proof_price])).toEqual([
        [CARD_PRICE + 700, 700],
        [CARD_PRICE, 0],
      ]);
      const rows = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
      expect(rows.map((r) => [r.priceSaved, r.proofPrice])).toEqual([
        [CARD_PRICE + 700, 700],
        [CARD_PRICE, null],
      ]);
      ok(await setProofPrice('9.00'));
      const later = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
      expect(later.items.map((i) => [i.price, i.proof_price])).toEqual([
        [CARD_PRICE + 700, 700],
        [CARD_PRICE, 0],
      ]);
      expect(later.total).toBe(confirmed.total);
    } finally {
      ok(await setProofPrice('0'));
    }
  });

  it('charges the proof of an item whose product came to require one since it was added, and freezes the price with it', async () => {
    ok(await setProofPrice('2.50'));
    const { order, item } = await basketWithCard(shopper, cat);
    ok(await putAsRead(staff, `/api/admin/products/${cat.cards.id}`, { proof_required: true }));
    try {
      const now = ok<Order>(await shopper.get(`/api/orders/${order.id}`)).items[0];
      expect(now).toMatchObject({ proof_requested: true, proof_required: true, price: CARD_PRICE + 250, proof_price: 250 });
      ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD)));
      await artworkChecked(t, shopper, order.id);
      ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: deliveryTypeId }));
      ok(await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `proof-late-${order.id}` } }));
      const [row] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
      expect([row.priceSaved, row.proofPrice]).toEqual([CARD_PRICE + 250, 250]);
    } finally {
      ok(await putAsRead(staff, `/api/admin/products/${cat.cards.id}`, { proof_required: false }));
      ok(await setProofPrice('0'));
    }
  });
});

describe('staff: a product requires a proof', () => {
  it('is set on create and update, shown on the record, and version-checked (409 when stale)', async () => {
    const product = await createProduct(staff, { name: 'Proofed flyers', stock_ids: [cat.silk.id] });
    expect(product).toMatchObject({ proof_required: false });
    const read = ok<{ version: number; proof_required: boolean }>(await staff.get(`/api/admin/products/${product.id}`));
    const changed = ok<{ version: number; proof_required: boolean }>(
      await staff.put(`/api/admin/products/${product.id}`, { proof_required: true, version: read.version }),
    );
    expect(changed.proof_required).toBe(true);
    const stale = await staff.put(`/api/admin/products/${product.id}`, { proof_required: false, version: read.version });
    expect(stale.statusCode).toBe(409);
    expect(ok<{ proof_required: boolean }>(await staff.get(`/api/admin/products/${product.id}`)).proof_required).toBe(true);
    const bad = await staff.put(`/api/admin/products/${product.id}`, { proof_required: 'yes', version: changed.version });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.proof_required).toBeTruthy();
    const filtered = ok<Array<{ id: number }>>(await staff.get('/api/admin/products?filter={"proof_required":true}'));
    expect(filtered.map((p) => p.id)).toContain(product.id);
    expect(filtered.map((p) => p.id)).not.toContain(cat.cards.id);
  });
});
