import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, link } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * An `Idempotency-Key` of the trade API (the IETF draft): per account and mode, the fingerprint
 * of the first request that carried it and, once that was answered, its answer (status, type and
 * body as sent), replayed to a retry for 24 hours. A row still `in_progress` belongs to a request
 * being answered; past `locked_until` it belongs to one that died, and the next retry takes it over.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: link('user_id', () => users.id),
    test: boolean('test').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the method, path and canonical body of the first request. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').notNull().default('in_progress'),
    lockedUntil: instant('locked_until').notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    check('idempotency_keys_state_check', sql`${t.state} in ('in_progress', 'done')`),
    uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.test, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The mark of an order placed through the trade API that confirms itself: while it is a basket it
 * waits for every item's artwork to pass its check (or, with `accept_warnings`, to pass with
 * warnings), then confirms on account as the customer would. `waiting_reason` says why the last
 * try did not confirm it (a credit hold), null when it simply waits for artwork.
 */
export const apiOrders = pgTable('api_orders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  acceptWarnings: boolean('accept_warnings').notNull().default(false),
  waitingReason: text('waiting_reason'),
  triedAt: instant('tried_at'),
});
