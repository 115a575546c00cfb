/**
 * Exact decimals for money and percentages. A decimal string such as "0.0450" is read into a
 * whole number of its smallest unit (here ten-thousandths of a pound: 450n) as a BigInt, so no
 * binary float ever touches a price.
 */

/** Unit costs are pounds with up to 4 decimal places (hundredths of a penny). */
export const UNIT_COST_DECIMALS = 4;
/** Margins and discounts are percentages with up to 2 decimal places. */
export const PERCENT_DECIMALS = 2;

const DECIMAL = /^(\d{1,12})(?:\.(\d+))?$/;

/** Why `value` is not a non-negative decimal with at most `decimals` places, or null when it is. */
export function decimalProblem(value: string | number, decimals: number): string | null {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  if (text === null) return 'Enter a number';
  const match = DECIMAL.exec(text);
  if (!match) return /^-/.test(text) ? 'Must not be negative' : 'Enter a number';
  if ((match[2] ?? '').replace(/0+$/, '').length > decimals) return `At most ${decimals} decimal places`;
  return null;
}

/**
 * "12.5" with 4 decimals → 125000n. Throws a RangeError for anything that is not a non-negative
 * decimal with at most `decimals` places (trailing zeros beyond them are allowed: "1.50000").
 */
export function parseScaled(value: string | number, decimals: number): bigint {
  const problem = decimalProblem(value, decimals);
  if (problem) throw new RangeError(`${problem}: ${String(value)}`);
  const text = typeof value === 'number' ? numberText(value)! : value.trim();
  const [, whole, fraction = ''] = DECIMAL.exec(text)!;
  const digits = fraction.replace(/0+$/, '').padEnd(decimals, '0');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(digits || '0');
}

/** 125000n with 4 decimals → "12.5000": always exactly `decimals` places. */
export function formatScaled(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(decimals, '0');
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** A unit cost in ten-thousandths of a pound: "0.0450" → 450n. */
export const parseUnitCost = (value: string | number) => parseScaled(value, UNIT_COST_DECIMALS);
/** Ten-thousandths of a pound as the API's decimal string: 450n → "0.0450". */
export const formatUnitCost = (value: bigint) => formatScaled(value, UNIT_COST_DECIMALS);
/** A percentage in hundredths of a percent: "37.5" → 3750n. */
export const parsePercent = (value: string | number) => parseScaled(value, PERCENT_DECIMALS);

/** The decimal text of a finite, non-negative JS number as written in JSON ("0.045"), else null. */
function numberText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  // Exponent forms (1e-7, 1e21) are never a sensible price or percentage.
  return /e/i.test(text) ? null : text;
}

/** Half-up division of non-negative integers: the nearest whole number, halves going up. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n || numerator < 0n) throw new RangeError('divideHalfUp needs a non-negative numerator and a positive denominator');
  return (2n * numerator + denominator) / (2n * denominator);
}
