import { divideHalfUp, parsePercent } from '../pricing/decimal';

/**
 * An order's money (DESIGN §2): total_net = Σ item prices + delivery; total_vat = round half-up of
 * total_net × VAT_RATE / 100, once for the order; total = net + VAT. Whole pence throughout; the
 * VAT rate is the setting's decimal text (e.g. "20", "17.5").
 */
export interface OrderTotals {
  total_net: number;
  total_vat: number;
  total: number;
}

/** Hundredths of a percent in 100 %. */
const HUNDRED_PERCENT = 10_000n;

function wholePence(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole pence, not ${value}`);
  return BigInt(value);
}

/** VAT on `net` pence at `rate` percent, half-up to the penny. */
export function vatOn(net: number, rate: string | number): number {
  return Number(divideHalfUp(wholePence(net, 'The net total') * parsePercent(rate), HUNDRED_PERCENT));
}

export function orderTotals(itemPrices: readonly number[], deliveryCost: number, vatRate: string | number): OrderTotals {
  const net = itemPrices.reduce((sum, price) => sum + wholePence(price, 'An item price'), wholePence(deliveryCost, 'The delivery cost'));
  if (net > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('The order total is too large');
  const total_net = Number(net);
  const total_vat = vatOn(total_net, vatRate);
  return { total_net, total_vat, total: total_net + total_vat };
}
