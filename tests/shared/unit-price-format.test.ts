import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from '../../src/shared/domain/pricing/format';

describe('the unit-price format (price list, basket and staff margins alike)', () => {
  it('writes pence to two places under £1, rounded half-up, exactly', () => {
    expect(formatUnitPrice(629, 100)).toBe('6.29p'); // not "6.3p"
    expect(formatUnitPrice(2134, 500)).toBe('4.27p'); // 4.268p
    expect(formatUnitPrice(149, 250)).toBe('0.60p');
    expect(formatUnitPrice(1, 3)).toBe('0.33p');
    expect(formatUnitPrice(5, 1000)).toBe('0.01p'); // 0.005p → half up
    expect(formatUnitPrice(0, 100)).toBe('0.00p');
  });

  it('writes pounds and pence from £1, including a price that rounds up to £1', () => {
    expect(formatUnitPrice(10000, 100)).toBe('£1.00');
    expect(formatUnitPrice(99999, 1000)).toBe('£1.00'); // 99.999p → 100.00p: shown as £1.00, not "100.00p"
    expect(formatUnitPrice(123456, 10)).toBe('£123.46');
    expect(formatUnitPrice(12_345_678, 1)).toBe('£123,456.78');
  });

  it('shows a dash for what is not a price of a positive quantity', () => {
    expect(formatUnitPrice(100, 0)).toBe('—');
    expect(formatUnitPrice(-1, 10)).toBe('—');
    expect(formatUnitPrice(1.5, 10)).toBe('—');
    expect(formatUnitPrice(100, Number.NaN)).toBe('—');
  });
});
