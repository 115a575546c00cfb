/**
 * How an amount and a date are written for Xero's import (DESIGN §2 Exports): pounds with two
 * decimals, and DD/MM/YYYY dates (Xero reads the dates of a UK organisation day first).
 */

/** Pence as pounds with two decimals: 12345 → "123.45", -5 → "-0.05". */
export function poundsText(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A civil date (YYYY-MM-DD) as DD/MM/YYYY. */
export function xeroDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The Quantity and UnitAmount of a line of `qty` items costing `net` pence in all. Xero works out the
 * line's amount as Quantity × UnitAmount, and the import takes the UnitAmount to two decimals here:
 * when the line's net does not divide into whole pence per item (500 cards for £27.99), a rounded
 * unit price would make the line — and the invoice, and its VAT — differ from ours by pennies. Such
 * a line goes as one of the whole line at its net, so the imported invoice totals exactly what ours does.
 */
export function xeroQuantity(qty: number, net: number): { quantity: number; unitAmount: string } {
  if (qty > 0 && net % qty === 0) return { quantity: qty, unitAmount: poundsText(net / qty) };
  return { quantity: 1, unitAmount: poundsText(net) };
}
