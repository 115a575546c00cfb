import { describe, expect, it } from 'vitest';
import {
  calendarDaysBetween,
  creditHoldMessage,
  creditHoldOverdueDays,
  creditHoldReason,
  type CreditPosition,
} from '../../src/shared/domain/payments/credit-hold';

const position = (over: Partial<CreditPosition> = {}): CreditPosition => ({
  creditLimit: 100_000,
  balance: 60_000,
  oldestUnpaidDue: null,
  overdueDays: 14,
  today: '2026-03-31',
  ...over,
});

describe('credit hold', () => {
  it('passes an order that takes the balance exactly to the limit', () => {
    // £600 owing + £400 order = £1,000 limit.
    expect(creditHoldReason(position(), 40_000)).toBeNull();
  });

  it('holds an order one penny over the limit, naming the limit and what is owed', () => {
    expect(creditHoldReason(position(), 40_001)).toBe('This order of £400.01 would take you over your credit limit of £1,000.00 (owing £600.00).');
  });

  it('counts unallocated credit against the order (a negative balance)', () => {
    expect(creditHoldReason(position({ balance: -5_000 }), 105_000)).toBeNull();
    expect(creditHoldReason(position({ balance: -5_000 }), 105_001)).toMatch(/over your credit limit of £1,000\.00\.$/);
  });

  it('never holds for the limit when there is none', () => {
    expect(creditHoldReason(position({ creditLimit: null, balance: 9_999_999 }), 9_999_999)).toBeNull();
  });

  it('passes an invoice 14 days overdue and holds one 15 days overdue (UK dates, across the clocks going forward)', () => {
    // Due 16 March; the clocks go forward on 29 March 2026: still whole days.
    expect(creditHoldReason(position({ oldestUnpaidDue: '2026-03-17', creditLimit: null }), 1)).toBeNull();
    expect(creditHoldReason(position({ oldestUnpaidDue: '2026-03-16', creditLimit: null }), 1)).toBe(
      'An invoice of yours is 15 days overdue (due 16 Mar 2026): your orders on account are held until it is paid.',
    );
  });

  it('holds on the overdue invoice first, even within the limit', () => {
    expect(creditHoldReason(position({ oldestUnpaidDue: '2026-01-01' }), 1)).toMatch(/^An invoice of yours is 89 days overdue/);
  });

  it('tells staff, asked with no order, when the account is already over its limit', () => {
    expect(creditHoldReason(position({ balance: 100_000 }), 0)).toBeNull();
    expect(creditHoldReason(position({ balance: 100_050 }), 0)).toBe('The account owes £1,000.50, over its credit limit of £1,000.00.');
  });

  it('offers the card when card payment is available', () => {
    expect(creditHoldMessage('Held.', true)).toBe('Held. Pay this order by card, or contact us.');
    expect(creditHoldMessage('Held.', false)).toBe('Held. Please contact us to confirm this order.');
  });

  it('reads the setting, falling back to 14 days', () => {
    expect(creditHoldOverdueDays('30')).toBe(30);
    expect(creditHoldOverdueDays(undefined)).toBe(14);
    expect(creditHoldOverdueDays('soon')).toBe(14);
    expect(calendarDaysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });
});
