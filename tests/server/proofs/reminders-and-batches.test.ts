import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/api/orders';
import type { Batch, BatchSummary, BatchWaiting } from '../../../src/shared/api/staff-production';
import { PROOF_REMINDER_EVERY_MS, PROOF_REMINDER_FIRST_MS, PROOF_REMINDERS_MAX } from '../../../src/shared/domain/orders/proofs';
import { jobs, orderItems, orders } from '../../../src/server/db/schema';
import { PROOF_REMINDER_QUEUE, queueFirstProofReminder } from '../../../src/server/modules/proofs/reminders';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { confirmedOrder, ok, orderingApp, type Catalogue } from '../orders/helpers';
import { mailsTo, proofReady, proofRow } from './helpers';

let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
let shopper: ApiClient;
let deliveryTypeId: number;
let email: string;

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, cat, shopper } = app);
  deliveryTypeId = app.del.first.id;
  email = ok<{ email: string }>(await shopper.get('/api/user')).email;
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const HOUR = 3_600_000;

/** The queued reminders of the item, oldest first. */
const reminderJobs = (itemId: number) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, PROOF_REMINDER_QUEUE), eq(jobs.status, 'queued'), sql`(${jobs.payload}->>'itemId')::int = ${itemId}`))
    .orderBy(jobs.id);

/**
 * Moves the clock on by `ms` for the item's proof: it became ready that much earlier, and its
 * queued reminders fall due that much sooner (the database's clock is the queue's).
 */
async function timePasses(itemId: number, ms: number): Promise<void> {
  await db()
    .update(orderItems)
    .set({ proofStatusAt: sql`${orderItems.proofStatusAt} - ${ms} * interval '1 millisecond'` })
    .where(eq(orderItems.id, itemId));
  await db()
    .update(jobs)
    .set({ runAt: sql`${jobs.runAt} - ${ms} * interval '1 millisecond'` })
    .where(and(eq(jobs.queue, PROOF_REMINDER_QUEUE), eq(jobs.status, 'queued'), sql`(${jobs.payload}->>'itemId')::int = ${itemId}`));
}

const remindersTo = async (orderId: number) => (await mailsTo(t, email)).filter((m) => m.includes(`of order ${orderId}`) && m.includes('waited'));

describe('reminders of a proof nobody decided on', () => {
  it('go 24 hours after it was ready, then daily, four in all, each with the link, the wait and the dispatch date an approval gives', async () => {
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const itemId = order.items[0].id;
    const readyAt = new Date();
    await proofReady(t, itemId, 1, readyAt);
    // As the proof job queues it once the proof is ready.
    await db().transaction((tx) => queueFirstProofReminder(t.app.deps.jobs, tx, { itemId, version: 1 }, readyAt));
    const [first] = await reminderJobs(itemId);
    expect(first.runAt.getTime() - readyAt.getTime()).toBe(PROOF_REMINDER_FIRST_MS);
    await t.app.deps.jobs.drain();
    expect(await remindersTo(order.id)).toHaveLength(0);

    for (let n = 1; n <= PROOF_REMINDERS_MAX; n++) {
      await timePasses(itemId, n === 1 ? PROOF_REMINDER_FIRST_MS : PROOF_REMINDER_EVERY_MS);
      const before = Date.now();
      await t.app.deps.jobs.drain();
      const after = Date.now();
      const sent = await remindersTo(order.id);
      expect(sent).toHaveLength(n);
      expect(sent[n - 1]).toContain(
        `Proof v1 of item 1 (Cards) of order ${order.id} (your reference PO-1) has waited ${n === 1 ? '1 day' : `${n} days`} for your approval.`,
      );
      expect(sent[n - 1]).toMatch(
        /Approve it (today before 12:00|before 12:00 on \w{3} \d{1,2} \w{3}) \(UK time\) and we dispatch the order on \w{3} \d{1,2} \w{3}/,
      );
      const link = /http:\/\/localhost:3000\/proof\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(sent[n - 1])?.[1];
      expect(ok(await shopper.get(`/api/proof-links/${link}`))).toEqual({ order_id: order.id, item_id: itemId, version: 1 });
      expect((await proofRow(t, itemId)).remindersSent).toBe(n);
      const next = await reminderJobs(itemId);
      if (n < PROOF_REMINDERS_MAX) {
        expect(next).toHaveLength(1);
        expect(next[0].runAt.getTime()).toBeGreaterThanOrEqual(before + PROOF_REMINDER_EVERY_MS - 1000);
        expect(next[0].runAt.getTime()).toBeLessThanOrEqual(after + PROOF_REMINDER_EVERY_MS + 1000);
      } else {
        // The fourth was the last.
        expect(next).toHaveLength(0);
      }
    }
  });

  it('stop once the proof is decided on, or a new version replaced it', async () => {
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const itemId = order.items[0].id;
    const readyAt = new Date();
    await proofReady(t, itemId, 1, readyAt);
    await db().transaction((tx) => queueFirstProofReminder(t.app.deps.jobs, tx, { itemId, version: 1 }, readyAt));
    ok(await shopper.post(`/api/orders/${order.id}/items/${itemId}/proof/approve`, { version: 1 }));
    await timePasses(itemId, PROOF_REMINDER_FIRST_MS + HOUR);
    await t.app.deps.jobs.drain();
    expect(await remindersTo(order.id)).toHaveLength(0);
    expect(await reminderJobs(itemId)).toHaveLength(0);
    expect((await proofRow(t, itemId)).remindersSent).toBe(0);

    const other = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const otherItem = other.items[0].id;
    await proofReady(t, otherItem, 1, readyAt);
    await db().transaction((tx) => queueFirstProofReminder(t.app.deps.jobs, tx, { itemId: otherItem, version: 1 }, readyAt));
    // Version 2 replaced it (its own reminders are its own jobs).
    await proofReady(t, otherItem, 2);
    await timePasses(otherItem, PROOF_REMINDER_FIRST_MS + HOUR);
    await t.app.deps.jobs.drain();
    expect(await remindersTo(other.id)).toHaveLength(0);
    expect(await reminderJobs(otherItem)).toHaveLength(0);
  });
});

describe('a batch run and proofs', () => {
  beforeEach(async () => {
    // Each test counts its own orders only.
    await db()
      .update(orders)
      .set({ status: 'cancelled' })
      .where(inArray(orders.status, ['live', 'printing']));
  });

  const runToEnd = async (): Promise<Batch> => {
    const started = ok<BatchSummary>(await staff.post('/api/admin/batches/run', {}), 201);
    await t.app.deps.jobs.drain();
    return ok<Batch>(await staff.get(`/api/admin/batches/${started.id}`));
  };

  it('skips every item of an order whose proof waits for approval, and takes them once it is approved', async () => {
    const plain = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const waiting = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const itemId = waiting.items[0].id;
    await proofReady(t, itemId);
    expect(ok<BatchWaiting>(await staff.get('/api/admin/batches/waiting'))).toMatchObject({ items: 1, orders: 1, awaiting_approval: { items: 1, orders: 1 } });

    const first = await runToEnd();
    expect(first.status).toBe('done');
    expect(first.items.map((i) => i.order_id)).toEqual([plain.id]);
    expect(ok<Order>(await shopper.get(`/api/orders/${waiting.id}`)).status).toBe('live');

    // Nothing else to batch while the proof waits.
    const nothing = await staff.post('/api/admin/batches/run', {});
    expect(nothing.statusCode).toBe(422);
    ok(await shopper.post(`/api/orders/${waiting.id}/items/${itemId}/proof/changes`, { version: 1, comment: 'Not yet' }));
    expect((await staff.post('/api/admin/batches/run', {})).statusCode).toBe(422);

    await proofReady(t, itemId, 2);
    ok(await shopper.post(`/api/orders/${waiting.id}/items/${itemId}/proof/approve`, { version: 2 }));
    expect(ok<BatchWaiting>(await staff.get('/api/admin/batches/waiting'))).toMatchObject({ items: 1, orders: 1, awaiting_approval: { items: 0, orders: 0 } });
    const second = await runToEnd();
    expect(second.items.map((i) => i.id)).toEqual([itemId]);
    expect(ok<Order>(await shopper.get(`/api/orders/${waiting.id}`)).status).toBe('printing');
  });

  it('holds back a whole order while one of its items’ proofs waits', async () => {
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const [second] = await db()
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: cat.cards.id,
        stockId: cat.silk.id,
        qty: 100,
        sides: 'single',
        orientation: 'landscape',
        artworkKey: (await db().select().from(orderItems).where(eq(orderItems.id, order.items[0].id)))[0].artworkKey,
      })
      .returning();
    await proofReady(t, second.id);
    expect(ok<BatchWaiting>(await staff.get('/api/admin/batches/waiting'))).toMatchObject({ items: 0, awaiting_approval: { items: 2, orders: 1 } });
    expect((await staff.post('/api/admin/batches/run', {})).statusCode).toBe(422);
  });
});
