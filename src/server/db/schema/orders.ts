import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { deliveryContactColumns, companyLink } from './columns';
import type { DispatchBasis } from '../../../shared/domain/orders/proofs';
import type { TrackedService } from '../../../shared/domain/orders/tracking';
import { products, stock } from './catalogue';
import { countries } from './countries';
import { deliveryTypes } from './delivery';
import { batches } from './production';
import { quotes } from './quotes';
import { apiKeys } from './trade-api';
import { companies } from './companies';
import { users } from './users';

/** An item's options and turnaround as they were named when it was confirmed. */
export interface FrozenChoices {
  options: Array<{ id: number; group: string; name: string }>;
  turnaround: { id: number; name: string; production_days: number } | null;
}

/**
 * What the customer's e-mail about a move reports, as it was at the move: written on the move's
 * history row, from which the order-mail job renders and queues the e-mail (the event row is the
 * e-mail's outbox). The order's id and its statuses from and to are the row's own columns.
 */
export interface OrderMailFacts {
  to: string;
  firstname: string;
  ref: string;
  dispatch_due: string | null;
  delivery_due: string | null;
  total: number | null;
  total_vat: number | null;
  problem_text: string | null;
  tracking_number: string | null;
  /** The order's delivery service: the dispatch e-mail's tracking link, and "ready to collect" for a collection. */
  service: TrackedService | null;
  /** The invoice a dispatch raised, named in its e-mail. */
  invoice_number: string | null;
}

/**
 * An order (DESIGN §2 "Orders"): a basket while its owner builds it, then confirmed with its prices,
 * totals and dispatch date frozen. Its id is the order number customers and staff quote.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    // Orders are business records: an account with orders is soft-deleted, never removed.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The company the row belongs to (the placing member's when made): it stays the company's when the member leaves. */
    companyId: companyLink(() => companies.id),
    status: text('status').notNull().default('basket'),
    /** The customer's own reference. */
    ref: text('ref').notNull().default(''),
    ...deliveryContactColumns(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    deliveryTypeId: integer('delivery_type_id').references(() => deliveryTypes.id, { onDelete: 'restrict' }),
    /** Pence; frozen at confirmation (a basket's are computed on each read). */
    deliveryCost: integer('delivery_cost'),
    totalNet: integer('total_net'),
    totalVat: integer('total_vat'),
    total: integer('total'),
    /** Grams. */
    weight: integer('weight'),
    /** The promised dispatch day (UK civil date), frozen at confirmation. */
    dispatchDue: date('dispatch_due', { mode: 'string' }),
    /** The estimated delivery day shown with it. */
    deliveryDue: date('delivery_due', { mode: 'string' }),
    problemText: text('problem_text'),
    /** Staff's own notes; never shown to the customer. */
    notes: text('notes').notNull().default(''),
    trackingNumber: text('tracking_number'),
    /** Royal Mail Click & Drop's number for the order once pushed there (it is never pushed twice). */
    royalmailOrderId: integer('royalmail_order_id'),
    /** The Idempotency-Key the order was confirmed with: a retry with it answers the same order. */
    confirmKey: text('confirm_key'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The card payment of the order (shared/domain/payments/terms.ts): `pending` while a basket waits
     * for its payment (frozen, not editable), then `paid`, `refunding`, `refunded`; null for none.
     */
    paymentStatus: text('payment_status'),
    /** The payment provider's Checkout Session while it is pending, and after (the paid one). */
    checkoutSessionId: text('checkout_session_id'),
    /** Where the customer pays, while the payment is pending. */
    checkoutUrl: text('checkout_url'),
    /** When staff let this basket's next confirmation on account pass the credit hold (once: confirming clears it). */
    creditReleasedAt: timestamp('credit_released_at', { withTimezone: true }),
    creditReleasedBy: integer('credit_released_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A buyer's confirmation above their approval limit (DESIGN §2 "Companies"): the basket waits,
     * frozen, for an owner to approve (the confirmation then runs) or decline (the mark is cleared).
     */
    approvalRequestedBy: integer('approval_requested_by').references(() => users.id, { onDelete: 'set null' }),
    approvalRequestedAt: timestamp('approval_requested_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** The UK civil days of confirmation and dispatch (GMT or BST), kept by the database: what the staff reports count by. */
    confirmedOn: date('confirmed_on', { mode: 'string' }).generatedAlwaysAs(sql`(confirmed_at at time zone 'Europe/London')::date`),
    dispatchedOn: date('dispatched_on', { mode: 'string' }).generatedAlwaysAs(sql`(dispatched_at at time zone 'Europe/London')::date`),
    /**
     * The products of the order's items (each once, ascending), written by its move to Dispatched: the
     * staff report of working days to dispatch per product reads them here, not from every item.
     */
    dispatchedProducts: integer('dispatched_products').array(),
    /** How `dispatch_due` was counted at confirmation: an order with proofs counts it again from the last approval. Null for a basket. */
    dispatchBasis: jsonb('dispatch_basis').$type<DispatchBasis>(),
    /**
     * A sandbox order, placed with a test key of the trade API: real catalogue and prices, but never
     * batched, invoiced or charged, listed apart to staff and deleted 30 days after it was made.
     */
    test: boolean('test').notNull().default(false),
    /** The trade API key that placed the order; null for an order made in the browser. */
    apiKeyId: integer('api_key_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
    /** The reseller's own id for the order in their system: unique per account (a duplicate is refused, naming this order). */
    externalRef: text('external_ref'),
    /** The `sequence` of this order's last webhook event: each event takes the next (webhooks/emit.ts), so a receiver can ignore a late one. */
    eventSequence: integer('event_sequence').notNull().default(0),
    /**
     * Blind dispatch: the parcel goes to the customer's own client under the customer's name — no
     * printer branding in it, their delivery note in it, their company as the carrier's sender, and
     * no e-mail from us to the delivery address. A basket takes the account's default.
     */
    blindDispatch: boolean('blind_dispatch').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic concurrency: every change adds one; a stale version answers 409. */
    version: integer('version').notNull().default(1),
    /**
     * What staff search finds an order by: its number, reference, postcode and delivery contact,
     * lower-cased. Kept by the database; trigram-indexed on PostgreSQL (migration 0007).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(id::text || ' ' || ref || ' ' || postcode || ' ' || firstname || ' ' || lastname || ' ' || company_name || ' ' || email)`,
    ),
  },
  (t) => [
    // A company's orders by status, newest first (what its members list).
    index('orders_company_status_idx').on(t.companyId, t.status, t.id),
    check('orders_status_check', sql`${t.status} in ('basket', 'live', 'printing', 'problem', 'dispatched', 'cancelled')`),
    // A customer's list by status, newest first, and the counts per status. The reference and the
    // postcode ride along so that a search by them (`ilike '%…%'`, which no b-tree serves) reads
    // only this index.
    index('orders_user_status_search_idx').on(t.userId, t.status, t.id, t.ref, t.postcode),
    // A customer's orders confirmed between two days (the list's date range).
    index('orders_user_confirmed_idx').on(t.userId, t.confirmedAt),
    // Staff's queue by status and the overdue flag; a status tab newest first.
    index('orders_status_dispatch_idx').on(t.status, t.dispatchDue),
    index('orders_status_id_idx').on(t.status, t.id),
    index('orders_status_total_idx').on(t.status, t.total),
    // Staff reports: the orders confirmed, and those dispatched, between two instants (every customer's).
    index('orders_confirmed_at_idx').on(t.confirmedAt),
    index('orders_dispatched_at_idx').on(t.dispatchedAt),
    // Staff reports: the orders dispatched on the UK days of a range, with all that working days to
    // dispatch per product needs, read from this index alone.
    index('orders_dispatched_report_idx')
      .on(t.dispatchedOn, t.confirmedOn, t.dispatchedProducts)
      .where(sql`${t.status} = 'dispatched' and not ${t.test} and ${t.confirmedAt} is not null`),
    index('orders_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.status} <> 'basket'`),
    check('orders_payment_status_check', sql`${t.paymentStatus} in ('pending', 'paid', 'refunding', 'refunded')`),
    // The order a payment provider's event names, found by its session.
    uniqueIndex('orders_checkout_session_unique')
      .on(t.checkoutSessionId)
      .where(sql`${t.checkoutSessionId} is not null`),
    uniqueIndex('orders_user_external_ref_unique')
      .on(t.userId, t.test, t.externalRef)
      .where(sql`${t.externalRef} is not null`),
    uniqueIndex('orders_user_confirm_key_unique')
      .on(t.userId, t.confirmKey)
      .where(sql`${t.confirmKey} is not null`),
  ],
);

/** One printed item of an order, with its artwork and the preflight report. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * The item's order is a sandbox one (`orders.test`, fixed when the order is made): copied by the
     * database whenever an item is made (the order_item_sandbox trigger, migration 0034), so that the
     * staff reports leave the sandbox's artwork out without reading its order.
     */
    sandbox: boolean('sandbox').notNull().default(false),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    stockId: integer('stock_id')
      .notNull()
      .references(() => stock.id, { onDelete: 'restrict' }),
    qty: integer('qty').notNull(),
    sides: text('sides').notNull(),
    orientation: text('orientation').notNull(),
    notes: text('notes').notNull().default(''),
    /** Pence; the price it was ordered at, frozen at confirmation. */
    priceSaved: integer('price_saved'),
    /**
     * The finishing options chosen (ids of `options`). No foreign key, as for the turnaround: staff
     * may delete an option, and a basket's item then says it is no longer offered rather than losing it.
     */
    optionIds: jsonb('option_ids').$type<number[]>().notNull().default([]),
    /** The turnaround chosen; null for the product's default. */
    turnaroundId: integer('turnaround_id'),
    /** The names of the options and turnaround, frozen with the price at confirmation (null before). */
    choicesSaved: jsonb('choices_saved').$type<FrozenChoices>(),
    /**
     * The quote the item was ordered from, with the price it fixed and the last day that price holds:
     * a basket's item is priced at `quoted_price` while `quoted_until` has not passed (UK day), and at
     * today's price after. A change to what the item is (product, paper, quantity, sides, options,
     * turnaround) lets go of the quote.
     */
    quoteId: integer('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    quotedPrice: integer('quoted_price'),
    quotedUntil: date('quoted_until', { mode: 'string' }),
    /**
     * Pence of the item's kept price that is its proof: of `quoted_price` for a basket's item ordered
     * from a quote with a proof, of `price_saved` once confirmed. Null where nothing is kept: a
     * basket's item is charged the PROOF_PRICE setting of the day (shared/domain/pricing/proof.ts).
     */
    proofPrice: integer('proof_price'),
    artworkName: text('artwork_name'),
    artworkSize: bigint('artwork_size', { mode: 'number' }),
    /** The file store's key of the PDF (a server-made name). */
    artworkKey: text('artwork_key'),
    artworkUploadedAt: timestamp('artwork_uploaded_at', { withTimezone: true }),
    /** The UK civil day of the upload, kept by the database: the day the staff reports count the artwork's check on. */
    artworkUploadedOn: date('artwork_uploaded_on', { mode: 'string' }).generatedAlwaysAs(sql`(artwork_uploaded_at at time zone 'Europe/London')::date`),
    previewKey: text('preview_key'),
    /** pending while the job checks it; then the worst of its checks. */
    preflightStatus: text('preflight_status'),
    preflight: jsonb('preflight'),
    /**
     * The codes of the report's failing checks (a JSON array; empty when none failed), kept by the
     * database from `preflight`: the staff reports count the most common failing check from these
     * without expanding every stored report. A report whose `checks` is not a list has none.
     */
    preflightFailed: jsonb('preflight_failed')
      .$type<string[]>()
      .generatedAlwaysAs(
        sql`case when jsonb_typeof(preflight -> 'checks') = 'array' then jsonb_path_query_array(preflight -> 'checks', '$[*] ? (@.status == "fail").code') end`,
      ),
    warningsAccepted: boolean('warnings_accepted').notNull().default(false),
    /**
     * Artwork by URL: the address the artwork was (or is being) fetched from, null for an upload.
     * `artwork_fetch_status` is `fetching` while the job fetches it (since `artwork_fetch_started_at`,
     * which also names that one fetch: a later request supersedes it) and `failed` with the reason in
     * `artwork_fetch_error`; null once the file is on the item. The artwork in place stays meanwhile.
     */
    artworkUrl: text('artwork_url'),
    artworkFetchStatus: text('artwork_fetch_status'),
    artworkFetchError: text('artwork_fetch_error'),
    artworkFetchStartedAt: timestamp('artwork_fetch_started_at', { withTimezone: true }),
    /**
     * The item gets a proof its customer approves before it is printed: asked for on the item, or
     * always for a product that requires one (set at confirmation). `proof_status` and the fields
     * after it are its current proof's state (shared/domain/orders/proofs.ts), the versions and
     * their files are `order_item_proofs`.
     */
    proofRequested: boolean('proof_requested').notNull().default(false),
    /** null before confirmation (or with no proof); then making → ready → approved | changes_requested → making … */
    proofStatus: text('proof_status'),
    /** The version the status is of (1, 2, …): while `making`, the one being made. */
    proofVersion: integer('proof_version'),
    /** Since when the proof is in its status: made (ready), decided, or asked to be made again. */
    proofStatusAt: timestamp('proof_status_at', { withTimezone: true }),
    /** What the customer asked to change (with `changes_requested`). */
    proofComment: text('proof_comment'),
    /** Who decided, as the order page names them ("Jane Smith", or a staff member "for the customer, by phone"). */
    proofDecidedBy: text('proof_decided_by'),
    /** The production batch that has it for the press now; null until batched, and again when a held order is released. */
    batchId: integer('batch_id').references((): AnyPgColumn => batches.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An order's items in order; the product rides along so that a search by product looks at an
    // order's items in this index alone.
    index('order_items_order_idx').on(t.orderId, t.id, t.productId),
    index('order_items_product_idx').on(t.productId),
    index('order_items_stock_idx').on(t.stockId),
    // Staff reports: the artwork checked (but the sandbox's), by the UK day of its upload, with its
    // result; and the failed files' failing checks. Each read from the index alone.
    index('order_items_checked_idx')
      .on(t.artworkUploadedOn, t.preflightStatus)
      .where(sql`${t.preflightStatus} in ('pass', 'warn', 'fail') and not ${t.sandbox}`),
    index('order_items_failed_checks_idx')
      .on(t.artworkUploadedOn, t.preflightFailed)
      .where(sql`${t.preflightStatus} = 'fail' and not ${t.sandbox}`),
    index('order_items_quote_idx')
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null`),
    // What a batch run looks for: the items in no batch yet.
    index('order_items_unbatched_idx')
      .on(t.orderId)
      .where(sql`${t.batchId} is null`),
    // The items whose proof still waits for approval: the orders staff see apart, and that no batch takes.
    index('order_items_awaiting_proof_idx')
      .on(t.orderId)
      .where(sql`${t.proofRequested} and ${t.proofStatus} is distinct from 'approved'`),
    check('order_items_qty_check', sql`${t.qty} > 0`),
    check('order_items_sides_check', sql`${t.sides} in ('single', 'double')`),
    check('order_items_orientation_check', sql`${t.orientation} in ('portrait', 'landscape')`),
    check('order_items_preflight_status_check', sql`${t.preflightStatus} in ('pending', 'pass', 'warn', 'fail')`),
    check('order_items_proof_status_check', sql`${t.proofStatus} in ('making', 'ready', 'approved', 'changes_requested')`),
    check('order_items_artwork_fetch_status_check', sql`${t.artworkFetchStatus} in ('fetching', 'failed')`),
  ],
);

/** The history of an order: every transition, who made it and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** What the customer's e-mail about this move reports; null when the move e-mails no one. */
    mail: jsonb('mail').$type<OrderMailFacts>(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id), check('order_events_actor_check', sql`${t.actor} in ('customer', 'staff', 'system')`)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
