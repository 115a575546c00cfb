import { describe, expect, it } from 'vitest';
import { markupSchema } from '../../src/shared/api/quotes';
import {
  markedUpQuote,
  markUp,
  markupTenths,
  quoteHolds,
  quoteNumber,
  quotedPriceNote,
  quoteValidDays,
  quoteValidUntil,
} from '../../src/shared/domain/quotes/quotes';

describe('a quote’s number and validity', () => {
  it('is numbered Q- and six digits at least', () => {
    expect(quoteNumber(1)).toBe('Q-000001');
    expect(quoteNumber(123)).toBe('Q-000123');
    expect(quoteNumber(1_234_567)).toBe('Q-1234567');
  });

  it('holds for QUOTE_VALID_DAYS calendar days, through its last day, across months and the clock change', () => {
    expect(quoteValidUntil('2026-03-01', 30)).toBe('2026-03-31');
    expect(quoteValidUntil('2026-03-20', 30)).toBe('2026-04-19');
    expect(quoteValidUntil('2026-12-15', 30)).toBe('2027-01-14');
    expect(quoteHolds('2026-03-31', '2026-03-31')).toBe(true);
    expect(quoteHolds('2026-03-31', '2026-04-01')).toBe(false);
  });

  it('reads the setting as 1–365 days, else 30', () => {
    expect(quoteValidDays('14')).toBe(14);
    expect(quoteValidDays(' 365 ')).toBe(365);
    for (const bad of ['0', '366', '', 'ten', '7.5', null, undefined]) expect(quoteValidDays(bad)).toBe(30);
  });

  it('says plainly whose price applies', () => {
    expect(quotedPriceNote('Q-000007', '2026-03-31', true)).toBe('Quoted price from Q-000007, valid until 31 Mar 2026.');
    expect(quotedPriceNote('Q-000007', '2026-03-31', false)).toBe("Quote Q-000007 expired on 31 Mar 2026: today's price applies.");
  });
});

describe('the markup on a client’s PDF', () => {
  it('is 0–500 %, whole or with one decimal place', () => {
    for (const good of ['0', '15', '12.5', '500', ' 7 ']) expect(markupSchema.safeParse(good).success, good).toBe(true);
    for (const bad of ['-1', '500.1', '501', '12.25', 'abc', '', '1e2', '.5']) expect(markupSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('rounds each line half up to the penny, once', () => {
    expect(markUp(75, markupTenths('15'))).toBe(86); // 86.25
    expect(markUp(10, markupTenths('15'))).toBe(12); // 11.5 → 12
    expect(markUp(1999, markupTenths('12.5'))).toBe(2249); // 2248.875
    expect(markUp(1234, markupTenths('0'))).toBe(1234);
    expect(markUp(100, markupTenths('500'))).toBe(600);
  });

  it('works the totals from the marked-up lines, VAT on their net as an order’s', () => {
    expect(markedUpQuote([75, 10], 395, '20', '15')).toEqual({ lines: [86, 12], delivery: 454, total_net: 552, total_vat: 110, total: 662 });
    expect(markedUpQuote([75], 395, '20')).toEqual({ lines: [75], delivery: 395, total_net: 470, total_vat: 94, total: 564 });
  });
});
