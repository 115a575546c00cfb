import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { companyLink } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A support ticket of the Resolution Centre (DESIGN §2): a customer's problem, optionally about one
 * of their orders, and the thread that settles it. Its id is the ticket number both sides quote.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The company the row belongs to (the placing member's when made): it stays the company's when the member leaves. */
    companyId: companyLink(() => companies.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    /** open (waiting for staff), answered (waiting for the customer), closed. */
    status: text('status').notNull().default('open'),
    /** The last message (the opening details count): who wrote it and when — the lists' sort and columns. */
    lastMessageBy: text('last_message_by').notNull().default('customer'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_company_idx').on(t.companyId, t.lastMessageAt),
    index('tickets_user_idx').on(t.userId, t.lastMessageAt),
    // Staff's tabs: each status, oldest waiting first.
    index('tickets_status_idx').on(t.status, t.lastMessageAt),
    index('tickets_order_idx').on(t.orderId),
    check('tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('tickets_reason_check', sql`${t.reason} in ('Print quality', 'Delivery', 'Artwork', 'Billing', 'Other')`),
    check('tickets_last_message_by_check', sql`${t.lastMessageBy} in ('customer', 'staff')`),
  ],
);

/** A message after the opening one: a reply, or files sent on their own (empty body). */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.id), check('ticket_replies_author_check', sql`${t.author} in ('customer', 'staff')`)],
);

/**
 * An attachment: of the opening message (no reply) or of a reply. Kept under a server-made key;
 * images re-encoded without their metadata, with a thumbnail.
 */
export const ticketFiles = pgTable(
  'ticket_files',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id').references(() => ticketReplies.id, { onDelete: 'cascade' }),
    /** The name the sender's file had (cleaned), for the download. */
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_files_ticket_idx').on(t.ticketId, t.id), check('ticket_files_kind_check', sql`${t.kind} in ('png', 'jpeg', 'pdf')`)],
);

/** A ticket's status history: each close and reopen, by whom. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_events_ticket_idx').on(t.ticketId, t.id), check('ticket_events_actor_check', sql`${t.actor} in ('customer', 'staff')`)],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketReplyRow = typeof ticketReplies.$inferSelect;
export type TicketFileRow = typeof ticketFiles.$inferSelect;
