import type { PriceListProduct, PriceListStock } from '../../../shared/api';
import { vatOn } from '../../../shared/domain/orders/totals';
import { divideHalfUp, formatScaled } from '../../../shared/domain/pricing/decimal';
import { toCsv, type CsvCell } from '../../../shared/domain/csv';

/*
 * The price list's money, exactly (DESIGN §2: never binary floats): prices are whole pence, VAT is
 * the shared domain's vatOn (half-up to the penny), and a price per item is a BigInt division.
 */

/** A price in whole pence with VAT added at `rate` percent (decimal text), or as it is when `rate` is null. */
export function priceShown(pence: number, rate: string | null): number {
  return rate === null ? pence : pence + vatOn(pence, rate);
}

/** Pence as the CSV's plain pounds ("1234.56"): no currency sign, no thousands separator. */
export function poundsText(pence: number): string {
  return formatScaled(BigInt(pence), 2);
}

/**
 * A paper's name with its type, the type only when the name does not already say it:
 * "350gsm Silk" (type Silk) stays "350gsm Silk"; "400gsm" (type Matt) → "400gsm · Matt".
 */
export function paperLabel(stock: Pick<PriceListStock, 'name' | 'type'>): string {
  const type = stock.type.trim();
  if (!type || stock.name.toLowerCase().includes(type.toLowerCase())) return stock.name;
  return `${stock.name} · ${type}`;
}

/**
 * The customer's own price list as CSV (one row per product, paper and quantity break), built in the
 * browser from the list /api/prices answered. With a VAT rate, the prices with VAT follow.
 */
export function priceListCsv(products: readonly PriceListProduct[], rate: string | null): string {
  const head = [
    'Product',
    'Paper',
    'Quantity',
    'Single-sided (£ ex VAT)',
    'Double-sided (£ ex VAT)',
    'Single-sided per item (£ ex VAT)',
    'Double-sided per item (£ ex VAT)',
  ];
  if (rate !== null) head.push(`Single-sided (£ inc VAT at ${rate}%)`, `Double-sided (£ inc VAT at ${rate}%)`);
  head.push('Your discount (%)');
  const rows: CsvCell[][] = [head];
  for (const product of products) {
    for (const stock of product.stocks) {
      for (const b of stock.breaks) {
        const row: CsvCell[] = [
          product.name,
          paperLabel(stock),
          b.qty,
          poundsText(b.single),
          poundsText(b.double),
          unitPounds(b.single, b.qty),
          unitPounds(b.double, b.qty),
        ];
        if (rate !== null) row.push(poundsText(priceShown(b.single, rate)), poundsText(priceShown(b.double, rate)));
        row.push(product.discount);
        rows.push(row);
      }
    }
  }
  // A byte-order mark, so that spreadsheet programs read the £ sign as UTF-8.
  return toCsv(rows, { bom: true });
}

/** A price per item in pounds to four places (hundredths of a penny), for the CSV: "0.0060". */
function unitPounds(pence: number, qty: number): string {
  return formatScaled(divideHalfUp(BigInt(pence) * 100n, BigInt(qty)), 4);
}

/** Offers `text` as a file download (a Blob link clicked once). */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
