import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { companyLink } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * An invoice (DESIGN §2 "Invoices"): raised when an order is dispatched, in the same transaction,
 * under the next number of `invoice_numbers` — or uploaded by staff from an accounting package.
 * A raised invoice keeps what it says (`content`: seller, buyer, lines, totals) as it was that day;
 * its PDF is rendered from that by a background job.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The company the row belongs to (the placing member's when made): it stays the company's when the member leaves. */
    companyId: companyLink(() => companies.id),
    /** The dispatched order it bills (raised ones); none for an uploaded invoice. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** 'raised' by dispatch, or 'uploaded' by staff. */
    source: text('source').notNull(),
    /** The invoice (tax point) date, a UK civil date. */
    date: date('date', { mode: 'string' }).notNull(),
    /** When it is to be paid, a UK civil date fixed when raised: the date plus the customer's credit days (an order paid by card: the date). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Pence. An uploaded invoice has only its total. */
    net: integer('net'),
    vat: integer('vat'),
    total: integer('total').notNull(),
    /** What a raised invoice says, frozen when it is raised (the PDF is drawn from it). */
    content: jsonb('content'),
    /** The PDF in the file store: rendered (raised) or as uploaded. */
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId, t.id),
    uniqueIndex('invoices_number_unique').on(t.number),
    // One invoice per order, however often the dispatch is retried.
    uniqueIndex('invoices_order_unique')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('invoices_user_idx').on(t.userId, t.id),
    // A customer's invoices oldest due first: the order a payment is allocated in.
    index('invoices_user_due_idx').on(t.userId, t.dueDate, t.id),
    check('invoices_source_check', sql`${t.source} in ('raised', 'uploaded')`),
  ],
);

/**
 * The last invoice number given, one row. Taking the next is an update of this row inside the
 * dispatch's transaction: concurrent dispatches queue on its lock, and a transaction that fails
 * gives its number back with everything else — no gap, no repeat (a sequence would leave gaps).
 */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    id: integer('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('invoice_numbers_one_row', sql`${t.id} = 1`)],
);

export type InvoiceRow = typeof invoices.$inferSelect;
