/** A civil date 'YYYY-MM-DD' as staff read it: "Fri 25 Dec 2026". */
export function ukDay(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  const part = (options: Intl.DateTimeFormatOptions) => at.toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
  return `${part({ weekday: 'short' })} ${at.getUTCDate()} ${part({ month: 'short' })} ${at.getUTCFullYear()}`;
}

/** Saturday or Sunday: not a working day anyway. */
export const isWeekend = (date: string): boolean => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** The filter of one year's days. */
export const yearFilter = (year: number) => ({ date_gte: `${year}-01-01`, date_lte: `${year}-12-31` });

/** The year a filter names, or null for all years. */
export function yearOf(filter: { date_gte?: unknown; date_lte?: unknown }): number | null {
  const from = typeof filter.date_gte === 'string' ? /^(\d{4})-01-01$/.exec(filter.date_gte) : null;
  const to = typeof filter.date_lte === 'string' ? /^(\d{4})-12-31$/.exec(filter.date_lte) : null;
  return from && to && from[1] === to[1] ? Number(from[1]) : null;
}
