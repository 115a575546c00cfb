import { divideHalfUp, formatScaled } from './decimal';

/**
 * A whole number with the en-GB thousands separator: 1234567 → "1,234,567". By hand rather than
 * toLocaleString('en-GB'), which builds a formatter at every call, and whose first use loads the
 * locale data: tens of milliseconds on a phone before the first price shows. (Anything but a safe
 * integer goes to toLocaleString.)
 */
export function groupThousands(whole: number): string {
  if (!Number.isSafeInteger(whole)) return whole.toLocaleString('en-GB');
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whole pence as pounds for people: 123456 → "£1,234.56". No floats: the pence are split, not divided. */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) return '—';
  const sign = pence < 0 ? '−' : '';
  const abs = Math.abs(pence);
  const pounds = groupThousands((abs - (abs % 100)) / 100);
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** A unit cost's decimal string as pounds for staff screens: "12.3450" → "£12.3450". */
export function formatUnitCostText(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `£${Number(whole).toLocaleString('en-GB')}.${fraction.padEnd(2, '0')}`;
}

/**
 * The price of one item of a line of `qty` costing `pence`, for people — the one unit-price format
 * of every screen (the price list, the basket, the staff margins): under £1 in pence to two places
 * ("6.29p", "0.60p"), from £1 in pounds and pence ("£1.23"), each rounded half-up, exactly (a
 * BigInt division, no float). Anything but a price and a positive quantity shows "—".
 */
export function formatUnitPrice(pence: number, qty: number): string {
  if (!Number.isSafeInteger(pence) || pence < 0 || !Number.isSafeInteger(qty) || qty <= 0) return '—';
  const hundredthsOfPenny = divideHalfUp(BigInt(pence) * 100n, BigInt(qty));
  if (hundredthsOfPenny < 10_000n) return `${formatScaled(hundredthsOfPenny, 2)}p`;
  return formatPence(Number(divideHalfUp(BigInt(pence), BigInt(qty))));
}
