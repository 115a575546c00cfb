import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';
import {
  createJobQueue,
  INTERRUPTED,
  INTERRUPTED_LAST,
  JobInterrupted,
  JobLeaseLost,
  PermanentJobError,
  STOPPED,
  type Job,
  type JobOutcome,
  type JobQueue,
} from '../../src/server/lib/jobs';
import { createTestApp, type TestApp } from './helpers/app';

/** The job queue (DESIGN §1 Background work): each job taken by exactly one worker, retries with back-off. */
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent' } as never;

let t: TestApp;
/** A second connection (pool) to the same database, as a second instance of the app would have. */
let second: Database;

beforeAll(async () => {
  t = await createTestApp();
  // The app's own worker stays out of the way: these tests drive their own queues.
  await t.app.deps.jobs.stop();
  second = t.config.databaseUrl ? await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.dataDir, poolSize: 4 }) : t.database;
});
afterAll(async () => {
  if (second !== t.database) await second.close();
  await t.close();
});

const queueOn = (database: Database, workerId: string, pollMs = 20, lease: { leaseMs?: number; heartbeatMs?: number } = {}) =>
  createJobQueue({ db: database.db, log: silent, pollMs, workerId, ...lease });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Leases far shorter than the real minute, so that a test sees several of them pass. */
const SHORT_LEASE = { leaseMs: 300, heartbeatMs: 60 };

describe('the job queue', () => {
  it(`gives each job to exactly one of two workers on one database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL, two pools' : 'PGlite'})`, async () => {
    const runs: Array<{ worker: string; job: number }> = [];
    const workers: JobQueue[] = [queueOn(t.database, 'worker-a'), queueOn(second, 'worker-b')];
    for (const w of workers) {
      w.register<{ n: number }>(
        'test.distinct',
        async (payload) => {
          runs.push({ worker: w.workerId, job: payload.n });
          // Long enough for the other worker to poll while this one holds its jobs.
          await new Promise((r) => setTimeout(r, 5));
        },
        { concurrency: 4 },
      );
    }
    const N = 150;
    for (let i = 0; i < N; i += 50) {
      await t.database.db.insert(jobs).values(Array.from({ length: 50 }, (_, k) => ({ queue: 'test.distinct', payload: { n: i + k } })));
    }
    workers.forEach((w) => w.start());
    const deadline = Date.now() + 20_000;
    while (runs.length < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(workers.map((w) => w.stop()));

    const done = new Set(runs.map((r) => r.job));
    expect(runs).toHaveLength(N);
    expect(done.size).toBe(N);
    const byWorker = new Map<string, number>();
    for (const r of runs) byWorker.set(r.worker, (byWorker.get(r.worker) ?? 0) + 1);
    // Both took a share; neither ran a job the other ran.
    expect(byWorker.get('worker-a')).toBeGreaterThan(0);
    expect(byWorker.get('worker-b')).toBeGreaterThan(0);
    const left = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.queue} = 'test.distinct' and ${jobs.status} <> 'done'`);
    expect(left[0].n).toBe(0);
  });

  it('retries a failed job with exponential back-off, then fails it after max attempts', async () => {
    const queue = queueOn(t.database, 'retrier');
    const seen: Array<{ attempt: number; at: number }> = [];
    const errors: Array<Date | null> = [];
    queue.register(
      'test.flaky',
      async (_payload, job) => {
        seen.push({ attempt: job.attempt, at: Date.now() });
        throw new Error(`attempt ${job.attempt} failed`);
      },
      { maxAttempts: 3, backoff: { baseMs: 100 }, onError: (_job, _error, retryAt) => void errors.push(retryAt) },
    );
    const id = await queue.enqueue(t.database.db, 'test.flaky', {});
    queue.start();
    const deadline = Date.now() + 10_000;
    while (seen.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    await queue.stop();

    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3]);
    // 100 ms, then 200 ms (±10 %), give or take a poll.
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(85);
    expect(seen[2].at - seen[1].at).toBeGreaterThanOrEqual(175);
    expect(errors.map((e) => e === null)).toEqual([false, false, true]);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'attempt 3 failed' });
  });

  it('fails a job at once on a permanent error, and retakes a job whose worker died (lease over)', async () => {
    const queue = queueOn(t.database, 'survivor');
    const ran: number[] = [];
    queue.register<{ n: number }>('test.permanent', async () => {
      throw new PermanentJobError('never');
    });
    const seenByRetry: Array<{ interruptedAt: Date | null; lastError: string | null }> = [];
    queue.register<{ n: number }>('test.orphan', async (payload, job) => {
      ran.push(payload.n);
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      seenByRetry.push({ interruptedAt: row.interruptedAt, lastError: row.lastError });
    });
    const permanent = await queue.enqueue(t.database.db, 'test.permanent', { n: 1 });
    // A job another worker took and never finished: last heard from a minute ago, its lease ran out a second ago.
    const lastHeard = new Date(Date.now() - 61_000);
    const [orphan] = await t.database.db
      .insert(jobs)
      .values({
        queue: 'test.orphan',
        payload: { n: 7 },
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedUntil: new Date(Date.now() - 1000),
        heartbeatAt: lastHeard,
      })
      .returning({ id: jobs.id });
    // One still leased is left alone.
    await t.database.db
      .insert(jobs)
      .values({ queue: 'test.orphan', payload: { n: 8 }, status: 'running', attempts: 1, lockedBy: 'busy-worker', lockedUntil: new Date(Date.now() + 60_000) });
    await queue.drain();

    expect(ran).toEqual([7]);
    // While it is made again, the job says that its first attempt was interrupted, and when.
    expect(seenByRetry).toEqual([{ interruptedAt: lastHeard, lastError: INTERRUPTED }]);
    const rows = await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.id} in (${permanent}, ${orphan.id})`);
    expect(rows.find((r) => r.id === permanent)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows.find((r) => r.id === orphan.id)).toMatchObject({
      status: 'done',
      attempts: 2,
      lockedBy: 'survivor',
      interruptedAt: lastHeard,
      lastError: null,
    });
  });

  /**
   * A queue whose handler dies on the attempts `dies` names: it leaves the job as a worker killed
   * mid-way leaves it (running, its lease run out, last heard from `lastHeard`) and no longer holds it.
   */
  function dyingQueue(workerId: string, dies: (attempt: number) => boolean, lastHeard: Date) {
    const ended: Array<{ outcome: JobOutcome; seconds: number | null }> = [];
    const queue = createJobQueue({
      db: t.database.db,
      log: silent,
      pollMs: 20,
      workerId,
      observer: { jobEnded: (_q, outcome, seconds) => ended.push({ outcome, seconds }) },
    });
    const attempts: number[] = [];
    const told: Array<{ job: Job; error: unknown; retryAt: Date | null }> = [];
    queue.register(
      'test.dying',
      async (_payload, job) => {
        attempts.push(job.attempt);
        // Past any sane count: the job would be taken for ever.
        if (attempts.length > 6 || !dies(job.attempt)) return;
        await t.database.db
          .update(jobs)
          .set({ lockedBy: `killed-${job.attempt}`, heartbeatAt: lastHeard, lockedUntil: new Date(Date.now() - 1000) })
          .where(eq(jobs.id, job.id));
        throw new JobLeaseLost(job.id, 'its worker died');
      },
      { maxAttempts: 3, onError: (job, error, retryAt) => void told.push({ job, error, retryAt }) },
    );
    return { queue, attempts, told, ended };
  }

  it('fails a job whose worker died on each of its attempts once the last is over, and tells its onError once', async () => {
    const lastHeard = new Date(Date.now() - 61_000);
    const { queue, attempts, told, ended } = dyingQueue('finder', () => true, lastHeard);
    const id = await queue.enqueue(t.database.db, 'test.dying', {});
    await queue.drain();

    // Taken three times, each cut short; the claim after the third fails it instead of taking it.
    expect(attempts).toEqual([1, 2, 3]);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      lockedBy: 'killed-3',
      lockedUntil: null,
      interruptedAt: lastHeard,
      lastError: INTERRUPTED_LAST,
    });
    expect(row.finishedAt).toBeInstanceOf(Date);
    // As a job whose last attempt failed: its queue's onError, once, told it has failed for good.
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ job: { id, attempt: 3, maxAttempts: 3 }, retryAt: null });
    expect(told[0].error).toBeInstanceOf(JobInterrupted);
    expect(ended).toEqual([...Array(3).fill({ outcome: 'abandoned', seconds: expect.any(Number) }), { outcome: 'failed', seconds: null }]);

    // Nothing more: the failed job is not taken again.
    await queue.drain();
    expect(attempts).toHaveLength(3);
    expect(told).toHaveLength(1);
  });

  it('takes again a job whose worker died before its last attempt', async () => {
    const lastHeard = new Date(Date.now() - 61_000);
    const { queue, attempts, told } = dyingQueue('patient', (attempt) => attempt < 3, lastHeard);
    const id = await queue.enqueue(t.database.db, 'test.dying', {});
    await queue.drain();

    expect(attempts).toEqual([1, 2, 3]);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 3, lockedBy: 'patient', interruptedAt: lastHeard, lastError: null });
    expect(told).toEqual([]);
  });

  it(`renews the lease of a job running longer than it: the other worker does not take it (${process.env.TEST_DATABASE_URL ? 'PostgreSQL, two pools' : 'PGlite'})`, async () => {
    const runs: string[] = [];
    const workers = [queueOn(t.database, 'long-a', 20, SHORT_LEASE), queueOn(second, 'long-b', 20, SHORT_LEASE)];
    for (const w of workers) {
      w.register('test.long', async () => {
        runs.push(w.workerId);
        // Five leases long.
        await sleep(5 * SHORT_LEASE.leaseMs);
      });
    }
    const id = await workers[0].enqueue(t.database.db, 'test.long', {});
    workers.forEach((w) => w.start());
    for (const deadline = Date.now() + 10_000; !runs.length && Date.now() < deadline;) await sleep(20);
    // The job ends, and both workers keep looking a little longer.
    await sleep(6 * SHORT_LEASE.leaseMs);
    await Promise.all(workers.map((w) => w.stop()));

    expect(runs).toHaveLength(1);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: runs[0], interruptedAt: null });
  });

  it('abandons a job whose lease another worker took over: its signal aborts, its fence refuses, nothing is settled', async () => {
    const queue = queueOn(t.database, 'overtaken', 20, SHORT_LEASE);
    let reason: unknown;
    let fenced: unknown;
    queue.register('test.overtaken', async (_payload, job) => {
      // Another worker takes the job over (as when this one could not renew its lease in time).
      await t.database.db
        .update(jobs)
        .set({ lockedBy: 'usurper', lockedUntil: new Date(Date.now() + 60_000) })
        .where(eq(jobs.id, job.id));
      reason = await new Promise((resolve) => job.signal.addEventListener('abort', () => resolve(job.signal.reason)));
      fenced = await t.database.db
        .transaction((tx) => job.fence(tx))
        .then(
          () => 'committed',
          (error: unknown) => error,
        );
      throw new Error('whatever the handler did next');
    });
    const id = await queue.enqueue(t.database.db, 'test.overtaken', {});
    await queue.drain();

    expect(reason).toBeInstanceOf(JobLeaseLost);
    expect(fenced).toBeInstanceOf(JobLeaseLost);
    // Neither failed nor retried by the worker that lost it: the job is the usurper's.
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'usurper', lastError: null });
  });

  it('on stopping, tells a job still running to stop and gives its lease back at once', async () => {
    const queue = queueOn(t.database, 'stopping', 20, SHORT_LEASE);
    let reason: unknown;
    let began!: () => void;
    const running = new Promise<void>((resolve) => (began = resolve));
    queue.register('test.stopping', async (_payload, job) => {
      began();
      reason = await new Promise((resolve) => job.signal.addEventListener('abort', () => resolve(job.signal.reason)));
    });
    const id = await queue.enqueue(t.database.db, 'test.stopping', {});
    queue.start();
    await running;
    await queue.stop(50);

    expect(reason).toBeInstanceOf(JobLeaseLost);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    // The attempt given back is not counted: the worker that takes it next runs its first.
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedUntil: null, lastError: STOPPED });
    expect(row.interruptedAt).toBeInstanceOf(Date);
    const next = queueOn(t.database, 'next');
    const taken: number[] = [];
    next.register('test.stopping', async (_payload, job) => void taken.push(job.attempt));
    await next.drain();
    expect(taken).toEqual([1]);
    expect((await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('writes a job in the caller transaction: a rolled-back change leaves no job', async () => {
    const queue = queueOn(t.database, 'tx');
    await expect(
      t.database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'test.tx', { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.queue, 'test.tx'))).toHaveLength(0);
  });
});

describe('the job queue beside requests', () => {
  it('puts a look for new jobs off while the process answers requests, and not beyond maxDeferMs', async () => {
    let answering = 1;
    const ran: number[] = [];
    const queue = createJobQueue({ db: t.database.db, log: silent, pollMs: 20, workerId: 'polite', busy: () => answering > 0, maxDeferMs: 400 });
    queue.register('test.polite', async () => void ran.push(Date.now()));
    queue.start();
    try {
      // Busy: the job waits for a quiet moment…
      const started = Date.now();
      await queue.enqueue(t.database.db, 'test.polite', {});
      await new Promise((r) => setTimeout(r, 150));
      expect(ran).toHaveLength(0);
      // …and runs as soon as no request is being answered.
      answering = 0;
      for (const deadline = Date.now() + 5000; !ran.length && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 10));
      expect(ran).toHaveLength(1);
      expect(ran[0] - started).toBeGreaterThanOrEqual(150);

      // Busy all the time: the next job still runs, once the longest deferral has passed.
      answering = 1;
      const queued = Date.now();
      await queue.enqueue(t.database.db, 'test.polite', {});
      for (const deadline = Date.now() + 5000; ran.length < 2 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 10));
      expect(ran).toHaveLength(2);
      expect(ran[1] - queued).toBeGreaterThanOrEqual(350);
    } finally {
      await queue.stop();
    }
  });
});
