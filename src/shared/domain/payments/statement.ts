import type { CivilDate } from '../calendar/workingDays';
import { addCalendarDays } from './invoice-state';

/*
 * A customer's account as a statement and as aged debt (DESIGN §2 "Payment terms, payments and
 * credit control"). Everything is counted in UK civil dates (YYYY-MM-DD): an invoice's date, a
 * payment's received date, a refund's date and "today" are each the day it was in the UK, so a
 * payment taken at 00:30 BST belongs to that UK day, not to the day before in UTC.
 */

/** Longest period one statement covers: a year, leap day included. */
export const MAX_STATEMENT_DAYS = 366;

const DAY_MS = 86_400_000;

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CivilDate, to: CivilDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The first and last day of the calendar month `today` is in: a statement's default period. */
export function monthOf(today: CivilDate): { from: CivilDate; to: CivilDate } {
  const from = `${today.slice(0, 7)}-01`;
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from, to: addCalendarDays(next, -1) };
}

/** What moves a customer's balance: an invoice raises it; a payment lowers it; a refund of a payment raises it again. */
export type StatementEntryKind = 'invoice' | 'payment' | 'refund';

export interface StatementEntry {
  kind: StatementEntryKind;
  date: CivilDate;
  /** The invoice number, or the payment's reference. */
  reference: string;
  /** Pence, more than zero; its kind says which way it moves the balance. */
  amount: number;
}

export interface StatementLine extends StatementEntry {
  /** What the customer owes after this line (negative: in credit). */
  balance: number;
}

export interface Statement {
  from: CivilDate;
  to: CivilDate;
  /** Owed at the start of `from`: everything dated before the period. */
  opening_balance: number;
  lines: StatementLine[];
  /** Owed at the end of `to`. */
  closing_balance: number;
}

const SIGN: Record<StatementEntryKind, 1 | -1> = { invoice: 1, payment: -1, refund: 1 };
// On one day, the invoice comes before the payment that pays it, and a refund after the payment it returns.
const KIND_ORDER: Record<StatementEntryKind, number> = { invoice: 0, payment: 1, refund: 2 };

/**
 * The statement of the period `from`–`to` (both days included) from every invoice, payment and
 * refund of the customer: the opening balance is what was dated before `from`; the period's entries
 * follow in date order, each with the balance after it; what is dated after `to` is left out.
 */
export function statementOf(entries: readonly StatementEntry[], from: CivilDate, to: CivilDate): Statement {
  let opening = 0;
  const inPeriod: StatementEntry[] = [];
  for (const entry of entries) {
    if (entry.date < from) opening += SIGN[entry.kind] * entry.amount;
    else if (entry.date <= to) inPeriod.push(entry);
  }
  const ordered = inPeriod
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) =>
      a.entry.date < b.entry.date ? -1 : a.entry.date > b.entry.date ? 1 : KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] || a.index - b.index,
    );
  let balance = opening;
  const lines = ordered.map(({ entry }) => {
    balance += SIGN[entry.kind] * entry.amount;
    return { ...entry, balance };
  });
  return { from, to, opening_balance: opening, lines, closing_balance: balance };
}

/** The aged-debt buckets, by whole UK days past the due date. */
export const AGED_DEBT_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgedDebtBucket = (typeof AGED_DEBT_BUCKETS)[number];

export const AGED_DEBT_LABELS: Record<AgedDebtBucket, string> = {
  current: 'Current',
  days_1_30: '1–30 days',
  days_31_60: '31–60 days',
  days_61_90: '61–90 days',
  over_90: 'Over 90 days',
};

export type AgedDebt = Record<AgedDebtBucket, number> & {
  /** What the invoices still owe, all buckets together. */
  total: number;
};

/** The bucket of a balance due on `dueDate`, on the UK date `today`: not yet past due (the due date itself included) is current. */
export function agedDebtBucket(dueDate: CivilDate, today: CivilDate): AgedDebtBucket {
  const late = daysBetween(dueDate, today);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days_1_30';
  if (late <= 60) return 'days_31_60';
  if (late <= 90) return 'days_61_90';
  return 'over_90';
}

/** The unpaid balances of a customer's invoices by how long past due they are on `today`; paid invoices count for nothing. */
export function agedDebtOf(invoices: readonly { due_date: CivilDate; balance: number }[], today: CivilDate): AgedDebt {
  const aged: AgedDebt = { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0, total: 0 };
  for (const invoice of invoices) {
    if (invoice.balance <= 0) continue;
    aged[agedDebtBucket(invoice.due_date, today)] += invoice.balance;
    aged.total += invoice.balance;
  }
  return aged;
}
