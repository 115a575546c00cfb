import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  webhookDeliveryListQuerySchema,
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
} from '../../../shared/api/webhooks';
import { WEBHOOK_LOG_DAYS, WEBHOOK_ROTATION_OVERLAP_MS, type WebhookEventType, type WebhookMode } from '../../../shared/domain/webhooks/events';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents, type UserRow, type WebhookEndpointRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/domain-errors';
import type { JobQueue } from '../../lib/jobs';
import { WEBHOOK_JOB_ATTEMPTS, WEBHOOK_QUEUE, type WebhookEventsEmitter } from './emit';
import { newWebhookSecret } from './signing';
import { checkEndpointUrl } from './urls';

const NO_SUCH_ENDPOINT = 'No such webhook endpoint.';
const NO_SUCH_DELIVERY = 'No such delivery.';
const DAY_MS = 24 * 60 * 60_000;

export interface WebhooksDeps {
  db: Db;
  jobs: JobQueue;
  emitter: WebhookEventsEmitter;
  /** WEBHOOK_ALLOW_PRIVATE: http and private addresses allowed (local tests only). */
  allowPrivate: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentEndpoint(row: WebhookEndpointRow, now = new Date()): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    mode: row.mode as WebhookMode,
    active: row.active,
    disabled_reason: row.active ? null : row.disabledReason,
    consecutive_failures: row.consecutiveFailures,
    previous_secret_until: row.previousSecret && row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const deliveryColumns = {
  delivery: webhookDeliveries,
  messageId: webhookEvents.messageId,
  type: webhookEvents.type,
  orderId: webhookEvents.orderId,
  invoiceId: webhookEvents.invoiceId,
  sequence: webhookEvents.sequence,
};

function presentDelivery(row: {
  delivery: typeof webhookDeliveries.$inferSelect;
  messageId: string;
  type: string;
  orderId: number | null;
  invoiceId: number | null;
  sequence: number | null;
}): WebhookDelivery {
  const d = row.delivery;
  return {
    id: d.id,
    event_id: row.messageId,
    event_type: row.type,
    order_id: row.orderId,
    invoice_id: row.invoiceId,
    sequence: row.sequence,
    state: d.state as WebhookDelivery['state'],
    attempts: d.attempts,
    status_code: d.lastStatus,
    duration_ms: d.lastDurationMs,
    error: d.lastError,
    next_attempt_at: d.state === 'pending' ? iso(d.nextAttemptAt) : null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

/**
 * The customer's webhook endpoints (DESIGN §3 "Trade API keys and webhooks"): made, changed,
 * rotated, disabled and enabled, deleted; their delivery log of the last 30 days, a resend and a
 * test event. Another customer's endpoint or delivery is 404.
 */
export function webhooksService(deps: WebhooksDeps) {
  const { db, jobs } = deps;

  /** An endpoint of the member's company (endpoints are the company's: its owners manage them). */
  async function own(executor: Db, user: Pick<UserRow, 'companyId'>, id: number, lock = false): Promise<WebhookEndpointRow> {
    const query = executor
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, user.companyId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(NO_SUCH_ENDPOINT);
    return row;
  }

  async function deliveryOf(executor: Db, endpointId: number, deliveryId: number) {
    const [row] = await executor
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!row) throw notFound(NO_SUCH_DELIVERY);
    return presentDelivery(row);
  }

  return {
    async list(user: UserRow): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, user.companyId)).orderBy(webhookEndpoints.id);
      return rows.map((row) => presentEndpoint(row));
    },

    async create(user: UserRow, input: z.output<typeof webhookEndpointCreateSchema>): Promise<WebhookEndpointWithSecret> {
      const url = await checkEndpointUrl(input.url, deps.allowPrivate);
      const secret = newWebhookSecret();
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ userId: user.id, companyId: user.companyId, url, events: input.events, mode: input.mode, secret })
        .returning();
      return { ...presentEndpoint(row), secret };
    },

    async update(user: UserRow, id: number, input: z.output<typeof webhookEndpointUpdateSchema>): Promise<WebhookEndpoint> {
      await own(db, user, id);
      const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url, deps.allowPrivate);
      const row = await db.transaction(async (tx) => {
        const current = await own(tx, user, id, true);
        const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: new Date() };
        if (url !== undefined) set.url = url;
        if (input.events !== undefined) set.events = input.events;
        if (input.active === true && !current.active) Object.assign(set, { active: true, disabledReason: null, consecutiveFailures: 0 });
        if (input.active === false && current.active) Object.assign(set, { active: false, disabledReason: 'Disabled by you.' });
        const [updated] = await tx.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning();
        return updated;
      });
      return presentEndpoint(row);
    },

    /** Deletes the endpoint with its delivery log; answers it as it was. */
    async remove(user: UserRow, id: number): Promise<WebhookEndpoint> {
      const [gone] = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, user.companyId)))
        .returning();
      if (!gone) throw notFound(NO_SUCH_ENDPOINT);
      return presentEndpoint(gone);
    },

    /** A new secret; the one it replaces signs beside it for 24 hours, so the receiver can switch without losing a delivery. */
    async rotate(user: UserRow, id: number): Promise<WebhookEndpointWithSecret> {
      const secret = newWebhookSecret();
      const row = await db.transaction(async (tx) => {
        const current = await own(tx, user, id, true);
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({ secret, previousSecret: current.secret, previousSecretUntil: new Date(Date.now() + WEBHOOK_ROTATION_OVERLAP_MS), updatedAt: new Date() })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        return updated;
      });
      return { ...presentEndpoint(row), secret };
    },

    /** The endpoint's deliveries of the last 30 days, newest first. */
    async deliveries(user: UserRow, id: number, query: z.output<typeof webhookDeliveryListQuerySchema>): Promise<WebhookDeliveryList> {
      await own(db, user, id);
      const where = and(eq(webhookDeliveries.endpointId, id), gte(webhookDeliveries.createdAt, new Date(Date.now() - WEBHOOK_LOG_DAYS * DAY_MS)));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(deliveryColumns)
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ total: count() }).from(webhookDeliveries).where(where),
      ]);
      return { data: rows.map(presentDelivery), total, page: query.page, per_page: query.per_page };
    },

    /** Sends a delivery again now, with a fresh round of attempts (the same event: the same id and body). */
    async resend(user: UserRow, id: number, deliveryId: number): Promise<WebhookDelivery> {
      await db.transaction(async (tx) => {
        const endpoint = await own(tx, user, id, true);
        await deliveryOf(tx, id, deliveryId);
        if (!endpoint.active) throw conflict('This endpoint is disabled: enable it before resending.');
        await tx
          .update(webhookDeliveries)
          .set({ state: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null, updatedAt: new Date() })
          .where(eq(webhookDeliveries.id, deliveryId));
        await jobs.enqueue(tx, WEBHOOK_QUEUE, { delivery_id: deliveryId }, { maxAttempts: WEBHOOK_JOB_ATTEMPTS });
      });
      jobs.wake();
      return deliveryOf(db, id, deliveryId);
    },

    /** A `webhook.test` event to this endpoint, sent now: answers its delivery (pending until the job has sent it). */
    async test(user: UserRow, id: number): Promise<WebhookDelivery> {
      const deliveryId = await db.transaction(async (tx) => {
        const endpoint = await own(tx, user, id, true);
        if (!endpoint.active) throw conflict('This endpoint is disabled: enable it before sending a test event.');
        return deps.emitter.emitTest(tx, endpoint);
      });
      jobs.wake();
      return deliveryOf(db, id, deliveryId);
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;

/** Deletes the webhook events (and so their deliveries) older than the delivery log keeps; answers how many went. */
export async function purgeOldWebhookEvents(db: Db): Promise<number> {
  const gone = await db
    .delete(webhookEvents)
    .where(lt(webhookEvents.createdAt, new Date(Date.now() - WEBHOOK_LOG_DAYS * DAY_MS)))
    .returning({ id: webhookEvents.id });
  return gone.length;
}
