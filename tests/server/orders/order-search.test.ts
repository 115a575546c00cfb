import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderList } from '../../../src/shared/api/orders';
import { deliveryTypes, orderItems, orders } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { staffClient } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { customer, ok, seedCatalogue } from './helpers';

/**
 * The customer's "All orders" list: every confirmed status newest first, one search across the
 * number, reference, products and postcode, and a range of the days the orders were confirmed —
 * always only the customer's own orders.
 */

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let me: { client: ApiClient; id: number };
let other: { client: ApiClient; id: number };
const made: Record<string, number> = {};

const address = { firstname: 'Jo', lastname: 'Bloggs', email: 'jo@example.test', address1: '1 High St', town: 'Leeds' };

async function account(): Promise<{ client: ApiClient; id: number }> {
  const { client } = await customer(t);
  return { client, id: ok<{ id: number }>(await client.get('/api/user')).id };
}

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(await staffClient(t));
  me = await account();
  other = await account();
  const db = t.database.db;
  const [collect] = await db.insert(deliveryTypes).values({ code: 'COLLECT', name: 'Collection', carrier: 'collection', transitDays: 0 }).returning();
  // In the order they were made (ids rise): the list shows them the other way round.
  const plan: Array<{ key: string; userId: number; status: string; ref: string; postcode: string; confirmedAt: Date | null; product: 'cards' | 'posters' }> = [
    {
      key: 'menu',
      userId: me.id,
      status: 'dispatched',
      ref: 'INK-2041 spring menu',
      postcode: 'LS1 1AA',
      confirmedAt: new Date('2025-03-03T10:00:00Z'),
      product: 'posters',
    },
    {
      key: 'cancelled',
      userId: me.id,
      status: 'cancelled',
      ref: 'INK-2039 wrong file',
      postcode: 'M1 2AB',
      confirmedAt: new Date('2025-03-31T10:00:00Z'),
      product: 'cards',
    },
    // 23:30 GMT on 30 June is 00:30 on 1 July in London (BST): a July order.
    {
      key: 'midnight',
      userId: me.id,
      status: 'printing',
      ref: 'Open day',
      postcode: 'M1 2AB',
      confirmedAt: new Date('2025-06-30T23:30:00Z'),
      product: 'cards',
    },
    {
      key: 'pending',
      userId: me.id,
      status: 'live',
      ref: 'INK-2058 cards',
      postcode: 'LS1 1AA',
      confirmedAt: new Date('2025-07-01T09:00:00Z'),
      product: 'cards',
    },
    { key: 'held', userId: me.id, status: 'problem', ref: 'Gallery', postcode: 'YO1 7HH', confirmedAt: new Date('2025-07-02T09:00:00Z'), product: 'posters' },
    { key: 'basket', userId: me.id, status: 'basket', ref: 'INK-2063 autumn menu', postcode: 'LS1 1AA', confirmedAt: null, product: 'posters' },
    {
      key: 'theirs',
      userId: other.id,
      status: 'dispatched',
      ref: 'INK-2041 their menu',
      postcode: 'LS1 1AA',
      confirmedAt: new Date('2025-03-03T10:00:00Z'),
      product: 'posters',
    },
  ];
  for (const order of plan) {
    const [row] = await db
      .insert(orders)
      .values({
        ...address,
        userId: order.userId,
        status: order.status,
        ref: order.ref,
        postcode: order.postcode,
        confirmedAt: order.confirmedAt,
        total: 1200,
        deliveryTypeId: order.key === 'pending' ? collect.id : null,
        dispatchedAt: order.status === 'dispatched' ? new Date('2025-03-05T15:00:00Z') : null,
      })
      .returning({ id: orders.id });
    made[order.key] = row.id;
    await db
      .insert(orderItems)
      .values({ orderId: row.id, productId: cat[order.product].id, stockId: cat.silk.id, qty: 100, sides: 'single', orientation: 'portrait' });
  }
}, 60_000);
afterAll(() => t?.close());

const list = async (client: ApiClient, query: string) => ok<OrderList>(await client.get(`/api/orders${query}`));
const keysOf = (answer: OrderList) => answer.data.map((o) => Object.entries(made).find(([, id]) => id === o.id)?.[0] ?? `unknown ${o.id}`);

describe('the customer’s list of all orders', () => {
  it('lists every confirmed status newest first, with each order’s status and carrier, never a basket', async () => {
    const all = await list(me.client, '');
    expect(keysOf(all)).toEqual(['held', 'pending', 'midnight', 'cancelled', 'menu']);
    expect(all.total).toBe(5);
    expect(all.data.map((o) => o.status)).toEqual(['problem', 'live', 'printing', 'cancelled', 'dispatched']);
    expect(all.data.find((o) => o.id === made.pending)).toMatchObject({ carrier: 'collection', dispatched_at: null });
    expect(all.data.find((o) => o.id === made.menu)).toMatchObject({ carrier: null, dispatched_at: '2025-03-05T15:00:00.000Z' });
  });

  it.each([
    ['a reference, in any status', 'INK-20', ['pending', 'cancelled', 'menu']],
    ['the order number written with #', () => `#${made.held}`, ['held']],
    ['digits of the reference', '2041', ['menu']],
    ['a product on the order', 'poster', ['held', 'menu']],
    ['a product, whatever the case', 'CARDS', ['pending', 'midnight', 'cancelled']],
    ['the postcode', 'LS1 1AA', ['pending', 'menu']],
    ['the postcode without its space, in lower case', 'ls11aa', ['pending', 'menu']],
    ['part of the postcode', 'yo1', ['held']],
  ])('finds orders by %s', async (_what, words, expected) => {
    const q = typeof words === 'function' ? words() : words;
    expect(keysOf(await list(me.client, `?q=${encodeURIComponent(q)}`))).toEqual(expected);
  });

  it('finds an order by its number alone, and takes digits as no postcode', async () => {
    expect(keysOf(await list(me.client, `?q=${made.held}`))).toContain('held');
    // Every postcode here has a 1 in it: digits alone are an order number or part of a reference.
    expect(keysOf(await list(me.client, '?q=1'))).toEqual(expect.not.arrayContaining(['midnight', 'held']));
  });

  it('finds nothing for words no order of theirs has, and takes % and _ literally', async () => {
    expect((await list(me.client, '?q=nothing-like-this')).total).toBe(0);
    expect((await list(me.client, '?q=%25')).total).toBe(0);
    expect((await list(me.client, '?q=_')).total).toBe(0);
  });

  it('narrows a search to one status', async () => {
    expect(keysOf(await list(me.client, '?status=dispatched&q=INK-2041'))).toEqual(['menu']);
    expect(keysOf(await list(me.client, '?status=live&q=INK-2041'))).toEqual([]);
  });

  it('keeps the orders confirmed between two UK days, both included', async () => {
    expect(keysOf(await list(me.client, '?from=2025-07-01'))).toEqual(['held', 'pending', 'midnight']);
    expect(keysOf(await list(me.client, '?to=2025-06-30'))).toEqual(['cancelled', 'menu']);
    expect(keysOf(await list(me.client, '?from=2025-03-31&to=2025-07-01'))).toEqual(['pending', 'midnight', 'cancelled']);
    expect(keysOf(await list(me.client, '?from=2025-03-03&to=2025-03-03'))).toEqual(['menu']);
    expect(keysOf(await list(me.client, '?from=2025-07-01&to=2025-07-01&q=cards&status=printing'))).toEqual(['midnight']);
    expect(keysOf(await list(me.client, '?from=&to='))).toHaveLength(5);
  });

  it('never lists another customer’s orders, whatever is searched', async () => {
    for (const query of [
      '',
      '?q=their',
      `?q=${made.theirs}`,
      `?q=%23${made.theirs}`,
      '?q=poster',
      '?q=LS1',
      '?status=dispatched',
      '?from=2025-03-03&to=2025-03-03',
    ]) {
      const answer = await list(me.client, query);
      expect(
        answer.data.map((o) => o.id),
        query,
      ).not.toContain(made.theirs);
    }
    expect(keysOf(await list(other.client, '?q=INK-2041'))).toEqual(['theirs']);
    expect(keysOf(await list(other.client, `?q=%23${made.menu}`))).toEqual([]);
  });

  it('says beside each filter what is wrong with it (422)', async () => {
    const bad = await me.client.get('/api/orders?from=2025-02-30&to=31/03/2025');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ from: expect.stringMatching(/first day as a date/), to: expect.stringMatching(/last day as a date/) });
    const backwards = await me.client.get('/api/orders?from=2025-04-01&to=2025-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: 'The last day must be on or after the first day' });
    const status = await me.client.get('/api/orders?status=everything');
    expect(status.statusCode).toBe(422);
    expect(status.json().errors).toEqual({ status: 'Not an order status' });
    const long = await me.client.get(`/api/orders?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ q: 'At most 100 characters' });
  });
});
