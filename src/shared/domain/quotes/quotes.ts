import { formatDate, nextDay, type CivilDate } from '../calendar/workingDays';
import { orderTotals, type OrderTotals } from '../orders/totals';
import { divideHalfUp, parseScaled } from '../pricing/decimal';

/*
 * Saved quotes (DESIGN §2 "Quotes"): their number, how long their prices hold, and the customer's
 * own markup on the PDF they send their client. Pure, so the server and the /quotes page agree.
 */

/** How long a quote's prices hold when the QUOTE_VALID_DAYS setting is not a sensible number. */
export const DEFAULT_QUOTE_VALID_DAYS = 30;
export const MAX_QUOTE_VALID_DAYS = 365;

/** The largest markup a customer may put on their client's PDF, in percent. */
export const MAX_MARKUP_PERCENT = 500;

/** A quote's number is its id, six digits at least: Q-000123. Readable, and never given twice. */
export const quoteNumber = (id: number): string => `Q-${String(id).padStart(6, '0')}`;

/** The QUOTE_VALID_DAYS setting's value as days: a whole number 1–365, else the default. */
export function quoteValidDays(setting: string | null | undefined): number {
  const text = (setting ?? '').trim();
  if (!/^\d{1,3}$/.test(text)) return DEFAULT_QUOTE_VALID_DAYS;
  const days = Number(text);
  return days >= 1 && days <= MAX_QUOTE_VALID_DAYS ? days : DEFAULT_QUOTE_VALID_DAYS;
}

/** The last day a quote saved `today` holds: `days` calendar days on (a 30-day quote saved on 1 March holds to 31 March). */
export function quoteValidUntil(today: CivilDate, days: number): CivilDate {
  let day = today;
  for (let i = 0; i < days; i++) day = nextDay(day);
  return day;
}

/** Whether a quote's prices still hold on `today` (UK day): through its last day, not after. */
export const quoteHolds = (validUntil: CivilDate, today: CivilDate): boolean => today <= validUntil;

/** What an item ordered from a quote says of its price: the quote's, or today's once it has run out. */
export function quotedPriceNote(number: string, validUntil: CivilDate, holds: boolean): string {
  return holds
    ? `Quoted price from ${number}, valid until ${formatDate(validUntil)}.`
    : `Quote ${number} expired on ${formatDate(validUntil)}: today's price applies.`;
}

/** A markup in tenths of a percent (12.5 % → 125), from the number or text the customer gave (checked by the API's schema). */
export const markupTenths = (percent: number | string): bigint => parseScaled(percent, 1);

/** One price with the markup on it, rounded half up to the penny (once, for this line). */
export function markUp(pence: number, tenths: bigint): number {
  return Number(divideHalfUp(BigInt(pence) * (1000n + tenths), 1000n));
}

export interface MarkedUpQuote extends OrderTotals {
  lines: number[];
  delivery: number;
}

/**
 * A quote's prices as the customer's client sees them: every line and the delivery marked up and
 * rounded each on its own, then net, VAT and total worked from those as an order's are, so that
 * the PDF adds up. No markup gives the quote's own prices.
 */
export function markedUpQuote(lines: readonly number[], delivery: number, vatRate: string | number, markupPercent: number | string = 0): MarkedUpQuote {
  const tenths = markupTenths(markupPercent);
  const marked = lines.map((p) => markUp(p, tenths));
  const deliveryMarked = markUp(delivery, tenths);
  return { lines: marked, delivery: deliveryMarked, ...orderTotals(marked, deliveryMarked, vatRate) };
}
