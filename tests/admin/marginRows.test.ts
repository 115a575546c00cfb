import { describe, expect, it } from 'vitest';
import { marginRowsSchema } from '../../src/shared/api';
import { quoteBreak } from '../../src/shared/domain/pricing';
import { checkRows, newRow, previewOf, rowsOf } from '../../src/admin/products/margins/marginRows';

const STOCK = { sheet_cost: '0.05', single_cost: '0.025', double_cost: '0.045' };

/** What the server's schema says of one row on its own, by field. */
function serverSays(qty: string, margin: string): Record<string, string> {
  const result = marginRowsSchema.safeParse({ rows: [{ qty, margin }] });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[2]), issue.message]));
}

describe('the margins table checks rows by the shared schema', () => {
  it('gives each field the message the server gives', () => {
    for (const [qty, margin] of [
      ['0', '-1'],
      ['x', '1.234'],
      ['2.5', '1001'],
      ['', ''],
      ['250', 'ten'],
    ]) {
      const [checked] = checkRows([newRow(qty, margin)]);
      expect({ qty: checked.qty, margin: checked.margin }).toEqual({ qty: serverSays(qty, margin).qty, margin: serverSays(qty, margin).margin });
    }
    expect(checkRows([newRow('0', '1001')])[0]).toEqual({
      qty: 'The quantity must be a positive whole number',
      margin: 'The margin must be between 0 and 1000 %',
    });
  });

  it('tells every row holding a repeated quantity, also while a margin is still blank', () => {
    const checked = checkRows([newRow('250', '100'), newRow('250', ''), newRow('1000', '50')]);
    expect(checked.map((row) => row.qty)).toEqual(['This quantity is already a break', 'This quantity is already a break', undefined]);
    expect(checked[2].valid).toEqual({ qty: 1000, margin: '50.00' });
  });

  it('judges repeats among the rows whose quantity is valid, whatever the others hold', () => {
    const checked = checkRows([newRow('250', '5'), newRow('abc', '5'), newRow(' 250 ', '7')]);
    expect(checked[0].qty).toBe('This quantity is already a break');
    expect(checked[1].qty).toBe('The quantity must be a positive whole number');
    expect(checked[2].qty).toBe('This quantity is already a break');
  });

  it('previews a valid row by the price engine, and nothing for an invalid one', () => {
    const [valid, invalid] = checkRows([newRow('250', '100'), newRow('250x', '100')]);
    expect(previewOf(valid, STOCK, 10)).toEqual(quoteBreak({ stock: STOCK, multiplier: 10, qty: 250, margin: '100' }));
    expect(previewOf(valid, STOCK, 10)).toMatchObject({ sheets: 25, single: 375, double: 475 });
    expect(previewOf(invalid, STOCK, 10)).toBeNull();
  });

  it('shows the saved breaks by quantity', () => {
    const rows = rowsOf([
      { id: 2, product_id: 1, stock_id: 1, qty: 1000, margin: 50, version: 1 },
      { id: 1, product_id: 1, stock_id: 1, qty: 250, margin: 100, version: 1 },
    ]);
    expect(rows.map((r) => [r.qty, r.margin])).toEqual([
      ['250', '100'],
      ['1000', '50'],
    ]);
  });
});
