import { formatDate, type CivilDate } from '../calendar/workingDays';
import { formatPence } from '../pricing/format';

/*
 * Credit control (DESIGN §2 "Payment terms, payments and credit control"): whether an account
 * customer's next order on account is held, and why — the one rule confirmation and the staff user
 * page both read. A card payment is never held: it is paid before anything is printed.
 */

/** Days past its due date an unpaid invoice may be before the customer's orders on account are held (setting CREDIT_HOLD_OVERDUE_DAYS). */
export const DEFAULT_CREDIT_HOLD_OVERDUE_DAYS = 14;

const DAY_MS = 86_400_000;

/** Whole calendar days from `from` to `to` (UK civil dates): 0 on the same day, negative when `to` is earlier. */
export function calendarDaysBetween(from: CivilDate, to: CivilDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The setting's value as days; anything that is not a whole number of days falls back to the default. */
export function creditHoldOverdueDays(setting: string | undefined): number {
  const days = setting === undefined ? NaN : Number(setting.trim());
  return Number.isInteger(days) && days >= 0 ? days : DEFAULT_CREDIT_HOLD_OVERDUE_DAYS;
}

export interface CreditPosition {
  /** Pence the customer may owe at most; null for no limit. */
  creditLimit: number | null;
  /** Pence owing now: the unpaid balances of their invoices and their confirmed orders not yet invoiced, less the credit of payments not allocated (negative when in credit). */
  balance: number;
  /** The oldest unpaid invoice's due date, null when none is owing. */
  oldestUnpaidDue: CivilDate | null;
  /** Days past due an invoice may be before orders are held. */
  overdueDays: number;
  /** The UK date today. */
  today: CivilDate;
}

/**
 * Why an order of `orderTotal` pence on account is held, or null when it may be confirmed: an
 * invoice more than `overdueDays` past due (the due date + that many days still passes), or the
 * balance with this order over the limit (exactly at the limit passes).
 */
export function creditHoldReason(position: CreditPosition, orderTotal: number): string | null {
  const { creditLimit, balance, oldestUnpaidDue, overdueDays, today } = position;
  if (oldestUnpaidDue !== null) {
    const late = calendarDaysBetween(oldestUnpaidDue, today);
    if (late > overdueDays) {
      // Asked with no order (staff's views) it is said of the account, not to the customer.
      return orderTotal === 0
        ? `An invoice is ${late} days overdue (due ${formatDate(oldestUnpaidDue)}): orders on account are held until it is paid.`
        : `An invoice of yours is ${late} days overdue (due ${formatDate(oldestUnpaidDue)}): your orders on account are held until it is paid.`;
    }
  }
  if (creditLimit !== null && balance + orderTotal > creditLimit) {
    const owing = balance > 0 ? ` (owing ${formatPence(balance)})` : '';
    // Asked with no order (the staff user page): already over the limit.
    if (orderTotal === 0) return `The account owes ${formatPence(balance)}, over its credit limit of ${formatPence(creditLimit)}.`;
    return `This order of ${formatPence(orderTotal)} would take you over your credit limit of ${formatPence(creditLimit)}${owing}.`;
  }
  return null;
}

/** What the customer is told beside the held confirmation: the reason and what they can do. */
export function creditHoldMessage(reason: string, cardAvailable: boolean): string {
  return `${reason} ${cardAvailable ? 'Pay this order by card, or contact us.' : 'Please contact us to confirm this order.'}`;
}
