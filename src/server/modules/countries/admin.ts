import type { FastifyPluginAsync } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { adminCountryUpdateSchema, type AdminCountry } from '../../../shared/api/admin-countries';
import { countries } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { staffOnly } from '../../lib/auth';
import { restResource, type ListSpec } from '../../lib/rest-list';

export const countriesListSpec: ListSpec = {
  fields: {
    id: { column: countries.id, type: 'int' },
    code: { column: countries.code, type: 'text' },
    name: { column: countries.name, type: 'text' },
    active: { column: countries.active, type: 'bool' },
  },
  sortable: ['id', 'code', 'name', 'active'],
  defaultSort: ['name', 'ASC'],
  searchText: sql`lower(${countries.name} || ' ' || ${countries.code})`,
  id: countries.id,
};

const columns = { id: countries.id, code: countries.code, name: countries.name, active: countries.active };

/** Staff edit of countries at /api/admin/countries: all of them, with the active flag; ISO-seeded, so no create or delete. */
const countriesAdmin: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  app.addHook('onRequest', staffOnly);

  restResource(app, {
    name: 'countries',
    list: countriesListSpec,
    async findMany(query) {
      const [rows, [{ total }]] = await Promise.all([
        db.select(columns).from(countries).where(query.where).orderBy(...query.orderBy).limit(query.limit).offset(query.offset),
        db.select({ total: count() }).from(countries).where(query.where),
      ]);
      return { rows, total };
    },
    async findOne(id): Promise<AdminCountry | null> {
      const [row] = await db.select(columns).from(countries).where(eq(countries.id, id)).limit(1);
      return row ?? null;
    },
    update: {
      schema: adminCountryUpdateSchema,
      async run(id, input) {
        if (!Object.keys(input).length) return (await db.select(columns).from(countries).where(eq(countries.id, id)))[0];
        const [row] = await db.update(countries).set(input).where(eq(countries.id, id)).returning(columns);
        return row;
      },
    },
  });
};

export default countriesAdmin;
