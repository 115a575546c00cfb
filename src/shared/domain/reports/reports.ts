import type { CivilDate } from '../calendar/workingDays';

/**
 * Staff reports (DESIGN §3 "Staff reports"): the business over a range of UK civil days, in buckets
 * of a day, a week (Monday to Sunday, as ISO weeks run) or a calendar month. Server and browser share
 * these rules: the range the server accepts is the range the page's selector offers.
 */

export const REPORT_NAMES = ['orders', 'on-time', 'preflight', 'turnaround', 'top-customers', 'waiting'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** What each report is called on the page, in its heading and the file name of its CSV. */
export const REPORT_TITLES: Record<ReportName, string> = {
  orders: 'Orders and revenue',
  'on-time': 'Dispatched on time',
  preflight: 'Artwork checks',
  turnaround: 'Working days to dispatch',
  'top-customers': 'Top customers (by company)',
  waiting: 'Waiting now',
};

export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** A range longer than this is refused: a day-by-day chart of it would not be read, and its query would not stay fast. */
export const MAX_REPORT_YEARS = 3;

/** How many companies "top customers" lists. */
export const TOP_CUSTOMERS = 10;

const DAY_MS = 86_400_000;
const utcMs = (day: CivilDate) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number): CivilDate => new Date(ms).toISOString().slice(0, 10);

/** `days` calendar days after (or, negative, before) `day`. */
export const addDays = (day: CivilDate, days: number): CivilDate => dayOf(utcMs(day) + days * DAY_MS);

/** The last day a range starting on `from` may reach: the day before the same date MAX_REPORT_YEARS later. */
export function lastDayAllowed(from: CivilDate): CivilDate {
  const [y, m, d] = from.split('-').map(Number);
  // 29 February plus three years is 1 March: Date.UTC rolls it over.
  return addDays(dayOf(Date.UTC(y + MAX_REPORT_YEARS, m - 1, d)), -1);
}

/** The range a report covers when none is chosen: this month so far (the first of the month to today). */
export const defaultReportRange = (today: CivilDate): { from: CivilDate; to: CivilDate } => ({ from: `${today.slice(0, 7)}-01`, to: today });

/** The day a bucket starts: the day itself, the Monday of its week, the first of its month. */
export function bucketStart(day: CivilDate, group: ReportGroup): CivilDate {
  if (group === 'day') return day;
  if (group === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(utcMs(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

const monthName = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short', year: 'numeric' });
const dayName = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** A bucket as an axis and a table say it: "3 Mar" (a day), "w/c 3 Mar" (a week), "Mar 2025" (a month). */
export function bucketLabel(start: CivilDate, group: ReportGroup): string {
  const at = new Date(utcMs(start));
  if (group === 'month') return monthName.format(at);
  return group === 'week' ? `w/c ${dayName.format(at)}` : dayName.format(at);
}

/** A share (0–1) as people read it: "87.5%"; "—" when there was nothing to share out. */
export const formatShare = (share: number | null): string => (share === null ? '—' : `${(Math.round(share * 1000) / 10).toFixed(1)}%`);
