import { decimalProblem, MARGIN_MAX, parsePercent, quoteBreak, type BreakQuote, type StockCosts } from '../../shared/pricing';

/** One editable row of the margins table, as typed. */
export interface MarginRow {
  key: string;
  qty: string;
  margin: string;
}

let counter = 0;
export const newRow = (qty = '', margin = ''): MarginRow => ({ key: `row-${++counter}`, qty, margin });

/** What is wrong with a row as typed (the server says the same again on save), per field. */
export function rowProblems(row: MarginRow, all: readonly MarginRow[]): { qty?: string; margin?: string } {
  const out: { qty?: string; margin?: string } = {};
  const qty = row.qty.trim();
  if (!/^\d+$/.test(qty) || Number(qty) < 1) out.qty = 'A positive whole number';
  else if (all.some((other) => other !== row && other.qty.trim() !== '' && Number(other.qty) === Number(qty))) out.qty = 'This quantity is already a break';
  const problem = decimalProblem(row.margin, 2);
  if (problem) out.margin = problem === 'Must not be negative' ? `Between 0 and ${MARGIN_MAX}` : problem;
  else if (parsePercent(row.margin) > BigInt(MARGIN_MAX * 100)) out.margin = `Between 0 and ${MARGIN_MAX}`;
  return out;
}

/** The live preview of a row by the shared price engine, or null while the row is not valid. */
export function previewRow(row: MarginRow, all: readonly MarginRow[], stock: StockCosts, multiplier: number): BreakQuote | null {
  const problems = rowProblems(row, all);
  if (problems.qty || problems.margin) return null;
  try {
    return quoteBreak({ stock, multiplier, qty: Number(row.qty), margin: row.margin.trim() });
  } catch {
    return null;
  }
}

/** Rows sorted by quantity for display after a save; blank rows last. */
export const byQuantity = (rows: MarginRow[]) => [...rows].sort((a, b) => (Number(a.qty) || Infinity) - (Number(b.qty) || Infinity));
