import { describe, expect, it } from 'vitest';
import { paperLabel, priceListCsv, priceShown } from '../../src/customer/pages/prices/money';

describe('price list money (exact, no floats)', () => {
  it('adds VAT half-up to the penny, or leaves the price as it is without a rate', () => {
    expect(priceShown(149, '20')).toBe(179);
    expect(priceShown(2134, '20')).toBe(2561);
    expect(priceShown(1, '17.5')).toBe(1); // 0.175p → 0
    expect(priceShown(3, '17.5')).toBe(4); // 0.525p → 1
    expect(priceShown(149, null)).toBe(149);
  });

  it('names a paper with its type only when the name does not already say it', () => {
    expect(paperLabel({ name: '350gsm Silk', type: 'Silk' })).toBe('350gsm Silk');
    expect(paperLabel({ name: '350gsm silk', type: 'Silk' })).toBe('350gsm silk');
    expect(paperLabel({ name: '400gsm', type: 'Matt' })).toBe('400gsm · Matt');
    expect(paperLabel({ name: '130gsm Gloss', type: '' })).toBe('130gsm Gloss');
  });

  it('writes CSV with quoting and defused formulas', () => {
    const csv = priceListCsv(
      [
        {
          id: 1,
          name: '=cmd, "quoted"',
          description: '',
          discount: 0,
          stocks: [{ id: 2, name: 'Card', type: '', breaks: [{ qty: 100, single: 1000, double: 1500 }] }],
        },
      ],
      null,
    );
    const [head, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(head).not.toContain('inc VAT');
    expect(row).toBe(`"'=cmd, ""quoted""",Card,100,10.00,15.00,0.1000,0.1500,0`);
  });

  it('writes a paper name that would start a formula as text, and a negative discount as a number', () => {
    const csv = priceListCsv(
      [
        {
          id: 1,
          name: 'Cards',
          description: '',
          discount: -5,
          stocks: [{ id: 2, name: '@SUM(A1)', type: '+Gloss', breaks: [{ qty: 50, single: 500, double: 800 }] }],
        },
      ],
      '20',
    );
    const [, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(row).toBe(`Cards,'@SUM(A1) · +Gloss,50,5.00,8.00,0.1000,0.1600,6.00,9.60,-5`);
  });
});
