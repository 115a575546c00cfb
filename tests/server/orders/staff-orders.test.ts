import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder, StaffOrderCounts, StaffOrderSummary, BulkMoveResult } from '../../../src/shared/api/staff-orders';
import type { Order } from '../../../src/shared/api/orders';
import { CONFIRMED_ORDER_STATUSES, type ConfirmedOrderStatus } from '../../../src/shared/domain/orders/statuses';
import { findTransition } from '../../../src/shared/domain/orders/transitions';
import { mailOutbox, orderEvents, orders } from '../../../src/server/db/schema';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { artworkChecked, confirmedOrder, customer, ok, pdf, seedDelivery, upload, CLEAN_CARD, type Catalogue, orderingApp } from './helpers';

let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof seedDelivery>>;
let shopper: ApiClient;

beforeAll(async () => {
  ({ t, staff, cat, shopper, del } = await orderingApp());
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const filterQuery = (filter: object, extra = '') => `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
const read = async (id: number) => ok<StaffOrder>(await staff.get(`/api/admin/orders/${id}`));
const moveTo = (id: number, body: Record<string, unknown>) => staff.post(`/api/admin/orders/${id}/status`, body);
/** Puts an order straight into a status (for the table of moves), as the database's own change. */
const setStatus = (id: number, status: ConfirmedOrderStatus) =>
  db()
    .update(orders)
    .set({ status, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, id));
const eventsOf = (id: number) => db().select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
/** The e-mails written since `id`, once the moves' order-mail jobs have written theirs. */
const mailsAfter = async (id: number) => {
  await t.app.deps.jobs.drain();
  return db().select().from(mailOutbox).where(gt(mailOutbox.id, id));
};
const lastMailId = async () => {
  await t.app.deps.jobs.drain();
  return (await db().select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]?.id ?? 0;
};

describe('staff moves follow the transition table', () => {
  it('allows exactly the staff moves of the table, each with its history row and, where the table says, its mail', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const me = await read(order.id);
    for (const from of CONFIRMED_ORDER_STATUSES) {
      for (const to of CONFIRMED_ORDER_STATUSES) {
        await setStatus(order.id, from);
        const before = await read(order.id);
        const mailMark = await lastMailId();
        const eventsBefore = (await eventsOf(order.id)).length;
        const res = await moveTo(order.id, {
          status: to,
          note: `${from} to ${to}`,
          problem_text: 'The bleed is missing: add 3 mm.',
          tracking_number: 'ab 1234 5678 5gb',
          version: before.version,
        });
        const transition = findTransition(from, to, 'staff');
        const events = await eventsOf(order.id);
        const mails = await mailsAfter(mailMark);
        if (!transition) {
          expect(res.statusCode, `${from} → ${to}`).toBe(409);
          expect(res.json().message).toContain(
            `is ${{ live: 'Pending', printing: 'Processing', problem: 'Issues', dispatched: 'Dispatched', cancelled: 'Cancelled' }[from]}`,
          );
          expect(events).toHaveLength(eventsBefore);
          expect(mails).toHaveLength(0);
          expect((await read(order.id)).version).toBe(before.version);
          continue;
        }
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
        const after = res.json() as StaffOrder;
        expect(after).toMatchObject({ status: to, version: before.version + 1 });
        expect(events).toHaveLength(eventsBefore + 1);
        expect(events.at(-1)).toMatchObject({ fromStatus: from, toStatus: to, actor: 'staff', actorUserId: expect.any(Number), note: `${from} to ${to}` });
        expect(after.events.at(-1)).toMatchObject({ from, to, actor: 'staff', actor_name: expect.stringMatching(/\S/) });
        expect(mails.map((m) => m.toAddress)).toEqual(transition.mailsCustomer ? [me.address.email] : []);
        if (to === 'problem') {
          expect(after.problem_text).toBe('The bleed is missing: add 3 mm.');
          expect(mails[0].text).toContain('The bleed is missing: add 3 mm.');
          expect(mails[0].text).toContain(`/orders/${order.id}`);
        }
        if (to === 'dispatched') {
          expect(after.tracking_number).toBe('AB123456785GB');
          expect(after.dispatched_at).not.toBeNull();
          expect(mails[0].text).toContain('Tracking number: AB123456785GB');
          expect(mails[0].text).toContain('https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB');
        }
      }
    }
  });

  it('refuses bad moves with a reason: Issues without text (422), a stale version (409), a tracking number the carrier would not give (422)', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const noText = await moveTo(order.id, { status: 'problem', version: order.version });
    expect(noText.statusCode).toBe(422);
    expect(noText.json().errors.problem_text).toMatch(/what the customer must do/);

    const stale = await moveTo(order.id, { status: 'printing', version: order.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone else changed order \d+ since you opened it: it is now Pending/);

    ok(await moveTo(order.id, { status: 'printing', version: order.version }));
    const printing = await read(order.id);
    const tooLong = await moveTo(order.id, { status: 'dispatched', tracking_number: 'AB1234567890123456GB', version: printing.version });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.tracking_number).toMatch(/At most 13 characters/);
    const missing = await moveTo(order.id, { status: 'dispatched', version: printing.version });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.tracking_number).toMatch(/required for Royal Mail/);
    expect((await read(order.id)).status).toBe('printing');
    const noVersion = await moveTo(order.id, { status: 'dispatched', tracking_number: 'AB123456785GB' });
    expect(noVersion.statusCode).toBe(422);
    expect(noVersion.json().errors.version).toBeTruthy();
  });

  it('dispatches a courier order without a tracking number', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.courier.id);
    ok(await moveTo(order.id, { status: 'printing', version: order.version }));
    const dispatched = ok<StaffOrder>(await moveTo(order.id, { status: 'dispatched', version: order.version + 1 }));
    expect(dispatched).toMatchObject({ status: 'dispatched', tracking_number: null });
  });

  it('lets two colleagues move one order at once: one wins, the other is told 409, one history row', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const before = (await eventsOf(order.id)).length;
    const [a, b] = await Promise.all([
      moveTo(order.id, { status: 'printing', version: order.version }),
      moveTo(order.id, { status: 'cancelled', version: order.version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await eventsOf(order.id)).toHaveLength(before + 1);
  });
});

describe('bulk moves', () => {
  it('moves those that may move and says why the others did not, per id', async () => {
    const [a, b, c] = [
      await confirmedOrder(t, shopper, cat, del.first.id),
      await confirmedOrder(t, shopper, cat, del.first.id),
      await confirmedOrder(t, shopper, cat, del.first.id),
    ];
    await setStatus(c.id, 'cancelled');
    const results = ok<BulkMoveResult[]>(
      await staff.post('/api/admin/orders/status', { ids: [a.id, b.id, c.id, 999_999], status: 'printing', note: 'Batch 12' }),
    );
    expect(results).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: true },
      { id: c.id, ok: false, message: `Order ${c.id} is Cancelled: it cannot be moved to Processing.` },
      { id: 999_999, ok: false, message: 'No such order: 999999.' },
    ]);
    expect((await read(a.id)).status).toBe('printing');
    expect((await eventsOf(b.id)).at(-1)).toMatchObject({ toStatus: 'printing', note: 'Batch 12' });
    expect((await read(c.id)).status).toBe('cancelled');
  });

  it('needs problem text for a bulk hold, and answers a Royal Mail dispatch without tracking per order', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const hold = await staff.post('/api/admin/orders/status', { ids: [order.id], status: 'problem' });
    expect(hold.statusCode).toBe(422);
    expect(hold.json().errors.problem_text).toBeTruthy();
    await setStatus(order.id, 'printing');
    const [result] = ok<BulkMoveResult[]>(await staff.post('/api/admin/orders/status', { ids: [order.id], status: 'dispatched' }));
    expect(result).toMatchObject({ id: order.id, ok: false, message: expect.stringMatching(/required for Royal Mail/) });
    expect((await staff.post('/api/admin/orders/status', { ids: [], status: 'printing' })).statusCode).toBe(422);
  });
});

describe('notes and tracking', () => {
  it('saves notes at the version read, refuses a stale one, and checks a tracking number against the carrier', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    const saved = ok<StaffOrder>(await staff.put(`/api/admin/orders/${order.id}`, { notes: 'Customer rang: rush if possible', version: order.version }));
    expect(saved).toMatchObject({ notes: 'Customer rang: rush if possible', version: order.version + 1 });
    const stale = await staff.put(`/api/admin/orders/${order.id}`, { notes: 'Typed over an old copy', version: order.version });
    expect(stale.statusCode).toBe(409);
    expect((await read(order.id)).notes).toBe('Customer rang: rush if possible');
    const early = await staff.put(`/api/admin/orders/${order.id}`, { tracking_number: 'AB123456785GB', version: saved.version });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.tracking_number).toMatch(/printed or dispatched/);
    // Unknown and read-only keys (as react-admin sends the whole record) are ignored.
    const whole = ok<StaffOrder>(await staff.put(`/api/admin/orders/${order.id}`, { ...saved, notes: 'Whole record sent', status: 'cancelled' }));
    expect(whole).toMatchObject({ status: 'live', notes: 'Whole record sent' });
    // The customer never sees staff notes.
    expect(JSON.stringify(ok<Order>(await shopper.get(`/api/orders/${order.id}`)))).not.toContain('Whole record sent');
  });
});

describe('the work queue', () => {
  it('filters by status, customer, overdue and text, sorts by total, and counts each status under the other filters', async () => {
    const { client: other } = await customer(t);
    const theirs = await confirmedOrder(t, other, cat, del.first.id);
    const me = ok<{ id: number; email: string }>(await other.get('/api/user'));
    await db().update(orders).set({ dispatchDue: '2020-01-06', postcode: 'ZZ9 9ZZ' }).where(eq(orders.id, theirs.id));

    const overdue = ok<StaffOrderSummary[]>(await staff.get(filterQuery({ overdue: true })));
    expect(overdue.map((o) => o.id)).toContain(theirs.id);
    expect(overdue.every((o) => o.overdue)).toBe(true);
    expect(ok<StaffOrderSummary[]>(await staff.get(filterQuery({ overdue: false }))).map((o) => o.id)).not.toContain(theirs.id);

    for (const q of [me.email.toUpperCase(), 'zz9 9zz', String(theirs.id)]) {
      expect(
        ok<StaffOrderSummary[]>(await staff.get(filterQuery({ q }))).map((o) => o.id),
        q,
      ).toContain(theirs.id);
    }
    const byCustomer = ok<StaffOrderSummary[]>(await staff.get(filterQuery({ user_id: me.id })));
    expect(byCustomer).toEqual([expect.objectContaining({ id: theirs.id, user_id: me.id, postcode: 'ZZ9 9ZZ', item_count: 1, overdue: true })]);

    const counts = ok<StaffOrderCounts>(
      await staff.get(`/api/admin/orders/counts?filter=${encodeURIComponent(JSON.stringify({ user_id: me.id, status: 'cancelled' }))}`),
    );
    expect(counts).toEqual({ live: 1, printing: 0, problem: 0, dispatched: 0, cancelled: 0, all: 1, overdue: 1, awaiting_approval: 0 });

    const sorted = ok<StaffOrderSummary[]>(await staff.get(`${filterQuery({})}&sort=${encodeURIComponent('["total","DESC"]')}`));
    const totals = sorted.map((o) => o.total ?? 0);
    expect(totals).toEqual([...totals].sort((x, y) => y - x));

    const bad = await staff.get(filterQuery({ overdue: 'soon', created_at_gte: 'yesterday' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ 'filter.overdue': 'Must be true or false', 'filter.created_at_gte': expect.any(String) });
  });
});

describe('problems, seen from both sides', () => {
  it('shows the customer the problem text; their resubmission returns it to Pending, in the staff history by name', async () => {
    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    ok(
      await moveTo(order.id, {
        status: 'problem',
        problem_text: 'Your PDF has no bleed. Please add 3 mm and upload it again.',
        note: 'Spotted by Sam on the proof',
        version: order.version,
      }),
    );
    const held = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
    expect(held).toMatchObject({ status: 'problem', problem_text: 'Your PDF has no bleed. Please add 3 mm and upload it again.' });
    // Staff's note on the move is theirs: the customer's history shows the move without it.
    expect(held.events.at(-1)).toMatchObject({ from: 'live', to: 'problem', actor: 'staff', note: '' });
    expect((await read(order.id)).events.at(-1)).toMatchObject({ note: 'Spotted by Sam on the proof' });
    ok(await upload(shopper, order.id, held.items[0].id, await pdf(CLEAN_CARD), 'fixed.pdf'));
    await artworkChecked(t, shopper, order.id);
    ok(await shopper.post(`/api/orders/${order.id}/resubmit`));
    const seen = await read(order.id);
    const who = ok<{ firstname: string; lastname: string }>(await shopper.get('/api/user'));
    expect(seen.status).toBe('live');
    expect(seen.problem_text).toBeNull();
    expect(seen.events.at(-1)).toMatchObject({ from: 'problem', to: 'live', actor: 'customer', actor_name: `${who.firstname} ${who.lastname}` });

    // Staff read the item's files; an item of another order is 404.
    const itemId = seen.items[0].id;
    const preview = await staff.get(`/api/admin/orders/${order.id}/items/${itemId}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect((await staff.get(`/api/admin/orders/${order.id}/items/${itemId}/artwork`)).headers['content-disposition']).toContain('fixed.pdf');
    expect((await staff.get(`/api/admin/orders/${order.id + 100000}/items/${itemId}/artwork`)).statusCode).toBe(404);
    expect((await shopper.get(`/api/admin/orders/${order.id}/items/${itemId}/artwork`)).statusCode).toBe(403);
    expect(
      await db()
        .select()
        .from(orders)
        .where(and(eq(orders.id, order.id), eq(orders.status, 'live'))),
    ).toHaveLength(1);
  });
});
