import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase, type Database, type DatabaseTimeouts } from '../../src/server/db/client';
import { rateLimits } from '../../src/server/db/schema';
import { seedReferenceData } from '../../src/server/db/seed';
import { purgeExpired } from '../../src/server/modules/accounts/purge';
import type { ApiKeyCreated } from '../../src/shared/api/trade-api';
import { RELAXED_LIMITS } from './helpers/app';
import { ok } from './helpers/catalogue';
import { ApiClient, registerAs } from './helpers/client';
import { StallingProxy } from './helpers/tcp-proxy';
import { throwawayDatabase } from '../helpers/throwaway-database';
import { migratedSnapshot, migratedTemplate } from '../helpers/database-template';

/**
 * Rate limits count in the database, so that they hold however many instances answer and however
 * often they restart: two instances on one PostgreSQL at once, and an app restarted on the same
 * database (PGlite on its data directory, or PostgreSQL), count a login limit and a trade API key's
 * allowance together. Ended windows are purged; the table keeps no address or e-mail.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const PER_ACCOUNT = 4;
const PER_MINUTE = 6;

interface Instance {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const running = new Set<Instance>();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-shared-limits-'));
  if (!serverUrl) return;
  const own = await throwawayDatabase(serverUrl, 'pjt_limits', { template: migratedTemplate() });
  databaseUrl = own.url;
  dropDatabase = own.drop;
});

afterAll(async () => {
  for (const instance of running) await instance.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One instance of the app on the shared database: PostgreSQL, or PGlite on the data directory (one instance at a time). */
async function start(opts: { url?: string; timeouts?: Partial<DatabaseTimeouts> } = {}): Promise<Instance> {
  const url = opts.url ?? databaseUrl;
  // The first start on PGlite's data directory begins from the run's migrated copy; the migration then has nothing to do.
  const database = await openDatabase({
    databaseUrl: url,
    dataDir,
    poolSize: 4,
    transactionMisuse: 'throw',
    timeouts: opts.timeouts,
    initialData: migratedSnapshot(),
  });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' }),
    databaseUrl: url,
    rateLimits: { ...RELAXED_LIMITS, loginPerAccount: { max: PER_ACCOUNT, windowMs: 15 * 60_000 } },
    apiRateLimitPerMinute: PER_MINUTE,
  };
  const app = await buildApp({ config, database, distDir: null, logger: false });
  await app.ready();
  const instance: Instance = {
    app,
    database,
    async close() {
      if (!running.delete(instance)) return;
      await app.close();
      await database.close();
    },
  };
  running.add(instance);
  return instance;
}

/** A sign-in attempt at `email` from an address of its own, so that only the per-account limit can refuse it. */
let nextAddress = 10;
const attempt = (instance: Instance, email: string) =>
  new ApiClient(instance.app).request('POST', '/api/login', { email, password: 'a guess' }, { remoteAddress: `203.0.113.${nextAddress++}` });

/** A live key of a new customer, made through `instance`. */
async function liveKey(instance: Instance): Promise<string> {
  const owner = new ApiClient(instance.app);
  await registerAs(owner);
  return ok<ApiKeyCreated>(await owner.post('/api/account/api-keys', { name: 'Shop', mode: 'live' }), 201).key;
}
const withKey = (instance: Instance, key: string) =>
  instance.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${key}` } });

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  it('count one login limit and one key’s allowance together: attempts split across both meet the limit', async () => {
    const a = await start();
    const b = await start();
    try {
      const codes: number[] = [];
      for (let i = 0; i <= PER_ACCOUNT; i++) codes.push((await attempt(i % 2 ? b : a, 'shared-victim@example.test')).statusCode);
      expect(codes).toEqual([422, 422, 422, 422, 429]);
      const refused = await attempt(a, 'shared-victim@example.test');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Too many attempts/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);

      const key = await liveKey(a);
      const remaining: string[] = [];
      for (let i = 0; i < PER_MINUTE; i++) {
        const res = await withKey(i % 2 ? b : a, key);
        expect(res.statusCode).toBe(200);
        remaining.push(String(res.headers['ratelimit-remaining']));
      }
      expect(remaining).toEqual(['5', '4', '3', '2', '1', '0']);
      for (const instance of [a, b]) {
        const over = await withKey(instance, key);
        expect(over.statusCode).toBe(429);
        expect(over.json()).toMatchObject({ status: 429, detail: expect.stringMatching(/6 requests a minute/) });
        expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('an app restarted on the same database', () => {
  it('remembers the counts: the limit holds across the restart', async () => {
    const first = await start();
    for (let i = 0; i < PER_ACCOUNT - 1; i++) expect((await attempt(first, 'restart-victim@example.test')).statusCode).toBe(422);
    const key = await liveKey(first);
    for (let i = 0; i < PER_MINUTE - 2; i++) expect((await withKey(first, key)).statusCode).toBe(200);
    await first.close();

    const second = await start();
    try {
      expect((await attempt(second, 'restart-victim@example.test')).statusCode).toBe(422);
      expect((await attempt(second, 'restart-victim@example.test')).statusCode).toBe(429);
      const next = await withKey(second, key);
      expect(next.statusCode).toBe(200);
      expect(next.headers['ratelimit-remaining']).toBe('1');
      expect((await withKey(second, key)).statusCode).toBe(200);
      expect((await withKey(second, key)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('purges counters whose window has ended (a key then starts afresh) and keeps no address or e-mail', async () => {
    const instance = await start();
    try {
      const key = await liveKey(instance);
      for (let i = 0; i < PER_MINUTE; i++) await withKey(instance, key);
      expect((await withKey(instance, key)).statusCode).toBe(429);
      expect((await attempt(instance, 'purge-victim@example.test')).statusCode).toBe(422);

      const { db } = instance.database;
      const keys = async () => (await db.select({ key: rateLimits.key }).from(rateLimits).orderBy(rateLimits.key)).map((r) => r.key);
      const stored = await keys();
      expect(stored.some((k) => k.startsWith('trade-api-key:'))).toBe(true);
      expect(stored.some((k) => k.startsWith('login-account:'))).toBe(true);
      expect(stored.filter((k) => /@|203\.0\.113/.test(k))).toEqual([]);

      // The trade API's windows end; the sign-in limit's quarter of an hour has not.
      await db.execute(sql`update rate_limits set expire = now() - interval '1 second' where key like 'trade-api-key:%'`);
      const gone = await purgeExpired(db);
      expect(gone.rateLimits).toBe(stored.filter((k) => k.startsWith('trade-api-key:')).length);
      const left = await keys();
      expect(left.some((k) => k.startsWith('trade-api-key:'))).toBe(false);
      expect(left.filter((k) => k.startsWith('login-account:'))).toEqual(stored.filter((k) => k.startsWith('login-account:')));

      const fresh = await withKey(instance, key);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['ratelimit-remaining']).toBe(String(PER_MINUTE - 1));
    } finally {
      await instance.close();
    }
  });
});

describe.skipIf(!serverUrl)('a PostgreSQL that stops answering', () => {
  it('a limited route answers 503 with Retry-After, not 500, and counts again once it is back', async () => {
    const direct = new URL(databaseUrl!);
    const proxy = await new StallingProxy({ host: direct.hostname, port: Number(direct.port || 5432) }).start();
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const instance = await start({ url: viaProxy.toString(), timeouts: { connectMs: 1000, statementMs: 1000 } });
    try {
      expect((await attempt(instance, 'stalled@example.test')).statusCode).toBe(422);
      proxy.stall();
      const stalled = await attempt(instance, 'stalled@example.test');
      expect(stalled.statusCode).toBe(503);
      expect(stalled.headers['retry-after']).toBeTruthy();
      expect(stalled.json().message).toMatch(/unavailable/i);
      proxy.resume();
      // Back once the availability probe has seen it answer.
      let back = await attempt(instance, 'stalled@example.test');
      for (let i = 0; back.statusCode === 503 && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        back = await attempt(instance, 'stalled@example.test');
      }
      expect(back.statusCode).toBe(422);
    } finally {
      proxy.resume();
      await instance.close();
      await proxy.close();
    }
  });
});
