/**
 * Staff type prices in pounds (£3.95), the API keeps pence (395). Parsing is exact: the text is
 * split at the point, never multiplied as a float. Anything else is null, and the form says so.
 */
export function penceOf(text: string): number | null {
  const m = /^\s*£?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Pence as the pounds a staff input shows: 395 → "3.95", 1000 → "10.00". */
export const poundsText = (pence: number): string => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** Whole grams from what staff type ("1,000", "750"); anything else is null. */
export function gramsOf(text: string): number | null {
  const m = /^\s*(\d{1,8})\s*(?:g)?\s*$/i.exec(text.replace(/,/g, ''));
  return m ? Number(m[1]) : null;
}

/** 1000 → "1,000 g". */
export const gramsText = (grams: number): string => `${grams.toLocaleString('en-GB')} g`;
