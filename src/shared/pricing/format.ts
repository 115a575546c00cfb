/** Whole pence as pounds for people: 123456 → "£1,234.56". No floats: the pence are split, not divided. */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) return '—';
  const sign = pence < 0 ? '−' : '';
  const abs = Math.abs(pence);
  const pounds = ((abs - (abs % 100)) / 100).toLocaleString('en-GB');
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** A unit cost's decimal string as pounds for staff screens: "12.3450" → "£12.3450". */
export function formatUnitCostText(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `£${Number(whole).toLocaleString('en-GB')}.${fraction.padEnd(2, '0')}`;
}
