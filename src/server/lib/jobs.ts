import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs, type JobRow } from '../db/schema';
import { bare } from '../db/columns';

/**
 * The background job queue (DESIGN §1 Background work) on the app's own database, PGlite or
 * PostgreSQL alike: mail now, artwork previews, preflight and batch zips later.
 *
 * - A job is a row of `jobs`, written with `enqueue(executor, …)` — pass the caller's transaction
 *   and the job exists exactly when the change it belongs to commits.
 * - A worker claims due jobs with `FOR UPDATE SKIP LOCKED`: each job is taken by exactly one worker,
 *   across every instance on the database. A claim is a lease (`locked_until`); a job whose worker
 *   died is taken again when the lease ends.
 * - A failure is retried with exponential back-off (`run_at`) until `max_attempts`, then `failed`.
 * - CPU-heavy work does not belong on the event loop: give `register` a handler made with
 *   `inWorkerThread` (lib/jobs-thread.ts), which runs it in a pool of worker threads.
 *
 * Why not pg-boss: the versions that support Node 20 (10.x) are a superseded line (11+ need Node 22),
 * it keeps and migrates its own schema outside drizzle-kit's migrations, and on PGlite it needs an
 * adapter and seconds of schema creation on every fresh database. See the commit that added this file.
 */

export interface Job<P = unknown> {
  id: number;
  queue: string;
  payload: P;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface QueueOptions {
  /** Jobs of this queue one process runs at once (default 2). */
  concurrency?: number;
  /** Attempts before a job is failed (default 5). */
  maxAttempts?: number;
  /** Back-off before attempt n+1: base × 2^(n−1), at most maxMs (defaults 30 s and 1 h), ±10 % jitter. */
  backoff?: { baseMs: number; maxMs?: number };
  /** How long a claim holds before another worker may take the job again (default 5 min). */
  leaseMs?: number;
  /** Told about every failed attempt: `retryAt` is when it runs again, or null when it has failed for good. */
  onError?(job: Job, error: unknown, retryAt: Date | null): Promise<void> | void;
}

export type JobHandler<P = unknown> = (payload: P, job: Job<P>) => Promise<void>;

/** Thrown by a handler whose job can never succeed: it is failed at once, without retries. */
export class PermanentJobError extends Error {}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobQueue {
  readonly workerId: string;
  /** Writes a job on `executor` (the caller's transaction, or the database) and returns its id. */
  enqueue(executor: Db, queue: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /**
   * The same job as the body of a CTE in the caller's own statement, so that a change, its mail and
   * the mail's job are one round trip: `insert into jobs … select … from <from>` writes one job for
   * each row of the CTE `from` (none when it has none), with a payload in SQL over that CTE.
   */
  enqueueFrom(from: string, queue: string, payload: SQL, options?: EnqueueOptions): SQL;
  register<P>(queue: string, handler: JobHandler<P>, options?: QueueOptions): void;
  /** Starts polling; idempotent. */
  start(): void;
  /** Polls now rather than at the next tick (e.g. just after a commit that queued a job). */
  wake(): void;
  /** Runs due jobs until none is due and none of this worker's is running (tests and shutdown). */
  drain(): Promise<void>;
  /** Stops polling and waits for running jobs (at most `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  /** The delay before attempt `attempt + 1` of a queue's job. */
  retryDelay(queue: string, attempt: number): number;
}

interface Registered {
  handler: JobHandler;
  options: Required<Omit<QueueOptions, 'onError'>> & Pick<QueueOptions, 'onError'>;
  running: number;
}

const DEFAULTS = { concurrency: 2, maxAttempts: 5, backoff: { baseMs: 30_000, maxMs: 60 * 60_000 }, leaseMs: 5 * 60_000 };
/** Finished jobs are kept this long (to look into), then removed. */
const KEEP_DONE_MS = 24 * 60 * 60_000;
const PURGE_EVERY_MS = 10 * 60_000;
/** A database that does not answer is logged at most this often by the poller. */
const LOG_EVERY_MS = 30_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How often the queue looks for due jobs when nothing wakes it (default 1 s). */
  pollMs?: number;
  workerId?: string;
  /**
   * True while the process is answering requests: a look for new jobs then waits for a quiet moment,
   * at most `maxDeferMs` (default 250 ms). Jobs share the event loop with requests, and a burst of
   * fifty confirmations should be answered before their fifty e-mails are sent, not interleaved.
   */
  busy?: () => boolean;
  maxDeferMs?: number;
}

/** How often a poll put off by a busy process looks again. */
const BUSY_RECHECK_MS = 10;

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { db, log, busy } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const maxDeferMs = opts.maxDeferMs ?? 250;
  const workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const queues = new Map<string, Registered>();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let polling: Promise<number> | null = null;
  let lastPurge = 0;
  let lastLoggedError = 0;

  function retryDelay(queue: string, attempt: number): number {
    const { baseMs, maxMs = DEFAULTS.backoff.maxMs } = queues.get(queue)?.options.backoff ?? DEFAULTS.backoff;
    const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(delay * (0.9 + Math.random() * 0.2));
  }

  /**
   * Takes, in one statement, up to `free` due jobs of each queue for this worker (a poll would
   * otherwise cost a statement per queue, each time a job ends).
   */
  async function claim(wanted: ReadonlyArray<{ queue: string; free: number; leaseMs: number }>): Promise<JobRow[]> {
    const rows = sql.join(
      wanted.map((w) => sql`(${w.queue}, ${w.free}::int, ${w.leaseMs}::int)`),
      sql`, `,
    );
    // The CTE is evaluated once (a locking CTE is never inlined): the rows it locks are the rows
    // updated. `update … where id in (select … skip locked)` may rescan the subquery and take more.
    const result = await db.execute(sql`
      with wanted(queue, free, lease_ms) as (values ${rows}),
      next as (
        select due.id, wanted.lease_ms from wanted cross join lateral (
          select id from jobs
          where jobs.queue = wanted.queue
            and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
          order by run_at, id
          limit wanted.free
          for update skip locked) due)
      update jobs set status = 'running', attempts = jobs.attempts + 1, locked_by = ${workerId},
        locked_until = now() + next.lease_ms * interval '1 millisecond'
      from next where jobs.id = next.id
      returning jobs.id, jobs.queue, jobs.payload, jobs.attempts, jobs.max_attempts`);
    const claimed = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    return claimed.map((r) => ({ id: Number(r.id), queue: String(r.queue), payload: r.payload, attempts: Number(r.attempts), maxAttempts: Number(r.max_attempts) }) as JobRow);
  }

  /** Only the worker that holds the claim may settle the job (a lease taken over is not ours any more). */
  const ours = (id: number) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

  async function run(entry: Registered, row: JobRow): Promise<void> {
    const job: Job = { id: row.id, queue: row.queue, payload: row.payload, attempt: row.attempts, maxAttempts: row.maxAttempts };
    try {
      await entry.handler(job.payload, job);
      await db.update(jobs).set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null }).where(ours(job.id));
    } catch (error) {
      const final = error instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      const retryAt = final ? null : new Date(Date.now() + retryDelay(job.queue, job.attempt));
      const settled = final
        ? { status: 'failed', finishedAt: new Date(), lockedUntil: null, lastError: errorText(error) }
        : { status: 'queued', runAt: retryAt!, lockedBy: null, lockedUntil: null, lastError: errorText(error) };
      try {
        await db.update(jobs).set(settled).where(ours(job.id));
        await entry.options.onError?.(job, error, retryAt);
      } catch (settleError) {
        // The database is away: the lease ends and the job is taken again.
        noteDatabaseError(settleError);
      }
      log.warn({ job: job.id, queue: job.queue, attempt: job.attempt, retryAt, err: errorText(error) }, final ? 'job failed' : 'job attempt failed');
    }
  }

  function noteDatabaseError(error: unknown): void {
    if (Date.now() - lastLoggedError < LOG_EVERY_MS) return;
    lastLoggedError = Date.now();
    log.error({ err: errorText(error) }, 'job queue cannot reach the database');
  }

  async function purge(): Promise<void> {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await db.delete(jobs).where(sql`${jobs.status} = 'done' and ${jobs.finishedAt} < ${new Date(Date.now() - KEEP_DONE_MS)}`);
  }

  /** One round: claims what free slots allow on every queue and starts it. Answers how many it started. */
  async function pollOnce(): Promise<number> {
    let startedJobs = 0;
    try {
      const wanted = [...queues].filter(([, entry]) => entry.running < entry.options.concurrency).map(([queue, entry]) => ({ queue, free: entry.options.concurrency - entry.running, leaseMs: entry.options.leaseMs }));
      const claimed = wanted.length ? await claim(wanted) : [];
      for (const row of claimed) {
        const entry = queues.get(row.queue)!;
        entry.running++;
        startedJobs++;
        const task: Promise<void> = run(entry, row).finally(() => {
          entry.running--;
          inFlight.delete(task);
          // A slot is free: look for more work at once rather than at the next tick.
          if (started && !stopping) wake();
        });
        inFlight.add(task);
      }
      await purge();
    } catch (error) {
      noteDatabaseError(error);
    }
    return startedJobs;
  }

  function poll(): Promise<number> {
    polling ??= pollOnce().finally(() => (polling = null));
    return polling;
  }

  /** When the poll now waiting first found the process busy (null: it has not). */
  let deferredSince: number | null = null;

  function schedule(delay: number): void {
    if (!started || stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (busy?.()) {
        deferredSince ??= Date.now();
        const left = maxDeferMs - (Date.now() - deferredSince);
        if (left > 0) return schedule(Math.min(BUSY_RECHECK_MS, left));
      }
      deferredSince = null;
      void poll().then((n) => schedule(n > 0 ? 0 : pollMs));
    }, delay);
    timer.unref?.();
  }

  function wake(): void {
    schedule(0);
  }

  /**
   * After a job is written: the caller's transaction may not have committed yet, so poll a moment
   * later (the next tick finds the job if this one does not). Many jobs written at once share one poll.
   */
  let wakeTimer: NodeJS.Timeout | undefined;
  function wakeSoon(): void {
    if (wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      wake();
    }, 5);
    wakeTimer.unref?.();
  }

  const maxAttemptsOf = (queue: string, options: EnqueueOptions) => options.maxAttempts ?? queues.get(queue)?.options.maxAttempts ?? DEFAULTS.maxAttempts;

  return {
    workerId,
    retryDelay,
    async enqueue(executor, queue, payload, options = {}) {
      const [row] = await executor
        .insert(jobs)
        .values({ queue, payload: payload ?? {}, maxAttempts: maxAttemptsOf(queue, options), ...(options.runAt ? { runAt: options.runAt } : {}) })
        .returning({ id: jobs.id });
      wakeSoon();
      return row.id;
    },
    enqueueFrom(from, queue, payload, options = {}) {
      wakeSoon();
      return sql`insert into ${jobs} (${bare(jobs.queue)}, ${bare(jobs.payload)}, ${bare(jobs.maxAttempts)}, ${bare(jobs.runAt)})
        select ${queue}, ${payload}, ${maxAttemptsOf(queue, options)}, ${options.runAt ?? sql`now()`} from ${sql.identifier(from)}`;
    },
    register(queue, handler, options = {}) {
      queues.set(queue, {
        handler: handler as JobHandler,
        options: {
          concurrency: options.concurrency ?? DEFAULTS.concurrency,
          maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
          backoff: options.backoff ?? DEFAULTS.backoff,
          leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
          onError: options.onError,
        },
        running: 0,
      });
    },
    start() {
      if (started) return;
      started = true;
      stopping = false;
      schedule(0);
    },
    wake,
    async drain() {
      // A poll under way may have looked before the caller's last write: wait for it, then look again.
      if (polling) await polling;
      for (;;) {
        const n = await poll();
        if (n === 0 && inFlight.size === 0) return;
        if (inFlight.size) await Promise.race(inFlight);
      }
    },
    async stop(timeoutMs = 10_000) {
      stopping = true;
      started = false;
      clearTimeout(timer);
      if (polling) await polling.catch(() => 0);
      const all = Promise.allSettled([...inFlight]);
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise((resolve) => (giveUp = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(giveUp);
    },
  };
}
