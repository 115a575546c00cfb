import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { orderEvents } from './orders';

/**
 * The mail outbox (DESIGN §1 Mail): a message is a row written in the transaction of the change it
 * reports (an order's move: by the job the move wrote, from its history row); a `mail` job delivers it and this row says how that went, for staff to see and resend.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Links the message carries (logged when written to the local outbox so they can be followed). */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    /**
     * The order move this message reports (its history row), for the customer's e-mails about their
     * orders: unique, so that the job writing it from the move writes it once, even when retaken.
     */
    orderEventId: bigint('order_event_id', { mode: 'number' }).references(() => orderEvents.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('mail_outbox_order_event_unique').on(t.orderEventId),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
