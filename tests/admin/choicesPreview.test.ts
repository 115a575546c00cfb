import { describe, expect, it } from 'vitest';
import { daysText, percentText, previewPrice, typedOption, type PreviewBasis } from '../../src/admin/products/choices/preview';
import type { StockRecord } from '../../src/shared/api';

const silk: StockRecord = {
  id: 1,
  name: '350gsm Silk',
  type: 'Silk',
  sheet_cost: '0.0450',
  single_cost: '0.0300',
  double_cost: '0.0550',
  sort_order: 1,
  active: true,
  product_count: 1,
  version: 1,
};
const basis: PreviewBasis = { stock: silk, multiplier: 24, qty: 250, margin: 100, sides: 'single' };

describe('the options and turnarounds preview', () => {
  it('prices the break by the shared engine: with an option typed, and at a turnaround', () => {
    expect(previewPrice(basis, [], 0)).toBe(165);
    expect(previewPrice(basis, [typedOption('0.02', 0)!], 0)).toBe(209);
    expect(previewPrice(basis, [], 35)).toBe(223);
    expect(previewPrice(basis, [], -10)).toBe(149);
  });

  it('has no price for values the engine refuses, and no option while a cost is not an amount', () => {
    expect(previewPrice(basis, [], 500)).toBeNull();
    expect(typedOption('lots', 0)).toBeNull();
    expect(typedOption('0.00001', 0)).toBeNull();
    expect(typedOption('0.1', null)).toBeNull();
    expect(typedOption('', 800)).toEqual({ sheet_cost: '0', setup_cost: 800 });
  });

  it('writes changes and days as staff read them', () => {
    expect([percentText(35), percentText(-10), percentText(0)]).toEqual(['+35 %', '−10 %', '0 %']);
    expect([daysText(0), daysText(1), daysText(5)]).toEqual(['same day', '1 working day', '5 working days']);
  });
});
