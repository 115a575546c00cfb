import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, link, companyLink } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A customer's webhook endpoint: where the events of their orders and invoices are POSTed, signed
 * per Standard Webhooks. `mode` keeps live and sandbox apart: a `live` endpoint receives only the
 * events of real orders, a `test` one only those of sandbox orders (orders.test), so a reseller's
 * production receiver never sees test traffic.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: link('user_id', () => users.id),
    /** The company the row belongs to (the placing member's when made): it stays the company's when the member leaves. */
    companyId: companyLink(() => companies.id),
    url: text('url').notNull(),
    /** The event types it is subscribed to (shared/domain/webhooks). */
    events: jsonb('events').$type<string[]>().notNull(),
    mode: text('mode').notNull(),
    /** `whsec_` + base64 of 32 random bytes: the HMAC key is the decoded bytes. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation: it signs beside the new one until `previous_secret_until`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: instant('previous_secret_until'),
    active: boolean('active').notNull().default(true),
    /** Why it was disabled (a 410, or deliveries failing for days); null while active. */
    disabledReason: text('disabled_reason'),
    /** Attempts failed in a row since the last success (shown to the customer). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastSuccessAt: instant('last_success_at'),
    /** While a delivery to it is under way: one in flight per endpoint, so its events go out in order. */
    sendingUntil: instant('sending_until'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_user_idx').on(t.userId),
    index('webhook_endpoints_company_idx').on(t.companyId),
    check('webhook_endpoints_mode_check', sql`${t.mode} in ('live', 'test')`),
  ],
);

/** One event as it was made and sent: the body is kept byte for byte, so every attempt signs the same text. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    /** `msg_…`: the `webhook-id` of every attempt of every delivery of this event. */
    messageId: text('message_id').notNull(),
    userId: link('user_id', () => users.id),
    type: text('type').notNull(),
    orderId: integer('order_id'),
    invoiceId: integer('invoice_id'),
    /** The order's event number (orders.event_sequence); null for an event of no order. */
    sequence: integer('sequence'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_message_unique').on(t.messageId), index('webhook_events_created_idx').on(t.createdAt)],
);

/** An event's delivery to one endpoint, with how its last attempt went. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: link('event_id', () => webhookEvents.id),
    endpointId: link('endpoint_id', () => webhookEndpoints.id),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    nextAttemptAt: instant('next_attempt_at').defaultNow(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The endpoint's oldest due delivery is sent first: by endpoint, state and event.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.state, t.eventId),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'succeeded', 'failed')`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
