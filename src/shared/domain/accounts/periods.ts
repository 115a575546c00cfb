import type { CivilDate } from '../calendar/workingDays';

/** A period of UK civil days, both included. */
export interface Period {
  from: CivilDate;
  to: CivilDate;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (1–12) of a year. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthPeriod = (year: number, month: number): Period => ({ from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDay(year, month))}` });

/** The month that `today` is in. */
export function thisMonth(today: CivilDate): Period {
  return monthPeriod(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
}

/** The month before the one `today` is in. */
export function lastMonth(today: CivilDate): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? monthPeriod(year - 1, 12) : monthPeriod(year, month - 1);
}

/** A VAT quarter: three months from its first, e.g. "Jan–Mar 2026". */
export interface Quarter extends Period {
  name: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The last `count` VAT quarters up to the one `today` is in, newest first, on calendar quarters
 * (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec): HMRC's stagger 3. A business on another stagger picks
 * its quarter as a custom period.
 */
export function recentQuarters(today: CivilDate, count = 8): Quarter[] {
  let year = Number(today.slice(0, 4));
  let first = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
  const out: Quarter[] = [];
  for (let i = 0; i < count; i++) {
    const last = first + 2;
    out.push({ from: monthPeriod(year, first).from, to: monthPeriod(year, last).to, name: `${MONTHS[first - 1]}–${MONTHS[last - 1]} ${year}` });
    first -= 3;
    if (first < 1) {
      first += 12;
      year -= 1;
    }
  }
  return out;
}
