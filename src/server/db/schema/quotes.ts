import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { deliveryContactColumns, companyLink } from './columns';
import { products, stock } from './catalogue';
import { countries } from './countries';
import { deliveryTypes } from './delivery';
import type { FrozenChoices } from './orders';
import { companies } from './companies';
import { users } from './users';

/**
 * A saved quote (DESIGN §2 "Quotes"): a basket's items, delivery and prices as they were on the day
 * it was saved, kept for the customer to send on (as a PDF) and to order later at those prices
 * while `valid_until` has not passed. Its number is its id, written Q-000123 (shared/domain/quotes).
 * Names are frozen with the prices, so a later change to the catalogue leaves the quote as it was.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company the row belongs to (the placing member's when made): it stays the company's when the member leaves. */
    companyId: companyLink(() => companies.id),
    /** The customer's reference, from the basket it was saved from. */
    ref: text('ref').notNull().default(''),
    ...deliveryContactColumns(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    /** The country's name as it was (the PDF prints it). */
    countryName: text('country_name').notNull().default(''),
    /** The delivery service quoted; its name is kept should staff remove the service later. */
    deliveryTypeId: integer('delivery_type_id').references(() => deliveryTypes.id, { onDelete: 'set null' }),
    deliveryTypeName: text('delivery_type_name').notNull(),
    /** Pence. */
    deliveryCost: integer('delivery_cost').notNull(),
    totalNet: integer('total_net').notNull(),
    totalVat: integer('total_vat').notNull(),
    total: integer('total').notNull(),
    /** The VAT rate (percent) the totals were worked at: a marked-up PDF works its VAT at the same rate. */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    /** The last UK day the quoted prices hold (included). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quotes_user_idx').on(t.userId, t.id), index('quotes_company_idx').on(t.companyId, t.id)],
);

/** One line of a quote: the item as chosen, its names and its price, frozen when the quote was saved. */
export const quoteItems = pgTable(
  'quote_items',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    // Like an order's item: a product or paper on a quote cannot be deleted (staff mark it inactive instead).
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    stockId: integer('stock_id')
      .notNull()
      .references(() => stock.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    stockName: text('stock_name').notNull(),
    qty: integer('qty').notNull(),
    sides: text('sides').notNull(),
    orientation: text('orientation').notNull(),
    notes: text('notes').notNull().default(''),
    optionIds: jsonb('option_ids').$type<number[]>().notNull().default([]),
    turnaroundId: integer('turnaround_id'),
    /** The options and turnaround by name, as quoted. */
    choices: jsonb('choices').$type<FrozenChoices>().notNull(),
    /** Pence, the line's price as quoted (with its proof, when it has one). */
    price: integer('price').notNull(),
    /** The line has a proof to approve before printing (asked for, or its product required one when quoted). */
    proofRequested: boolean('proof_requested').notNull().default(false),
    /** Pence of `price` that is the proof (the PROOF_PRICE setting when quoted; 0 without a proof). */
    proofPrice: integer('proof_price').notNull().default(0),
  },
  (t) => [
    index('quote_items_quote_idx').on(t.quoteId, t.id),
    index('quote_items_product_idx').on(t.productId),
    index('quote_items_stock_idx').on(t.stockId),
    check('quote_items_qty_check', sql`${t.qty} > 0`),
    check('quote_items_sides_check', sql`${t.sides} in ('single', 'double')`),
    check('quote_items_orientation_check', sql`${t.orientation} in ('portrait', 'landscape')`),
  ],
);

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
