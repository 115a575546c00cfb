import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, orders, users } from '../../../src/server/db/schema';
import { forgetUserSessions } from '../../../src/server/modules/accounts/sessions';
import { approvalLinkToken } from '../../../src/server/modules/orders/approval-link';
import type { CardCheckout, Order, OrderList } from '../../../src/shared/api/orders';
import type { User } from '../../../src/shared/api/accounts';
import type { CompanyRole } from '../../../src/shared/domain/companies/roles';
import type { TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe/stripe-stand-in';
import { ok, orderingApp, readyBasket, type Catalogue } from '../orders/helpers';

/*
 * Approval of a buyer's large orders: a buyer's confirmation above their approval limit (their own,
 * else the company's for all buyers; on the net total) waits for an owner, who approves it — the
 * order then confirms by the company's terms — or declines it with a reason. The card basket of these
 * tests is 470 pence before VAT (75 of cards and 395 of delivery), 564 with it.
 */

const NET = 470;

interface Member {
  client: ApiClient;
  id: number;
  email: string;
}

/** A new account, moved into `companyId` with a role and limit (as an owner's invitation would make it). */
async function member(t: TestApp, companyId: number, role: CompanyRole, approvalLimit: number | null = null, firstname = 'Sam'): Promise<Member> {
  const client = new ApiClient(t.app);
  await registerAs(client, { firstname });
  const me = ok<User>(await client.get('/api/user'));
  await t.database.db.update(users).set({ companyId, companyRole: role, approvalLimit }).where(eq(users.id, me.id));
  forgetUserSessions(me.id);
  return { client, id: me.id, email: me.email };
}

async function owner(t: TestApp): Promise<Member & { companyId: number }> {
  const client = new ApiClient(t.app);
  await registerAs(client, { firstname: 'Olive', lastname: 'Owner' });
  const me = ok<User>(await client.get('/api/user'));
  return { client, id: me.id, email: me.email, companyId: me.company_id };
}

const confirm = (client: ApiClient, id: number, key = `confirm-${id}`) =>
  client.request('POST', `/api/orders/${id}/confirm`, {}, { headers: { 'idempotency-key': key } });
const setCompanyLimit = (t: TestApp, companyId: number, limit: number | null) =>
  t.database.db.update(companies).set({ approvalLimit: limit }).where(eq(companies.id, companyId));
/** The signed link of an owner's approval e-mail (its token), and what following it finds. */
const linkIn = (text: string) => /http:\/\/localhost:3000\/approval-links\/([A-Za-z0-9_.-]+)/.exec(text)?.[1] ?? '';
const follow = (client: ApiClient, token: string) => client.get(`/api/approval-links/${token}`);
const linkFor = (t: TestApp, ownerId: number, orderId: number) => approvalLinkToken(t.app.deps.appKey, { ownerId, orderId });
const mailsTo = async (t: TestApp, email: string, subject: string) =>
  (await t.outbox()).filter((m) => m.text.includes(`To: ${email}`) && m.text.includes(`Subject: ${subject}`));

describe('approval of large orders, on account', () => {
  let t: TestApp;
  let cat: Catalogue;
  let deliveryTypeId: number;
  let boss: Awaited<ReturnType<typeof owner>>;
  let staff: ApiClient;

  beforeAll(async () => {
    const app = await orderingApp();
    ({ t, cat, staff } = app);
    deliveryTypeId = app.del.first.id;
    boss = await owner(t);
  }, 60_000);
  afterAll(async () => t?.close());

  it("confirms a buyer's order at or below their own limit", async () => {
    const buyer = await member(t, boss.companyId, 'buyer', NET);
    const { order } = await readyBasket(t, buyer.client, cat, deliveryTypeId);
    const res = await confirm(buyer.client, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ status: 'live', approval: null });
  });

  it('an order stays the company’s, whole, after the buyer who placed it leaves: the owner and staff still read it', async () => {
    const buyer = await member(t, boss.companyId, 'buyer', null, 'Leaver');
    const { order } = await readyBasket(t, buyer.client, cat, deliveryTypeId);
    expect((await confirm(buyer.client, order.id)).statusCode).toBe(200);
    ok(await boss.client.delete(`/api/company/members/${buyer.id}`));

    expect(ok<Order>(await boss.client.get(`/api/orders/${order.id}`))).toMatchObject({ id: order.id, status: 'live', placed_by: { id: buyer.id } });
    expect(ok<{ id: number; user: { id: number } }>(await staff.get(`/api/admin/orders/${order.id}`))).toMatchObject({ id: order.id, user: { id: buyer.id } });
  });

  it("holds a buyer's order above their own limit: frozen, in the history, the owners e-mailed, listed and counted for the company", async () => {
    const buyer = await member(t, boss.companyId, 'buyer', NET - 1, 'Bea');
    const viewer = await member(t, boss.companyId, 'viewer');
    const { order, item } = await readyBasket(t, buyer.client, cat, deliveryTypeId);

    const res = await confirm(buyer.client, order.id, `hold-${order.id}`);
    expect(res.statusCode).toBe(202);
    const held = res.json<Order>();
    expect(held).toMatchObject({ status: 'basket', total_net: NET, total: 564, approval: { requested_by: buyer.id } });
    expect(held.events.at(-1)!.note).toBe('Sent for approval by Bea Printer: £4.70 before VAT is above the approval limit of £4.69');

    // The same key again answers the same; another key is told it waits.
    expect((await confirm(buyer.client, order.id, `hold-${order.id}`)).statusCode).toBe(202);
    const again = await confirm(buyer.client, order.id, `other-${order.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/waiting for approval by an owner/);

    // Frozen while it waits: no edits of the basket or its items.
    expect((await buyer.client.patch(`/api/orders/${order.id}`, { ref: 'changed' })).statusCode).toBe(409);
    expect((await buyer.client.delete(`/api/orders/${order.id}/items/${item.id}`)).statusCode).toBe(409);

    // Every owner is asked, with their own signed link, which opens the waiting order for them alone.
    await t.app.deps.jobs.drain();
    const [asked] = await mailsTo(t, boss.email, `Order ${order.id} from Bea Printer waits for your approval`);
    expect(asked.text).toContain('which is above their approval limit of £4.69');
    const token = linkIn(asked.text);
    expect(token).not.toBe('');
    expect(ok(await follow(boss.client, token))).toEqual({ order_id: order.id, state: 'waiting' });
    for (const who of [buyer, viewer]) {
      const res = await follow(who.client, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/^No such approval link for your account/);
    }
    expect((await follow(new ApiClient(t.app), token)).statusCode).toBe(401);
    expect((await follow(boss.client, `${token.slice(0, -2)}xx`)).statusCode).toBe(404);
    // A link signed with another key, or a proof's link for the same ids, is not an approval link.
    const forged = approvalLinkToken('another key of at least thirty-two characters', { ownerId: boss.id, orderId: order.id });
    expect((await follow(boss.client, forged)).statusCode).toBe(404);

    // Every member sees what waits (the owners act); the owner reads the colleague's basket.
    for (const who of [boss, viewer, buyer]) {
      const list = ok<OrderList>(await who.client.get('/api/orders?status=approval'));
      expect(list.data.map((o) => o.id)).toContain(order.id);
      expect(list.data.find((o) => o.id === order.id)).toMatchObject({ status: 'basket', value: 564, approval: { requested_by: buyer.id } });
    }
    expect(ok<{ approval: number }>(await boss.client.get('/api/orders/counts')).approval).toBeGreaterThanOrEqual(1);
    expect(ok<Order>(await boss.client.get(`/api/orders/${order.id}`))).toMatchObject({ id: order.id, approval: { requested_by: buyer.id } });

    // Another company sees none of it.
    const stranger = await owner(t);
    expect(ok<OrderList>(await stranger.client.get('/api/orders?status=approval')).data).toEqual([]);
    expect((await stranger.client.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await follow(stranger.client, linkFor(t, stranger.id, order.id))).statusCode).toBe(404);
  });

  it("holds by the company's limit for all buyers when the buyer has none, and never holds an owner", async () => {
    await setCompanyLimit(t, boss.companyId, NET - 1);
    try {
      const buyer = await member(t, boss.companyId, 'buyer', null);
      const held = await readyBasket(t, buyer.client, cat, deliveryTypeId);
      expect((await confirm(buyer.client, held.order.id)).statusCode).toBe(202);

      const own = await readyBasket(t, boss.client, cat, deliveryTypeId);
      expect(ok<Order>(await confirm(boss.client, own.order.id)).status).toBe('live');

      await setCompanyLimit(t, boss.companyId, NET);
      const below = await readyBasket(t, buyer.client, cat, deliveryTypeId);
      expect(ok<Order>(await confirm(buyer.client, below.order.id)).status).toBe('live');
    } finally {
      await setCompanyLimit(t, boss.companyId, null);
    }
  });

  it('an owner approves: the order confirms on account, in its history; only an owner of the company may', async () => {
    const buyer = await member(t, boss.companyId, 'buyer', 100);
    const viewer = await member(t, boss.companyId, 'viewer');
    const stranger = await owner(t);
    const { order } = await readyBasket(t, buyer.client, cat, deliveryTypeId);
    expect((await confirm(buyer.client, order.id)).statusCode).toBe(202);

    const own = await buyer.client.post(`/api/orders/${order.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Only an owner of your company can approve or decline orders.');
    expect((await viewer.client.post(`/api/orders/${order.id}/approve`)).statusCode).toBe(403);
    expect((await stranger.client.post(`/api/orders/${order.id}/approve`)).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/orders/${order.id}/decline`, { reason: 'No' })).statusCode).toBe(404);
    expect((await new ApiClient(t.app).post(`/api/orders/${order.id}/approve`)).statusCode).toBe(401);

    const approved = ok<Order>(await boss.client.post(`/api/orders/${order.id}/approve`));
    expect(approved).toMatchObject({ id: order.id, status: 'live', approval: null, total_net: NET });
    expect(approved.events.at(-1)).toMatchObject({ from: 'basket', to: 'live', note: 'Approved by Olive Owner: order confirmed' });
    expect(ok<Order>(await buyer.client.get(`/api/orders/${order.id}`)).status).toBe('live');
    // The order's confirmation goes to its delivery contact: the buyer is told by name who approved it.
    await t.app.deps.jobs.drain();
    const [told] = await mailsTo(t, buyer.email, `Order ${order.id} is approved and confirmed`);
    expect(told.text).toContain('Olive Owner approved order');
    expect(told.text).toContain(`http://localhost:3000/orders/${order.id}`);
    // Decided once; the e-mail's link now says so.
    expect(ok(await follow(boss.client, linkFor(t, boss.id, order.id)))).toEqual({ order_id: order.id, state: 'confirmed' });
    expect((await boss.client.post(`/api/orders/${order.id}/approve`)).statusCode).toBe(409);
    expect((await boss.client.post(`/api/orders/${order.id}/decline`, { reason: 'Too late' })).statusCode).toBe(409);
  });

  it("credit control applies at approval: the company's credit holds the order, told to the owner", async () => {
    const buyer = await member(t, boss.companyId, 'buyer', 100);
    const { order } = await readyBasket(t, buyer.client, cat, deliveryTypeId);
    expect((await confirm(buyer.client, order.id)).statusCode).toBe(202);
    // Staff set a credit limit below the order's total on the buyer's account (the company's terms).
    const terms = async (credit_limit: number | null) => {
      const { version } = ok<{ version: number }>(await staff.get(`/api/admin/users/${buyer.id}`));
      ok(await staff.put(`/api/admin/users/${buyer.id}`, { payment_terms: 'account', credit_limit, credit_days: 30, version }));
      forgetUserSessions(buyer.id);
    };
    await terms(100);
    try {
      const held = await boss.client.post(`/api/orders/${order.id}/approve`);
      expect(held.statusCode).toBe(422);
      expect(held.json().errors.payment).toMatch(/^This order of £5.64 would take you over your credit limit of £1.00/);
      expect(ok<Order>(await boss.client.get(`/api/orders/${order.id}`)).approval).not.toBeNull();
    } finally {
      await terms(null);
    }
    expect(ok<Order>(await boss.client.post(`/api/orders/${order.id}/approve`)).status).toBe('live');
  });

  it('an owner declines with a reason: the basket is the buyer’s again, who is e-mailed why', async () => {
    const buyer = await member(t, boss.companyId, 'buyer', 100, 'Dee');
    const { order } = await readyBasket(t, buyer.client, cat, deliveryTypeId);
    expect((await confirm(buyer.client, order.id)).statusCode).toBe(202);

    const bare = await boss.client.post(`/api/orders/${order.id}/decline`, { reason: '  ' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.reason).toBe('Say why the order is declined');
    expect((await buyer.client.post(`/api/orders/${order.id}/decline`, { reason: 'Mine' })).statusCode).toBe(403);

    const declined = ok<Order>(await boss.client.post(`/api/orders/${order.id}/decline`, { reason: 'Use the cheaper stock, please.' }));
    expect(declined).toMatchObject({ status: 'basket', approval: null, payment_status: null });
    expect(declined.events.at(-1)).toMatchObject({ from: 'basket', to: 'basket', note: 'Declined by Olive Owner: Use the cheaper stock, please.' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ approvalRequestedAt: null, approvalRequestedBy: null, confirmKey: null, totalNet: null });
    expect(ok(await follow(boss.client, linkFor(t, boss.id, order.id)))).toEqual({ order_id: order.id, state: 'declined' });

    await t.app.deps.jobs.drain();
    const [told] = await mailsTo(t, buyer.email, `Order ${order.id} was declined`);
    expect(told.text).toContain('Use the cheaper stock, please.');
    expect(told.text).toContain(`http://localhost:3000/create/${order.id}`);

    // The buyer's to change again, and to send again.
    expect((await buyer.client.patch(`/api/orders/${order.id}`, { ref: 'PO-2' })).statusCode).toBe(200);
    expect((await boss.client.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await confirm(buyer.client, order.id, `again-${order.id}`)).statusCode).toBe(202);
  });

  it('a buyer who leaves takes their baskets along: one waiting for approval stops waiting, in its history, and is theirs to confirm again', async () => {
    const buyer = await member(t, boss.companyId, 'buyer', 100, 'Lee');
    const { order: waiting } = await readyBasket(t, buyer.client, cat, deliveryTypeId);
    const { order: building } = await readyBasket(t, buyer.client, cat, deliveryTypeId);
    expect((await confirm(buyer.client, waiting.id)).statusCode).toBe(202);
    const link = linkFor(t, boss.id, waiting.id);

    ok(await boss.client.delete(`/api/company/members/${buyer.id}`));

    // Gone from the company: nothing waits for its owners, the link and the decisions find nothing.
    expect(ok<OrderList>(await boss.client.get('/api/orders?status=approval')).data.map((o) => o.id)).not.toContain(waiting.id);
    expect((await boss.client.get(`/api/orders/${waiting.id}`)).statusCode).toBe(404);
    expect((await follow(boss.client, link)).statusCode).toBe(404);
    expect((await boss.client.post(`/api/orders/${waiting.id}/approve`)).statusCode).toBe(404);

    // The buyer, signed in again, finds both baskets in their own company, the waiting one released and saying why.
    const [moved] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(moved).toMatchObject({ companyRole: 'owner' });
    expect(moved.companyId).not.toBe(boss.companyId);
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    for (const row of rows) expect(row).toMatchObject({ companyId: moved.companyId, status: 'basket', approvalRequestedAt: null, totalNet: null });
    expect(rows.map((r) => r.id).sort()).toEqual([waiting.id, building.id].sort());
    const again = new ApiClient(t.app);
    await again.login(buyer.email, 'correct horse battery');
    const read = ok<Order>(await again.get(`/api/orders/${waiting.id}`));
    expect(read).toMatchObject({ status: 'basket', approval: null });
    expect(read.events.at(-1)!.note).toMatch(/^No longer waiting for approval: Lee Printer left /);
    // On their own company's terms now, with no limit: it confirms.
    expect((await confirm(again, waiting.id, `own-${waiting.id}`)).statusCode).toBe(200);
  });
});

describe('approval of large orders, on card terms', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let cat: Catalogue;
  let deliveryTypeId: number;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const app = await orderingApp({
      stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url },
      defaultPaymentTerms: 'card',
    });
    ({ t, cat } = app);
    deliveryTypeId = app.del.first.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('holds before any payment; the approval sends the buyer to pay, by e-mail, and the order awaits the payment', async () => {
    const boss = await owner(t);
    const buyer = await member(t, boss.companyId, 'buyer', 100, 'Cass');
    const { order } = await readyBasket(t, buyer.client, cat, deliveryTypeId);
    const held = await confirm(buyer.client, order.id);
    expect(held.statusCode).toBe(202);
    expect(held.json<Order>()).toMatchObject({ status: 'basket', payment_status: null, checkout_url: null });

    const approved = ok<CardCheckout>(await boss.client.post(`/api/orders/${order.id}/approve`));
    expect(approved.checkout_url).toMatch(/^http/);
    expect(approved.order).toMatchObject({ status: 'basket', payment_status: 'pending', approval: null, total: 564 });
    expect(approved.order.events.at(-1)!.note).toBe('Approved by Olive Owner: waiting for the card payment');

    await t.app.deps.jobs.drain();
    const [told] = await mailsTo(t, buyer.email, `Order ${order.id} is approved: pay to confirm it`);
    expect(told.text).toContain('Olive Owner approved order');
    expect(told.text).toContain(`http://localhost:3000/orders/${order.id}`);
    // The buyer's page has the payment page to go to.
    expect(ok<Order>(await buyer.client.get(`/api/orders/${order.id}`)).checkout_url).toBe(approved.checkout_url);
    expect(ok(await follow(boss.client, linkFor(t, boss.id, order.id)))).toEqual({ order_id: order.id, state: 'awaiting_payment' });
  });
});
