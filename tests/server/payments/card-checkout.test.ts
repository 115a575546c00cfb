import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentEvents, paymentRefunds, payments } from '../../../src/server/db/schema';
import type { CardCheckout, Order } from '../../../src/shared/api/orders';
import type { TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe/stripe-stand-in';
import { ok, orderingApp, readyBasket, type Catalogue } from '../orders/helpers';

/*
 * Card payment at checkout against the Stripe stand-in (tests/server/helpers/stripe): confirming
 * makes a Checkout Session for the frozen total and leaves the basket awaiting it; only the signed
 * webhook confirms it, once per event; an expired session gives the basket back; a paid order
 * cancelled is refunded; an unreachable Stripe leaves the basket as it was.
 */

let stripe: StripeStandIn;
let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
let deliveryTypeId: number;
let shopper: ApiClient;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  const app = await orderingApp({
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url },
    defaultPaymentTerms: 'card',
  });
  ({ t, staff, cat } = app);
  deliveryTypeId = app.del.first.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

beforeEach(async () => {
  // A new card customer for each test (DEFAULT_PAYMENT_TERMS is card here).
  shopper = new ApiClient(t.app);
  await registerAs(shopper);
});

const confirm = (client: ApiClient, id: number, key: string, body: object = {}) =>
  client.request('POST', `/api/orders/${id}/confirm`, body, { headers: { 'idempotency-key': key } });

/** Posts a Stripe event to the webhook as Stripe would: the exact body, signed (by the stripe library's test helper). */
async function deliver(event: object, secret?: string) {
  const { payload, signature } = stripe.signed(event as Record<string, unknown>, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const sessionIdOf = (checkout: CardCheckout) => checkout.checkout_url.split('/').pop()!;
const confirmationMails = async (orderId: number) =>
  (await t.outbox()).filter((m) => m.text.includes(`Thank you: order ${orderId} (your reference PO-1) is confirmed`));
const orderRow = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('card checkout', () => {
  it('makes a session for the frozen total; the signed webhook confirms the order once, however often it comes', async () => {
    const { order } = await readyBasket(t, shopper, cat, deliveryTypeId);
    const basket = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
    expect(basket.payment_options).toEqual(['card']);

    const answer = ok<CardCheckout>(await confirm(shopper, order.id, `pay-${order.id}-0001`));
    expect(answer.order).toMatchObject({
      status: 'basket',
      payment_status: 'pending',
      total: 564,
      total_net: 470,
      delivery_cost: 395,
      checkout_url: answer.checkout_url,
    });
    expect(answer.order.dispatch_due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer.order.items[0].price).toBe(75);
    // The session: our total in pence, in pounds sterling, back to the order page, under our key.
    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(created).toHaveLength(1);
    expect(created[0].body).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'gbp', unit_amount: '564' } }],
      success_url: `http://localhost:3000/orders/${order.id}?payment=done`,
      cancel_url: `http://localhost:3000/orders/${order.id}?payment=cancelled`,
      metadata: { order_id: String(order.id) },
    });
    expect(created[0].idempotencyKey).toContain(`pay-${order.id}-0001`);
    const session = stripe.sessions.get(sessionIdOf(answer))!;
    expect(session).toMatchObject({ amount_total: 564, currency: 'gbp', status: 'open', url: answer.checkout_url });

    // A retry with the key answers the same session; nothing is made twice.
    const retry = ok<CardCheckout>(await confirm(shopper, order.id, `pay-${order.id}-0001`));
    expect(retry.checkout_url).toBe(answer.checkout_url);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);
    // Another key while the payment is pending: refused, the basket frozen.
    expect((await confirm(shopper, order.id, `pay-${order.id}-0002`)).statusCode).toBe(409);
    // The basket cannot be changed while it is being paid for.
    const edit = await shopper.patch(`/api/orders/${order.id}`, { ref: 'changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/waiting for its card payment/);
    expect(
      (
        await shopper.post(`/api/orders/${order.id}/items`, {
          product_id: cat.cards.id,
          stock_id: cat.silk.id,
          qty: 100,
          sides: 'single',
          orientation: 'landscape',
        })
      ).statusCode,
    ).toBe(409);
    expect((await shopper.delete(`/api/orders/${order.id}`)).statusCode).toBe(409);
    expect(await confirmationMails(order.id)).toHaveLength(0);

    // Paid: the same event three times (Stripe's retries) confirms it once.
    const paid = stripe.pay(session.id as string);
    for (let i = 0; i < 3; i++) expect((await deliver(paid)).statusCode).toBe(200);
    const confirmed = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
    expect(confirmed).toMatchObject({ status: 'live', payment_status: 'paid', checkout_url: null, total: 564 });
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.events.filter((e) => e.to === 'live')).toEqual([
      expect.objectContaining({ from: 'basket', actor: 'customer', note: 'Paid by card (£5.64) and confirmed' }),
    ]);
    expect(await confirmationMails(order.id)).toHaveLength(1);
    const recorded = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(recorded).toEqual([
      expect.objectContaining({
        amount: 564,
        method: 'card',
        reference: session.payment_intent,
        checkoutSessionId: session.id,
        userId: confirmed.address && expect.any(Number),
      }),
    ]);
    expect(
      await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, paid.id as string)),
    ).toHaveLength(1);
    // The confirmation's key still answers the order, now confirmed.
    expect(ok<Order>(await confirm(shopper, order.id, `pay-${order.id}-0001`))).toMatchObject({ id: order.id, status: 'live' });
    expect(stripe.invalid).toEqual([]);
  });

  it('refuses a webhook with a bad or missing signature (400), changing nothing', async () => {
    const { order } = await readyBasket(t, shopper, cat, deliveryTypeId);
    const answer = ok<CardCheckout>(await confirm(shopper, order.id, `sig-${order.id}-0001`));
    const paid = stripe.pay(sessionIdOf(answer));
    const before = await orderRow(order.id);

    const forged = await deliver(paid, 'whsec_not_the_secret_of_this_app');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/signature/i);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(paid),
    });
    expect(unsigned.statusCode).toBe(400);
    // The body changed after signing: the signature no longer matches.
    const { signature } = stripe.signed(paid);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify({ ...paid, id: 'evt_other' }),
    });
    expect(tampered.statusCode).toBe(400);

    expect(await orderRow(order.id)).toEqual(before);
    expect(
      await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, paid.id as string)),
    ).toEqual([]);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    // The genuine delivery still confirms it.
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('live');
  });

  it('gives the basket back when the session expires: editable, and confirmable again with a new session', async () => {
    const { order } = await readyBasket(t, shopper, cat, deliveryTypeId);
    const first = ok<CardCheckout>(await confirm(shopper, order.id, `exp-${order.id}-0001`));
    expect((await deliver(stripe.expire(sessionIdOf(first)))).statusCode).toBe(200);

    const released = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
    expect(released).toMatchObject({ status: 'basket', payment_status: null, checkout_url: null, payment_options: ['card'], blockers: [] });
    ok(await shopper.patch(`/api/orders/${order.id}`, { ref: 'PO-2' }));
    // The same key again makes a new session: the basket it paid for is gone.
    const second = ok<CardCheckout>(await confirm(shopper, order.id, `exp-${order.id}-0001`));
    expect(second.checkout_url).not.toBe(first.checkout_url);
    expect(stripe.sessions.get(sessionIdOf(second))).toMatchObject({ status: 'open', amount_total: 564 });
    expect((await orderRow(order.id)).ref).toBe('PO-2');
    expect(stripe.invalid).toEqual([]);
  });

  it('lets the customer stop the payment to change the basket: the session is closed at Stripe first', async () => {
    const { order } = await readyBasket(t, shopper, cat, deliveryTypeId);
    const checkout = ok<CardCheckout>(await confirm(shopper, order.id, `stop-${order.id}-0001`));
    const stopped = ok<Order>(await shopper.post(`/api/orders/${order.id}/checkout/cancel`));
    expect(stopped).toMatchObject({ status: 'basket', payment_status: null });
    expect(stripe.sessions.get(sessionIdOf(checkout))).toMatchObject({ status: 'expired' });
    ok(await shopper.patch(`/api/orders/${order.id}`, { ref: 'edited' }));
    expect((await shopper.post(`/api/orders/${order.id}/checkout/cancel`)).statusCode).toBe(409);
    // Another customer's order looks missing.
    const other = new ApiClient(t.app);
    await registerAs(other);
    expect((await other.post(`/api/orders/${order.id}/checkout/cancel`)).statusCode).toBe(404);
  });

  it('answers 200 to an event for a session it does not know, and to events it does not handle, changing nothing', async () => {
    const { order } = await readyBasket(t, shopper, cat, deliveryTypeId);
    const checkout = ok<CardCheckout>(await confirm(shopper, order.id, `unk-${order.id}-0001`));
    const stranger = stripe.pay(sessionIdOf(checkout));
    const session = (stranger.data as { object: Record<string, unknown> }).object;
    const before = await orderRow(order.id);
    expect((await deliver({ ...stranger, id: 'evt_unknown_1', data: { object: { ...session, id: 'cs_test_made_elsewhere' } } })).statusCode).toBe(200);
    expect((await deliver({ ...stranger, id: 'evt_other_type', type: 'payment_intent.created' })).statusCode).toBe(200);
    expect(await orderRow(order.id)).toEqual(before);
  });

  it('tells the customer clearly when Stripe cannot be reached, and leaves the basket as it was and confirmable', async () => {
    const { order } = await readyBasket(t, shopper, cat, deliveryTypeId);
    const before = await orderRow(order.id);
    stripe.setDown(true);
    try {
      const res = await confirm(shopper, order.id, `down-${order.id}-0001`);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/Card payment cannot be reached just now.*basket is as it was/);
    } finally {
      stripe.setDown(false);
    }
    expect(await orderRow(order.id)).toEqual(before);
    const after = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
    expect(after).toMatchObject({ status: 'basket', payment_status: null, blockers: [] });
    // Back up: the same attempt goes through.
    const checkout = ok<CardCheckout>(await confirm(shopper, order.id, `down-${order.id}-0001`));
    expect(checkout.order.payment_status).toBe('pending');
  });
});

describe('refunds', () => {
  async function paidOrder(client: ApiClient) {
    const { order } = await readyBasket(t, client, cat, deliveryTypeId);
    const checkout = ok<CardCheckout>(await confirm(client, order.id, `refund-${order.id}-0001`));
    const sessionId = sessionIdOf(checkout);
    expect((await deliver(stripe.pay(sessionId))).statusCode).toBe(200);
    return { order: ok<Order>(await client.get(`/api/orders/${order.id}`)), intent: stripe.sessions.get(sessionId)!.payment_intent as string };
  }

  async function refundsOf(orderId: number) {
    return t.database.db
      .select({ amount: paymentRefunds.amount, reference: paymentRefunds.reference })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(payments.orderId, orderId));
  }

  it('refunds a paid order the customer cancels, and records the refund in its payments and its history', async () => {
    const { order, intent } = await paidOrder(shopper);
    const cancelled = ok<Order>(await shopper.post(`/api/orders/${order.id}/cancel`));
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'refunding' });
    await t.app.deps.jobs.drain();

    const made = stripe.refunds.filter((r) => r.payment_intent === intent);
    expect(made).toEqual([expect.objectContaining({ object: 'refund', amount: 564, currency: 'gbp', status: 'succeeded' })]);
    const refundRequest = stripe.requests.find((r) => r.path === '/v1/refunds' && r.body.payment_intent === intent)!;
    expect(refundRequest.idempotencyKey).toBeTruthy();
    expect(await refundsOf(order.id)).toEqual([{ amount: 564, reference: made[0].id }]);
    const after = ok<Order>(await shopper.get(`/api/orders/${order.id}`));
    expect(after.payment_status).toBe('refunded');
    expect(after.events.at(-1)).toMatchObject({
      from: 'cancelled',
      to: 'cancelled',
      actor: 'system',
      note: `Card payment refunded: £5.64 (refund ${String(made[0].id)})`,
    });
    // Running the queue again refunds nothing more.
    await t.app.deps.jobs.drain();
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect(stripe.invalid).toEqual([]);
  });

  it('refunds a paid order staff cancel; an order on account cancelled asks for no refund', async () => {
    const { order, intent } = await paidOrder(shopper);
    const staffView = ok<{ version: number }>(await staff.get(`/api/admin/orders/${order.id}`));
    ok(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'cancelled', note: 'Customer rang', version: staffView.version }));
    await t.app.deps.jobs.drain();
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect((await refundsOf(order.id))[0]).toMatchObject({ amount: 564 });
    expect((await orderRow(order.id)).paymentStatus).toBe('refunded');

    // An account customer's order, cancelled: no payment, no refund.
    const account = new ApiClient(t.app);
    await registerAs(account);
    const me = ok<{ id: number }>(await account.get('/api/user'));
    const user = ok<{ version: number }>(await staff.get(`/api/admin/users/${me.id}`));
    ok(await staff.put(`/api/admin/users/${me.id}`, { payment_terms: 'account', version: user.version }));
    const { order: onAccount } = await readyBasket(t, account, cat, deliveryTypeId);
    const live = ok<Order>(await confirm(account, onAccount.id, `acct-${onAccount.id}-0001`));
    expect(live).toMatchObject({ status: 'live', payment_status: null });
    const refundsBefore = stripe.refunds.length;
    ok(await account.post(`/api/orders/${onAccount.id}/cancel`));
    await t.app.deps.jobs.drain();
    expect(stripe.refunds).toHaveLength(refundsBefore);
    expect((await orderRow(onAccount.id)).paymentStatus).toBeNull();
  });
});

describe('an account customer paying one order by card', () => {
  it('offers both, confirms on account by default, and by card when asked', async () => {
    const me = ok<{ id: number }>(await shopper.get('/api/user'));
    const user = ok<{ version: number }>(await staff.get(`/api/admin/users/${me.id}`));
    ok(await staff.put(`/api/admin/users/${me.id}`, { payment_terms: 'account', version: user.version }));

    const { order: byCard } = await readyBasket(t, shopper, cat, deliveryTypeId);
    expect(ok<Order>(await shopper.get(`/api/orders/${byCard.id}`)).payment_options).toEqual(['account', 'card']);
    const checkout = ok<CardCheckout>(await confirm(shopper, byCard.id, `one-${byCard.id}-0001`, { payment: 'card' }));
    expect(checkout.order.payment_status).toBe('pending');
    expect((await deliver(stripe.pay(sessionIdOf(checkout)))).statusCode).toBe(200);
    expect((await orderRow(byCard.id)).status).toBe('live');

    const { order: onAccount } = await readyBasket(t, shopper, cat, deliveryTypeId);
    expect(ok<Order>(await confirm(shopper, onAccount.id, `one-${onAccount.id}-0001`))).toMatchObject({ status: 'live', payment_status: null });
    // A card customer cannot choose account.
    const cardCustomer = new ApiClient(t.app);
    await registerAs(cardCustomer);
    const { order: refused } = await readyBasket(t, cardCustomer, cat, deliveryTypeId);
    const res = await confirm(cardCustomer, refused.id, `one-${refused.id}-0001`, { payment: 'account' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.payment).toMatch(/pays by card/);
    const bad = await confirm(cardCustomer, refused.id, `one-${refused.id}-0002`, { payment: 'cheque' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.payment).toBe('Choose card or account');
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, refused.id))).toEqual([]);
  });
});
