import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stock } from './catalogue';
import { orderItems } from './orders';
import { jobs } from './jobs';
import { users } from './users';

/**
 * A production batch (DESIGN §2 "Production: batches"): the items sent to the press together, as
 * one ZIP of their artwork with `jobs.csv` and a job sheet. It is made by a background job:
 * queued → running → done (the ZIP written and the orders moved to Processing in one transaction)
 * or failed (nothing moved, no ZIP kept).
 */
export const batches = pgTable(
  'batches',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('queued'),
    /** Only items on this stock; null for every stock. */
    stockId: integer('stock_id').references(() => stock.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The background job that makes it (its attempts, and whether one was interrupted); null once finished jobs are cleared away. */
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    itemCount: integer('item_count').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    /** Progress while the ZIP is written: files added of files to add. */
    filesDone: integer('files_done').notNull().default(0),
    filesTotal: integer('files_total').notNull().default(0),
    zipKey: text('zip_key'),
    zipSize: bigint('zip_size', { mode: 'number' }),
    /** Why a failed run failed, in words for staff. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('batches_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    // One run at a time: two runs at once would race for the same items, and the press wants one ZIP.
    uniqueIndex('batches_one_open_unique')
      .on(sql`(true)`)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('batches_created_idx').on(t.createdAt),
  ],
);

/**
 * The items a batch sent to the press, with the file name each has in its ZIP. Kept as the batch's
 * record even when an item goes to the press again (an order held and released after printing).
 */
export const batchItems = pgTable(
  'batch_items',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.orderItemId] }), index('batch_items_item_idx').on(t.orderItemId)],
);

export type BatchRow = typeof batches.$inferSelect;
