import { and, eq } from 'drizzle-orm';
import type { CardCheckout, ConfirmAnswer, Order } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { orderItems, orders, type OrderRow, type UserRow } from '../../db/schema';
import { conflict, unprocessable } from '../../lib/domain-errors';
import type { BasketAssessment } from './assessment';
import { frozenColumns, frozenOrderColumns, refuseKeyOfAnother } from './confirm';
import type { OrdersContext } from './context';
import { withNewVersion, type OrderColumns } from './order-version';
import { presentOrder } from './present';
import { ownOrder } from './queries';

/*
 * A basket paid by card before it is confirmed (DESIGN §2 "Payment terms…"): confirming freezes its
 * prices, totals and dates, makes a Checkout Session for the total at the payment provider, and
 * leaves the order a basket marked `payment_status: 'pending'` — frozen, not editable — while the
 * customer pays on the provider's page. Only the provider's signed webhook moves it to Pending
 * (modules/payments/webhook.ts); an expired session, or the customer stopping the payment, makes it
 * an editable basket again.
 */

/** How long the payment page takes the payment (Stripe allows 30 minutes to 24 hours); the basket is frozen meanwhile, unless the customer stops it. */
const CHECKOUT_MINUTES = 60;

/** A confirmation's answer: a basket awaiting its payment comes with its payment page, anything else is the order. */
export function checkoutAnswer(order: Order): ConfirmAnswer {
  return order.status === 'basket' && order.payment_status === 'pending' && order.checkout_url ? { order, checkout_url: order.checkout_url } : order;
}

/**
 * Makes the Checkout Session, then marks the basket as awaiting it with its frozen prices — only if
 * the basket is still at the version it was judged at (null otherwise: read and judge it again).
 * Nothing is written when the provider cannot be reached: the basket stays as it was, confirmable.
 */
export async function startCardCheckout(
  ctx: OrdersContext,
  user: UserRow,
  order: OrderRow,
  a: BasketAssessment,
  key: string,
  /** An owner's approval sends the buyer to pay: it clears the approval mark, and writes its history and e-mail, in the marking transaction. */
  approval?: { set: OrderColumns; within: (tx: Db, marked: OrderRow) => Promise<void> },
): Promise<CardCheckout | null> {
  const payments = ctx.cardPayments!;
  const totals = a.totals!;
  const page = `${ctx.appUrl}/orders/${order.id}`;
  const session = await payments.createCheckout({
    orderId: order.id,
    amount: totals.total,
    description: `${ctx.appName} order ${order.id}${order.ref ? ` (${order.ref})` : ''}`,
    customerEmail: user.email,
    successUrl: `${page}?payment=done`,
    cancelUrl: `${page}?payment=cancelled`,
    expiresAt: new Date(Date.now() + CHECKOUT_MINUTES * 60_000),
    // The customer's key, for this basket as judged: a retry or a concurrent duplicate gets the same
    // session from the provider; the same key after the basket changed (a payment stopped, an edit) a new one.
    idempotencyKey: `order-${order.id}-v${order.version}-${key}`,
  });
  let marked: OrderRow | null;
  try {
    marked = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set(
          withNewVersion({
            ...frozenOrderColumns(a, key),
            paymentStatus: 'pending',
            checkoutSessionId: session.id,
            checkoutUrl: session.url,
            ...approval?.set,
          }),
        )
        .where(and(eq(orders.id, order.id), eq(orders.version, order.version), eq(orders.status, 'basket')))
        .returning();
      if (!row) return null;
      for (const item of a.items) {
        await tx.update(orderItems).set(frozenColumns(item)).where(eq(orderItems.id, item.facts.id));
      }
      await approval?.within(tx, row);
      return row;
    });
  } catch (err) {
    await abandon(ctx, user, order.id, session.id);
    if (isUniqueViolation(err, 'orders_user_confirm_key_unique')) {
      await refuseKeyOfAnother(ctx, user, key);
      throw unprocessable({ idempotency_key: 'This Idempotency-Key was already used for another order; make a new key.' });
    }
    throw err;
  }
  if (!marked) {
    await abandon(ctx, user, order.id, session.id);
    return null;
  }
  return { order: await presentOrder(ctx, user, marked), checkout_url: session.url ?? '' };
}

/** A session made for a basket that changed before it was marked: closed, unless the basket names it after all (a concurrent duplicate won with it). */
async function abandon(ctx: OrdersContext, user: UserRow, orderId: number, sessionId: string): Promise<void> {
  const now = await ownOrder(ctx.db, user, orderId);
  if (now.checkoutSessionId === sessionId) return;
  // Best effort: an open session nobody is sent to expires by itself within the hour.
  await ctx.cardPayments!.expireCheckout(sessionId).catch(() => undefined);
}

/** The columns that make an order awaiting its card payment an editable basket again: its frozen totals go with the mark. */
export const RELEASED_CHECKOUT = {
  paymentStatus: null,
  checkoutSessionId: null,
  checkoutUrl: null,
  confirmKey: null,
  deliveryCost: null,
  totalNet: null,
  totalVat: null,
  total: null,
  weight: null,
  dispatchDue: null,
  deliveryDue: null,
  dispatchBasis: null,
} satisfies Partial<typeof orders.$inferInsert>;

/** Releases the basket awaiting this session (it expired, or was stopped); false when the order no longer awaits it. */
export async function releaseCheckout(executor: Db, orderId: number, sessionId: string): Promise<boolean> {
  const released = await executor
    .update(orders)
    .set(withNewVersion(RELEASED_CHECKOUT))
    .where(and(eq(orders.id, orderId), eq(orders.status, 'basket'), eq(orders.paymentStatus, 'pending'), eq(orders.checkoutSessionId, sessionId)))
    .returning({ id: orders.id });
  return released.length > 0;
}

/**
 * The customer stops the card payment to change the basket: the session is closed at the provider
 * first, so that it cannot be paid for a basket that then changes. A session paid meanwhile is not
 * undone: the order is (or is about to be) confirmed by its webhook, and the customer is told so.
 */
export async function stopCardCheckout(ctx: OrdersContext, user: UserRow, id: number): Promise<Order> {
  const order = await ownOrder(ctx.db, user, id);
  if (order.status !== 'basket' || order.paymentStatus !== 'pending' || !order.checkoutSessionId) {
    throw conflict(`Order ${order.id} is not waiting for a card payment.`);
  }
  if (!ctx.cardPayments) throw conflict('Card payment is not available just now: the payment cannot be stopped. Please contact us.');
  const session = await ctx.cardPayments.expireCheckout(order.checkoutSessionId);
  if (session.status === 'complete') throw conflict('This order has just been paid: it is being confirmed, and cannot be changed now.');
  await releaseCheckout(ctx.db, order.id, order.checkoutSessionId);
  return presentOrder(ctx, user, order);
}
