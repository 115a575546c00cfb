import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/api/orders';
import type { StaffOrder, StaffOrderCounts, StaffOrderSummary } from '../../../src/shared/api/staff-orders';
import { orderEvents, orderItems, orders, webhookEndpoints, webhookEvents } from '../../../src/server/db/schema';
import { proofLinkToken } from '../../../src/server/modules/proofs/link-token';
import type { TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { CLEAN_CARD, confirmedOrder, ok, orderingApp, pdf, upload, type Catalogue } from '../orders/helpers';
import { mailsTo, proofReady, proofRow } from './helpers';

let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
let shopper: ApiClient;
let deliveryTypeId: number;
let me: { id: number; email: string; firstname: string; lastname: string };

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, cat, shopper } = app);
  deliveryTypeId = app.del.first.id;
  me = ok(await shopper.get('/api/user'));
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

/** A Pending order of the shopper's whose one item has proof v`version` ready. */
async function orderWithReadyProof(version = 1): Promise<{ order: Order; itemId: number }> {
  const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
  const itemId = order.items[0].id;
  await proofReady(t, itemId, version);
  return { order: ok<Order>(await shopper.get(`/api/orders/${order.id}`)), itemId };
}

const approve = (client: ApiClient, orderId: number, itemId: number, body: unknown) =>
  client.post(`/api/orders/${orderId}/items/${itemId}/proof/approve`, body);
const askChanges = (client: ApiClient, orderId: number, itemId: number, body: unknown) =>
  client.post(`/api/orders/${orderId}/items/${itemId}/proof/changes`, body);
const historyOf = (orderId: number) => db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);

describe('the customer’s decisions on a proof', () => {
  it('approves the version looked at: the item, the version’s row, a history row, a new order version and an e-mail', async () => {
    const { order, itemId } = await orderWithReadyProof();
    expect(order).toMatchObject({ awaiting_approval: true, approve_by: expect.stringMatching(/before 12:00/) });
    const approved = ok<Order>(await approve(shopper, order.id, itemId, { version: 1 }));

    expect(approved.version).toBe(order.version + 1);
    expect(approved.awaiting_approval).toBe(false);
    expect(approved.approve_by).toBeNull();
    expect(approved.items[0].proof).toMatchObject({ status: 'approved', version: 1, decided_by: `${me.firstname} ${me.lastname}`, comment: null });
    expect(approved.items[0].proof?.decided_at).toEqual(expect.any(String));
    expect(await proofRow(t, itemId)).toMatchObject({ decision: 'approved', decidedByUserId: me.id, decidedOnBehalf: false, comment: null });
    const last = (await historyOf(order.id)).at(-1)!;
    expect(last).toMatchObject({ actor: 'customer', actorUserId: me.id, fromStatus: 'live', toStatus: 'live' });
    expect(last.note).toMatch(new RegExp(`^Proof v1 of item 1 \\(Cards\\) approved by ${me.firstname} ${me.lastname}; every proof approved: dispatch `));
    const mail = (await mailsTo(t, me.email)).find((m) => m.includes('Thank you: you approved proof v1 of item 1 (Cards) of order ' + order.id));
    expect(mail).toMatch(/Every proof of the order is approved: we print it now, and will dispatch it on \w{3} \d{1,2} \w{3}/);
  });

  it('is final for that version: a second approval or a change request is refused (409), and nothing is written', async () => {
    const { order, itemId } = await orderWithReadyProof();
    ok(await approve(shopper, order.id, itemId, { version: 1 }));
    const events = (await historyOf(order.id)).length;
    const again = await approve(shopper, order.id, itemId, { version: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already approved/);
    expect((await askChanges(shopper, order.id, itemId, { version: 1, comment: 'Bigger logo' })).statusCode).toBe(409);
    expect(await historyOf(order.id)).toHaveLength(events);
  });

  it('asks for changes with a comment: the item says so, with the comment, in its history and e-mail', async () => {
    const { order, itemId } = await orderWithReadyProof();
    const changed = ok<Order>(await askChanges(shopper, order.id, itemId, { version: 1, comment: '  Make the logo bigger, please.  ' }));
    expect(changed.items[0].proof).toMatchObject({ status: 'changes_requested', version: 1, comment: 'Make the logo bigger, please.' });
    expect(changed.awaiting_approval).toBe(true);
    expect(await proofRow(t, itemId)).toMatchObject({ decision: 'changes_requested', comment: 'Make the logo bigger, please.', decidedOnBehalf: false });
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      actor: 'customer',
      note: `Changes to proof v1 of item 1 (Cards) requested by ${me.firstname} ${me.lastname}: Make the logo bigger, please.`,
    });
    const mail = (await mailsTo(t, me.email)).find((m) => m.includes(`We have your changes to proof v1 of item 1 (Cards) of order ${order.id}`));
    expect(mail).toContain('Make the logo bigger, please.');
    expect(mail).toContain(`http://localhost:3000/orders/${order.id}?proof=${itemId}`);
  });

  it('refuses changes without a comment (422 on comment), and every other bad input of the request', async () => {
    const { order, itemId } = await orderWithReadyProof();
    for (const comment of [undefined, '', '   ']) {
      const res = await askChanges(shopper, order.id, itemId, { version: 1, comment });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.comment).toBe('Say what should change');
    }
    expect((await askChanges(shopper, order.id, itemId, { version: 1, comment: 'x'.repeat(2001) })).json().errors.comment).toMatch(/At most 2000/);
    expect((await approve(shopper, order.id, itemId, {})).json().errors.version).toEqual(expect.any(String));
    expect((await approve(shopper, order.id, itemId, { version: 'one' })).statusCode).toBe(422);
    expect(ok<Order>(await shopper.get(`/api/orders/${order.id}`)).items[0].proof?.status).toBe('ready');
  });

  it('answers 409 for an outdated version, naming the current one', async () => {
    const { order, itemId } = await orderWithReadyProof();
    // Version 2 replaced version 1 (staff's own proof, say) while the customer looked at version 1.
    await proofReady(t, itemId, 2);
    const res = await approve(shopper, order.id, itemId, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Proof version 1 is out of date: version 2 is the current one/);
    expect((await proofRow(t, itemId, 1)).decision).toBeNull();
    expect((await askChanges(shopper, order.id, itemId, { version: 3, comment: 'x' })).statusCode).toBe(409);
  });

  it('answers 404 for another customer’s order or item, and for an item of another order', async () => {
    const { order, itemId } = await orderWithReadyProof();
    const other = new ApiClient(t.app);
    await registerAs(other);
    for (const res of [
      await approve(other, order.id, itemId, { version: 1 }),
      await askChanges(other, order.id, itemId, { version: 1, comment: 'Mine now' }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const mine = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    expect((await approve(shopper, mine.id, itemId, { version: 1 })).statusCode).toBe(404);
    expect((await approve(shopper, order.id, 999_999, { version: 1 })).statusCode).toBe(404);
    expect((await proofRow(t, itemId)).decision).toBeNull();
  });

  it('refuses approving after the order was cancelled (409)', async () => {
    const { order, itemId } = await orderWithReadyProof();
    ok(await shopper.post(`/api/orders/${order.id}/cancel`));
    const res = await approve(shopper, order.id, itemId, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Cancelled: its proofs can no longer be approved/);
    expect((await askChanges(shopper, order.id, itemId, { version: 1, comment: 'x' })).statusCode).toBe(409);
    expect((await proofRow(t, itemId)).decision).toBeNull();
  });

  it('takes exactly one of two decisions sent at once on the same version', async () => {
    const { order, itemId } = await orderWithReadyProof();
    const answers = await Promise.all([
      approve(shopper, order.id, itemId, { version: 1 }),
      askChanges(shopper, order.id, itemId, { version: 1, comment: 'Change it' }),
      approve(shopper, order.id, itemId, { version: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const decisions = (await historyOf(order.id)).filter((e) => /Proof v1|proof v1/.test(e.note));
    expect(decisions).toHaveLength(1);
  });

  it('sends a webhook event for each decision to an endpoint subscribed to it', async () => {
    const { order, itemId } = await orderWithReadyProof();
    // Written as the endpoint page would keep it (its address is never called: the event row is what is looked at).
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({ userId: me.id, url: 'https://hooks.example.test/pjt', events: ['order.proof_changes_requested'], mode: 'live', secret: 'whsec_dGVzdA==' })
      .returning();
    ok(await askChanges(shopper, order.id, itemId, { version: 1, comment: 'Darker blue' }));
    await proofReady(t, itemId, 2);
    ok(await approve(shopper, order.id, itemId, { version: 2 }));
    const events = await db().select().from(webhookEvents).where(eq(webhookEvents.orderId, order.id));
    // Subscribed to change requests only: the approval makes no event.
    expect(events.map((e) => e.type)).toEqual(['order.proof_changes_requested']);
    expect(JSON.parse(events[0].body).data).toMatchObject({ item_id: itemId });
    await db().update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, endpoint.id));
  });
});

describe('staff approve for the customer, by phone', () => {
  it('records the approval as staff’s on the customer’s behalf, with the note, and e-mails the customer', async () => {
    const { order, itemId } = await orderWithReadyProof();
    const staffMe = ok<{ id: number; firstname: string; lastname: string }>(await staff.get('/api/user'));
    const staffName = `${staffMe.firstname} ${staffMe.lastname}`.trim();
    const answer = ok<StaffOrder>(await staff.post(`/api/admin/orders/${order.id}/items/${itemId}/proof/approve`, { version: 1, note: 'Jane rang at 10:15' }));
    expect(answer.items[0].proof).toMatchObject({ status: 'approved', decided_by: `${staffName} for the customer (by phone)` });
    expect(await proofRow(t, itemId)).toMatchObject({
      decision: 'approved',
      decidedByUserId: staffMe.id,
      decidedOnBehalf: true,
      comment: 'Jane rang at 10:15',
    });
    expect(answer.events.at(-1)).toMatchObject({
      actor: 'staff',
      actor_name: staffName,
      note: expect.stringContaining(`Proof v1 of item 1 (Cards) approved by ${staffName} for the customer (by phone) (Jane rang at 10:15)`),
    });
    const mail = (await mailsTo(t, me.email)).find((m) =>
      m.includes(`${staffName} approved proof v1 of item 1 (Cards) of order ${order.id} (your reference PO-1) for you, as you asked by phone.`),
    );
    expect(mail).toContain('Every proof of the order is approved: we print it now');
  });

  it('answers 409 for a stale version, 422 without one, and 404 for no such order or item', async () => {
    const { order, itemId } = await orderWithReadyProof();
    const url = `/api/admin/orders/${order.id}/items/${itemId}/proof/approve`;
    expect((await staff.post(url, { version: 2, note: '' })).statusCode).toBe(409);
    expect((await staff.post(url, { note: 'by phone' })).json().errors.version).toEqual(expect.any(String));
    expect((await staff.post(`/api/admin/orders/999999/items/${itemId}/proof/approve`, { version: 1 })).statusCode).toBe(404);
    expect((await staff.post(`/api/admin/orders/${order.id}/items/999999/proof/approve`, { version: 1 })).statusCode).toBe(404);
    expect((await shopper.post(url, { version: 1 })).statusCode).toBe(403);
  });
});

describe('the staff queue’s orders awaiting approval', () => {
  it('filters them apart, says since when each has waited, and counts them', async () => {
    const readyAt = new Date(Date.now() - 3 * 3_600_000);
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    await proofReady(t, order.items[0].id, 1, readyAt);
    const plain = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    const list = ok<StaffOrderSummary[]>(
      await staff.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ awaiting_approval: true }))}&range=[0,99]`),
    );
    const row = list.find((r) => r.id === order.id);
    expect(row).toMatchObject({ awaiting_approval: true, awaiting_approval_since: readyAt.toISOString() });
    expect(list.some((r) => r.id === plain.id)).toBe(false);
    const others = ok<StaffOrderSummary[]>(
      await staff.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ awaiting_approval: false }))}&range=[0,99]`),
    );
    expect(others.find((r) => r.id === plain.id)).toMatchObject({ awaiting_approval: false, awaiting_approval_since: null });
    expect(others.some((r) => r.id === order.id)).toBe(false);
    const counts = ok<StaffOrderCounts>(await staff.get('/api/admin/orders/counts'));
    expect(counts.awaiting_approval).toBe(list.length);

    // An item asked for a proof not made yet waits since the order's confirmation.
    await db().update(orderItems).set({ proofStatus: null, proofVersion: null, proofStatusAt: null }).where(eq(orderItems.id, order.items[0].id));
    const [confirmed] = await db().select({ at: orders.confirmedAt }).from(orders).where(eq(orders.id, order.id));
    const again = ok<StaffOrderSummary[]>(
      await staff.get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ awaiting_approval: true }))}&range=[0,99]`),
    );
    expect(again.find((r) => r.id === order.id)?.awaiting_approval_since).toBe(confirmed.at!.toISOString());
  });
});

describe('the link of a proof’s e-mail', () => {
  it('opens the order, item and version for the customer it was made for; 404 for another account or a bad signature; 410 when old', async () => {
    const { order, itemId } = await orderWithReadyProof();
    const key = t.app.deps.appKey;
    const token = proofLinkToken(key, { userId: me.id, orderId: order.id, itemId, version: 1 });
    expect(ok(await shopper.get(`/api/proof-links/${token}`))).toEqual({ order_id: order.id, item_id: itemId, version: 1 });

    const other = new ApiClient(t.app);
    await registerAs(other);
    expect((await other.get(`/api/proof-links/${token}`)).statusCode).toBe(404);
    expect((await new ApiClient(t.app).get(`/api/proof-links/${token}`)).statusCode).toBe(401);
    const forged = proofLinkToken('another key of at least thirty-two characters', { userId: me.id, orderId: order.id, itemId, version: 1 });
    expect((await shopper.get(`/api/proof-links/${forged}`)).statusCode).toBe(404);
    const [payload, signature] = token.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), v: 2 })).toString('base64url')}.${signature}`;
    expect((await shopper.get(`/api/proof-links/${tampered}`)).statusCode).toBe(404);
    expect((await shopper.get('/api/proof-links/not-a-token')).statusCode).toBe(404);

    const old = proofLinkToken(key, { userId: me.id, orderId: order.id, itemId, version: 1 }, new Date(Date.now() - 31 * 24 * 3_600_000));
    const gone = await shopper.get(`/api/proof-links/${old}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(new RegExp(`open order ${order.id} from your orders`));
    expect((await other.get(`/api/proof-links/${old}`)).statusCode).toBe(404);
    const recent = proofLinkToken(key, { userId: me.id, orderId: order.id, itemId, version: 1 }, new Date(Date.now() - 29 * 24 * 3_600_000));
    expect((await shopper.get(`/api/proof-links/${recent}`)).statusCode).toBe(200);
  });
});

describe('new artwork after changes were asked', () => {
  it('is taken for that item of a Pending order, and refused for any other item of a confirmed order', async () => {
    const { order, itemId } = await orderWithReadyProof();
    // Ready (not sent back): the confirmed file stays.
    expect((await upload(shopper, order.id, itemId, await pdf(CLEAN_CARD))).statusCode).toBe(409);
    ok(await askChanges(shopper, order.id, itemId, { version: 1, comment: 'New file follows' }));
    const before = (await db().select().from(orderItems).where(eq(orderItems.id, itemId)))[0];
    const res = await upload(shopper, order.id, itemId, await pdf(CLEAN_CARD), 'corrected.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ artwork: { name: 'corrected.pdf' } });
    const after = (await db().select().from(orderItems).where(eq(orderItems.id, itemId)))[0];
    expect(after.artworkKey).not.toBe(before.artworkKey);
    await t.app.deps.jobs.drain();

    // Another customer cannot; nor the customer on an item whose proof was approved, nor once the order is cancelled.
    const other = new ApiClient(t.app);
    await registerAs(other);
    expect((await upload(other, order.id, itemId, await pdf(CLEAN_CARD))).statusCode).toBe(404);
    const approved = await orderWithReadyProof();
    ok(await approve(shopper, approved.order.id, approved.itemId, { version: 1 }));
    expect((await upload(shopper, approved.order.id, approved.itemId, await pdf(CLEAN_CARD))).statusCode).toBe(409);
    const cancelled = await orderWithReadyProof();
    ok(await askChanges(shopper, cancelled.order.id, cancelled.itemId, { version: 1, comment: 'x' }));
    ok(await shopper.post(`/api/orders/${cancelled.order.id}/cancel`));
    expect((await upload(shopper, cancelled.order.id, cancelled.itemId, await pdf(CLEAN_CARD))).statusCode).toBe(409);
    const plain = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    expect((await upload(shopper, plain.id, plain.items[0].id, await pdf(CLEAN_CARD))).statusCode).toBe(409);
  });
});
