import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffCountry, staffCountryUpdateSchema } from '../../../shared/api/staff-countries';
import type { Country } from '../../../shared/api/countries';
import type { Db } from '../../db/client';
import { countries } from '../../db/schema';
import { claimVersion, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';

const staffColumns = { id: countries.id, code: countries.code, name: countries.name, active: countries.active, version: countries.version };

const COUNTRY: RecordKind = { noun: 'country', missing: 'No such country.' };

/** The staff list of countries: filters, sorts and what `q` searches. */
export const countriesListSpec: ListSpec<StaffCountry, StaffCountry> = {
  table: countries,
  select: staffColumns,
  present: (rows) => rows,
  fields: fieldsOf(countries, { id: 'int', code: 'text', name: 'text', active: 'bool' }),
  sortable: ['id', 'code', 'name', 'active'],
  defaultSort: ['name', 'ASC'],
  searchText: sql`lower(${countries.name} || ' ' || ${countries.code})`,
  id: countries.id,
};

/** Countries are seeded from ISO 3166; staff only switch them on and off (and may correct a name). */
export function countriesService(db: Db) {
  async function get(id: number): Promise<StaffCountry | null> {
    const [row] = await db.select(staffColumns).from(countries).where(eq(countries.id, id)).limit(1);
    return row ?? null;
  }

  return {
    list: countriesListSpec,
    get,

    /** The countries a customer may choose for an address: the active ones, by name. */
    async active(): Promise<Country[]> {
      return db
        .select({ id: countries.id, code: countries.code, name: countries.name })
        .from(countries)
        .where(eq(countries.active, true))
        .orderBy(asc(countries.name));
    },

    async update(id: number, input: Partial<z.output<typeof staffCountryUpdateSchema>>, version: number): Promise<StaffCountry> {
      return db.transaction(async (tx) => {
        await claimVersion(tx, { table: countries, id: countries.id, version: countries.version }, id, version, COUNTRY);
        if (Object.keys(input).length) await tx.update(countries).set(input).where(eq(countries.id, id));
        const [row] = await tx.select(staffColumns).from(countries).where(eq(countries.id, id));
        return row;
      });
    },
  };
}

export type CountriesService = ReturnType<typeof countriesService>;
