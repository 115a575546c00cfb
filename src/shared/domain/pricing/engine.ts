import { divideHalfUp, formatUnitCost, parsePercent, parseUnitCost } from './decimal';

/**
 * The price engine (DESIGN §2 "Catalogue and prices", "Options and turnarounds"), one pure function
 * shared by the server (price list, orders) and the staff previews:
 *
 *   sheets = ⌈Q / items per sheet⌉
 *   cost   = sheets × (sheet_cost + (double ? double_cost : single_cost) + Σ options' sheet_cost)
 *            + Σ options' setup_cost
 *   price  = round_half_up_to_penny(cost × (1 + margin / 100) × (1 + turnaround / 100) × (1 − discount / 100))
 *
 * With no options and a 0 % turnaround this is exactly the price before options existed. Everything
 * is whole numbers: costs in ten-thousandths of a pound, percentages in hundredths of a percent,
 * BigInt throughout, and the single rounding happens at the very end of the line.
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
/** A turnaround's price change, whole percent: a Saver may take some off, a Same day may double the price and more. */
export const TURNAROUND_PERCENT_MIN = -50;
export const TURNAROUND_PERCENT_MAX = 200;
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

/**
 * A finishing option's costs as the API and the database carry them (DESIGN §2 "Options and
 * turnarounds"): decimal pounds per printed sheet, like stock costs, and whole pence per item line.
 */
export interface OptionCosts {
  sheet_cost: string;
  setup_cost: number;
}

/** An option's costs read once, both in ten-thousandths of a pound. */
export interface ParsedOptionCosts {
  sheet: bigint;
  setup: bigint;
}

/** Set-up costs are whole pence: 0 to £100,000 per item line. */
export const SETUP_COST_MAX = 10_000_000;

export function parseOptionCosts(option: OptionCosts | ParsedOptionCosts): ParsedOptionCosts {
  if (!('sheet_cost' in option)) return option;
  if (!Number.isSafeInteger(option.setup_cost) || option.setup_cost < 0 || option.setup_cost > SETUP_COST_MAX)
    throw new RangeError(`A set-up cost must be whole pence from 0 to ${SETUP_COST_MAX}, not ${option.setup_cost}`);
  return { sheet: parseUnitCost(option.sheet_cost), setup: BigInt(option.setup_cost) * UNITS_PER_PENNY };
}

/** What the chosen options add: per printed sheet, and once per item line (ten-thousandths of a pound). */
export function optionExtras(options: ReadonlyArray<OptionCosts | ParsedOptionCosts> = []): ParsedOptionCosts {
  let sheet = 0n;
  let setup = 0n;
  for (const option of options) {
    const parsedOption = parseOptionCosts(option);
    sheet += parsedOption.sheet;
    setup += parsedOption.setup;
  }
  return { sheet, setup };
}

/** Cost of `sheets` printed sheets with the chosen options, in ten-thousandths of a pound. */
export function costOfSheets(stock: ParsedStockCosts, sheets: number, sides: Sides, options: ReadonlyArray<OptionCosts | ParsedOptionCosts> = []): bigint {
  const extras = optionExtras(options);
  return BigInt(sheets) * (stock.sheet + (sides === 'double' ? stock.double : stock.single) + extras.sheet) + extras.setup;
}

/** Margin, discount and the turnaround's price change, each in hundredths of a percent. */
export interface PriceTerms {
  margin: bigint;
  discount: bigint;
  /** The turnaround's change (may be negative); none is 0 %. */
  turnaround?: bigint;
}

/**
 * Margin (0–1000 %), discount (0–100 %) and the turnaround's change (whole percent, −50 to +200) in
 * hundredths of a percent, checked.
 */
export function parseTerms(margin: string | number, discount: string | number = 0, turnaroundPercent = 0): Required<PriceTerms> {
  const m = parsePercent(margin);
  const d = parsePercent(discount);
  if (m > BigInt(MARGIN_MAX) * 100n) throw new RangeError(`The margin must be between 0 and ${MARGIN_MAX} %`);
  if (d > BigInt(DISCOUNT_MAX) * 100n) throw new RangeError(`The discount must be between 0 and ${DISCOUNT_MAX} %`);
  return { margin: m, discount: d, turnaround: parseTurnaroundPercent(turnaroundPercent) };
}

/** A turnaround's whole percent (−50 to +200) in hundredths of a percent. */
export function parseTurnaroundPercent(percent: number): bigint {
  if (!Number.isSafeInteger(percent) || percent < TURNAROUND_PERCENT_MIN || percent > TURNAROUND_PERCENT_MAX)
    throw new RangeError(`A turnaround's price change must be a whole percent from ${TURNAROUND_PERCENT_MIN} to ${TURNAROUND_PERCENT_MAX}, not ${percent}`);
  return BigInt(percent) * 100n;
}

/**
 * price = cost × (1 + m/100) × (1 + t/100) × (1 − d/100), half-up to the penny. With the cost in
 * ten-thousandths of a pound and m, t, d in hundredths of a percent this is one exact fraction,
 * rounded once. A 0 % turnaround multiplies numerator and denominator alike: the same price as
 * before turnarounds existed.
 */
export function priceFromCost(cost: bigint, terms: PriceTerms): number {
  const turnaround = terms.turnaround ?? 0n;
  if (turnaround < BigInt(TURNAROUND_PERCENT_MIN) * 100n) throw new RangeError('The turnaround takes off more than it may');
  const numerator = cost * (HUNDRED_PERCENT + terms.margin) * (HUNDRED_PERCENT + turnaround) * (HUNDRED_PERCENT - terms.discount);
  const denominator = UNITS_PER_PENNY * HUNDRED_PERCENT * HUNDRED_PERCENT * HUNDRED_PERCENT;
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
  /** The chosen finishing options (none by default). */
  options?: ReadonlyArray<OptionCosts | ParsedOptionCosts>;
  /** The chosen turnaround's price change, whole percent (−50 to +200); default 0. */
  turnaround_percent?: number;
}

const parsed = (stock: StockCosts | ParsedStockCosts): ParsedStockCosts => ('sheet_cost' in stock ? parseStockCosts(stock) : stock);

/** The price of one line in whole pence. Throws a RangeError for inputs outside the domain. */
export function linePrice(input: PriceInput): number {
  const cost = costOfSheets(parsed(input.stock), sheetsFor(input.qty, input.multiplier), input.sides, input.options);
  return priceFromCost(cost, parseTerms(input.margin, input.discount, input.turnaround_percent));
}

/** One quantity break's run: its sheets and what printing it costs single- and double-sided (ten-thousandths of a pound). */
export interface BreakCosts {
  qty: number;
  sheets: number;
  single: bigint;
  double: bigint;
}

export function breakCosts(
  stock: StockCosts | ParsedStockCosts,
  multiplier: number,
  qty: number,
  options: ReadonlyArray<OptionCosts | ParsedOptionCosts> = [],
): BreakCosts {
  const costs = parsed(stock);
  const sheets = sheetsFor(qty, multiplier);
  return { qty, sheets, single: costOfSheets(costs, sheets, 'single', options), double: costOfSheets(costs, sheets, 'double', options) };
}

/**
 * A break's costs with the chosen options added (their cost per sheet times the break's sheets, and
 * their set-up once): for costs worked out once without options (the cached catalogue) and then
 * priced for an item's own choice.
 */
export function withOptions(costs: BreakCosts, options: ReadonlyArray<OptionCosts | ParsedOptionCosts>): BreakCosts {
  if (!options.length) return costs;
  const extras = optionExtras(options);
  const added = BigInt(costs.sheets) * extras.sheet + extras.setup;
  return { ...costs, single: costs.single + added, double: costs.double + added };
}

/**
 * The price of a break, both sides, in pence: the one place a break is priced — the price list,
 * the staff margin preview and orders all come here. Costs may be worked out once and priced for
 * many customers' terms.
 */
export function breakPrices(costs: BreakCosts, terms: PriceTerms): { qty: number; single: number; double: number } {
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

/** Sheets, costs and both prices of one quantity break (with options and a turnaround, when given). */
export function quoteBreak(input: Omit<PriceInput, 'sides'>): BreakQuote {
  const costs = breakCosts(input.stock, input.multiplier, input.qty, input.options);
  const prices = breakPrices(costs, parseTerms(input.margin, input.discount, input.turnaround_percent));
  return {
    qty: input.qty,
    sheets: costs.sheets,
    cost_single: formatUnitCost(costs.single),
    cost_double: formatUnitCost(costs.double),
    single: prices.single,
    double: prices.double,
  };
}
