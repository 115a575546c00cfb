import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/shared/api/orders';
import { dispatchFromApproval } from '../../../src/shared/domain/orders/proofs';
import { closedDays, orderEvents, orderItems, orders } from '../../../src/server/db/schema';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { confirmedOrder, ok, orderingApp, readyBasket, type Catalogue } from '../orders/helpers';
import { mailsTo, proofReady } from './helpers';

let t: TestApp;
let cat: Catalogue;
let shopper: ApiClient;
let deliveryTypeId: number;
let email: string;

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, cat, shopper } = app);
  deliveryTypeId = app.del.first.id;
  email = ok<{ email: string }>(await shopper.get('/api/user')).email;
}, 60_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const db = () => t.database.db;
const NO_CLOSED_DAYS: ReadonlySet<string> = new Set();

/** A Pending order (cards, 2 working days; first-class post, 1 day in transit) whose one item has proof v1 ready. */
async function waitingOrder(): Promise<{ order: Order; itemId: number }> {
  const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
  await proofReady(t, order.items[0].id);
  return { order, itemId: order.items[0].id };
}

/** Approves at a fixed instant (the server's clock set to it for the request). */
async function approveAt(iso: string, orderId: number, itemId: number, version = 1): Promise<Order> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    return ok<Order>(await shopper.post(`/api/orders/${orderId}/items/${itemId}/proof/approve`, { version }));
  } finally {
    vi.useRealTimers();
  }
}

describe('the rule of the dates, kept at confirmation', () => {
  it('is what dispatch_due was counted with: production days, the service’s transit days and the cut-off', async () => {
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row.dispatchBasis).toEqual({ production_days: 2, transit_days: 1, cutoff: '12:00' });
    const closed = new Set((await db().select({ date: closedDays.date }).from(closedDays)).map((d) => d.date));
    const again = dispatchFromApproval(row.confirmedAt!, row.dispatchBasis!, closed);
    expect([again.dispatch, again.delivery]).toEqual([row.dispatchDue, row.deliveryDue]);
  });
});

describe('the dispatch date of an order with a proof', () => {
  it('counts from the approval: on a Friday after the 12:00 cut-off production starts on Monday', async () => {
    const { order, itemId } = await waitingOrder();
    // Friday 20 Nov 2026, 13:00 UK time (GMT): past the cut-off, so production starts Monday 23rd; 2 working days → Wed 25th; 1 in transit → Thu 26th.
    const approved = await approveAt('2026-11-20T13:00:00Z', order.id, itemId);
    expect([approved.dispatch_due, approved.delivery_due]).toEqual(['2026-11-25', '2026-11-26']);
    const expected = dispatchFromApproval(new Date('2026-11-20T13:00:00Z'), { production_days: 2, transit_days: 1, cutoff: '12:00' }, NO_CLOSED_DAYS);
    expect(expected).toMatchObject({ start: '2026-11-23', dispatch: '2026-11-25', delivery: '2026-11-26' });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect([row.dispatchDue, row.deliveryDue]).toEqual(['2026-11-25', '2026-11-26']);
    const [event] = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(desc(orderEvents.id)).limit(1);
    expect(event.note).toMatch(/every proof approved: dispatch Wed 25 Nov, estimated delivery Thu 26 Nov$/);
    const mail = (await mailsTo(t, email)).find((m) => m.includes(`of order ${order.id}`) && m.includes('Thank you: you approved'));
    expect(mail).toContain('Every proof of the order is approved: we print it now, and will dispatch it on Wed 25 Nov; expected delivery Thu 26 Nov.');
  });

  it('starts production the same day before the cut-off, and steps over a closed day', async () => {
    const { order, itemId } = await waitingOrder();
    // Friday 20 Nov, 11:00: production starts that day; 2 working days → Tue 24th, unless Mon 23rd is closed → Wed 25th.
    const [closed] = await db().insert(closedDays).values({ date: '2026-11-23', name: 'Works closed' }).returning();
    try {
      const approved = await approveAt('2026-11-20T11:00:00Z', order.id, itemId);
      expect([approved.dispatch_due, approved.delivery_due]).toEqual(['2026-11-25', '2026-11-26']);
    } finally {
      await db().delete(closedDays).where(eq(closedDays.id, closed.id));
    }
    const second = await waitingOrder();
    expect((await approveAt('2026-11-20T11:59:00Z', second.order.id, second.itemId)).dispatch_due).toBe('2026-11-24');
  });

  it('is counted from the last approval only: an earlier one leaves the dates as they were', async () => {
    const { order, itemId } = await waitingOrder();
    // A second item of the order with its own proof waiting (the columns are what counts).
    const [second] = await db()
      .insert(orderItems)
      .values({ orderId: order.id, productId: cat.cards.id, stockId: cat.silk.id, qty: 100, sides: 'single', orientation: 'landscape' })
      .returning();
    await proofReady(t, second.id);
    const [before] = await db().select().from(orders).where(eq(orders.id, order.id));
    const afterFirst = await approveAt('2026-11-20T13:00:00Z', order.id, itemId);
    expect(afterFirst.awaiting_approval).toBe(true);
    const [unchanged] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect([unchanged.dispatchDue, unchanged.deliveryDue]).toEqual([before.dispatchDue, before.deliveryDue]);
    const mail = (await mailsTo(t, email)).find((m) => m.includes(`proof v1 of item 1 (Cards) of order ${order.id}`) && m.includes('Thank you'));
    expect(mail).toContain('one more proof waits for your approval');
    // Monday 23 Nov, 09:00: the last approval; production starts that day → Wed 25th.
    const afterLast = await approveAt('2026-11-23T09:00:00Z', order.id, second.id);
    expect([afterLast.awaiting_approval, afterLast.dispatch_due, afterLast.delivery_due]).toEqual([false, '2026-11-25', '2026-11-26']);
  });

  it('shows, while it waits, the dates an approval now would give and by when', async () => {
    const { order } = await waitingOrder();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
    try {
      const shown = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
      expect(shown).toMatchObject({
        awaiting_approval: true,
        dispatch_due: '2026-11-25',
        delivery_due: '2026-11-26',
        approve_by: 'before 12:00 on Mon 23 Nov',
      });
      vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
      expect(ok<Order>(await shopper.get(`/api/orders/${order.id}`))).toMatchObject({ dispatch_due: '2026-11-25', approve_by: 'today before 12:00' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the order-confirmed e-mail of an order with a proof', () => {
  it('says the dispatch date counts from the approval of the proof, and by when', async () => {
    const { order, item } = await readyBasket(t, shopper, cat, deliveryTypeId);
    await db().update(orderItems).set({ proofRequested: true }).where(eq(orderItems.id, item.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    // Friday 20 Nov, 13:00: past the cut-off, so an approval keeps these dates until Monday's cut-off.
    vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
    let confirmed: Order;
    try {
      confirmed = ok<Order>(await shopper.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `proof-${order.id}` } }));
    } finally {
      vi.useRealTimers();
    }
    expect(confirmed.dispatch_due).toBe('2026-11-25');
    const mail = (await mailsTo(t, email)).find((m) => m.includes(`order ${order.id} (your reference PO-1) is confirmed`));
    expect(mail).toContain('Before anything is printed we send you a proof to approve, and the dispatch date counts from your approval.');
    expect(mail).toContain('We will dispatch it on Wed 25 Nov if you approve the proof before 12:00 on Mon 23 Nov (UK time); expected delivery Thu 26 Nov.');
    expect(mail).toContain('Proof to approve before printing');
  });

  it('says nothing of proofs for an order without one', async () => {
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const mail = (await mailsTo(t, email)).find((m) => m.includes(`order ${order.id} (your reference PO-1) is confirmed`));
    expect(mail).toMatch(/We will dispatch it on \w{3} \d{1,2} \w{3}; expected delivery/);
    expect(mail).not.toMatch(/proof/i);
  });
});
