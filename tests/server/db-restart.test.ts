import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';
import { RELAXED_LIMITS } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { PostgresCluster } from './helpers/postgres-cluster';

/**
 * PostgreSQL restarting, or the app's sessions killed, under load: a connection lost while a
 * transaction or a query holds it must fail that request with 503 (Retry-After), never end the
 * process with an unhandled 'error' event, and the app answers again once PostgreSQL is back.
 * The cluster is the test's own, so that it can be stopped and started (DATABASE_URL's server
 * is there for the other test files).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long to wait for the app to answer again before calling it stuck. */
const RECOVERY_DEADLINE_MS = 20_000;

interface Answer {
  status: number;
  at: number;
  retryAfter: string | undefined;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL stopped, killed and restarted under load', () => {
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => void crashes.push(error);
  let cluster: PostgresCluster;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  const clients: ApiClient[] = [];

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    cluster = await PostgresCluster.create();
    const url = cluster.url();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-restart-'));
    database = await openDatabase({ databaseUrl: url, dataDir, poolSize: 4, transactionMisuse: 'throw' });
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', JOBS_POLL_MS: '50' }), databaseUrl: url, rateLimits: RELAXED_LIMITS };
    app = await buildApp({ config, database, distDir: null, logger: false });
    await app.ready();
    for (let i = 0; i < 4; i++) {
      const client = new ApiClient(app);
      await registerAs(client); // and its welcome mail: the job queue has work too
      clients.push(client);
    }
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  });

  /** Customers starting baskets (a transaction each), renaming them (a locking transaction) and listing them, until stopped. */
  function load() {
    const answers: Answer[] = [];
    let running = true;
    const note = (res: { statusCode: number; headers: Record<string, unknown> }) =>
      answers.push({ status: res.statusCode, at: Date.now(), retryAfter: res.headers['retry-after'] as string | undefined });
    const workers = clients.map(async (client, n) => {
      for (let i = 0; running; i++) {
        const created = await client.post('/api/orders', { ref: `R${n}-${i}` });
        note(created);
        if (created.statusCode === 201) note(await client.patch(`/api/orders/${created.json().id}`, { ref: `R${n}-${i}b` }));
        note(await client.get('/api/orders?status=basket'));
        await sleep(5);
      }
    });
    return {
      answers,
      async stop() {
        running = false;
        await Promise.all(workers);
      },
    };
  }

  /**
   * Waits for a 200 of the orders list; resolves how long it took (printed, not judged: the time to
   * recover is measured in bench/db-restart.ts). The deadline only ends the wait for an app that
   * never recovers.
   */
  async function answersAgain(): Promise<number> {
    const from = Date.now();
    while (Date.now() - from < RECOVERY_DEADLINE_MS) {
      if ((await clients[0].get('/api/orders')).statusCode === 200) return Date.now() - from;
      await sleep(25);
    }
    throw new Error(`no 200 within ${RECOVERY_DEADLINE_MS} ms of PostgreSQL being back`);
  }

  it('answers 503 with Retry-After meanwhile, never 500, stays up, and answers 200 again once PostgreSQL is back', async () => {
    const traffic = load();
    await sleep(300);
    const outages: Array<{ from: number; to: number; recoveredMs: number; what: string }> = [];

    // The app's own sessions killed, the server staying up.
    let from = Date.now();
    const admin = new pg.Client({ connectionString: cluster.url() });
    admin.on('error', () => undefined);
    await admin.connect();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'`);
    await admin.end();
    outages.push({ from, to: Date.now(), recoveredMs: await answersAgain(), what: 'pg_terminate_backend' });

    for (const mode of ['immediate', 'fast'] as const) {
      await sleep(200);
      from = Date.now();
      await cluster.stop(mode);
      await sleep(600);
      await cluster.start();
      const to = Date.now();
      outages.push({ from, to, recoveredMs: await answersAgain(), what: `pg_ctl stop -m ${mode}` });
    }
    await sleep(200);
    await traffic.stop();

    const { answers } = traffic;
    const during = (o: (typeof outages)[number]) => answers.filter((a) => a.at >= o.from && a.at <= o.to);
    // While PostgreSQL was down, requests were refused with 503 and told when to come back.
    for (const outage of outages.slice(1)) expect(during(outage).some((a) => a.status === 503)).toBe(true);
    expect(answers.filter((a) => a.status === 503).every((a) => a.retryAfter === '5')).toBe(true);
    // Nothing else went wrong: no 500, no unhandled error.
    expect(answers.filter((a) => ![200, 201, 503].includes(a.status)).map((a) => a.status)).toEqual([]);
    expect(crashes).toEqual([]);
    // And it works as before, with every connection of the pool given back (none lost with its session).
    expect((await clients[1].post('/api/orders', { ref: 'after' })).statusCode).toBe(201);
    const pool = (database.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;
    await app.deps.jobs.stop();
    expect(pool.idleCount).toBe(pool.totalCount);
    console.info(
      `restart under load: ${answers.length} answers, ${answers.filter((a) => a.status === 503).length} × 503, ${answers.filter((a) => a.status >= 500 && a.status !== 503).length} × 5xx other than 503, ` +
        outages.map((o) => `${o.what}: back ${o.recoveredMs} ms after PostgreSQL`).join('; '),
    );
  }, 90_000);
});
