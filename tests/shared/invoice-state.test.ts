import { describe, expect, it } from 'vitest';
import { addCalendarDays, invoiceDueDate, invoiceState } from '../../src/shared/domain/payments/invoice-state';
import { ukToday } from '../../src/shared/domain/orders/overdue';

const invoice = (paid: number, due_date = '2026-03-31') => ({ total: 12_000, paid, due_date });

describe('an invoice due date', () => {
  it('is the invoice date plus the credit days, across month and year ends, or the invoice date when paid by card', () => {
    expect(invoiceDueDate('2026-01-15', 30, false)).toBe('2026-02-14');
    expect(invoiceDueDate('2026-12-15', 30, false)).toBe('2027-01-14');
    expect(invoiceDueDate('2028-02-15', 14, false)).toBe('2028-02-29');
    expect(invoiceDueDate('2026-03-20', 0, false)).toBe('2026-03-20');
    expect(invoiceDueDate('2026-03-20', 30, true)).toBe('2026-03-20');
    // Calendar days, whatever the clocks do: the spring change (29 March 2026) moves no date.
    expect(addCalendarDays('2026-03-28', 2)).toBe('2026-03-30');
  });
});

describe('an invoice state', () => {
  it('is unpaid with nothing paid up to and including its due date', () => {
    expect(invoiceState(invoice(0), '2026-03-01')).toBe('unpaid');
    expect(invoiceState(invoice(0), '2026-03-31')).toBe('unpaid');
  });

  it('is part-paid with some paid, and overdue (unpaid or part-paid) from the day after its due date', () => {
    expect(invoiceState(invoice(1), '2026-03-31')).toBe('part_paid');
    expect(invoiceState(invoice(0), '2026-04-01')).toBe('overdue');
    expect(invoiceState(invoice(11_999), '2026-04-01')).toBe('overdue');
  });

  it('is paid once nothing is left, even past its due date or overpaid', () => {
    expect(invoiceState(invoice(12_000), '2026-04-01')).toBe('paid');
    expect(invoiceState(invoice(12_500), '2026-03-01')).toBe('paid');
    expect(invoiceState({ total: 0, paid: 0, due_date: '2026-01-01' }, '2026-04-01')).toBe('paid');
  });

  it('counts days in UK dates: just after midnight in London in summer is already the next day', () => {
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in London (BST).
    const today = ukToday(new Date('2026-03-31T23:30:00Z'));
    expect(today).toBe('2026-04-01');
    expect(invoiceState(invoice(0), today)).toBe('overdue');
    // 23:30 UTC on 31 January is still 31 January in London (GMT).
    expect(invoiceState(invoice(0, '2026-01-31'), ukToday(new Date('2026-01-31T23:30:00Z')))).toBe('unpaid');
  });
});
