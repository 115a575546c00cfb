import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Order } from '../../../src/shared/api/orders';
import { jobs, mailOutbox, orderEvents } from '../../../src/server/db/schema';
import { ORDER_MAIL_QUEUE } from '../../../src/server/modules/orders/order-mail-job';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { artworkChecked, CLEAN_CARD, ok, orderingApp, pdf, upload, type Catalogue } from './helpers';

/**
 * The customer's e-mail about a move of their order: the move writes the order and its history row
 * with what the e-mail reports, and the order-mail job its statement writes renders the e-mail and
 * queues it in the outbox, once per move.
 */
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let deliveryTypeId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, shopper, cat } = app);
  deliveryTypeId = app.del.first.id;
  const group = async (name: string, required: boolean) =>
    ok<{ id: number }>(await staff.post('/api/admin/option-groups', { product_id: cat.cards.id, name, required }), 201).id;
  const option = async (groupId: number, name: string) =>
    ok<{ id: number }>(await staff.post('/api/admin/options', { option_group_id: groupId, name, sheet_cost: '0.0100', setup_cost: 0, production_days: 0 }), 201)
      .id;
  ids.matt = await option(await group('Lamination', false), 'Matt');
  ids.rounded = await option(await group('Corners', true), 'Rounded');
  ids.express = ok<{ id: number }>(
    await staff.post('/api/admin/turnarounds', { product_id: cat.cards.id, name: 'Express', production_days: 1, price_percent: 35 }),
    201,
  ).id;
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const eventsOf = (orderId: number) => db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
const orderMailJobsOf = (eventId: number) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, ORDER_MAIL_QUEUE), sql`${jobs.payload}->>'event_id' = ${String(eventId)}`));
const mailsOf = (eventId: number) => db().select().from(mailOutbox).where(eq(mailOutbox.orderEventId, eventId));

/** A confirmed order of 100 cards, laminated matt with rounded corners, on the Express turnaround. */
async function confirmedWithChoices(): Promise<{ order: Order; item: Item }> {
  const basket = ok<Order>(await shopper.post('/api/orders', { ref: 'PO-MAIL' }), 201);
  const item = ok<Item>(
    await shopper.post(`/api/orders/${basket.id}/items`, {
      product_id: cat.cards.id,
      stock_id: cat.silk.id,
      qty: 100,
      sides: 'single',
      orientation: 'landscape',
      option_ids: [ids.matt, ids.rounded],
      turnaround_id: ids.express,
    }),
    201,
  );
  ok(await upload(shopper, basket.id, item.id, await pdf(CLEAN_CARD)));
  await artworkChecked(t, shopper, basket.id);
  ok(await shopper.patch(`/api/orders/${basket.id}`, { delivery_type_id: deliveryTypeId }));
  const order = ok<Order>(await shopper.request('POST', `/api/orders/${basket.id}/confirm`, {}, { headers: { 'idempotency-key': `move-mail-${basket.id}` } }));
  return { order, item };
}

describe('the e-mail of an order move', () => {
  it('is one history row with the facts it reports and one order-mail job; the queue then writes exactly one e-mail', async () => {
    const { order } = await confirmedWithChoices();
    const confirmation = (await eventsOf(order.id)).filter((e) => e.toStatus === 'live');
    expect(confirmation).toHaveLength(1);
    const [event] = confirmation;
    expect(event.mail).toMatchObject({
      to: order.address.email,
      firstname: order.address.firstname,
      ref: 'PO-MAIL',
      total: order.total,
      dispatch_due: order.dispatch_due,
      invoice_number: null,
      service: { carrier: expect.any(String), code: expect.any(String) },
    });
    expect(await orderMailJobsOf(event.id)).toHaveLength(1);

    const eml = (await t.outbox()).filter((m) => m.text.includes(`Thank you: order ${order.id} (your reference PO-MAIL) is confirmed`));
    expect(eml).toHaveLength(1);
    const mails = await mailsOf(event.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: order.address.email, status: 'sent' });
  });

  it('lists the confirmed items with their finishes, turnaround and price', async () => {
    const { order, item } = await confirmedWithChoices();
    await t.outbox();
    const [event] = (await eventsOf(order.id)).filter((e) => e.toStatus === 'live');
    const [mail] = await mailsOf(event.id);
    const price = `£${(order.items[0].price! / 100).toFixed(2)}`;
    expect(mail.text).toContain(`1. Cards — ${price}`);
    expect(mail.text).toContain('100 · Silk 350 · single-sided');
    expect(mail.text).toContain('Lamination: Matt · Corners: Rounded');
    expect(mail.text).toContain('Turnaround: Express (1 working day)');
    expect(order.items[0].id).toBe(item.id);
  });

  it('is written once even when its job runs again for the same move (a job retaken after its worker died)', async () => {
    const { order } = await confirmedWithChoices();
    await t.outbox();
    const [event] = (await eventsOf(order.id)).filter((e) => e.toStatus === 'live');
    const filesBefore = (await t.outbox()).length;
    await t.app.deps.jobs.enqueue(db(), ORDER_MAIL_QUEUE, { event_id: event.id });
    await t.app.deps.jobs.drain();
    const again = await orderMailJobsOf(event.id);
    expect(again).toHaveLength(2);
    expect(again.map((j) => j.status)).toEqual(['done', 'done']);
    expect(await mailsOf(event.id)).toHaveLength(1);
    expect((await t.outbox()).length).toBe(filesBefore);
  });

  it('is not written for a move that e-mails no one: no facts, no job', async () => {
    const { order } = await confirmedWithChoices();
    ok(await shopper.post(`/api/orders/${order.id}/cancel`));
    const cancel = (await eventsOf(order.id)).filter((e) => e.toStatus === 'cancelled');
    expect(cancel).toHaveLength(1);
    expect(cancel[0].mail).toBeNull();
    expect(await orderMailJobsOf(cancel[0].id)).toHaveLength(0);
    await t.app.deps.jobs.drain();
    expect(await mailsOf(cancel[0].id)).toHaveLength(0);
  });
});
