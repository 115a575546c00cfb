import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { makeDatabaseTemplate, type DatabaseTemplate } from '../helpers/database-template';
import { throwawayDatabase, type ThrowawayDatabase } from '../helpers/throwaway-database';

/**
 * The migrated database a test run makes once (helpers/database-template.ts): each copy has the whole
 * schema and the reference data, and what one copy writes neither its source nor another copy sees.
 */
let template: DatabaseTemplate;
const opened: Database[] = [];
const made: ThrowawayDatabase[] = [];
beforeAll(async () => {
  template = await makeDatabaseTemplate();
}, 60_000);
afterAll(async () => {
  for (const database of opened) await database.close();
  for (const database of made) await database.drop();
  await template?.remove();
});

const journal = JSON.parse(readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) => (await database.db.execute(query)) as unknown as { rows: T[] };
const one = async (database: Database, query: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(database, query)).rows[0].n;

/** A copy is migrated and seeded; a write to `a` shows in neither `b` nor a copy made after it. */
async function expectIndependent(a: Database, b: Database, later: () => Promise<Database>) {
  for (const copy of [a, b]) {
    expect(await one(copy, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
    expect(await one(copy, sql`select count(*)::int as n from countries where code = 'GB'`)).toBe(1);
  }
  await a.db.execute(sql`insert into settings (name, value) values ('TEMPLATE_PROBE', 'a')`);
  await a.db.execute(sql`delete from countries where code = 'AD'`);
  expect(await one(a, sql`select count(*)::int as n from settings where name = 'TEMPLATE_PROBE'`)).toBe(1);
  expect(await one(b, sql`select count(*)::int as n from settings where name = 'TEMPLATE_PROBE'`)).toBe(0);
  expect(await one(b, sql`select count(*)::int as n from countries where code = 'AD'`)).toBe(1);
  await b.db.execute(sql`insert into settings (name, value) values ('TEMPLATE_PROBE', 'b')`);
  expect((await rowsOf<{ value: string }>(a, sql`select value from settings where name = 'TEMPLATE_PROBE'`)).rows).toEqual([{ value: 'a' }]);
  const c = await later();
  expect(await one(c, sql`select count(*)::int as n from settings where name = 'TEMPLATE_PROBE'`)).toBe(0);
  expect(await one(c, sql`select count(*)::int as n from countries where code = 'AD'`)).toBe(1);
}

describe('the migrated database a run copies', () => {
  it('embedded: each database loaded from the dump is a copy of its own', async () => {
    const snapshot = new Blob([readFileSync(template.snapshotFile)]);
    const copy = async () => {
      const database = await openDatabase({ dataDir: 'memory://', initialData: snapshot });
      opened.push(database);
      return database;
    };
    await expectIndependent(await copy(), await copy(), copy);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL: each database created from the template is a copy of its own', async () => {
    const copy = async () => {
      const own = await throwawayDatabase(process.env.TEST_DATABASE_URL!, 'pjt_test', { template: template.templateName });
      made.push(own);
      const database = await openDatabase({ databaseUrl: own.url, dataDir: 'memory://', poolSize: 1 });
      opened.push(database);
      return database;
    };
    const a = await copy();
    const b = await copy();
    await expectIndependent(a, b, copy);
    // The template itself is untouched: it is still a database every copy can be made from.
    expect(template.templateName).toMatch(/^pjt_template_/);
  });
});
