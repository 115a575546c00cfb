/**
 * Working days and dispatch dates (DESIGN §2). The printer works Monday to Friday except its closed
 * days (bank holidays); an order confirmed on a working day before the cut-off (UK time) starts
 * production that day, otherwise on the next working day. Dates are civil dates written
 * 'YYYY-MM-DD'; the instant → UK date and time conversion is explicit (Europe/London, GMT or BST),
 * so the browser shows the date the server stores whatever the viewer's own time zone.
 */

export const UK_TIME_ZONE = 'Europe/London';
export const DEFAULT_CUTOFF = '12:00';

/** A civil date, 'YYYY-MM-DD'. */
export type CivilDate = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CUTOFF = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The last minute asked about: pricing a basket asks several times per item, and the time-zone
 * formatter is the dearest part of it. A minute is exact: UK clocks change on the hour.
 */
let lastMinute: { minute: number; value: Readonly<{ date: CivilDate; minutes: number }> } | null = null;

/** The UK civil date and the minutes since UK midnight of an instant. */
export function ukDateTime(at: Date): Readonly<{ date: CivilDate; minutes: number }> {
  const minute = Math.floor(at.getTime() / 60_000);
  if (lastMinute?.minute === minute) return lastMinute.value;
  const parts = Object.fromEntries(ukParts.formatToParts(at).map((p) => [p.type, p.value]));
  const value = Object.freeze({ date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) });
  lastMinute = { minute, value };
  return value;
}

function toUtcMs(date: CivilDate): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`No such date: ${date}`);
  return ms;
}

const fromUtcMs = (ms: number): CivilDate => new Date(ms).toISOString().slice(0, 10);

/** The instant a UK civil day begins (midnight in London, GMT or BST). */
export function ukStartOfDay(day: CivilDate): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // London is UTC or one hour ahead of it: midnight there is one of these two instants.
  for (const offsetHours of [1, 0]) {
    const at = new Date(utcMidnight - offsetHours * 3_600_000);
    const uk = ukDateTime(at);
    if (uk.date === day && uk.minutes === 0) return at;
  }
  return new Date(utcMidnight);
}

/** The day after `date`. */
export const nextDay = (date: CivilDate): CivilDate => fromUtcMs(toUtcMs(date) + DAY_MS);

/**
 * The closed days as UTC midnights, made once per set: a basket's dates walk working days for every
 * delivery service offered, and comparing numbers spares formatting each day walked past. The sets
 * given are not changed afterwards (ReadonlySet): the reference data makes a new one when it changes.
 */
const closedAsMs = new WeakMap<ReadonlySet<CivilDate>, ReadonlySet<number>>();
function closedMs(closed: ReadonlySet<CivilDate>): ReadonlySet<number> {
  let days = closedAsMs.get(closed);
  if (!days) closedAsMs.set(closed, (days = new Set([...closed].map(toUtcMs))));
  return days;
}

function isWorkingMs(ms: number, closed: ReadonlySet<number>): boolean {
  const weekday = new Date(ms).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !closed.has(ms);
}

function nextWorkingMs(ms: number, closed: ReadonlySet<number>): number {
  let day = ms + DAY_MS;
  // A year of closed days in a row is a data error, not a loop to run for ever.
  for (let i = 0; !isWorkingMs(day, closed); i++, day += DAY_MS) if (i > 366) throw new RangeError('No working day within a year');
  return day;
}

/** Monday to Friday, and not a closed day. */
export function isWorkingDay(date: CivilDate, closed: ReadonlySet<CivilDate>): boolean {
  return isWorkingMs(toUtcMs(date), closedMs(closed));
}

/** The first working day after `date`. */
export function nextWorkingDay(date: CivilDate, closed: ReadonlySet<CivilDate>): CivilDate {
  return fromUtcMs(nextWorkingMs(toUtcMs(date), closedMs(closed)));
}

/** `count` working days after `date` (0 → `date` itself). */
export function addWorkingDays(date: CivilDate, count: number, closed: ReadonlySet<CivilDate>): CivilDate {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`A number of working days must be a whole number ≥ 0, not ${count}`);
  if (count === 0) return date;
  const days = closedMs(closed);
  let ms = toUtcMs(date);
  for (let i = 0; i < count; i++) ms = nextWorkingMs(ms, days);
  return fromUtcMs(ms);
}

/** '12:00' → 720 minutes after midnight. */
export function cutoffMinutes(cutoff: string): number {
  const match = CUTOFF.exec(cutoff.trim());
  if (!match) throw new RangeError(`The cut-off must be a time HH:MM, not ${cutoff}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The day production starts for an order confirmed at `at`: today (UK) if a working day before the cut-off, else the next working day. */
export function productionStartDay(at: Date, closed: ReadonlySet<CivilDate>, cutoff = DEFAULT_CUTOFF): CivilDate {
  const { date, minutes } = ukDateTime(at);
  return isWorkingDay(date, closed) && minutes < cutoffMinutes(cutoff) ? date : nextWorkingDay(date, closed);
}

export interface DispatchPromise {
  /** The day production starts. */
  start: CivilDate;
  /** Start + the largest production_days of the items, in working days. */
  dispatch: CivilDate;
  /** Dispatch + the delivery type's transit days, in working days; null without a delivery type. */
  delivery: CivilDate | null;
  /** True when confirming before today's cut-off is what makes `start` today. */
  beforeCutoffToday: boolean;
}

/** The dates shown before confirming and frozen at confirmation (`dispatch_due`). */
export function dispatchPromise(
  at: Date,
  opts: { productionDays: number; transitDays?: number | null; closed: ReadonlySet<CivilDate>; cutoff?: string },
): DispatchPromise {
  const start = productionStartDay(at, opts.closed, opts.cutoff);
  const dispatch = addWorkingDays(start, opts.productionDays, opts.closed);
  const delivery = opts.transitDays === undefined || opts.transitDays === null ? null : addWorkingDays(dispatch, opts.transitDays, opts.closed);
  return { start, dispatch, delivery, beforeCutoffToday: start === ukDateTime(at).date };
}

const momentFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '23 Nov 2026, 14:05' in UK time: when something happened (a message, a move), as staff and customer screens write it. */
export function formatMoment(iso: string): string {
  return momentFormat.format(new Date(iso));
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/** The days written are those of a few weeks around today: a small memo, emptied when full. */
const formattedDays = new Map<CivilDate, string>();

/** 'Tue 24 Nov', as the order pages and e-mails write a date. */
export function formatDay(date: CivilDate): string {
  let text = formattedDays.get(date);
  if (text === undefined) {
    text = dayFormat.format(new Date(toUtcMs(date))).replace(',', '');
    if (formattedDays.size >= 512) formattedDays.clear();
    formattedDays.set(date, text);
  }
  return text;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** '1 Jan 2020': a day that may lie in another year (a range of days searched), with its year. */
export function formatDate(date: CivilDate): string {
  return dateFormat.format(new Date(toUtcMs(date)));
}
