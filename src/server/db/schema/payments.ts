import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, companyLink } from './columns';
import { invoices } from './invoices';
import { orders } from './orders';
import { companies } from './companies';
import { users } from './users';

/**
 * Money received from a customer (DESIGN §2 "Payment terms, payments and credit control"): a card
 * payment at checkout is written by the app when the payment provider confirms it; bank transfers,
 * cheques and the rest are recorded by staff. What a payment pays is said by its allocations to
 * invoices (payment_allocations); a card payment names the order it paid for until that order is invoiced.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The company the row belongs to (the placing member's when made): it stays the company's when the member leaves. */
    companyId: companyLink(() => companies.id),
    /** Pence, more than zero; refunds are rows of payment_refunds, never a negative payment. */
    amount: integer('amount').notNull(),
    /** The UK civil date it was received. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    /** What identifies it at its source: the card payment's id at the provider, a cheque number, a bank reference. */
    reference: text('reference').notNull().default(''),
    /** The order a card payment at checkout paid for. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The payment provider's Checkout Session it came from: one payment per session, whatever the retries. */
    checkoutSessionId: text('checkout_session_id'),
    /** Who recorded it (staff); null for a payment the app recorded itself. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_company_idx').on(t.companyId, t.receivedOn),
    index('payments_user_idx').on(t.userId, t.receivedOn),
    index('payments_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex('payments_checkout_session_unique')
      .on(t.checkoutSessionId)
      .where(sql`${t.checkoutSessionId} is not null`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_method_check', sql`${t.method} in ('card', 'bank_transfer', 'cheque', 'other')`),
  ],
);

/** Money given back from a payment (a paid order cancelled before dispatch): amount and the provider's reference. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** Pence, more than zero. */
    amount: integer('amount').notNull(),
    /** The refund's id at the payment provider. */
    reference: text('reference').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_reference_unique').on(t.reference),
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The payment provider's webhook events already handled, by their id: the provider sends an event
 * again until it is answered 2xx (and sometimes twice regardless), and each must change things once.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

/**
 * What part of a payment pays which invoice (pence, more than zero), one row per payment and invoice.
 * An invoice's paid amount is the sum of its allocations; a payment's amount not allocated is the
 * customer's credit.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_allocations_payment_invoice_unique').on(t.paymentId, t.invoiceId),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
    check('payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentAllocationRow = typeof paymentAllocations.$inferSelect;
