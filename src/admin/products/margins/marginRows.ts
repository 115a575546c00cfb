import { marginRowsSchema, type MarginRecord } from '../../../shared/api';
import { formatUnitPrice, quoteBreak, type BreakQuote, type StockCosts } from '../../../shared/domain/pricing';

/** One editable row of the margins table, as typed. */
export interface MarginRow {
  key: string;
  qty: string;
  margin: string;
}

let counter = 0;
export const newRow = (qty = '', margin = ''): MarginRow => ({ key: `row-${++counter}`, qty, margin });

/** The saved breaks as editable rows, by quantity. */
export const rowsOf = (margins: readonly MarginRecord[]): MarginRow[] => byQuantity(margins.map((m) => newRow(String(m.qty), String(m.margin))));

/** Rows sorted by quantity for display after a save; blank rows last. */
const byQuantity = (rows: MarginRow[]) => [...rows].sort((a, b) => (Number(a.qty) || Infinity) - (Number(b.qty) || Infinity));

/** A row judged as the server will judge it: the message per field, and its values once it has none. */
interface CheckedRow {
  qty?: string;
  margin?: string;
  /** The row as the server reads it (quantity a number, margin its canonical decimal), when the row is valid. */
  valid?: { qty: number; margin: string };
}

// The server's own schema for PUT …/margins (src/shared/api): its rules and its messages, one source.
const rowsSchema = marginRowsSchema.shape.rows;
const qtySchema = rowsSchema.element.shape.qty;
const marginSchema = rowsSchema.element.shape.margin;

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * Every row's problems as typed (the server says the same again on save). A quantity repeated is
 * told on every row holding it, so that either can be changed; it is judged among the rows whose
 * quantity is itself valid, whatever their margins.
 */
export function checkRows(rows: readonly MarginRow[]): CheckedRow[] {
  const fields = rows.map((row) => ({ qty: qtySchema.safeParse(row.qty), margin: marginSchema.safeParse(row.margin) }));
  const checked: CheckedRow[] = fields.map(({ qty, margin }) => ({ qty: firstMessage(qty), margin: firstMessage(margin) }));

  const withQty = rows.flatMap((row, index) => {
    const qty = fields[index].qty;
    return qty.success ? [{ row, index, qty: qty.data }] : [];
  });
  const table = rowsSchema.safeParse(withQty.map(({ row }) => ({ qty: row.qty, margin: row.margin })));
  for (const issue of table.error?.issues ?? []) {
    const [at, field] = issue.path;
    if (field !== 'qty' || typeof at !== 'number') continue;
    for (const other of withQty) if (other.qty === withQty[at].qty) checked[other.index].qty ??= issue.message;
  }

  return checked.map((row, index) => {
    const { qty, margin } = fields[index];
    return row.qty || row.margin || !qty.success || !margin.success ? row : { valid: { qty: qty.data, margin: margin.data } };
  });
}

/** The live preview of a valid row by the shared price engine, or null (also for a price beyond its range). */
export function previewOf(row: CheckedRow, stock: StockCosts, multiplier: number): BreakQuote | null {
  if (!row.valid) return null;
  try {
    return quoteBreak({ stock, multiplier, qty: row.valid.qty, margin: row.valid.margin });
  } catch {
    return null;
  }
}

/** A price per item as every screen writes it (the shared unit-price format: "6.29p", "£1.23"). */
export const formatPerItem = formatUnitPrice;

/**
 * Breaks dearer per item than a smaller break: buying more should not cost more per
 * item, so such a break is flagged (not refused: a printer may mean it). `quotes` are the rows'
 * previews (null for a row not yet valid), in the rows' order; answers a message per row or undefined.
 */
export function dearerPerItem(quotes: ReadonlyArray<{ qty: number; single: number; double: number } | null>): Array<string | undefined> {
  return quotes.map((quote) => {
    if (!quote) return undefined;
    const perItem = (q: { qty: number; single: number; double: number }) => ({ single: q.single / q.qty, double: q.double / q.qty });
    const mine = perItem(quote);
    // The smaller break that is cheapest per item on either side, if this one costs more than it.
    let cheaper: { qty: number; side: 'single' | 'double' } | null = null;
    for (const other of quotes) {
      if (!other || other.qty >= quote.qty) continue;
      const theirs = perItem(other);
      for (const side of ['single', 'double'] as const) {
        if (mine[side] > theirs[side] + 1e-9 && (!cheaper || other.qty < cheaper.qty)) cheaper = { qty: other.qty, side };
      }
    }
    if (!cheaper) return undefined;
    const other = quotes.find((q) => q?.qty === cheaper.qty)!;
    const side = cheaper.side === 'single' ? 'single-sided' : 'double-sided';
    return `Dearer per item than ${cheaper.qty.toLocaleString('en-GB')} (${side} ${formatPerItem(quote[cheaper.side], quote.qty)} against ${formatPerItem(other[cheaper.side], other.qty)}): lower its margin, or check the quantity.`;
  });
}

/** The rows as the server would save them, for telling whether the table has unsaved changes. */
export const rowsKey = (rows: readonly MarginRow[]): string => JSON.stringify(rows.map((r) => [r.qty.trim(), r.margin.trim()]));
