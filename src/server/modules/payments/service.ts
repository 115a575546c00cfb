import { and, asc, eq, sql, sum } from 'drizzle-orm';
import type Stripe from 'stripe';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { formatPence } from '../../../shared/domain/pricing';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import type { Db } from '../../db/client';
import { deliveryTypes, orderEvents, orders, paymentEvents, paymentRefunds, payments, type OrderRow } from '../../db/schema';
import type { JobQueue } from '../../lib/jobs';
import { PermanentJobError } from '../../lib/jobs';
import type { ServiceLog } from '../../lib/logging';
import { releaseCheckout } from '../orders/card-checkout';
import { withNewVersion } from '../orders/order-version';
import { moveOrders } from '../orders/transitions';
import type { WebhookEventsEmitter } from '../webhooks/emit';
import type { CardPayments } from './stripe';

/*
 * Card payments after checkout (DESIGN §2 "Payment terms, payments and credit control"): the
 * provider's webhook confirms a paid basket (→ Pending, its history and mail, through moveOrders)
 * and records the payment, or releases a basket whose session expired; each event is handled once,
 * whatever the retries. A paid order cancelled before dispatch is refunded by a background job, so
 * that a cancellation never waits on (or fails with) the provider, and a refund the provider could
 * not make now is made on a later attempt.
 */

export const REFUND_QUEUE = 'payments.refund';
/** The provider's refunds are idempotent by key: a retried job asks again safely. Over about a day, with the queue's back-off. */
const REFUND_ATTEMPTS = 10;

export interface PaymentsDeps {
  db: Db;
  /** The refund jobs, and the order-mail job a confirmation writes (transitions.ts). */
  jobs: JobQueue;
  log: ServiceLog;
  /** Undefined when card payment is not set up: the webhook then answers 404, as if it did not exist. */
  cardPayments: CardPayments | undefined;
  /** The webhook event of an order confirmed by its payment, in the payment's transaction. */
  webhookEvents: WebhookEventsEmitter;
}

/** What a webhook delivery did, for the log and the answer. */
export type WebhookOutcome = 'confirmed' | 'released' | 'repeat' | 'unknown session' | 'ignored';

const HANDLED = new Set(['checkout.session.completed', 'checkout.session.expired']);

/** The order's delivery service, for its confirmation mail ("ready to collect" for a collection). */
async function serviceOf(tx: Db, row: OrderRow) {
  if (row.deliveryTypeId === null) return null;
  const [type] = await tx
    .select({ carrier: deliveryTypes.carrier, code: deliveryTypes.code, name: deliveryTypes.name })
    .from(deliveryTypes)
    .where(eq(deliveryTypes.id, row.deliveryTypeId));
  return type ? { ...type, carrier: type.carrier as Carrier } : null;
}

export function paymentsService(deps: PaymentsDeps) {
  const { db, log } = deps;

  /** A paid session: the payment recorded and the basket confirmed, once. */
  async function completed(tx: Db, order: OrderRow, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
    if (session.payment_status !== 'paid') return 'ignored';
    if (order.status !== 'basket' || order.paymentStatus !== 'pending') return 'repeat';
    const amount = session.amount_total ?? order.total ?? 0;
    if (amount !== order.total)
      log.error({ orderId: order.id, session: session.id, paid: amount, total: order.total }, 'A card payment differs from its order total');
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    await tx.insert(payments).values({
      userId: order.userId,
      amount,
      receivedOn: ukToday(),
      method: 'card',
      reference: intent ?? session.id,
      orderId: order.id,
      checkoutSessionId: session.id,
    });
    // The customer confirmed it by paying: their move, as a confirmation on account is.
    await moveOrders(tx, deps, [order], {
      to: 'live',
      actor: 'customer',
      actorUserId: order.userId,
      note: `Paid by card (${formatPence(amount)}) and confirmed`,
      service: await serviceOf(tx, order),
      set: { paymentStatus: 'paid', checkoutUrl: null, confirmedAt: new Date() },
    });
    return 'confirmed';
  }

  /** Refunds a cancelled, paid order's card payment (what is left of it), and records the refund in its payments and its history. */
  async function refund({ orderId }: { orderId: number }): Promise<void> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.paymentStatus !== 'refunding') return;
    if (!deps.cardPayments) throw new Error('Card payment is not set up (STRIPE_SECRET_KEY): the refund waits until it is.');
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.method, 'card')))
      .orderBy(asc(payments.id))
      .limit(1);
    if (!payment) throw new PermanentJobError(`Order ${orderId} is marked paid but has no card payment recorded`);
    const [{ refunded }] = await db
      .select({ refunded: sum(paymentRefunds.amount).mapWith(Number) })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    const amount = payment.amount - (refunded ?? 0);
    const made =
      amount > 0
        ? await deps.cardPayments.refund({ paymentIntent: payment.reference, amount, orderId, idempotencyKey: `refund-payment-${payment.id}-${refunded ?? 0}` })
        : null;
    await db.transaction(async (tx) => {
      if (made) await tx.insert(paymentRefunds).values({ paymentId: payment.id, amount, reference: made.id, reason: 'Order cancelled' }).onConflictDoNothing();
      const [moved] = await tx
        .update(orders)
        .set(withNewVersion({ paymentStatus: 'refunded' }))
        .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'refunding')))
        .returning({ status: orders.status });
      if (moved && made) {
        await tx.insert(orderEvents).values({
          orderId,
          actor: 'system',
          fromStatus: moved.status,
          toStatus: moved.status,
          note: `Card payment refunded: ${formatPence(amount)} (refund ${made.id})`,
        });
      }
    });
    log.info({ orderId, amount, refund: made?.id }, 'Card payment refunded');
  }

  deps.jobs.register<{ orderId: number }>(REFUND_QUEUE, refund, { concurrency: 1, maxAttempts: REFUND_ATTEMPTS });

  return {
    /** Whether card payment is set up (the webhook route answers 404 otherwise). */
    enabled: Boolean(deps.cardPayments),

    /**
     * A webhook delivery: its signature checked against the raw body (400 when bad or missing, with
     * nothing changed), then the event handled once — its id is recorded in the same transaction as
     * what it changes, so a retry, a duplicate or a concurrent copy finds it and changes nothing.
     */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      const event = deps.cardPayments!.verifyEvent(rawBody, signature);
      if (!HANDLED.has(event.type)) return 'ignored';
      const session = event.data.object as Stripe.Checkout.Session;
      const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
        const [fresh] = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
        if (!fresh) return 'repeat';
        const [order] = await tx.select().from(orders).where(eq(orders.checkoutSessionId, session.id)).for('update');
        if (!order) return 'unknown session';
        if (event.type === 'checkout.session.completed') return completed(tx, order, session);
        return (await releaseCheckout(tx, order.id, session.id)) ? 'released' : 'repeat';
      });
      const fields = { event: event.id, type: event.type, session: session.id, outcome };
      if (outcome === 'unknown session') log.warn(fields, 'A payment event names no order: ignored');
      else log.info(fields, 'Payment event handled');
      return outcome;
    },

    /** Queues the refund of a paid order just cancelled, in the cancellation's transaction; the job runs once it commits. */
    async queueRefund(tx: Db, orderId: number): Promise<void> {
      await deps.jobs.enqueue(tx, REFUND_QUEUE, { orderId }, { maxAttempts: REFUND_ATTEMPTS });
      deps.jobs.wakeSoon();
    },

    /** The card payments and refunds of an order (staff, and tests). */
    async ofOrder(orderId: number) {
      const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
      const refunds = rows.length
        ? await db
            .select()
            .from(paymentRefunds)
            .where(
              sql`${paymentRefunds.paymentId} in (${sql.join(
                rows.map((r) => sql`${r.id}`),
                sql`, `,
              )})`,
            )
        : [];
      return rows.map((p) => ({ ...p, refunds: refunds.filter((r) => r.paymentId === p.id) }));
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
