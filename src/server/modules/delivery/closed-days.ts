import { and, eq, ne, sql } from 'drizzle-orm';
import { customType, pgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ClosedDayRecord, closedDayCreateSchema, closedDayUpdateSchema } from '../../../shared/api/delivery';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { closedDays, type ClosedDayRow } from '../../db/schema';
import { unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListField, type ListSpec } from '../../lib/list-query';

type DayCreate = z.output<typeof closedDayCreateSchema>;
type DayUpdate = Partial<z.output<typeof closedDayUpdateSchema>>;

const UNIQUE_DATE = 'closed_days_date_unique';

/**
 * closed_days.date as the list's date filters read it: lib/rest-list turns a filter date into an
 * instant (a whole day starts at its UTC midnight), so the value bound for this `date` column is
 * that instant's UTC day, 'YYYY-MM-DD' — the same on PGlite and PostgreSQL, whatever the server's
 * time zone. Only the list's filters and sort use it; reads and writes use the schema's table.
 */
const dayOfInstant = customType<{ data: Date; driverData: string }>({
  dataType: () => 'date',
  toDriver: (value) => value.toISOString().slice(0, 10),
});
const closedDaysAsInstants = pgTable('closed_days', { date: dayOfInstant('date').notNull() });

const present = (row: ClosedDayRow): ClosedDayRecord => ({ id: row.id, date: row.date, name: row.name, version: row.version });

const DAY: RecordKind = { noun: 'closed day', missing: 'No such closed day.' };
const versioned = { table: closedDays, id: closedDays.id, version: closedDays.version };

const dateField: ListField = { column: closedDaysAsInstants.date, type: 'date' };

/** The closed days by date: filters `q` (the name), `date`, `date_gte` and `date_lte` (a year: 2026-01-01 … 2026-12-31). */
export const closedDaysListSpec: ListSpec<ClosedDayRecord, ClosedDayRow> = {
  table: closedDays,
  present: (rows) => rows.map(present),
  id: closedDays.id,
  fields: { ...fieldsOf(closedDays, { id: 'int', name: 'text' }), date: dateField },
  sortable: ['id', 'date', 'name'],
  defaultSort: ['date', 'ASC'],
  searchText: sql`lower(${closedDays.name})`,
};

/** 'Thu 1 Jul 2032', as the staff screens write a day. */
const ukDate = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => at.toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
  return `${part({ weekday: 'short' })} ${at.getUTCDate()} ${part({ month: 'short' })} ${at.getUTCFullYear()}`;
};
const duplicateDate = (date: string) => unprocessable({ date: `${ukDate(date)} is already a closed day.` });

/**
 * Staff rules for closed days (DESIGN §2 "Working days"): days the works is closed, besides
 * weekends — not working days for production or transit. One row per date.
 */
export function closedDaysService(db: Db) {
  async function get(id: number, tx: Db = db): Promise<ClosedDayRecord | null> {
    const [row] = await tx.select().from(closedDays).where(eq(closedDays.id, id));
    return row ? present(row) : null;
  }

  /** The same 422 when a concurrent write got past the check and the constraint refused it. */
  async function guarded<T>(date: string | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (date !== undefined && isUniqueViolation(err, UNIQUE_DATE)) throw duplicateDate(date);
      throw err;
    }
  }

  async function checkDateFree(tx: Db, date: string, exceptId?: number): Promise<void> {
    const [taken] = await tx
      .select({ id: closedDays.id })
      .from(closedDays)
      .where(and(eq(closedDays.date, date), exceptId === undefined ? undefined : ne(closedDays.id, exceptId)));
    if (taken) throw duplicateDate(date);
  }

  return {
    list: closedDaysListSpec,
    get,

    async create(input: DayCreate): Promise<ClosedDayRecord> {
      return guarded(input.date, () =>
        db.transaction(async (tx) => {
          await checkDateFree(tx, input.date);
          const [row] = await tx.insert(closedDays).values({ date: input.date, name: input.name }).returning();
          return present(row);
        }),
      );
    },

    async update(id: number, input: DayUpdate, version: number): Promise<ClosedDayRecord> {
      return guarded(input.date, () =>
        db.transaction(async (tx) => {
          await claimVersion(tx, versioned, id, version, DAY);
          const [current] = await tx.select().from(closedDays).where(eq(closedDays.id, id));
          if (input.date !== undefined) await checkDateFree(tx, input.date, id);
          const changes = Object.fromEntries(Object.entries({ date: input.date, name: input.name }).filter(([, v]) => v !== undefined));
          if (!Object.keys(changes).length) return present(current);
          const [row] = await tx.update(closedDays).set(changes).where(eq(closedDays.id, id)).returning();
          return present(row);
        }),
      );
    },

    async remove(id: number, version?: number): Promise<ClosedDayRecord> {
      return db.transaction(async (tx) => {
        await lockForDelete(tx, versioned, id, version, DAY);
        const [row] = await tx.delete(closedDays).where(eq(closedDays.id, id)).returning();
        return present(row);
      });
    },
  };
}

export type ClosedDaysService = ReturnType<typeof closedDaysService>;
