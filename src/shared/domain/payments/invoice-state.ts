import type { CivilDate } from '../calendar/workingDays';
import { ukToday } from '../orders/overdue';

/*
 * What an invoice's payments make of it (DESIGN §2 "Payment terms, payments and credit control"):
 * its due date when raised, and its state from what is allocated to it — the one rule the customer's
 * list, the staff list, the PDF and the allocation of payments all read.
 */

export const INVOICE_STATES = ['unpaid', 'part_paid', 'paid', 'overdue'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  unpaid: 'Unpaid',
  part_paid: 'Part-paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

/** The states still owing money: what the customer's "Unpaid" filter shows. */
export const OWING_STATES: readonly InvoiceState[] = ['unpaid', 'part_paid', 'overdue'];

/** Days after the invoice date an invoice raised before due dates existed was given (the usual terms). */
export const BACKFILLED_CREDIT_DAYS = 30;

const DAY_MS = 86_400_000;

/** A civil date `days` days after `date` (calendar days, not working days). */
export function addCalendarDays(date: CivilDate, days: number): CivilDate {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

/** When an invoice is due: on its date when the order was paid by card already, else after the customer's credit days. */
export function invoiceDueDate(invoiceDate: CivilDate, creditDays: number, paidByCard: boolean): CivilDate {
  return paidByCard ? invoiceDate : addCalendarDays(invoiceDate, creditDays);
}

/** The money of an invoice, in pence: what it is for, what is allocated to it, what is left. */
export function invoiceBalance(total: number, paid: number): number {
  return total - paid;
}

/**
 * The invoice's state: `paid` once nothing is left to pay; else `overdue` when the UK date is past
 * its due date (the due date itself is still in time), else `part_paid` when something was paid,
 * else `unpaid`.
 */
export function invoiceState(invoice: { total: number; paid: number; due_date: CivilDate }, today: CivilDate = ukToday()): InvoiceState {
  if (invoiceBalance(invoice.total, invoice.paid) <= 0) return 'paid';
  if (today > invoice.due_date) return 'overdue';
  return invoice.paid > 0 ? 'part_paid' : 'unpaid';
}
