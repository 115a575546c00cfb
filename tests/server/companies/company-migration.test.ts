import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_DIR, migrateDatabase, type Database, type Db } from '../../../src/server/db/client';
import { seedDemo } from '../../../src/server/db/seed';
import { seedDemoOrders } from '../../../src/server/db/seed/demo-orders';
import { seedDemoTickets } from '../../../src/server/db/seed/demo-tickets';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-accounts';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { createTestApp, type TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { ok } from '../helpers/catalogue';

/**
 * Existing accounts moving into companies, on a copy of the demo data: the demo is seeded by the app at
 * today's schema, its rows are copied (the columns the old schema had) into a database migrated only up
 * to the one before companies, and the rest of the migrations then run over them — as an install
 * upgrading with its customers' data would.
 */
const FIRST_WITH_COMPANIES = '0032_companies';
/** Every table whose rows belong to a customer and now name the customer's company. */
const COMPANY_ROWS = ['orders', 'invoices', 'payments', 'quotes', 'tickets', 'addresses', 'api_keys', 'webhook_endpoints'] as const;

type Row = Record<string, unknown>;
interface Copy {
  tables: Map<string, Row[]>;
  sequences: Map<string, number>;
}
/** An account as the schema before companies held it: its company details, terms and credit. */
interface AccountBefore {
  id: number;
  company_name: string;
  company_logo: string | null;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  country_id: number | null;
  payment_terms: string;
  credit_limit: number | null;
  credit_days: number;
  blind_dispatch: boolean;
}

/** A statement's rows, on PGlite and node-postgres alike (both answer `{ rows }`). */
const rows = async <T = Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const [STAFF, JANE, TOM] = DEMO_ACCOUNTS;

/** The app's demo, plus what it does not make by itself: an API key, a webhook endpoint, a quote and a payment. */
async function seedDemoCopy(source: TestApp): Promise<void> {
  await seedDemo(source.database.db);
  await seedDemoOrders(source.app.deps);
  await seedDemoTickets(source.app.deps);
  const jane = new ApiClient(source.app);
  await jane.login(JANE.email, JANE.password);
  ok(await jane.post('/api/account/api-keys', { name: 'Shop', mode: 'live' }), 201);
  ok(await jane.post('/api/account/webhooks', { url: 'https://1.1.1.1/hooks', events: ['order.confirmed'], mode: 'live' }), 201);
  const [basket] = await rows<{ id: number; user_id: number }>(
    source.database.db,
    sql`select o.id, o.user_id from orders o join users u on u.id = o.user_id where u.email = ${JANE.email} and o.status = 'basket'`,
  );
  ok(await jane.post(`/api/orders/${basket.id}/quote`), 201);
  const staff = new ApiClient(source.app);
  await staff.login(STAFF.email, STAFF.password);
  ok(
    await staff.post('/api/admin/payments', {
      user_id: basket.user_id,
      amount: 1_000,
      received_on: ukToday(),
      method: 'bank_transfer',
      reference: 'BACS 1234',
    }),
    201,
  );
}

/** Every row of every table of the public schema, as JSON through the database, and where each sequence stands. */
async function dumpRows(db: Db): Promise<Copy> {
  const tables = new Map<string, Row[]>();
  const names = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  for (const { name } of names) {
    const [{ data }] = await rows<{ data: Row[] }>(db, sql`select coalesce(json_agg(t), '[]'::json) as data from ${sql.identifier(name)} t`);
    tables.set(name, data);
  }
  // Before companies an account held its company's details, terms and credit itself: the old
  // columns of each account are filled from its company, as they were before they moved there.
  const [{ data: accounts }] = await rows<{ data: Row[] }>(
    db,
    sql`select coalesce(json_agg(to_jsonb(u) || jsonb_build_object('company_name', c.name, 'company_logo', c.logo, 'payment_terms', c.payment_terms,
          'credit_limit', c.credit_limit, 'credit_days', c.credit_days, 'blind_dispatch', c.blind_dispatch)), '[]'::json) as data
        from users u join companies c on c.id = u.company_id`,
  );
  tables.set('users', accounts);
  const sequences = new Map(
    (
      await rows<{ name: string; value: string }>(
        db,
        sql`select sequencename as name, last_value as value from pg_sequences where schemaname = 'public' and last_value is not null`,
      )
    ).map((s) => [s.name, Number(s.value)]),
  );
  return { tables, sequences };
}

/** The copy into the old schema: each of its tables takes the columns it had then (the rest is today's), and its sequences go on where they stood. */
async function loadRows(db: Db, copy: Copy): Promise<void> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  await db.transaction(async (tx) => {
    // As a data-only restore does: the rows reference each other in every direction, and each was consistent where it came from.
    await tx.execute(sql`set local session_replication_role = replica`);
    // What the migrations themselves put in (counters, settings) is in the copy as it stood.
    await tx.execute(
      sql`truncate ${sql.join(
        [...byTable.keys()].map((n) => sql.identifier(n)),
        sql`, `,
      )}`,
    );
    for (const [table, names] of byTable) {
      const data = copy.tables.get(table);
      if (!data?.length) continue;
      const list = sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(data)}::json)`,
      );
    }
  });
  const here = await rows<{ name: string }>(db, sql`select sequencename as name from pg_sequences where schemaname = 'public'`);
  for (const { name } of here) {
    const value = copy.sequences.get(name);
    if (value !== undefined) await db.execute(sql`select setval(${name}::regclass, ${value})`);
  }
}

/** A copy of the migrations folder whose journal ends before `tag`: drizzle's migrator then stops there. */
function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pjt-migrations-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

let t: TestApp;
let before: AccountBefore[] = [];
/** How many rows of each customer's kind the copy brought. */
const copied = new Map<string, number>();

beforeAll(async () => {
  const source = await createTestApp();
  let copy: Copy;
  try {
    await seedDemoCopy(source);
    copy = await dumpRows(source.database.db);
  } finally {
    await source.close();
  }
  const old = migrationsBefore(FIRST_WITH_COMPANIES);
  try {
    t = await createTestApp(
      {},
      {
        migrate: async (database: Database) => {
          await migrateDatabase(database, old.folder);
          const { db } = database;
          await loadRows(db, copy);
          // The demo's accounts all have the default terms: each is given its own, so that a company
          // made of another account's details (or of none) shows.
          await db.execute(sql`update users set payment_terms = case when id % 2 = 0 then 'card' else 'account' end, credit_limit = id * 125000,
            credit_days = 7 + id, blind_dispatch = (id % 2 = 1), company_logo = 'logos/account-' || id || '.png', address2 = 'Floor ' || id, county = 'County ' || id`);
          before = await rows<AccountBefore>(
            db,
            sql`select id, company_name, company_logo, address1, address2, town, county, postcode, country_id, payment_terms, credit_limit, credit_days, blind_dispatch from users order by id`,
          );
          for (const table of COMPANY_ROWS)
            copied.set(table, (await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n);
          await migrateDatabase(database);
        },
      },
    );
  } finally {
    old.remove();
  }
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.db;

interface Company {
  id: number;
  name: string;
  logo: string | null;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  country_id: number | null;
  payment_terms: string;
  credit_limit: number | null;
  credit_days: number;
  blind_dispatch: boolean;
}
const companiesNow = () =>
  rows<Company>(
    db(),
    sql`select id, name, logo, address1, address2, town, county, postcode, country_id, payment_terms, credit_limit, credit_days, blind_dispatch from companies order by id`,
  );
const membersNow = () => rows<{ id: number; company_id: number; company_role: string }>(db(), sql`select id, company_id, company_role from users order by id`);

describe('existing accounts moving into companies, on a copy of the demo data', () => {
  it('starts from the demo: its accounts, and rows of every kind a customer owns', () => {
    expect(before.map((a) => a.company_name)).toEqual(expect.arrayContaining(DEMO_ACCOUNTS.map((a) => a.companyName)));
    for (const table of COMPANY_ROWS) expect(copied.get(table), `${table} in the copy`).toBeGreaterThan(0);
  });

  it('makes every account the owner of a company of its own, numbered as the account', async () => {
    const members = await membersNow();
    expect(members.map((m) => m.id)).toEqual(before.map((a) => a.id));
    for (const m of members) expect(m, `account ${m.id}`).toEqual({ id: m.id, company_id: m.id, company_role: 'owner' });
    expect(new Set(members.map((m) => m.company_id)).size).toBe(members.length);
  });

  it("gives each company the account's name, logo, address, terms, credit and blind-dispatch default exactly", async () => {
    const made = await companiesNow();
    expect(made).toEqual(
      before.map((a) => ({
        id: a.id,
        name: a.company_name,
        logo: a.company_logo,
        address1: a.address1,
        address2: a.address2,
        town: a.town,
        county: a.county,
        postcode: a.postcode,
        country_id: a.country_id,
        payment_terms: a.payment_terms,
        credit_limit: a.credit_limit,
        credit_days: a.credit_days,
        blind_dispatch: a.blind_dispatch,
      })),
    );
  });

  it.each(COMPANY_ROWS)('names the company of its account on every row of %s, and keeps them all', async (table) => {
    const [{ n, astray }] = await rows<{ n: number; astray: number }>(
      db(),
      sql`select count(*)::int as n, count(*) filter (where t.company_id is distinct from u.company_id)::int as astray
          from ${sql.identifier(table)} t left join users u on u.id = t.user_id`,
    );
    expect(n).toBe(copied.get(table));
    expect(astray).toBe(0);
  });

  it('gives an account registered afterwards a new company after the last, holding its company name', async () => {
    const client = new ApiClient(t.app);
    const body = await registerAs(client, { company_name: 'Fresh Ink Ltd' });
    const [account] = await rows<{ id: number; company_id: number; company_role: string }>(
      db(),
      sql`select id, company_id, company_role from users where email = ${body.email}`,
    );
    const last = Math.max(...before.map((a) => a.id));
    expect(account.company_id).toBe(last + 1);
    expect(account.company_role).toBe('owner');
    const company = (await companiesNow()).find((c) => c.id === account.company_id);
    expect(company).toMatchObject({ name: 'Fresh Ink Ltd', town: body.town, postcode: body.postcode.toUpperCase() });
    expect((await membersNow()).filter((m) => m.company_id === account.company_id)).toHaveLength(1);
  });

  it("puts a row made without its company in its account's company", async () => {
    const [tom] = await rows<{ id: number; company_id: number; country_id: number }>(
      db(),
      sql`select id, company_id, country_id from users where email = ${TOM.email}`,
    );
    const [address] = await rows<{ company_id: number }>(
      db(),
      sql`insert into addresses (user_id, country_id, address1, town, postcode) values (${tom.id}, ${tom.country_id}, '5 Low Petergate', 'York', 'YO1 7HZ') returning company_id`,
    );
    const [order] = await rows<{ company_id: number }>(db(), sql`insert into orders (user_id) values (${tom.id}) returning company_id`);
    expect(tom.company_id).toBe(tom.id);
    expect(address.company_id).toBe(tom.company_id);
    expect(order.company_id).toBe(tom.company_id);
  });
});
