import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { invoices, orderEvents, orders, companies } from '../../../src/server/db/schema';
import { companyOfUser } from '../helpers/companies';
import type { Order } from '../../../src/shared/api/orders';
import type { CreditReleaseAnswer, StaffCredit, StaffOrder } from '../../../src/shared/api/staff-orders';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { addCalendarDays } from '../../../src/shared/domain/payments/invoice-state';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe/stripe-stand-in';
import { customer, ok, orderingApp, readyBasket, type Catalogue } from '../orders/helpers';

/*
 * Credit control (DESIGN §2 "Payment terms, payments and credit control"): an account customer's
 * confirmation on account is refused over the credit limit or with an invoice long overdue, nothing
 * changed; staff may release one basket, recorded in its history; a card payment is never held.
 */

let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
let stripe: StripeStandIn;
let deliveryTypeId: number;
let invoiceNo = 0;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  const config = loadConfig({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url });
  const app = await orderingApp({ stripe: config.stripe, defaultPaymentTerms: 'account' });
  ({ t, staff, cat } = app);
  deliveryTypeId = app.del.first.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const db = () => t.database.db;

/** A new account customer with this credit limit, and one unpaid invoice of `owing` pence due on `due`. */
async function accountCustomer(creditLimit: number | null, owing = 0, due = ukToday()) {
  const { client } = await customer(t);
  const me = ok<{ id: number }>(await client.get('/api/user'));
  await db().update(companies).set({ paymentTerms: 'account', creditLimit }).where(companyOfUser(me.id));
  if (owing > 0) {
    invoiceNo += 1;
    await db()
      .insert(invoices)
      .values({ number: `CH-${invoiceNo}`, userId: me.id, source: 'uploaded', date: addCalendarDays(due, -30), dueDate: due, total: owing });
  }
  const { order } = await readyBasket(t, client, cat, deliveryTypeId);
  const basket = ok<Order>(await client.get(`/api/orders/${order.id}`));
  return { client, userId: me.id, basket };
}

const confirm = (client: ApiClient, id: number, key: string, body: object = {}) =>
  client.request('POST', `/api/orders/${id}/confirm`, body, { headers: { 'idempotency-key': `credit-hold-${key}` } });

const rowOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];

describe('an account customer confirming on account', () => {
  it('is held one penny over the limit, with the reason and the offer of the card, and nothing changes', async () => {
    const probe = await accountCustomer(null);
    const total = probe.basket.total!;
    expect(total).toBeGreaterThan(0);
    const { client, basket } = await accountCustomer(total + 5_000 - 1, 5_000);
    const before = await rowOf(basket.id);
    const held = await confirm(client, basket.id, `over-${basket.id}`);
    expect(held.statusCode).toBe(422);
    expect(held.json().errors.payment).toMatch(/over your credit limit of £[\d,.]+ \(owing £50\.00\)\. Pay this order by card, or contact us\.$/);
    expect(await rowOf(basket.id)).toEqual(before);
    expect(ok<Order>(await client.get(`/api/orders/${basket.id}`)).status).toBe('basket');
  }, 60_000);

  it('is confirmed when the order takes the balance exactly to the limit', async () => {
    const probe = await accountCustomer(null);
    const { client, basket } = await accountCustomer(probe.basket.total! + 5_000, 5_000);
    expect(ok<Order>(await confirm(client, basket.id, `at-${basket.id}`)).status).toBe('live');
  }, 60_000);

  it('is held with an invoice 15 days overdue, not 14', async () => {
    const late = await accountCustomer(null, 1_000, addCalendarDays(ukToday(), -15));
    const held = await confirm(late.client, late.basket.id, `late-${late.basket.id}`);
    expect(held.statusCode).toBe(422);
    expect(held.json().errors.payment).toMatch(/^An invoice of yours is 15 days overdue/);
    const inTime = await accountCustomer(null, 1_000, addCalendarDays(ukToday(), -14));
    expect(ok<Order>(await confirm(inTime.client, inTime.basket.id, `intime-${inTime.basket.id}`)).status).toBe('live');
  }, 60_000);

  it('counts the orders confirmed and not yet invoiced: two orders within the limit each are held together', async () => {
    const probe = await accountCustomer(null);
    const { client, basket } = await accountCustomer(Math.floor(probe.basket.total! * 1.5));
    expect(ok<Order>(await confirm(client, basket.id, `first-${basket.id}`)).status).toBe('live');
    const { order: second } = await readyBasket(t, client, cat, deliveryTypeId);
    const held = await confirm(client, second.id, `second-${second.id}`);
    expect(held.statusCode).toBe(422);
    expect(held.json().errors.payment).toMatch(/over your credit limit of £[\d,.]+ \(owing £[\d,.]+\)/);
  }, 60_000);

  it('may still pay the held order by card', async () => {
    const { client, basket } = await accountCustomer(0);
    expect((await confirm(client, basket.id, `held-${basket.id}`)).statusCode).toBe(422);
    const card = ok<{ order: Order; checkout_url: string }>(await confirm(client, basket.id, `card-${basket.id}`, { payment: 'card' }));
    expect(card.checkout_url).toMatch(/^http/);
    expect(card.order.payment_status).toBe('pending');
  }, 60_000);
});

describe('staff', () => {
  it('see the balance and the hold, and release one basket: its next confirmation passes, once, and the history says who and why', async () => {
    const { client, userId, basket } = await accountCustomer(2_000, 5_000);
    const credit = ok<StaffCredit>(await staff.get(`/api/admin/users/${userId}/credit`));
    expect(credit).toMatchObject({ balance: 5_000, credit_limit: 2_000, on_hold_reason: 'The account owes £50.00, over its credit limit of £20.00.' });
    expect(credit.baskets).toEqual([{ id: basket.id, version: basket.version, credit_released_at: null }]);

    const noReason = await staff.post(`/api/admin/orders/${basket.id}/credit-release`, { reason: ' ', version: basket.version });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBe('The reason is required');
    expect((await staff.post(`/api/admin/orders/${basket.id}/credit-release`, { reason: 'Paid by phone', version: basket.version - 1 })).statusCode).toBe(409);
    expect((await staff.post('/api/admin/orders/999999/credit-release', { reason: 'Paid by phone', version: 1 })).statusCode).toBe(404);
    // A customer cannot release their own basket.
    expect((await client.post(`/api/admin/orders/${basket.id}/credit-release`, { reason: 'Me', version: basket.version })).statusCode).toBe(403);

    const released = ok<CreditReleaseAnswer>(
      await staff.post(`/api/admin/orders/${basket.id}/credit-release`, { reason: 'Cheque in the post', version: basket.version }),
    );
    expect(released.version).toBeGreaterThan(basket.version);
    const staffId = (await rowOf(basket.id)).creditReleasedBy;
    expect(staffId).not.toBeNull();

    // Another basket of the same customer is still held: the release is for that one order.
    const { order: other } = await readyBasket(t, client, cat, deliveryTypeId);
    expect((await confirm(client, other.id, `other-${other.id}`)).statusCode).toBe(422);

    const confirmed = ok<Order>(await confirm(client, basket.id, `released-${basket.id}`));
    expect(confirmed.status).toBe('live');
    expect((await rowOf(basket.id)).creditReleasedAt).toBeNull();
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, basket.id)).orderBy(orderEvents.id);
    expect(events.find((e) => e.note.startsWith('Credit hold released'))).toMatchObject({
      actor: 'staff',
      actorUserId: staffId,
      fromStatus: 'basket',
      toStatus: 'basket',
      note: 'Credit hold released for this order: Cheque in the post',
    });
    const history = ok<StaffOrder>(await staff.get(`/api/admin/orders/${basket.id}`));
    expect(JSON.stringify(history)).toContain('Cheque in the post');
    // A confirmed order has no hold left to release.
    expect((await staff.post(`/api/admin/orders/${basket.id}/credit-release`, { reason: 'Again', version: confirmed.version })).statusCode).toBe(409);
  }, 90_000);

  it('answer 404 for the credit of no such customer', async () => {
    expect((await staff.get('/api/admin/users/999999/credit')).statusCode).toBe(404);
  });
});
