import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Item, Order } from '../../../src/shared/api/orders';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import { linePrice } from '../../../src/shared/domain/pricing';
import type { TestApp } from '../helpers/app';
import { putAsRead } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { artworkChecked, CLEAN_CARD, customer, ok, orderingApp, pdf, upload, type Catalogue } from './helpers';

/**
 * An item's finishing options and turnaround (DESIGN §2 "Options and turnarounds"): checked when
 * added or changed (422 beside `option_ids` or `turnaround_id`, nothing saved), priced by the
 * shared engine, counted in the dispatch date, frozen by name with the price at confirmation, and
 * carried by a reorder.
 */
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let deliveryTypeId: number;
const ids: Record<string, number> = {};

const SILK = { sheet_cost: '0.0450', single_cost: '0.0300', double_cost: '0.0550' };

async function group(productId: number, name: string, required: boolean): Promise<number> {
  return ok<{ id: number }>(await staff.post('/api/admin/option-groups', { product_id: productId, name, required }), 201).id;
}
async function option(groupId: number, name: string, sheet_cost: string, setup_cost: number, production_days: number, active = true): Promise<number> {
  return ok<{ id: number }>(await staff.post('/api/admin/options', { option_group_id: groupId, name, sheet_cost, setup_cost, production_days, active }), 201)
    .id;
}
async function turnaround(productId: number, name: string, production_days: number, price_percent: number, active = true): Promise<number> {
  return ok<{ id: number }>(await staff.post('/api/admin/turnarounds', { product_id: productId, name, production_days, price_percent, active }), 201).id;
}

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, shopper, cat } = app);
  deliveryTypeId = app.del.first.id;
  const lamination = await group(cat.cards.id, 'Lamination', false);
  ids.matt = await option(lamination, 'Matt', '0.0400', 0, 1);
  ids.gloss = await option(lamination, 'Gloss', '0.0400', 0, 1);
  ids.softTouch = await option(lamination, 'Soft-touch', '0.1200', 0, 2, false);
  const corners = await group(cat.cards.id, 'Corners', true);
  ids.square = await option(corners, 'Square', '0', 0, 0);
  ids.rounded = await option(corners, 'Rounded', '0.0250', 100, 2);
  ids.express = await turnaround(cat.cards.id, 'Express', 1, 35);
  ids.sameDay = await turnaround(cat.cards.id, 'Same day', 0, 80);
  ids.saver = await turnaround(cat.cards.id, 'Saver', 5, -10, false);
  ids.encapsulation = await option(await group(cat.posters.id, 'Finish', false), 'Encapsulation', '0.2500', 0, 1);
}, 60_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const card = (fields: Record<string, unknown> = {}) => ({
  product_id: cat.cards.id,
  stock_id: cat.silk.id,
  qty: 100,
  sides: 'single',
  orientation: 'landscape',
  option_ids: [ids.matt, ids.square],
  ...fields,
});

const newBasket = async (client: ApiClient) => ok<Order>(await client.post('/api/orders', { ref: 'PO-7' }), 201);

/** The engine's price of 100 cards (margin 100 %) with these options and turnaround percent. */
const enginePrice = (options: Array<{ sheet_cost: string; setup_cost: number }>, turnaround_percent: number) =>
  linePrice({ stock: SILK, multiplier: 24, qty: 100, sides: 'single', margin: 100, options, turnaround_percent });

describe('an item with options and a turnaround', () => {
  it('is priced by the shared engine with them, and named on the item', async () => {
    const order = await newBasket(shopper);
    const item = ok<Item>(await shopper.post(`/api/orders/${order.id}/items`, card({ turnaround_id: ids.express })), 201);
    const expected = enginePrice(
      [
        { sheet_cost: '0.0400', setup_cost: 0 },
        { sheet_cost: '0', setup_cost: 0 },
      ],
      35,
    );
    expect(item).toMatchObject({
      option_ids: [ids.matt, ids.square],
      turnaround_id: ids.express,
      options: [
        { id: ids.matt, group: 'Lamination', name: 'Matt' },
        { id: ids.square, group: 'Corners', name: 'Square' },
      ],
      turnaround: { id: ids.express, name: 'Express', production_days: 1 },
      price: expected,
    });
    // More than the same card at the default turnaround with no extra: the choices are in the price.
    expect(expected).toBeGreaterThan(enginePrice([], 0));

    // Left out, the turnaround is the product's default (Standard, 0 %).
    const standard = ok<Item>(await shopper.post(`/api/orders/${order.id}/items`, card({ option_ids: [ids.rounded] })), 201);
    expect(standard).toMatchObject({ turnaround_id: null, turnaround: { name: 'Standard', production_days: 2 } });
    expect(standard.price).toBe(enginePrice([{ sheet_cost: '0.0250', setup_cost: 100 }], 0));

    // A change of turnaround is priced again.
    const changed = ok<Item>(await shopper.patch(`/api/orders/${order.id}/items/${standard.id}`, { turnaround_id: ids.express }));
    expect(changed.price).toBe(enginePrice([{ sheet_cost: '0.0250', setup_cost: 100 }], 35));
  });

  it('answers 422 beside the field for each choice that is not offered, and saves nothing', async () => {
    const order = await newBasket(shopper);
    const cases: Array<[Record<string, unknown>, 'option_ids' | 'turnaround_id', RegExp]> = [
      [{ option_ids: [ids.square, ids.encapsulation] }, 'option_ids', /not offered for Cards/],
      [{ option_ids: [ids.square, ids.matt, ids.gloss] }, 'option_ids', /Choose one Lamination only, not Matt and Gloss/],
      [{ option_ids: [ids.matt] }, 'option_ids', /Choose an option for Corners/],
      [{ option_ids: [ids.square, ids.softTouch] }, 'option_ids', /not offered/],
      [{ turnaround_id: ids.saver }, 'turnaround_id', /not offered/],
      [{ turnaround_id: 999_999 }, 'turnaround_id', /not offered/],
      [{ option_ids: 'matt' }, 'option_ids', /list/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await shopper.post(`/api/orders/${order.id}/items`, card(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors[field]).toMatch(message);
    }
    expect(ok<Order>(await shopper.get(`/api/orders/${order.id}`)).items).toEqual([]);

    // A change to a bad choice leaves the item as it was.
    const item = ok<Item>(await shopper.post(`/api/orders/${order.id}/items`, card()), 201);
    const res = await shopper.patch(`/api/orders/${order.id}/items/${item.id}`, { option_ids: [ids.matt] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.option_ids).toMatch(/Choose an option for Corners/);
    expect(ok<Order>(await shopper.get(`/api/orders/${order.id}`)).items[0]).toMatchObject({ option_ids: [ids.matt, ids.square], price: item.price });
  });

  it('refuses Same day after the cut-off, and counts the turnaround’s and the longest option’s days in the dispatch date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A Wednesday, after the 12:00 cut-off (UK time is UTC in December).
    vi.setSystemTime(new Date('2026-12-02T12:30:00Z'));
    const { client } = await customer(t);
    const late = await newBasket(client);
    const res = await client.post(`/api/orders/${late.id}/items`, card({ turnaround_id: ids.sameDay }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.turnaround_id).toMatch(/Same day is only for orders confirmed before 12:00/);
    expect(ok<Order>(await client.get(`/api/orders/${late.id}`)).items).toEqual([]);

    // The same Wednesday morning: production starts today; Express (1 day) + Rounded corners (2 extra) + Matt (1, runs alongside) = 3 working days.
    vi.setSystemTime(new Date('2026-12-02T09:00:00Z'));
    const { client: early } = await customer(t);
    const order = await newBasket(early);
    ok(await early.post(`/api/orders/${order.id}/items`, card({ option_ids: [ids.matt, ids.rounded], turnaround_id: ids.express })), 201);
    expect(ok<Order>(await early.get(`/api/orders/${order.id}`)).dispatch_due).toBe('2026-12-07');
    const sameDay = ok<Item>(await early.post(`/api/orders/${order.id}/items`, card({ option_ids: [ids.square], turnaround_id: ids.sameDay })), 201);
    expect(sameDay.turnaround).toMatchObject({ name: 'Same day', production_days: 0 });
  });
});

describe('a confirmed item’s options and turnaround', () => {
  let confirmed: Order;

  it('are frozen by name with the price: a later change of the option leaves the confirmed item as it was', async () => {
    const order = await newBasket(shopper);
    const item = ok<Item>(await shopper.post(`/api/orders/${order.id}/items`, card({ turnaround_id: ids.express })), 201);
    ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD)));
    await artworkChecked(t, shopper, order.id);
    ok(await shopper.patch(`/api/orders/${order.id}`, { delivery_type_id: deliveryTypeId }));
    confirmed = ok<Order>(await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `choices-${order.id}` } }));
    const frozen = {
      price: item.price,
      options: [
        { id: ids.matt, group: 'Lamination', name: 'Matt' },
        { id: ids.square, group: 'Corners', name: 'Square' },
      ],
      turnaround: { id: ids.express, name: 'Express', production_days: 1 },
    };
    expect(confirmed.items[0]).toMatchObject(frozen);

    ok(await putAsRead(staff, `/api/admin/options/${ids.matt}`, { name: 'Matt film', sheet_cost: '0.5000' }));
    ok(await putAsRead(staff, `/api/admin/turnarounds/${ids.express}`, { name: 'Express plus', price_percent: 60 }));
    expect(ok<Order>(await shopper.get(`/api/orders/${order.id}`)).items[0]).toMatchObject(frozen);
    // Staff see the same names on the order.
    expect(ok<StaffOrder>(await staff.get(`/api/admin/orders/${order.id}`)).items[0]).toMatchObject(frozen);
  });

  it('are carried by a reorder at today’s prices; an option no longer offered is said on the item', async () => {
    const copy = ok<Order>(await shopper.post(`/api/orders/${confirmed.id}/reorder`), 201);
    expect(copy.items[0]).toMatchObject({
      option_ids: [ids.matt, ids.square],
      turnaround_id: ids.express,
      options: [
        { id: ids.matt, name: 'Matt film' },
        { id: ids.square, name: 'Square' },
      ],
      turnaround: { name: 'Express plus' },
      price: enginePrice(
        [
          { sheet_cost: '0.5000', setup_cost: 0 },
          { sheet_cost: '0', setup_cost: 0 },
        ],
        60,
      ),
    });

    ok(await putAsRead(staff, `/api/admin/options/${ids.matt}`, { active: false }));
    // Past the kept catalogue (the change forgets it on this instance at once).
    const again = ok<Order>(await shopper.post(`/api/orders/${confirmed.id}/reorder`), 201);
    expect(again.items[0]).toMatchObject({ option_ids: [ids.matt, ids.square], price: null, unavailable: expect.stringMatching(/not offered/) });
    expect(again.blockers.join(' ')).toMatch(/Item 1 \(Cards\): .*not offered/);
    ok(await putAsRead(staff, `/api/admin/options/${ids.matt}`, { active: true }));
  });
});
