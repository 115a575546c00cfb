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
