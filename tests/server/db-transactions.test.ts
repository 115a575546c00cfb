import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { DatabaseBusyError } from '../../src/server/db/availability';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';
import { OverlappingQueryError, TransactionMisuseError } from '../../src/server/db/transaction-guard';
import { readTogether } from '../../src/server/lib/read-together';
import { createTestApp, RELAXED_LIMITS, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { migratedSnapshot } from '../helpers/database-template';

/** What a query's promise was rejected with, under drizzle's "Failed query" wrapper. */
const failure = (attempt: Promise<unknown>) =>
  attempt.then(
    () => null,
    (error: Error) => (error.cause instanceof Error ? error.cause : error),
  );

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/**
 * A transaction holds a connection until its callback ends: on PGlite the only one. A query sent
 * through the pool-level `db` from inside the callback would wait for that connection, and the
 * callback for the query: for ever on PGlite, and every request after it.
 */
describe('a pool-level query inside a transaction (the app as the tests build it)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('fails at once with an error that says what to do, and the database goes on answering', async () => {
    const { db } = t.database;
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return db.execute(sql`select 2`);
    });
    const error = await failure(attempt);
    expect(error).toBeInstanceOf(TransactionMisuseError);
    expect(error?.message).toMatch(/inside a transaction's callback.*Send it on the transaction \(tx\)/);
    // A transaction begun through `db` inside another is the same mistake.
    expect(await failure(db.transaction(async () => db.transaction(async (tx) => tx.execute(sql`select 3`))))).toBeInstanceOf(TransactionMisuseError);
    // Nothing was left holding the connection.
    expect(rowsOf(await db.execute(sql`select 4 as n`))).toEqual([{ n: 4 }]);
    expect(await db.transaction(async (tx) => rowsOf(await tx.execute(sql`select 5 as n`)))).toEqual([{ n: 5 }]);
  });

  it('lets work a callback merely started (not awaited) run once the transaction is over', async () => {
    const { db } = t.database;
    let later: Promise<unknown> = Promise.resolve();
    let committed = false;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Started here, so it runs in the callback's async context, but after the commit.
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => {
        expect(committed).toBe(true);
        return db.execute(sql`select 2 as n`);
      });
    });
    committed = true;
    expect(rowsOf(await later)).toEqual([{ n: 2 }]);
  });
});

/**
 * A transaction is one connection, which runs one statement at a time: a query sent on it while its
 * previous one has not answered is queued by node-postgres with a deprecation warning (pg 9 refuses
 * it) and by PGlite. In the tests it fails at once, on either database, naming both statements.
 */
describe('a query sent on a transaction while its previous one runs (the app as the tests build it)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('fails at once, naming both statements, and leaves no connection held', async () => {
    const { db } = t.database;
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return Promise.all([tx.execute(sql`select pg_sleep(0.05), 'first' as what`), tx.execute(sql`select 'second' as what`)]);
    });
    const error = await failure(attempt);
    expect(error).toBeInstanceOf(OverlappingQueryError);
    expect(error?.message).toMatch(
      /while its previous query had not answered.*Under way: select pg_sleep\(0\.05\), 'first' as what — sent: select 'second' as what/,
    );
    // More transactions than the pool has connections, one after another: none was kept by the failure.
    for (let n = 0; n < 6; n++) expect(await db.transaction(async (tx) => rowsOf(await tx.execute(sql`select ${n}::int as n`)))).toEqual([{ n }]);
    expect(rowsOf(await db.execute(sql`select 4 as n`))).toEqual([{ n: 4 }]);
  });

  it('rolls back what the transaction wrote before the overlap', async () => {
    const { db } = t.database;
    await db.execute(sql`create table if not exists overlap_probe (n int)`);
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`insert into overlap_probe values (1)`);
      // In a savepoint too: the same connection.
      return tx.transaction((inner) => Promise.all([inner.execute(sql`select pg_sleep(0.02)`), inner.execute(sql`select 2`)]));
    });
    expect(await failure(attempt)).toBeInstanceOf(OverlappingQueryError);
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from overlap_probe`))).toEqual([{ n: 0 }]);
    await db.execute(sql`drop table overlap_probe`);
  });

  it('refuses a query that work outliving its transaction sends on it (its connection is back in the pool)', async () => {
    let late: Promise<unknown> = Promise.resolve();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      late = new Promise((resolve) => setTimeout(resolve, 10)).then(() => tx.execute(sql`select 'late' as what`));
      late.catch(() => undefined);
    });
    const error = await failure(late);
    // PGlite refuses it itself.
    expect(error?.message).toMatch(t.database.kind === 'postgres' ? /transaction that had ended.*Sent: select 'late' as what/ : /Transaction is closed/);
  });

  it('takes reads together one after another on a transaction, and at once on the pool', async () => {
    const { db } = t.database;
    const reads = (on: typeof db) =>
      [() => on.execute(sql`select pg_sleep(0.02), 1 as n`).then(rowsOf), () => on.execute(sql`select 2 as n`).then(rowsOf)] as const;
    expect(await db.transaction((tx) => readTogether(tx, reads(tx)))).toEqual([[{ pg_sleep: '', n: 1 }], [{ n: 2 }]]);
    expect(await readTogether(db, reads(db))).toEqual([[{ pg_sleep: '', n: 1 }], [{ n: 2 }]]);
  });
});

/** The embedded database in production: a misuse is logged, and no wait for its one connection is unbounded. */
describe('the embedded database’s one connection', () => {
  const errors: string[] = [];
  let database: Database;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let client: ApiClient;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-pglite-wait-'));
    database = await openDatabase({ dataDir: 'memory://', timeouts: { connectMs: 300 }, initialData: migratedSnapshot() });
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' }), rateLimits: RELAXED_LIMITS };
    app = await buildApp({ config, database, distDir: null, logger: false });
    await app.ready();
    database.transactions.useLogger({ error: (obj: { err?: Error }) => void errors.push(obj.err?.message ?? '') } as never);
    client = new ApiClient(app);
    await registerAs(client);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After to a request that cannot have the connection in time, then 200 once it is free', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    const refused = await client.get('/api/orders');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/unavailable/i) });
    release();
    await holding;
    expect((await client.get('/api/orders')).statusCode).toBe(200);
  });

  it('logs a pool-level query from inside a transaction as an error, and ends its wait with the bound', async () => {
    const { db } = database;
    const attempt = db.transaction(async () => db.execute(sql`select 1`));
    expect(await failure(attempt)).toBeInstanceOf(DatabaseBusyError);
    expect(errors).toEqual([expect.stringMatching(/inside a transaction's callback/)]);
    expect((await client.get('/api/orders')).statusCode).toBe(200);
  });

  it('logs queries overlapping on a transaction as an error, and runs them one after the other as before', async () => {
    errors.length = 0;
    const answers = await database.db.transaction((tx) => Promise.all([tx.execute(sql`select 1 as n`), tx.execute(sql`select 2 as n`)]));
    expect(answers.map(rowsOf)).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(errors).toEqual([expect.stringMatching(/while its previous query had not answered.*Under way: select 1 as n — sent: select 2 as n/)]);
  });
});
