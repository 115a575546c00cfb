import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderItems } from './orders';
import { users } from './users';

/**
 * The proofs of an item, one row per version (DESIGN §2 "Proofs and templates"): made by the proof
 * job from the checked artwork, or uploaded by staff (a hard proof from the RIP), and the decision
 * the customer (or staff for them) took on it. The item's `proof_*` columns are its current state.
 */
export const orderItemProofs = pgTable(
  'order_item_proofs',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The file store's key of the proof's PDF. */
    fileKey: text('file_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** `generated` by the proof job, or `staff` uploaded it. */
    source: text('source').notNull(),
    /** The staff member who uploaded it (null for a generated proof). */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null until decided; a decision is final for its version. */
    decision: text('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Staff decided for the customer (by phone). */
    decidedOnBehalf: boolean('decided_on_behalf').notNull().default(false),
    comment: text('comment'),
    /** Reminders e-mailed about this version while it waited for a decision. */
    remindersSent: integer('reminders_sent').notNull().default(0),
  },
  (t) => [
    uniqueIndex('order_item_proofs_item_version_unique').on(t.orderItemId, t.version),
    check('order_item_proofs_source_check', sql`${t.source} in ('generated', 'staff')`),
    check('order_item_proofs_decision_check', sql`${t.decision} in ('approved', 'changes_requested')`),
  ],
);

export type OrderItemProofRow = typeof orderItemProofs.$inferSelect;
