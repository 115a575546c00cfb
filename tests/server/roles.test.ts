import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { jobs, sessions, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';

/**
 * ROLE=web answers HTTP and runs no job or schedule; ROLE=worker runs them and answers only its
 * health and metrics; both on one database (as instances on one PostgreSQL do; here they share the
 * test's database, PGlite or PostgreSQL).
 */

describe('ROLE in the configuration', () => {
  const base = { DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@127.0.0.1/db', APP_KEY: 'a-key-every-instance-shares-of-some-length' };
  it('is all by default; web and worker are accepted in any letter case', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).role).toBe('all');
    expect(loadConfig({ ...base, ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...base, ROLE: ' Worker ' }).role).toBe('worker');
    expect(loadConfig({ DATA_DIR: '/tmp/x' })).toMatchObject({ shutdownTimeoutMs: 25_000, metricsToken: undefined });
  });

  it('refuses an unknown role, and web or worker without a PostgreSQL to share, naming the variable', () => {
    expect(() => loadConfig({ ...base, ROLE: 'api' })).toThrow(/ROLE: expected all \(HTTP and jobs\), web \(HTTP only\) or worker \(jobs only\); not api/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', ROLE: 'worker' })).toThrow(/ROLE: worker needs DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', ROLE: 'web' })).toThrow(/ROLE: web needs DATABASE_URL/);
    // Every instance signs with one key, or a page one of them signed is refused by the next.
    expect(() => loadConfig({ ...base, APP_KEY: undefined, ROLE: 'web' })).toThrow(/APP_KEY: ROLE=web needs APP_KEY, the same secret on every instance/);
    expect(() => loadConfig({ ...base, APP_KEY: undefined, ROLE: 'worker' })).toThrow(/APP_KEY: ROLE=worker needs APP_KEY/);
  });

  it('refuses a bad SHUTDOWN_TIMEOUT_MS and a short METRICS_TOKEN', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(loadConfig({ DATA_DIR: '/tmp/x', METRICS_TOKEN: '', SHUTDOWN_TIMEOUT_MS: '5000' })).toMatchObject({
      metricsToken: undefined,
      shutdownTimeoutMs: 5000,
    });
  });
});

describe('a web instance and a worker on one database', () => {
  let web: TestApp;
  let worker: FastifyInstance | undefined;
  const outboxFiles = () => {
    try {
      return readdirSync(path.join(web.dataDir, 'outbox'));
    } catch {
      return [];
    }
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    web = await createTestApp({ role: 'web', jobs: { pollMs: 20 }, purgeIntervalMs: 50 });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await web?.close();
  });

  it('the web instance answers the API and writes jobs, but runs none of them, nor the purge', async () => {
    const customer = new ApiClient(web.app);
    const { email } = await registerAs(customer); // a welcome mail: a job, written with the account
    expect((await customer.get('/api/countries')).statusCode).toBe(200);
    const [user] = await web.database.db.select().from(users).where(eq(users.email, email));
    await web.database.db.insert(sessions).values({ userId: user.id, tokenHash: randomBytes(32).toString('hex'), expiresAt: new Date(Date.now() - 60_000) });

    // Ten polls' and purges' worth of waiting: an instance that ran jobs would have sent the mail.
    web.app.deps.jobs.wake();
    await sleep(500);
    const written = await web.database.db.select().from(jobs);
    expect(written.length).toBeGreaterThan(0);
    expect(written.every((j) => j.status === 'queued' && j.attempts === 0)).toBe(true);
    expect(outboxFiles()).toEqual([]);
    expect(await web.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it('the worker runs them, and the purge, and answers its health and metrics only', async () => {
    worker = await buildApp({
      config: { ...web.config, role: 'worker', metricsToken: 'worker-metrics-token-0123' },
      database: web.database,
      distDir: null,
      logger: false,
    });
    await worker.ready();
    await worker.deps.jobs.drain();
    expect((await web.database.db.select().from(jobs)).every((j) => j.status === 'done')).toBe(true);
    expect(outboxFiles()).toHaveLength(1);
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await sleep(50)) {
      if ((await web.database.db.select().from(sessions)).length === 1) break;
    }
    expect(await web.database.db.select().from(sessions)).toHaveLength(1);

    expect((await worker.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await worker.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const metrics = await worker.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer worker-metrics-token-0123' } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^pjt_instance_info\{role="worker",version="[^"]+"\} 1$/m);
    expect(metrics.body).toMatch(/^pjt_job_duration_seconds_count\{queue="mail",outcome="done"\} 1$/m);
    for (const url of ['/api/countries', '/api/user', '/api/openapi.json', '/']) expect((await worker.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
