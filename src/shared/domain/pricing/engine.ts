import { divideHalfUp, formatUnitCost, parsePercent, parseUnitCost } from './decimal';

/**
 * The price engine (DESIGN §2 "Catalogue and prices"), one pure function shared by the server
 * (price list, orders) and the staff margin preview:
 *
 *   sheets = ⌈Q / items per sheet⌉
 *   cost   = sheets × (sheet_cost + (double ? double_cost : single_cost))
 *   rrp    = cost × (1 + margin / 100)
 *   price  = round_half_up_to_penny(rrp × (1 − discount / 100))
 *
 * Everything is whole numbers: costs in ten-thousandths of a pound, percentages in hundredths of a
 * percent, BigInt throughout, and the single rounding happens at the very end of the line.
 */

export const SIDES = ['single', 'double'] as const;
export type Sides = (typeof SIDES)[number];

/** A stock's costs per printed sheet, as the API and the database carry them: decimal pounds. */
export interface StockCosts {
  sheet_cost: string;
  single_cost: string;
  double_cost: string;
}

/** A stock's costs read once into ten-thousandths of a pound, for pricing many breaks. */
export interface ParsedStockCosts {
  sheet: bigint;
  single: bigint;
  double: bigint;
}

export const MARGIN_MAX = 1000;
export const DISCOUNT_MAX = 100;
/** Hundredths of a percent in 100 %: the denominator of both percentages. */
const HUNDRED_PERCENT = 10_000n;
/** Ten-thousandths of a pound per penny. */
const UNITS_PER_PENNY = 100n;

export function parseStockCosts(stock: StockCosts): ParsedStockCosts {
  return { sheet: parseUnitCost(stock.sheet_cost), single: parseUnitCost(stock.single_cost), double: parseUnitCost(stock.double_cost) };
}

function wholeAtLeastOne(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${what} must be a whole number of at least 1, not ${value}`);
}

/** Sheets needed for `qty` items at `multiplier` items per sheet: ⌈qty / multiplier⌉. */
export function sheetsFor(qty: number, multiplier: number): number {
  wholeAtLeastOne(qty, 'The quantity');
  wholeAtLeastOne(multiplier, 'Items per sheet');
  return Math.ceil(qty / multiplier); // exact: both are safe integers and the quotient is rounded up
}

/** Cost of `sheets` printed sheets, in ten-thousandths of a pound. */
export function costOfSheets(stock: ParsedStockCosts, sheets: number, sides: Sides): bigint {
  return BigInt(sheets) * (stock.sheet + (sides === 'double' ? stock.double : stock.single));
}

/** Margin (0–1000 %) and discount (0–100 %) in hundredths of a percent, checked. */
export function parseTerms(margin: string | number, discount: string | number = 0): { margin: bigint; discount: bigint } {
  const m = parsePercent(margin);
  const d = parsePercent(discount);
  if (m > BigInt(MARGIN_MAX) * 100n) throw new RangeError(`The margin must be between 0 and ${MARGIN_MAX} %`);
  if (d > BigInt(DISCOUNT_MAX) * 100n) throw new RangeError(`The discount must be between 0 and ${DISCOUNT_MAX} %`);
  return { margin: m, discount: d };
}

/**
 * price = cost × (1 + m/100) × (1 − d/100), half-up to the penny. With the cost in ten-thousandths
 * of a pound and m, d in hundredths of a percent this is one exact fraction, rounded once.
 */
export function priceFromCost(cost: bigint, terms: { margin: bigint; discount: bigint }): number {
  const numerator = cost * (HUNDRED_PERCENT + terms.margin) * (HUNDRED_PERCENT - terms.discount);
  const denominator = UNITS_PER_PENNY * HUNDRED_PERCENT * HUNDRED_PERCENT;
  const pence = divideHalfUp(numerator, denominator);
  if (pence > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('The price is too large');
  return Number(pence);
}

export interface PriceInput {
  stock: StockCosts | ParsedStockCosts;
  /** Items per sheet (the product's multiplier). */
  multiplier: number;
  qty: number;
  sides: Sides;
  /** Percent, 0–1000; a JSON number or a decimal string with up to 2 places. */
  margin: string | number;
  /** Percent, 0–100 (the customer's agreement); default 0. */
  discount?: string | number;
}

const parsed = (stock: StockCosts | ParsedStockCosts): ParsedStockCosts => ('sheet_cost' in stock ? parseStockCosts(stock) : stock);

/** The price of one line in whole pence. Throws a RangeError for inputs outside the domain. */
export function linePrice(input: PriceInput): number {
  const cost = costOfSheets(parsed(input.stock), sheetsFor(input.qty, input.multiplier), input.sides);
  return priceFromCost(cost, parseTerms(input.margin, input.discount));
}

/** One quantity break's run: its sheets and what printing it costs single- and double-sided (ten-thousandths of a pound). */
export interface BreakCosts {
  qty: number;
  sheets: number;
  single: bigint;
  double: bigint;
}

export function breakCosts(stock: StockCosts | ParsedStockCosts, multiplier: number, qty: number): BreakCosts {
  const costs = parsed(stock);
  const sheets = sheetsFor(qty, multiplier);
  return { qty, sheets, single: costOfSheets(costs, sheets, 'single'), double: costOfSheets(costs, sheets, 'double') };
}

/**
 * The price of a break, both sides, in pence: the one place a break is priced — the price list,
 * the staff margin preview and orders all come here. Costs may be worked out once and priced for
 * many customers' terms.
 */
export function breakPrices(costs: BreakCosts, terms: { margin: bigint; discount: bigint }): { qty: number; single: number; double: number } {
  return { qty: costs.qty, single: priceFromCost(costs.single, terms), double: priceFromCost(costs.double, terms) };
}

/** What the staff margin preview shows for one quantity break. */
export interface BreakQuote {
  qty: number;
  sheets: number;
  /** Cost of the single-sided and double-sided run, decimal pounds (4 places), as costs travel. */
  cost_single: string;
  cost_double: string;
  /** Prices in pence after margin (and discount, when given). */
  single: number;
  double: number;
}

/** Sheets, costs and both prices of one quantity break. */
export function quoteBreak(input: Omit<PriceInput, 'sides'>): BreakQuote {
  const costs = breakCosts(input.stock, input.multiplier, input.qty);
  const prices = breakPrices(costs, parseTerms(input.margin, input.discount));
  return {
    qty: input.qty,
    sheets: costs.sheets,
    cost_single: formatUnitCost(costs.single),
    cost_double: formatUnitCost(costs.double),
    single: prices.single,
    double: prices.double,
  };
}
