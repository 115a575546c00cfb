import { describe, expect, it } from 'vitest';
import { lastMonth, recentQuarters, thisMonth } from '../../src/shared/domain/accounts/periods';
import { poundsText, xeroDate, xeroQuantity } from '../../src/shared/domain/accounts/xero';

describe('the periods of the Accounts page', () => {
  it('this month and last month, across a year’s end and a leap February', () => {
    expect(thisMonth('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(lastMonth('2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(lastMonth('2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('VAT quarters on calendar quarters, newest first, into the year before', () => {
    expect(recentQuarters('2026-05-20', 3)).toEqual([
      { from: '2026-04-01', to: '2026-06-30', name: 'Apr–Jun 2026' },
      { from: '2026-01-01', to: '2026-03-31', name: 'Jan–Mar 2026' },
      { from: '2025-10-01', to: '2025-12-31', name: 'Oct–Dec 2025' },
    ]);
  });
});

describe('amounts and dates as Xero reads them', () => {
  it('pence as pounds with two decimals, dates day first', () => {
    expect([poundsText(0), poundsText(5), poundsText(12_345), poundsText(-5)]).toEqual(['0.00', '0.05', '123.45', '-0.05']);
    expect(xeroDate('2026-01-31')).toBe('31/01/2026');
  });

  it('a unit price when it is whole pence, else one of the whole line', () => {
    expect(xeroQuantity(250, 2_500)).toEqual({ quantity: 250, unitAmount: '0.10' });
    expect(xeroQuantity(500, 2_799)).toEqual({ quantity: 1, unitAmount: '27.99' });
  });
});
