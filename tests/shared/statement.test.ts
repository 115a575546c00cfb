import { describe, expect, it } from 'vitest';
import { ukToday } from '../../src/shared/domain/orders/overdue';
import { agedDebtBucket, agedDebtOf, daysBetween, monthOf, statementOf, type StatementEntry } from '../../src/shared/domain/payments/statement';

// The worked example: an invoice, a part payment, a second invoice, a payment that clears both; a refund after.
const entries: StatementEntry[] = [
  { kind: 'payment', date: '2026-05-02', reference: 'BACS 2', amount: 50_000 },
  { kind: 'invoice', date: '2026-04-10', reference: 'INV-1', amount: 30_000 },
  { kind: 'payment', date: '2026-04-20', reference: 'BACS 1', amount: 10_000 },
  { kind: 'invoice', date: '2026-05-02', reference: 'INV-2', amount: 24_000 },
  { kind: 'refund', date: '2026-06-01', reference: 'RF 1', amount: 1_000 },
];

describe('a statement', () => {
  it('opens with what was dated before the period, runs through it in date order and closes with what is owed at its end', () => {
    const statement = statementOf(entries, '2026-05-01', '2026-05-31');
    // Before May: 300.00 invoiced, 100.00 paid.
    expect(statement.opening_balance).toBe(20_000);
    // Same day: the invoice before the payment; the June refund is outside the period.
    expect(statement.lines.map((l) => [l.reference, l.balance])).toEqual([
      ['INV-2', 44_000],
      ['BACS 2', -6_000],
    ]);
    expect(statement.closing_balance).toBe(-6_000);
  });

  it('takes both ends of the period in, and the next period opens where this one closed', () => {
    const april = statementOf(entries, '2026-04-10', '2026-04-20');
    expect(april.opening_balance).toBe(0);
    expect(april.lines.map((l) => l.balance)).toEqual([30_000, 20_000]);
    const rest = statementOf(entries, '2026-04-21', '2026-06-30');
    expect(rest.opening_balance).toBe(april.closing_balance);
    // A refund gives back credit: the customer is 50.00 in credit, not 60.00.
    expect(rest.closing_balance).toBe(-5_000);
  });

  it('is empty with no entries, opening and closing at nothing', () => {
    expect(statementOf([], '2026-05-01', '2026-05-31')).toEqual({ from: '2026-05-01', to: '2026-05-31', opening_balance: 0, lines: [], closing_balance: 0 });
  });

  it('covers the calendar month by default, leap February and December included', () => {
    expect(monthOf('2026-05-17')).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(monthOf('2028-02-03')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('aged debt', () => {
  it('counts whole UK days past the due date: the due date is current, 30 days past is 1–30, 31 days is 31–60', () => {
    expect(agedDebtBucket('2026-07-01', '2026-07-01')).toBe('current');
    expect(agedDebtBucket('2026-07-01', '2026-06-20')).toBe('current');
    expect(agedDebtBucket('2026-06-01', '2026-07-01')).toBe('days_1_30');
    expect(agedDebtBucket('2026-05-31', '2026-07-01')).toBe('days_31_60');
    expect(agedDebtBucket('2026-05-02', '2026-07-01')).toBe('days_31_60');
    expect(agedDebtBucket('2026-05-01', '2026-07-01')).toBe('days_61_90');
    expect(agedDebtBucket('2026-04-02', '2026-07-01')).toBe('days_61_90');
    expect(agedDebtBucket('2026-04-01', '2026-07-01')).toBe('over_90');
  });

  it('is the UK date at UK midnight in summer time, not the UTC one', () => {
    // 00:30 BST on 1 July is 23:30 UTC on 30 June: in the UK it is already 1 July.
    const today = ukToday(new Date('2026-06-30T23:30:00Z'));
    expect(today).toBe('2026-07-01');
    expect(agedDebtBucket('2026-06-01', today)).toBe('days_1_30');
    expect(agedDebtBucket('2026-05-31', today)).toBe('days_31_60');
    // Across the spring change of the clocks a day is still a day.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('adds the unpaid balances per bucket and leaves paid invoices out', () => {
    const aged = agedDebtOf(
      [
        { due_date: '2026-07-10', balance: 10_000 },
        { due_date: '2026-06-01', balance: 2_500 },
        { due_date: '2026-05-31', balance: 4_000 },
        { due_date: '2026-05-15', balance: 0 },
        { due_date: '2026-01-01', balance: 999 },
      ],
      '2026-07-01',
    );
    expect(aged).toEqual({ current: 10_000, days_1_30: 2_500, days_31_60: 4_000, days_61_90: 0, over_90: 999, total: 17_499 });
  });
});
