import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { PermanentJobError } from '../../src/server/lib/jobs';
import { appLoggerOptions } from '../../src/server/lib/logging';
import { MAIL_QUEUE } from '../../src/server/modules/mail/service';
import { ARTWORK_QUEUE } from '../../src/server/modules/artwork/job';
import { createTestApp, type TestApp } from './helpers/app';
import { staffClient } from './helpers/catalogue';
import { ApiClient, registerAs } from './helpers/client';
import { artworkChecked, basketWithCard, CLEAN_CARD, ok, pdf, seedCatalogue, upload } from './orders/helpers';

/**
 * Liveness and readiness (/api/health/live, /api/health/ready), the Prometheus metrics (/metrics,
 * METRICS_TOKEN) and the log lines that say which request or job they were written for: on the
 * real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

const lines: Array<Record<string, unknown>> = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      metricsToken: TOKEN,
      jobs: { pollMs: 20 },
      // A sign-in provider that cannot be reached: its service logs a warning while answering the request.
      oauth: { oidc: { clientId: 'pjt', clientSecret: 'secret', issuer: 'http://127.0.0.1:1', name: 'Single sign-on' } },
    },
    {
      logger: {
        ...appLoggerOptions({ logLevel: 'info' }),
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    },
  );
}, 60_000);
afterAll(() => t?.close());

const scrape = async (app: FastifyInstance = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', ...bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one series (its name and labels exactly as exposed), or undefined. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** Another app on a database of its own, or on the test's (role web: it runs no jobs). */
async function otherApp(database: Database, overrides: Partial<TestApp['config']> = {}) {
  const app = await buildApp({ config: { ...t.config, role: 'web', ...overrides }, database, distDir: null, logger: false });
  await app.ready();
  return app;
}

describe('health', () => {
  it('live answers while the process runs; ready once the database answers and has every migration', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('ready answers 503 (database) while the database does not answer; live still answers', async () => {
    // PostgreSQL: a server that is not there. PGlite: a database that was closed.
    const dead = process.env.TEST_DATABASE_URL
      ? await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: t.dataDir, timeouts: { connectMs: 500 } })
      : await openDatabase({ dataDir: 'memory://' });
    if (!process.env.TEST_DATABASE_URL) await dead.close();
    const app = await otherApp(dead);
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'database', message: 'The database does not answer.' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      // Its metrics still answer, saying the database could not be read (and two apps' registries live side by side).
      expect(valueOf(await scrape(app), 'pjt_database_up')).toBe(0);
    } finally {
      await app.close();
      if (process.env.TEST_DATABASE_URL) await dead.close();
    }
  });

  it("ready answers 503 (migrations) on a database that lacks this version's newest migration", async () => {
    const db = t.database.db;
    const migrations = sql`drizzle.__drizzle_migrations`;
    const newest = (await db.execute(sql`select id, hash, created_at from ${migrations} order by created_at desc limit 1`)) as unknown as {
      rows: Array<{ id: number; hash: string; created_at: string }>;
    };
    const row = newest.rows[0];
    await db.execute(sql`delete from ${migrations} where id = ${row.id}`);
    try {
      const app = await otherApp(t.database);
      try {
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect([ready.statusCode, ready.json().reason]).toEqual([503, 'migrations']);
      } finally {
        await app.close();
      }
    } finally {
      await db.execute(sql`insert into ${migrations} (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
  });
});

describe('metrics', () => {
  it('answer 404 when METRICS_TOKEN is not set, and 401 without the token or with a wrong one', async () => {
    const app = await otherApp(t.database, { metricsToken: undefined });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics', ...bearer(TOKEN) })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await t.app.inject({ method: 'GET', url: '/metrics', ...bearer(`${TOKEN}x`) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
  });

  it('count requests by route pattern and status class, time jobs, preflight and failures, and read the queue and the outbox', async () => {
    const staff = await staffClient(t);
    const cat = await seedCatalogue(staff);
    const shopper = new ApiClient(t.app);
    await registerAs(shopper); // its welcome mail: a mail job
    for (let i = 0; i < 3; i++) expect((await shopper.get(`/api/orders/${900_000 + i}`)).statusCode).toBe(404);
    const { order, item } = await basketWithCard(shopper, cat);
    ok(await upload(shopper, order.id, item.id, await pdf(CLEAN_CARD)));
    await artworkChecked(t, shopper, order.id);
    // A queue no worker takes, one job due for a minute and one for later; a queue whose job fails for good.
    await t.app.deps.jobs.enqueue(t.database.db, 'metrics-unserved', {}, { runAt: new Date(Date.now() - 60_000) });
    await t.app.deps.jobs.enqueue(t.database.db, 'metrics-unserved', {}, { runAt: new Date(Date.now() + 3_600_000) });
    t.app.deps.jobs.register('metrics-failing', async () => {
      throw new PermanentJobError('never works');
    });
    await t.app.deps.jobs.enqueue(t.database.db, 'metrics-failing', {});
    await t.app.deps.jobs.drain();
    await t.app.deps.outbox.idle();

    const text = await scrape();
    const orderRoute = 'method="GET",route="/api/orders/:id",status_class="4xx"';
    expect(valueOf(text, `pjt_http_requests_total{${orderRoute}}`)).toBe(3);
    expect(valueOf(text, `pjt_http_request_duration_seconds_count{${orderRoute}}`)).toBe(3);
    expect(text).toContain(`pjt_http_request_duration_seconds_bucket{le="0.005",${orderRoute}}`);
    // Never the address itself.
    expect(text).not.toMatch(/route="[^"]*9000/);
    expect(valueOf(text, `pjt_http_requests_total{method="POST",route="/api/orders/:id/items/:itemId/artwork",status_class="2xx"}`)).toBe(1);

    expect(valueOf(text, `pjt_job_duration_seconds_count{queue="${MAIL_QUEUE}",outcome="done"}`)).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, `pjt_job_duration_seconds_count{queue="${ARTWORK_QUEUE}",outcome="done"}`)).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'pjt_job_failures_total{queue="metrics-failing",final="true"}')).toBe(1);
    expect(valueOf(text, 'pjt_job_duration_seconds_count{queue="metrics-failing",outcome="failed"}')).toBe(1);
    expect(valueOf(text, 'pjt_preflight_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(1);

    expect(valueOf(text, 'pjt_jobs{queue="metrics-unserved",state="waiting"}')).toBe(1);
    expect(valueOf(text, 'pjt_jobs{queue="metrics-unserved",state="scheduled"}')).toBe(1);
    expect(valueOf(text, 'pjt_jobs{queue="metrics-failing",state="failed"}')).toBe(1);
    expect(valueOf(text, 'pjt_job_oldest_waiting_seconds{queue="metrics-unserved"}')).toBeGreaterThanOrEqual(59);
    expect(valueOf(text, 'pjt_mail_outbox_messages{status="queued"}')).toBe(0);
    expect(valueOf(text, 'pjt_mail_outbox_oldest_queued_seconds')).toBe(0);
    expect(valueOf(text, 'pjt_database_up')).toBe(1);

    expect(valueOf(text, 'pjt_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'pjt_db_pool_connections{state="waiting"}')).toBe(0);
    expect(text).toMatch(/^pjt_instance_info\{role="all",version="[^"]+"\} 1$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  }, 90_000);

  it('keep a queue that emptied at 0 rather than dropping it', async () => {
    await t.database.db.execute(sql`delete from jobs where queue = 'metrics-unserved'`);
    const text = await scrape();
    expect(valueOf(text, 'pjt_jobs{queue="metrics-unserved",state="waiting"}')).toBe(0);
    expect(valueOf(text, 'pjt_job_oldest_waiting_seconds{queue="metrics-unserved"}')).toBe(0);
  });
});

describe('log lines say which request or job they were written for', () => {
  it("a service's line written while answering a request carries the request's id, as its access line does", async () => {
    const visitor = new ApiClient(t.app);
    await visitor.get('/api/health');
    const res = await visitor.post('/api/oauth/oidc', {});
    expect(res.statusCode).toBe(503);
    const access = lines.filter((l) => l.msg === 'request completed' && l.route === '/api/oauth/:provider').at(-1);
    const service = lines.filter((l) => l.msg === 'social sign-in provider unreachable').at(-1);
    expect(access?.reqId).toEqual(expect.any(String));
    expect(service?.reqId).toBe(access?.reqId);
  });

  it("a job's lines carry its id and queue", async () => {
    await registerAs(new ApiClient(t.app));
    await t.app.deps.outbox.idle();
    const [mail] = await t.database.db
      .execute(sql`select id from jobs where queue = ${MAIL_QUEUE} order by id desc limit 1`)
      .then((r) => (r as unknown as { rows: Array<{ id: unknown }> }).rows);
    const written = lines.filter((l) => l.msg === 'mail written to outbox').at(-1);
    expect(written).toMatchObject({ job: Number(mail.id), queue: MAIL_QUEUE });
    // Not a request's: the job runs on its own.
    expect(written?.reqId).toBeUndefined();
  });
});

describe('readiness while draining', () => {
  it('answers 503 (draining) from the moment a shutdown begins', async () => {
    t.app.lifecycle.beginDrain();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
