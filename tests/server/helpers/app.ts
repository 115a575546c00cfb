import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { loadConfig, type Config } from '../../../src/server/config';
import { buildApp } from '../../../src/server/app';
import { migrateDatabase, openDatabase, type Database } from '../../../src/server/db/client';
import { seedReferenceData } from '../../../src/server/db/seed';
import { throwawayDatabase } from '../../helpers/throwaway-database';
import { migratedSnapshot, migratedTemplate } from '../../helpers/database-template';
import { testBucket, testS3 } from './s3';

/** Limits high enough that ordinary tests never meet them; rate-limit tests pass their own. */
export const RELAXED_LIMITS: Config['rateLimits'] = {
  login: { max: 1000, windowMs: 60_000 },
  loginPerIp: { max: 1000, windowMs: 60_000 },
  loginPerAccount: { max: 1000, windowMs: 60_000 },
  currentPassword: { max: 1000, windowMs: 60_000 },
  register: { max: 1000, windowMs: 60_000 },
  passwordEmail: { max: 1000, windowMs: 60_000 },
  passwordEmailPerAddress: { max: 1000, windowMs: 60_000 },
  passwordReset: { max: 1000, windowMs: 60_000 },
  tickets: { max: 1000, windowMs: 60_000 },
  ticketReplies: { max: 1000, windowMs: 60_000 },
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  config: Config;
  /** The .eml files written so far (after waiting for the outbox to deliver what is due). */
  outbox(): Promise<Array<{ file: string; text: string }>>;
  close(): Promise<void>;
}

/**
 * The real app on a real, fresh database: PGlite in memory, or — when TEST_DATABASE_URL names a
 * PostgreSQL server (CI) — a new database created on it for this test file and dropped afterwards.
 * Each starts as a copy of the run's migrated database (helpers/database-template.ts) where there is
 * one, else is migrated here; `migrate` always starts from an empty database.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: {
    distDir?: string | null;
    beforeReady?: (app: FastifyInstance) => void;
    logger?: FastifyServerOptions['logger'];
    /** Brings the fresh database to the current schema in place of the plain migration run (a migration's test loads old rows midway). */
    migrate?: (database: Database) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const template = opts.migrate ? undefined : migratedTemplate();
  const snapshot = opts.migrate ? undefined : migratedSnapshot();
  if (serverUrl) {
    const own = await throwawayDatabase(serverUrl, 'pjt_test', { template });
    databaseUrl = own.url;
    dropDatabase = own.drop;
  }
  // TEST_FILE_STORE=s3: the app's files in a bucket of its own on the test S3 service (helpers/s3.ts).
  const s3 = process.env.TEST_FILE_STORE === 's3' && !overrides.fileStore ? testS3() : undefined;
  if (process.env.TEST_FILE_STORE === 's3' && !overrides.fileStore && !s3) throw new Error('TEST_FILE_STORE=s3 needs TEST_S3_ENDPOINT and its keys');
  const bucket = s3 ? await testBucket(s3) : undefined;
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' }),
    databaseUrl,
    rateLimits: RELAXED_LIMITS,
    // High enough that the route walks with one key never meet it; the limit's own test passes its own.
    apiRateLimitPerMinute: 100_000,
    ...(bucket && { fileStore: { kind: 's3' as const, s3: bucket.s3 } }),
    ...overrides,
  };
  // A pool-level query from inside a transaction's callback fails the test that meets it (production logs it).
  const database = await openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? dataDir : 'memory://',
    poolSize: 4,
    transactionMisuse: 'throw',
    initialData: databaseUrl ? undefined : snapshot,
  });
  const copied = databaseUrl ? !!template : !!snapshot;
  if (!copied) {
    await (opts.migrate ?? migrateDatabase)(database);
    await seedReferenceData(database.db);
  }
  const app = await buildApp({ config, database, distDir: opts.distDir ?? null, logger: opts.logger ?? false });
  opts.beforeReady?.(app);
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    app,
    database,
    dataDir,
    config,
    async outbox() {
      // Mail is an outbox row delivered by a background job: wait until every due message is delivered.
      await app.deps.outbox.idle();
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir).sort();
      } catch {
        return [];
      }
      return files.map((file) => ({ file, text: decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), 'utf8')) }));
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
      await bucket?.remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mail bodies are quoted-printable: long lines are folded with "=\n" and bytes written as =XX. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The reset link's token in the newest reset mail to `email` in the outbox. */
export async function resetTokenFor(t: TestApp, email: string): Promise<string> {
  const mails = (await t.outbox()).filter((m) => m.text.includes(`To: ${email}`) && /Subject: Reset/.test(m.text));
  const match = /http:\/\/localhost:3000\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no reset mail for ${email}`);
  return match[1];
}
