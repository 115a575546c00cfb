import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import type { Item, Order } from '../../../src/shared/api/orders';
import type { TestApp } from '../helpers/app';
import { createProduct, createStock, setMargins } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { artworkChecked, CLEAN_CARD, confirmedOrder, ok, orderingApp, pdf, upload, type Catalogue } from './helpers';

/**
 * A confirmation moves a basket only if it is still at the version it read and judged, and staff
 * write at the version they opened: every change to an order — its items, their artwork, its
 * delivery and contact, staff's notes — must move the version on, or it could be confirmed unseen
 * or typed over.
 */
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof orderingApp>>['del'];
let matt: { id: number };
let postcards: { id: number };
let flyers: { id: number };

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, shopper, cat, del } = app);
  // Postcards on two papers (an edit may move an item to the other), and flyers to change product to.
  matt = await createStock(staff, { name: 'Matt 400', sheet_cost: '0.0600' });
  postcards = await createProduct(staff, { name: 'Postcards', stock_ids: [cat.silk.id, matt.id] });
  await setMargins(staff, postcards.id, cat.silk.id, [
    [100, 100],
    [250, 50],
  ]);
  await setMargins(staff, postcards.id, matt.id, [[100, 80]]);
  flyers = await createProduct(staff, { name: 'Flyers', stock_ids: [cat.silk.id], multiplier: 8 });
  await setMargins(staff, flyers.id, cat.silk.id, [[100, 60]]);
}, 60_000);
afterAll(() => t?.close());

const versionOf = async (id: number) => ok<Order>(await shopper.get(`/api/orders/${id}`)).version;

/** Runs a change and answers the order's version before and after it. */
async function across(orderId: number, change: () => Promise<unknown>): Promise<[number, number]> {
  const before = await versionOf(orderId);
  await change();
  return [before, await versionOf(orderId)];
}

async function basketWithPostcard() {
  const order = ok<Order>(await shopper.post('/api/orders', { ref: 'PO-VERSION' }), 201);
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
  return { order, item };
}

describe('every change to a basket moves its version on', () => {
  it('adding an item', async () => {
    const order = ok<Order>(await shopper.post('/api/orders', { ref: 'PO-ADD' }), 201);
    const [before, after] = await across(order.id, async () =>
      ok(
        await shopper.post(`/api/orders/${order.id}/items`, {
          product_id: cat.cards.id,
          stock_id: cat.silk.id,
          qty: 100,
          sides: 'single',
          orientation: 'landscape',
        }),
        201,
      ),
    );
    expect(after).toBe(before + 1);
  });

  const itemChanges: Array<[string, () => Record<string, unknown>]> = [
    ['quantity', () => ({ qty: 250 })],
    ['paper', () => ({ stock_id: matt.id })],
    ['sides', () => ({ sides: 'double' })],
    ['product', () => ({ product_id: flyers.id })],
    ['notes', () => ({ notes: 'Round corners please' })],
  ];
  it.each(itemChanges)('changing an item’s %s', async (_name, change) => {
    const { order, item } = await basketWithPostcard();
    const [before, after] = await across(order.id, async () => ok(await shopper.patch(`/api/orders/${order.id}/items/${item.id}`, change())));
    expect(after).toBe(before + 1);
  });

  it('removing an item', async () => {
    const { order, item } = await basketWithPostcard();
    const [before, after] = await across(order.id, async () => ok(await shopper.delete(`/api/orders/${order.id}/items/${item.id}`)));
    expect(after).toBe(before + 1);
  });

  it('choosing the delivery service, and changing the delivery contact', async () => {
    const { order } = await basketWithPostcard();
    const [before, chosen] = await across(order.id, async () => ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: del.first.id })));
    expect(chosen).toBe(before + 1);
    const address = {
      firstname: 'Jo',
      lastname: 'Bloggs',
      email: 'jo@example.test',
      telephone: '0113 496 0000',
      address1: '2 Park Row',
      town: 'Leeds',
      postcode: 'LS1 5AB',
      country_id: (await shopper.get(`/api/orders/${order.id}`)).json().address.country_id,
    };
    const [, moved] = await across(order.id, async () => ok(await shopper.patch(`/api/orders/${order.id}`, { address })));
    expect(moved).toBe(chosen + 1);
  });

  it('uploading, replacing and removing an item’s artwork', async () => {
    const { order, item } = await basketWithPostcard();
    const [before, uploaded] = await across(order.id, async () => ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD))));
    expect(uploaded).toBe(before + 1);
    // The check's result is the artwork's, not a change of the basket.
    await artworkChecked(t, shopper, order.id);
    const [checked, replaced] = await across(order.id, async () => ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD))));
    expect(checked).toBe(uploaded);
    expect(replaced).toBe(checked + 1);
    await artworkChecked(t, shopper, order.id);
    const [, removed] = await across(order.id, async () => ok(await shopper.delete(`/api/orders/${order.id}/items/${item.id}/artwork`)));
    expect(removed).toBe(replaced + 1);
  });
});

describe('staff changes move a confirmed order’s version on', () => {
  it('saving notes and a tracking number', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const read = ok<StaffOrder>(await staff.get(`/api/admin/orders/${order.id}`));
    const noted = ok<StaffOrder>(await staff.put(`/api/admin/orders/${order.id}`, { notes: 'Rush if possible', version: read.version }));
    expect(noted.version).toBe(read.version + 1);
    expect(await versionOf(order.id)).toBe(noted.version);
    const moved = ok<StaffOrder>(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'printing', note: '', version: noted.version }));
    expect(moved.version).toBe(noted.version + 1);
    const tracked = ok<StaffOrder>(await staff.put(`/api/admin/orders/${order.id}`, { tracking_number: 'AB 1234 5678 5GB', version: moved.version }));
    expect(tracked.version).toBe(moved.version + 1);
  });
});
