import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { databaseUnavailability } from '../../src/server/db/availability';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';
import { RELAXED_LIMITS } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { StallingProxy } from './helpers/tcp-proxy';
import { throwawayDatabase, type ThrowawayDatabase } from '../helpers/throwaway-database';

/**
 * A database that stops answering: on a real PostgreSQL (TEST_DATABASE_URL) behind a proxy the test stalls: the
 * health check answers 503 once its time-out passes, API calls answer 503 without asking the database (not 500, not a hang), the log
 * says so a few times rather than once per request, and everything works again once it is back.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe('database error classification', () => {
  it('tells an outage and a time-out from other errors, through drizzle wrappers', () => {
    expect(databaseUnavailability(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe('outage');
    expect(databaseUnavailability(new Error('timeout exceeded when trying to connect'))).toBe('outage');
    expect(databaseUnavailability(new Error('Failed query', { cause: new Error('Query read timeout') }))).toBe('outage');
    expect(databaseUnavailability(new Error('Failed query', { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) }))).toBe('outage');
    expect(
      databaseUnavailability(new Error('Failed query', { cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }) })),
    ).toBe('timeout');
    expect(databaseUnavailability(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
    expect(databaseUnavailability(new TypeError('x is not a function'))).toBeNull();
  });
});

describe.skipIf(!serverUrl)('a stalled PostgreSQL', () => {
  const lines: Array<{ level: number; msg: string }> = [];
  let own: ThrowawayDatabase | undefined;
  let proxy: StallingProxy;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    own = await throwawayDatabase(serverUrl!, 'pjt_stall');
    const direct = new URL(own.url);
    proxy = await new StallingProxy({ host: direct.hostname, port: Number(direct.port || 5432) }).start();
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;

    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-stall-'));
    database = await openDatabase({
      databaseUrl: viaProxy.toString(),
      dataDir,
      poolSize: 4,
      timeouts: { connectMs: 1000, statementMs: 2000, idleInTransactionMs: 5000 },
      availability: { heartbeatMs: 60_000, probeEveryMs: 200, logEveryMs: 10_000 },
    });
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' }), databaseUrl: viaProxy.toString(), rateLimits: RELAXED_LIMITS };
    app = await buildApp({
      config,
      database,
      distDir: null,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } },
    });
    await app.ready();
    const client = new ApiClient(app);
    await registerAs(client);
    token = client.token!;
  });

  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await database?.close();
    await proxy?.close();
    await own?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const timed = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };

  /** What `run` asked of the app's pool: statements sent and connections taken. */
  async function poolUse<T>(run: () => Promise<T>): Promise<{ result: T; asked: number }> {
    type Pool = Record<'query' | 'connect', (...args: unknown[]) => Promise<unknown>>;
    const pool = (database.db as unknown as { $client: Pool }).$client;
    const originals = { query: pool.query, connect: pool.connect };
    let asked = 0;
    for (const name of ['query', 'connect'] as const) {
      pool[name] = function (this: unknown, ...args: unknown[]) {
        asked++;
        return originals[name].apply(this, args);
      };
    }
    try {
      return { result: await run(), asked };
    } finally {
      Object.assign(pool, originals);
    }
  }

  it('answers 503 while the database does not answer, without waiting for it, logs it a few times, and recovers', async () => {
    expect((await timed('/api/health')).status).toBe(200);
    expect((await timed('/api/countries')).status).toBe(200);
    const logged = lines.length;

    // Everything below is answered while the proxy holds every byte (it is resumed only at the end):
    // each answer came from the app's own time-outs or from knowing the database is down, never from
    // the database. How soon is a matter of the configured time-outs, not of this machine's speed.
    proxy.stall();
    // A request already under way when the database stalls: its time-out ends it with 503, not 500.
    const inFlight = timed('/api/countries');
    const health = await timed('/api/health');
    expect(health).toMatchObject({ status: 503, body: { status: 'unavailable' } });
    expect(database.availability.down).toBe(true);

    // From now on API calls are answered without asking the database for anything.
    const { result: answers, asked } = await poolUse(() => Promise.all(Array.from({ length: 200 }, () => timed('/api/countries'))));
    expect(answers.every((a) => a.status === 503)).toBe(true);
    expect(answers[0].body.message).toMatch(/unavailable/i);
    expect(asked).toBe(0);
    const early = await inFlight;
    expect(early.status).toBe(503);

    // Two hundred refused requests, yet only a few log lines at warning level or above.
    const warnings = lines.slice(logged).filter((l) => l.level >= 40);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(4);
    expect(warnings.some((l) => /unhandled/.test(l.msg))).toBe(false);

    proxy.resume();
    const deadline = Date.now() + 10_000;
    let back = await timed('/api/health');
    while (back.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      back = await timed('/api/health');
    }
    expect(back.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await timed('/api/countries')).status).toBe(200);
    expect((await timed('/api/user')).status).toBe(200);
    expect(lines.some((l) => /available again/.test(l.msg))).toBe(true);
  });
});
