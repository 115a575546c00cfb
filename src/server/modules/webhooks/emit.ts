import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Invoice } from '../../../shared/api/invoices';
import type { TradeOrder } from '../../../shared/api/trade-orders';
import type { WebhookEventType, WebhookMode } from '../../../shared/domain/webhooks/events';
import { WEBHOOK_TEST_EVENT } from '../../../shared/domain/webhooks/events';
import type { Db } from '../../db/client';
import { orders, users, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { JobQueue } from '../../lib/jobs';
import { newMessageId } from './signing';

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** The queue's own attempts are for its infrastructure (a database away); an endpoint's failures are retried by the delivery's own schedule. */
export const WEBHOOK_JOB_ATTEMPTS = 5;

/** What happened, to whom: an order's event names the order (and for an artwork check, its item); an invoice's, the invoice. */
export interface WebhookEmitInput {
  userId: number;
  type: WebhookEventType;
  orderId?: number;
  invoiceId?: number;
  /** order.artwork_checked: the item whose artwork was checked (its result is that item's `preflight`); order.proof_ready: the item whose proof is ready. */
  itemId?: number;
}

export interface WebhookEventsDeps {
  jobs: Pick<JobQueue, 'enqueue' | 'wakeSoon'>;
  /** The order as the trade API answers it (GET /api/v1/orders/{id}), read in the caller's transaction. */
  presentOrder(tx: Db, userId: number, orderId: number): Promise<TradeOrder | null>;
  /** The invoice as its customer sees it, read in the caller's transaction. */
  presentInvoice(tx: Db, invoiceId: number): Promise<Invoice | null>;
}

/** An endpoint, once for each member (of these events) of the company it belongs to. */
type Subscriber = Pick<typeof webhookEndpoints.$inferSelect, 'id' | 'mode' | 'events'> & { memberId: number };

/**
 * Emitting webhook events (DESIGN §2 "Trade API and webhooks"), always in the caller's transaction:
 * the change, its history row, its event and its deliveries' jobs commit together or not at all.
 * An event is made only when its customer has an active endpoint subscribed to its type, in the
 * mode of its order (live, or sandbox for a test order): otherwise emitting costs one indexed read.
 */
export function webhookEventsEmitter(deps: WebhookEventsDeps) {
  /** The active endpoints of these members' companies: a company's endpoints hear of every member's orders. */
  async function subscribers(tx: Db, userIds: number[]): Promise<Subscriber[]> {
    if (!userIds.length) return [];
    return tx
      .select({ id: webhookEndpoints.id, memberId: users.id, mode: webhookEndpoints.mode, events: webhookEndpoints.events })
      .from(users)
      .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.companyId, users.companyId), eq(webhookEndpoints.active, true)))
      .where(inArray(users.id, [...new Set(userIds)]));
  }

  /** Writes the event with its body as it will be sent, one delivery per endpoint, and each delivery's job. */
  async function write(
    tx: Db,
    input: { userId: number; type: string; orderId?: number; invoiceId?: number; sequence?: number; data: unknown },
    endpointIds: number[],
  ) {
    const body = JSON.stringify({ type: input.type, timestamp: new Date().toISOString(), data: input.data });
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        messageId: newMessageId(),
        userId: input.userId,
        type: input.type,
        orderId: input.orderId ?? null,
        invoiceId: input.invoiceId ?? null,
        sequence: input.sequence ?? null,
        body,
      })
      .returning({ id: webhookEvents.id });
    const made = await tx
      .insert(webhookDeliveries)
      .values(endpointIds.map((endpointId) => ({ eventId: event.id, endpointId })))
      .returning({ id: webhookDeliveries.id });
    for (const { id } of made) await deps.jobs.enqueue(tx, WEBHOOK_QUEUE, { delivery_id: id }, { maxAttempts: WEBHOOK_JOB_ATTEMPTS });
    deps.jobs.wakeSoon();
    return made.map((d) => d.id);
  }

  async function emitAll(tx: Db, inputs: readonly WebhookEmitInput[]): Promise<void> {
    const endpoints = await subscribers(
      tx,
      inputs.map((i) => i.userId),
    );
    if (!endpoints.length) return;
    for (const input of inputs) {
      const subscribed = endpoints.filter((e) => e.memberId === input.userId && e.events.includes(input.type));
      if (!subscribed.length) continue;
      if (input.orderId !== undefined) {
        // The order's next number: its row is locked by the move (or the creation) that emits.
        const [counted] = await tx
          .update(orders)
          .set({ eventSequence: sql`${orders.eventSequence} + 1` })
          .where(eq(orders.id, input.orderId))
          .returning({ sequence: orders.eventSequence, test: orders.test, externalRef: orders.externalRef });
        if (!counted) continue;
        const mode: WebhookMode = counted.test ? 'test' : 'live';
        const to = subscribed.filter((e) => e.mode === mode).map((e) => e.id);
        if (!to.length) continue;
        const order = await deps.presentOrder(tx, input.userId, input.orderId);
        if (!order) continue;
        const data = { ...order, sequence: counted.sequence, ...(input.itemId !== undefined ? { item_id: input.itemId } : {}) };
        await write(tx, { ...input, sequence: counted.sequence, data }, to);
      } else if (input.invoiceId !== undefined) {
        // Only real orders are invoiced: an invoice's event goes to live endpoints.
        const to = subscribed.filter((e) => e.mode === 'live').map((e) => e.id);
        const invoice = to.length ? await deps.presentInvoice(tx, input.invoiceId) : null;
        if (invoice) await write(tx, { ...input, data: invoice }, to);
      }
    }
  }

  return {
    /** Whether any of these customers has an active endpoint subscribed to `type` (of either mode). */
    async subscribed(executor: Db, userIds: number[], type: WebhookEventType): Promise<boolean> {
      return (await subscribers(executor, userIds)).some((e) => e.events.includes(type));
    },
    /**
     * Emits one event in the caller's transaction (`tx`): the order's events lock-step with its
     * moves, `order.created` when the trade API creates an order (never for a browser basket).
     */
    emit: (tx: Db, input: WebhookEmitInput): Promise<void> => emitAll(tx, [input]),
    /** Many at once (a bulk move): one read of the endpoints for all of them. */
    emitAll,
    /** A `webhook.test` event to one endpoint, whatever it is subscribed to: answers its delivery's id. */
    async emitTest(tx: Db, endpoint: { id: number; userId: number }): Promise<number> {
      const data = { endpoint_id: endpoint.id, message: 'A test event: your endpoint received and verified it.' };
      const [id] = await write(tx, { userId: endpoint.userId, type: WEBHOOK_TEST_EVENT, data }, [endpoint.id]);
      return id;
    },
  };
}

export type WebhookEventsEmitter = ReturnType<typeof webhookEventsEmitter>;
