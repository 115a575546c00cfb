import type { MarginRecord, OptionRecord, StockRecord, TurnaroundRecord } from '../../../shared/api';
import { linePrice, type OptionCosts, type Sides } from '../../../shared/domain/pricing';

/**
 * The live price preview of the product's Options and Turnarounds parts: one quantity break of one
 * of its stocks, priced by the shared engine as customers will be charged, before any discount.
 */
export interface PreviewBasis {
  stock: StockRecord;
  multiplier: number;
  qty: number;
  margin: number;
  sides: Sides;
}

/** The break's price with these options and this turnaround's change, or null when a value is outside the engine's range. */
export function previewPrice(basis: PreviewBasis, options: readonly OptionCosts[], turnaroundPercent: number): number | null {
  try {
    return linePrice({ ...basis, margin: basis.margin, options, turnaround_percent: turnaroundPercent });
  } catch {
    return null;
  }
}

/** The breaks of a stock, smallest first. */
export const breaksOf = (margins: readonly MarginRecord[], stockId: number): MarginRecord[] =>
  margins.filter((m) => m.stock_id === stockId).sort((a, b) => a.qty - b.qty);

/** What the preview assumes for the turnaround: the default's change (0 % when the product has none). */
export const defaultPercent = (turnarounds: readonly TurnaroundRecord[]): number => turnarounds.find((t) => t.is_default)?.price_percent ?? 0;

/**
 * An option as typed in its form, for the preview: its cost per sheet as written, its set-up from
 * pounds typed to pence; null while either is not yet a valid amount.
 */
export function typedOption(sheetCost: string, setupPence: number | null): OptionCosts | null {
  const text = sheetCost.trim() === '' ? '0' : sheetCost.trim();
  if (setupPence === null || !/^\d{1,12}(\.\d{1,4})?$/.test(text)) return null;
  return { sheet_cost: text, setup_cost: setupPence };
}

/** A saved option's costs as the engine takes them. */
export const costsOf = (option: Pick<OptionRecord, 'sheet_cost' | 'setup_cost'>): OptionCosts => ({
  sheet_cost: option.sheet_cost,
  setup_cost: option.setup_cost,
});

/** "+35 %", "−10 %", "0 %": a turnaround's change as staff read it. */
export function percentText(percent: number): string {
  if (percent === 0) return '0 %';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)} %`;
}

/** "2 working days", "1 working day", "same day". */
export function daysText(days: number): string {
  if (days === 0) return 'same day';
  return `${days} working day${days === 1 ? '' : 's'}`;
}
