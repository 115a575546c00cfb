import type { CustomerTurnaround, PriceListProduct, PriceListStock } from '../../../shared/api';
import { vatOn } from '../../../shared/domain/orders/totals';
import { divideHalfUp, formatScaled } from '../../../shared/domain/pricing/decimal';
import { formatPence, formatUnitPrice, groupThousands } from '../../../shared/domain/pricing/format';
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

/** One turnaround's prices on a paper, break by break (null turnaround: a product without any, priced as it always was). */
export interface GridColumn {
  turnaround: CustomerTurnaround | null;
  single: number[];
  double: number[];
}

/**
 * A paper's grid, column by column in the product's order of turnarounds (slowest first): the
 * default turnaround's prices are the breaks', the others' come beside them, position by position.
 */
export function gridColumns(product: Pick<PriceListProduct, 'turnarounds'>, stock: PriceListStock): GridColumn[] {
  const standard = { single: stock.breaks.map((b) => b.single), double: stock.breaks.map((b) => b.double) };
  if (!product.turnarounds.some((t) => t.is_default)) return [{ turnaround: null, ...standard }];
  return product.turnarounds.flatMap((turnaround) => {
    if (turnaround.is_default) return [{ turnaround, ...standard }];
    const prices = stock.turnarounds.find((t) => t.id === turnaround.id);
    return prices ? [{ turnaround, single: prices.single, double: prices.double }] : [];
  });
}

/** What one finish adds on this paper, in words: at the smallest and the largest quantity, honest about a set-up charge. */
export interface OptionNote {
  id: number;
  /** The turnaround the figures are at (the product's default). */
  at: string;
  /** "Lamination: Matt" (the group's name leads when it says more than the option's). */
  name: string;
  /** "adds £3.52 to 250 (1.41p each) and …; 1 extra working day." */
  text: string;
}

const days = (n: number) => (n === 1 ? '1 extra working day' : `${n} extra working days`);

/**
 * "Lamination: Matt" — "adds £3.52 to 250 (1.41p each) and £40.20 to 10,000 (0.40p each); 1 extra
 * working day." — from the price list's own figures (the engine's price with the option, less the
 * price without), with VAT when `vatRate` is given.
 */
export function optionNotes(product: Pick<PriceListProduct, 'option_groups' | 'turnarounds'>, stock: PriceListStock, vatRate: string | null): OptionNote[] {
  const at = product.turnarounds.find((t) => t.is_default)?.name ?? 'standard';
  const breaks = stock.breaks;
  return product.option_groups.flatMap((group) =>
    group.options.flatMap((option) => {
      const adds = stock.options.find((o) => o.id === option.id)?.adds;
      // A choice that changes nothing ("None", "Square corners") needs no words.
      if (!adds || adds.length !== breaks.length || !breaks.length || (adds.every((a) => a === 0) && option.production_days === 0)) return [];
      const on = (i: number) => {
        const pence = priceShown(adds[i], vatRate);
        return `${formatPence(pence)} to ${groupThousands(breaks[i].qty)} (${formatUnitPrice(pence, breaks[i].qty)} each)`;
      };
      const last = breaks.length - 1;
      const price = adds.every((a) => a === 0)
        ? 'adds nothing to the price'
        : `adds ${on(0)}${last > 0 ? ` and ${on(last)}` : ''}${option.setup_charge ? ', a set-up charge included (so it costs more per item on small runs)' : ''}`;
      const time = option.production_days > 0 ? `; ${days(option.production_days)}` : '';
      const name = group.options.length > 1 || group.name !== option.name ? `${group.name}: ${option.name}` : option.name;
      return [{ id: option.id, at, name, text: `${price}${time}.` }];
    }),
  );
}

/**
 * The customer's own price list as CSV (one row per product, paper and quantity break), built in the
 * browser from the list /api/prices answered. With a VAT rate, the prices with VAT follow.
 */
export function priceListCsv(
  products: ReadonlyArray<
    Pick<PriceListProduct, 'id' | 'name' | 'description' | 'discount'> & { stocks: ReadonlyArray<Pick<PriceListStock, 'id' | 'name' | 'type' | 'breaks'>> }
  >,
  rate: string | null,
): string {
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
