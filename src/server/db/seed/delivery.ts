import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { closedDays, countries, deliveryPrices, deliveryTypes, deliveryTypesCountries } from '../schema';

/**
 * The delivery catalogue of a fresh install: Royal Mail's UK services with their Click & Drop
 * service codes, a next-day courier, collection from the works and an international tracked
 * service, each with weight bands (pence per parcel up to so many grams) close to 2026 trade rates.
 */
interface DemoDeliveryType {
  code: string;
  name: string;
  carrier: 'royalmail' | 'courier' | 'collection';
  largeItem?: boolean;
  transitDays: number;
  /** ISO codes served; 'ALL' for every active country except GB (international). */
  countries: 'GB' | 'INTERNATIONAL';
  bands: Array<[number, number]>;
}

// prettier-ignore
const TYPES: DemoDeliveryType[] = [
  { code: 'CRL24', name: 'Royal Mail 24 (1st class)', carrier: 'royalmail', transitDays: 1, countries: 'GB',
    bands: [[100, 155], [750, 285], [1000, 395], [2000, 495], [10000, 899], [20000, 1399]] },
  { code: 'CRL48', name: 'Royal Mail 48 (2nd class)', carrier: 'royalmail', transitDays: 2, countries: 'GB',
    bands: [[100, 85], [750, 215], [1000, 315], [2000, 395], [10000, 749], [20000, 1199]] },
  { code: 'TPN24', name: 'Royal Mail Tracked 24', carrier: 'royalmail', transitDays: 1, countries: 'GB',
    bands: [[1000, 445], [2000, 545], [10000, 999], [20000, 1499]] },
  { code: 'TPS48', name: 'Royal Mail Tracked 48', carrier: 'royalmail', transitDays: 2, countries: 'GB',
    bands: [[1000, 375], [2000, 445], [10000, 849], [20000, 1299]] },
  { code: 'COURIER-NDAY', name: 'Next-day courier (large items)', carrier: 'courier', largeItem: true, transitDays: 1, countries: 'GB',
    bands: [[5000, 895], [15000, 1195], [30000, 1695], [60000, 2495]] },
  { code: 'COLLECT', name: 'Collection from our Leeds works', carrier: 'collection', largeItem: true, transitDays: 0, countries: 'GB',
    bands: [[1000000, 0]] },
  { code: 'MTA', name: 'Royal Mail International Tracked', carrier: 'royalmail', transitDays: 5, countries: 'INTERNATIONAL',
    bands: [[250, 1095], [500, 1295], [1000, 1695], [2000, 2495]] },
];

/** Seeds the delivery types on an empty table; does nothing otherwise. */
export async function seedDeliveryTypes(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(deliveryTypes);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const [gb] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.code, 'GB'));
    if (!gb) return;
    const international = (await tx.select({ id: countries.id }).from(countries).where(eq(countries.active, true)))
      .map((c) => c.id)
      .filter((id) => id !== gb.id);
    const rows = await tx
      .insert(deliveryTypes)
      .values(
        TYPES.map((t, i) => ({
          code: t.code,
          name: t.name,
          carrier: t.carrier,
          largeItem: t.largeItem ?? false,
          transitDays: t.transitDays,
          sortOrder: i + 1,
        })),
      )
      .returning({ id: deliveryTypes.id });
    const links = TYPES.flatMap((t, i) => (t.countries === 'GB' ? [gb.id] : international).map((countryId) => ({ deliveryTypeId: rows[i].id, countryId })));
    for (let i = 0; i < links.length; i += 1000) await tx.insert(deliveryTypesCountries).values(links.slice(i, i + 1000));
    await tx.insert(deliveryPrices).values(TYPES.flatMap((t, i) => t.bands.map(([weightUpto, price]) => ({ deliveryTypeId: rows[i].id, weightUpto, price }))));
  });
}

/** Easter Sunday of `year` (Gregorian; the anonymous computus), as [month 1–12, day]. */
function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return [month, ((h + l - 7 * m + 114) % 31) + 1];
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
/** The first `weekday` (0 Sunday … 6 Saturday) on or after `d`. */
const onOrAfter = (d: Date, weekday: number) => plusDays(d, (weekday - d.getUTCDay() + 7) % 7);
/** The last Monday of a month. */
const lastMonday = (year: number, month: number) => {
  const last = utc(year, month + 1, 0);
  return plusDays(last, -((last.getUTCDay() + 6) % 7));
};

/**
 * The regular bank holidays of England and Wales in `year`, with the substitute days the
 * government gives when Christmas, Boxing Day or New Year's Day fall at a weekend. One-off
 * holidays (a coronation, a jubilee) are announced a year or so ahead: staff add them.
 */
export function englandAndWalesBankHolidays(year: number): Array<{ date: string; name: string }> {
  const [em, ed] = easterSunday(year);
  const easter = utc(year, em, ed);
  const newYear = utc(year, 1, 1);
  const christmas = utc(year, 12, 25);
  const days: Array<{ date: string; name: string }> = [
    newYear.getUTCDay() % 6 === 0
      ? { date: iso(onOrAfter(newYear, 1)), name: "New Year's Day (substitute day)" }
      : { date: iso(newYear), name: "New Year's Day" },
    { date: iso(plusDays(easter, -2)), name: 'Good Friday' },
    { date: iso(plusDays(easter, 1)), name: 'Easter Monday' },
    { date: iso(onOrAfter(utc(year, 5, 1), 1)), name: 'Early May bank holiday' },
    { date: iso(lastMonday(year, 5)), name: 'Spring bank holiday' },
    { date: iso(lastMonday(year, 8)), name: 'Summer bank holiday' },
  ];
  // Christmas and Boxing Day: a day at the weekend moves to the next weekday not already taken.
  const christmasDays = [
    { day: christmas, name: 'Christmas Day' },
    { day: plusDays(christmas, 1), name: 'Boxing Day' },
  ];
  const taken = new Set<string>();
  for (const { day, name } of christmasDays) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) {
      taken.add(iso(day));
      days.push({ date: iso(day), name });
    }
  }
  for (const { day, name } of christmasDays) {
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) {
      let substitute = onOrAfter(day, 1);
      while (taken.has(iso(substitute)) || substitute.getUTCDay() === 0 || substitute.getUTCDay() === 6) substitute = plusDays(substitute, 1);
      taken.add(iso(substitute));
      days.push({ date: iso(substitute), name: `${name} (substitute day)` });
    }
  }
  return days.sort((x, y) => x.date.localeCompare(y.date));
}

/** Seeds the bank holidays of this year and the next two on an empty closed_days table. */
export async function seedClosedDays(db: Db, now = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(closedDays);
  if (n > 0) return;
  const year = now.getUTCFullYear();
  const days = [year, year + 1, year + 2].flatMap(englandAndWalesBankHolidays);
  await db.insert(closedDays).values(days).onConflictDoNothing({ target: closedDays.date });
}

export const DEMO_DELIVERY = { types: TYPES.length, codes: TYPES.map((t) => t.code) };
