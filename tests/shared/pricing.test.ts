import { describe, expect, it } from 'vitest';
import {
  decimalProblem,
  divideHalfUp,
  formatPence,
  formatUnitCost,
  linePrice,
  parsePercent,
  parseUnitCost,
  quoteBreak,
  sheetsFor,
  type Sides,
  type StockCosts,
} from '../../src/shared/domain/pricing';

const silk350: StockCosts = { sheet_cost: '0.0450', single_cost: '0.0300', double_cost: '0.0550' };
const tiny: StockCosts = { sheet_cost: '0.0100', single_cost: '0.0025', double_cost: '0.0050' };
const halfPenny: StockCosts = { sheet_cost: '0.0200', single_cost: '0.0050', double_cost: '0.0100' };
const poster: StockCosts = { sheet_cost: '0.1200', single_cost: '0.1800', double_cost: '0.3000' };
const free: StockCosts = { sheet_cost: '0', single_cost: '0', double_cost: '0' };

interface Row {
  what: string;
  stock: StockCosts;
  multiplier: number;
  qty: number;
  sides: Sides;
  margin: string | number;
  discount: string | number;
  sheets: number;
  pence: number;
}

// Worked by hand: cost = sheets × (sheet + side) in pounds; price = cost × (1 + m%) × (1 − d%), half-up.
// prettier-ignore
const TABLE: Row[] = [
  { what: 'business cards, single: 11 × £0.0750 = 82.5p, ×2 = 165p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 100, discount: 0, sheets: 11, pence: 165 },
  { what: 'the same double-sided: 11 × £0.1000 = 110p, ×2 = 220p', stock: silk350, multiplier: 24, qty: 250, sides: 'double', margin: 100, discount: 0, sheets: 11, pence: 220 },
  { what: 'quantity a multiple of items per sheet: 240/24 = 10 sheets, 75p × 2', stock: silk350, multiplier: 24, qty: 240, sides: 'single', margin: 100, discount: 0, sheets: 10, pence: 150 },
  { what: 'quantity below items per sheet still takes one sheet: 7.5p × 2 = 15p', stock: silk350, multiplier: 24, qty: 1, sides: 'single', margin: 100, discount: 0, sheets: 1, pence: 15 },
  { what: 'exactly half a penny rounds up: 1.25p × 2 = 2.5p → 3p', stock: tiny, multiplier: 1, qty: 1, sides: 'single', margin: 100, discount: 0, sheets: 1, pence: 3 },
  { what: 'just under half a penny rounds down: 1.25p × 1.9999 = 2.4999p → 2p', stock: tiny, multiplier: 1, qty: 1, sides: 'single', margin: '99.99', discount: 0, sheets: 1, pence: 2 },
  { what: '0 % margin, 0 % discount: the cost, half-up: 82.5p → 83p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 0, discount: 0, sheets: 11, pence: 83 },
  { what: '100 % discount is free', stock: silk350, multiplier: 24, qty: 250, sides: 'double', margin: 100, discount: 100, sheets: 11, pence: 0 },
  { what: '10 % discount on 165p = 148.5p → 149p (half after discount)', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 100, discount: 10, sheets: 11, pence: 149 },
  { what: 'rounded once per line: 2.5p × 0.9 = 2.25p → 2p (rounding the rrp first would give 3p)', stock: halfPenny, multiplier: 1, qty: 1, sides: 'single', margin: 0, discount: 10, sheets: 1, pence: 2 },
  { what: 'decimal margin 37.5 %: 82.5p × 1.375 = 113.4375p → 113p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: '37.5', discount: 0, sheets: 11, pence: 113 },
  { what: 'big run: 10000/24 → 417 sheets × £0.10 = 4170p, +45 % = 6046.5p → 6047p', stock: silk350, multiplier: 24, qty: 10000, sides: 'double', margin: 45, discount: 0, sheets: 417, pence: 6047 },
  { what: 'margin at the 1000 % ceiling: 82.5p × 11 = 907.5p → 908p', stock: silk350, multiplier: 24, qty: 250, sides: 'single', margin: 1000, discount: 0, sheets: 11, pence: 908 },
  { what: 'posters 1 per sheet, 12.5 % discount: 1500p × 1.8 × 0.875 = 2362.5p → 2363p', stock: poster, multiplier: 1, qty: 50, sides: 'single', margin: 80, discount: '12.5', sheets: 50, pence: 2363 },
  { what: 'posters double-sided: 50 × £0.42 = 2100p × 1.8 = 3780p', stock: poster, multiplier: 1, qty: 50, sides: 'double', margin: 80, discount: 0, sheets: 50, pence: 3780 },
  { what: 'costs of zero give a price of zero', stock: free, multiplier: 4, qty: 100, sides: 'double', margin: 500, discount: 0, sheets: 25, pence: 0 },
  { what: 'decimal strings for the percentages behave as numbers: "45.00" = 45', stock: silk350, multiplier: 24, qty: 10000, sides: 'double', margin: '45.00', discount: '0.00', sheets: 417, pence: 6047 },
];

describe('the price engine: worked table', () => {
  it.each(TABLE)('$what', (row) => {
    expect(sheetsFor(row.qty, row.multiplier)).toBe(row.sheets);
    expect(linePrice(row)).toBe(row.pence);
  });

  it('has at least 12 worked cases', () => expect(TABLE.length).toBeGreaterThanOrEqual(12));

  it('quotes a break for the margin preview: sheets, both costs and both prices', () => {
    expect(quoteBreak({ stock: silk350, multiplier: 24, qty: 250, margin: 100, discount: 10 })).toEqual({
      qty: 250,
      sheets: 11,
      cost_single: '0.8250',
      cost_double: '1.1000',
      single: 149,
      double: 198,
    });
  });
});

describe('the price engine refuses inputs outside its domain', () => {
  const base = { stock: silk350, multiplier: 24, qty: 250, sides: 'single' as const, margin: 50, discount: 0 };
  it.each([
    ['quantity 0', { qty: 0 }],
    ['a fractional quantity', { qty: 2.5 }],
    ['a negative quantity', { qty: -10 }],
    ['0 items per sheet', { multiplier: 0 }],
    ['a negative cost', { stock: { ...silk350, sheet_cost: '-0.01' } }],
    ['a cost that is not a number', { stock: { ...silk350, single_cost: 'abc' } }],
    ['a cost with 5 decimal places', { stock: { ...silk350, double_cost: '0.00001' } }],
    ['a negative margin', { margin: -1 }],
    ['a margin above 1000 %', { margin: '1000.01' }],
    ['a discount above 100 %', { discount: 101 }],
    ['a negative discount', { discount: -5 }],
    ['a margin with 3 decimal places', { margin: '10.125' }],
    ['NaN', { margin: Number.NaN }],
  ])('%s', (_what, change) => {
    expect(() => linePrice({ ...base, ...change })).toThrow(RangeError);
  });
});

describe('exact decimals', () => {
  it('reads unit costs into ten-thousandths of a pound and writes them back', () => {
    expect(parseUnitCost('0.0450')).toBe(450n);
    expect(parseUnitCost('12')).toBe(120000n);
    expect(parseUnitCost('1.5000000')).toBe(15000n);
    expect(parseUnitCost(0.045)).toBe(450n);
    expect(formatUnitCost(450n)).toBe('0.0450');
    expect(formatUnitCost(120000n)).toBe('12.0000');
  });

  it('reads percentages into hundredths', () => {
    expect(parsePercent('37.5')).toBe(3750n);
    expect(parsePercent(100)).toBe(10000n);
  });

  it('names what is wrong with a decimal', () => {
    expect(decimalProblem('-1', 4)).toBe('Must not be negative');
    expect(decimalProblem('1,5', 4)).toBe('Enter a number');
    expect(decimalProblem('', 4)).toBe('Enter a number');
    expect(decimalProblem(1e-7, 4)).toBe('Enter a number');
    expect(decimalProblem('0.12345', 4)).toBe('At most 4 decimal places');
    expect(decimalProblem('0.1234', 4)).toBeNull();
  });

  it('divides half-up', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(7n, 4n)).toBe(2n);
    expect(divideHalfUp(5n, 4n)).toBe(1n);
    expect(divideHalfUp(0n, 3n)).toBe(0n);
  });

  it('formats pence as pounds without floats', () => {
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(6047)).toBe('£60.47');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
  });
});
