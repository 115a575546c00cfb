import type { LightMyRequestResponse } from 'fastify';
import { deliveryPrices, deliveryTypes, deliveryTypesCountries } from '../../../src/server/db/schema';
import type { Item, Order } from '../../../src/shared/api/orders';
import { createTestApp, type TestApp } from '../helpers/app';
import { createProduct, createStock, ok, setMargins, staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs, ukCountryId } from '../helpers/client';
import { makePdf, type PageSpec } from '../artwork/fixtures';

/** A one-page business card with 3 mm bleed (91 × 61 mm, trim box inside): passes every check. */
export const CLEAN_CARD: PageSpec = { widthMm: 91, heightMm: 61, trimInsetMm: 3 };
/** The trim size without bleed: a warning. */
export const NO_BLEED_CARD: PageSpec = { widthMm: 85, heightMm: 55 };
/** Another size altogether: a failure. */
export const WRONG_SIZE: PageSpec = { widthMm: 210, heightMm: 297 };

/** multipart/form-data with one file part, as a browser sends it. */
export function multipart(field: string, filename: string, content: Buffer | Uint8Array, type = 'application/pdf') {
  const boundary = `----pjt${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  client: ApiClient,
  orderId: number,
  itemId: number,
  content: Buffer | Uint8Array,
  filename = 'card.pdf',
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart('file', filename, content);
  return client.request('POST', `/api/orders/${orderId}/items/${itemId}/artwork`, payload, { headers });
}

export const pdf = (page: PageSpec) => makePdf([page]);

/** Delivery services as the demo has them: a UK tracked 1st class service, a large-item courier, and an international one. */
export async function seedDelivery(t: TestApp, gbId: number) {
  const db = t.database.db;
  const [first, courier, abroad] = await db
    .insert(deliveryTypes)
    .values([
      { code: 'TPN24', name: 'Royal Mail Tracked 24', carrier: 'royalmail', transitDays: 1, sortOrder: 1 },
      { code: 'COURIER', name: 'Courier', carrier: 'courier', largeItem: true, transitDays: 1, sortOrder: 2 },
      { code: 'MTA', name: 'International', carrier: 'royalmail', transitDays: 5, sortOrder: 3 },
    ])
    .returning();
  await db.insert(deliveryTypesCountries).values([
    { deliveryTypeId: first.id, countryId: gbId },
    { deliveryTypeId: courier.id, countryId: gbId },
  ]);
  await db.insert(deliveryPrices).values([
    { deliveryTypeId: first.id, weightUpto: 1000, price: 395 },
    { deliveryTypeId: first.id, weightUpto: 2000, price: 495 },
    { deliveryTypeId: courier.id, weightUpto: 30000, price: 1695 },
    { deliveryTypeId: abroad.id, weightUpto: 2000, price: 2495 },
  ]);
  return { first, courier, abroad };
}

/** A catalogue of one card product (85 × 55, 24 a sheet, 2 g each) on one stock, breaks 100 and 250, and a large poster. */
export async function seedCatalogue(staff: ApiClient) {
  const silk = await createStock(staff, { name: 'Silk 350', sheet_cost: '0.0450', single_cost: '0.0300', double_cost: '0.0550' });
  const cards = await createProduct(staff, { name: 'Cards', stock_ids: [silk.id], weight: 2, trim_width_mm: 85, trim_height_mm: 55, production_days: 2 });
  await setMargins(staff, cards.id, silk.id, [
    [100, 100],
    [250, 50],
  ]);
  const posters = await createProduct(staff, {
    name: 'Posters',
    stock_ids: [silk.id],
    weight: 20,
    large_item: true,
    trim_width_mm: 297,
    trim_height_mm: 420,
    production_days: 3,
  });
  await setMargins(staff, posters.id, silk.id, [[10, 100]]);
  return { silk, cards, posters };
}

/**
 * Finishes and a faster turnaround on a product, as the demo's business cards have them: Lamination
 * (Matt gloss) and Corners (Rounded), both optional so that the other tests' plain items stay
 * orderable, and Express (1 day, +35 %) beside the product's default Standard.
 */
export async function addFinishes(staff: ApiClient, productId: number) {
  const group = async (name: string) =>
    ok<{ id: number }>(await staff.post('/api/admin/option-groups', { product_id: productId, name, required: false }), 201).id;
  const option = async (groupId: number, name: string) =>
    ok<{ id: number }>(
      await staff.post('/api/admin/options', { option_group_id: groupId, name, sheet_cost: '0.0400', setup_cost: 0, production_days: 1, active: true }),
      201,
    ).id;
  const matt = await option(await group('Lamination'), 'Matt gloss');
  const rounded = await option(await group('Corners'), 'Rounded');
  const express = ok<{ id: number }>(
    await staff.post('/api/admin/turnarounds', { product_id: productId, name: 'Express', production_days: 1, price_percent: 35, active: true }),
    201,
  ).id;
  return { matt, rounded, express };
}

export async function customer(t: TestApp): Promise<{ client: ApiClient; gbId: number }> {
  const client = new ApiClient(t.app);
  await registerAs(client);
  return { client, gbId: await ukCountryId(client) };
}

export { ok };

export type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/** A basket with one card of 100, single-sided, landscape (and any other item fields given). */
export async function basketWithCard(client: ApiClient, cat: Catalogue, fields: Record<string, unknown> = {}) {
  const order = ok<Order>(await client.post('/api/orders', { ref: 'PO-1' }), 201);
  const item = ok<Item>(
    await client.post(`/api/orders/${order.id}/items`, {
      product_id: cat.cards.id,
      stock_id: cat.silk.id,
      qty: 100,
      sides: 'single',
      orientation: 'landscape',
      ...fields,
    }),
    201,
  );
  return { order, item };
}

/** A basket that may be confirmed: clean artwork checked, delivery by `deliveryTypeId`. */
/**
 * Runs the background jobs until every uploaded artwork of the order is checked. drain() alone is not
 * enough: under load the engine may fail a check, which is retried a moment later, not at once.
 */
export async function artworkChecked(t: TestApp, client: ApiClient, orderId: number, timeoutMs = 30_000): Promise<Order> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await t.app.deps.jobs.drain();
    const order = ok<Order>(await client.get(`/api/orders/${orderId}`));
    if (order.items.every((item) => item.artwork?.preflight.status !== 'pending')) return order;
    if (Date.now() > until) throw new Error(`Order ${orderId}: artwork still being checked after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function readyBasket(t: TestApp, client: ApiClient, cat: Catalogue, deliveryTypeId: number) {
  const { order, item } = await basketWithCard(client, cat);
  ok(await upload(client, order.id, item.id, await pdf(CLEAN_CARD)));
  await artworkChecked(t, client, order.id);
  ok(await client.patch(`/api/orders/${order.id}`, { delivery_type_id: deliveryTypeId }));
  return { order, item };
}

/** A confirmed (Pending) order of the customer's. */
export async function confirmedOrder(t: TestApp, client: ApiClient, cat: Catalogue, deliveryTypeId: number): Promise<Order> {
  const { order } = await readyBasket(t, client, cat, deliveryTypeId);
  return ok<Order>(await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `confirm-${order.id}` } }));
}

/** An app with the card catalogue, a customer and the demo's delivery services: where most order tests start. */
export async function orderingApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides);
  const staff = await staffClient(t);
  const cat = await seedCatalogue(staff);
  const first = await customer(t);
  const del = await seedDelivery(t, first.gbId);
  return { t, staff, cat, shopper: first.client, gbId: first.gbId, del };
}

/** An end client's delivery address in the UK (the trade API's tests send it with their orders). */
export const clientAddress = (gbId: number) => ({
  firstname: 'Ann',
  lastname: 'Client',
  company_name: 'Client Ltd',
  telephone: '0113 496 0000',
  email: 'ann@example.com',
  address1: '1 High Street',
  address2: '',
  town: 'Leeds',
  county: '',
  postcode: 'LS1 1AA',
  country_id: gbId,
});
