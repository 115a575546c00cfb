import { AsyncResource } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ServiceLog } from './logging';
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
 *   across every instance on the database. A claim is a short lease (`locked_until`, a minute) that
 *   the worker renews while the job runs (a heartbeat), so a job of any length keeps its worker, and
 *   the job of a worker that died is taken again within a lease. A retaken job says so
 *   (`interrupted_at`, `last_error`).
 * - A worker that finds its lease lost (taken over after it could not renew it) abandons the job:
 *   `job.signal` aborts, nothing is settled, and `job.fence(tx)` refuses the transaction that would
 *   publish its result — the job is finished once, by its new worker.
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
  /** Aborted (with a `JobLeaseLost`) when this worker no longer holds the job: stop, leave the job's state alone. */
  signal: AbortSignal;
  /**
   * Inside the transaction that publishes the job's result: locks the job's row until it commits and
   * throws `JobLeaseLost` unless this worker still holds it, so a job taken over by another worker
   * never commits twice (a heartbeat notices a lost lease only at its next beat).
   */
  fence(tx: Db): Promise<void>;
}

export interface QueueOptions {
  /** Jobs of this queue one process runs at once (default 2). */
  concurrency?: number;
  /** Attempts before a job is failed (default 5). */
  maxAttempts?: number;
  /** Back-off before attempt n+1: base × 2^(n−1), at most maxMs (defaults 30 s and 1 h), ±10 % jitter. */
  backoff?: { baseMs: number; maxMs?: number };
  /** Told about every failed attempt: `retryAt` is when it runs again, or null when it has failed for good. */
  onError?(job: Job, error: unknown, retryAt: Date | null): Promise<void> | void;
}

export type JobHandler<P = unknown> = (payload: P, job: Job<P>) => Promise<void>;

/** Thrown by a handler whose job can never succeed: it is failed at once, without retries. */
export class PermanentJobError extends Error {}

/** The reason of `job.signal`, and what `job.fence` throws: another worker holds the job now (or this one is stopping). */
export class JobLeaseLost extends Error {
  constructor(
    readonly jobId: number,
    why = 'its lease was taken over by another worker',
  ) {
    super(`Job ${jobId} is no longer this worker's: ${why}`);
  }
}

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

/** A job this worker runs: how to stop it, and when its lease was last renewed (the renewal's sending, by this clock). */
interface Held {
  controller: AbortController;
  renewedAt: number;
}

const DEFAULTS = { concurrency: 2, maxAttempts: 5, backoff: { baseMs: 30_000, maxMs: 60 * 60_000 } };
/**
 * A claim holds a minute and is renewed every 20 s: a dead worker's job is taken again within about
 * a minute, and a renewal may fail twice (a database busy for a moment) before the lease is lost.
 */
export const DEFAULT_LEASE = { leaseMs: 60_000, heartbeatMs: 20_000 };
/** What a retaken job's `last_error` says until its new attempt ends. */
export const INTERRUPTED = 'Interrupted: the worker running it stopped before it finished';
/** …and of a job given back by a worker that was shut down before it finished. */
export const STOPPED = 'Interrupted: the worker running it was shut down before it finished';
/** Finished jobs are kept this long (to look into), then removed. */
const KEEP_DONE_MS = 24 * 60 * 60_000;
const PURGE_EVERY_MS = 10 * 60_000;
/** A database that does not answer is logged at most this often by the poller. */
const LOG_EVERY_MS = 30_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export interface JobQueueOptions {
  db: Db;
  log: ServiceLog;
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
  /** How long a claim holds unless renewed (default 60 s), and how often a running job's claim is renewed (default 20 s). */
  leaseMs?: number;
  heartbeatMs?: number;
}

/** How often a poll put off by a busy process looks again. */
const BUSY_RECHECK_MS = 10;

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { db, log, busy } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const maxDeferMs = opts.maxDeferMs ?? 250;
  const workerId = opts.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE.leaseMs;
  const heartbeatMs = opts.heartbeatMs ?? Math.min(DEFAULT_LEASE.heartbeatMs, Math.floor(leaseMs / 3));
  if (!(heartbeatMs > 0 && heartbeatMs < leaseMs)) throw new Error(`The job heartbeat (${heartbeatMs} ms) must be shorter than the lease (${leaseMs} ms)`);
  const queues = new Map<string, Registered>();
  const inFlight = new Set<Promise<void>>();
  const held = new Map<number, Held>();
  let heartbeat: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let polling: Promise<number> | null = null;
  let lastPurge = 0;
  let lastLoggedError = 0;
  // A wake often comes from inside a transaction's callback (a job or mail written with a change): the
  // poll it starts is not that transaction's work, so its timers run in the queue's own async context.
  const inQueueContext = AsyncResource.bind(<T>(start: () => T): T => start());

  function retryDelay(queue: string, attempt: number): number {
    const { baseMs, maxMs = DEFAULTS.backoff.maxMs } = queues.get(queue)?.options.backoff ?? DEFAULTS.backoff;
    const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(delay * (0.9 + Math.random() * 0.2));
  }

  /**
   * Takes, in one statement, up to `free` due jobs of each queue for this worker (a poll would
   * otherwise cost a statement per queue, each time a job ends).
   */
  async function claim(wanted: ReadonlyArray<{ queue: string; free: number }>): Promise<JobRow[]> {
    const rows = sql.join(
      wanted.map((w) => sql`(${w.queue}, ${w.free}::int)`),
      sql`, `,
    );
    // The CTE is evaluated once (a locking CTE is never inlined): the rows it locks are the rows
    // updated. `update … where id in (select … skip locked)` may rescan the subquery and take more.
    const result = await db.execute(sql`
      with wanted(queue, free) as (values ${rows}),
      next as (
        select due.id from wanted cross join lateral (
          select id from jobs
          where jobs.queue = wanted.queue
            and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
          order by run_at, id
          limit wanted.free
          for update skip locked) due)
      update jobs set status = 'running', attempts = jobs.attempts + 1, locked_by = ${workerId},
        locked_until = now() + ${leaseMs}::int * interval '1 millisecond', heartbeat_at = now(),
        -- Still running with its lease over: its worker died (or lost the database) mid-way. Set
        -- from the row as it was: when that worker last renewed its claim.
        interrupted_at = case when jobs.status = 'running' then coalesce(jobs.heartbeat_at, jobs.locked_until) else jobs.interrupted_at end,
        last_error = case when jobs.status = 'running' then ${INTERRUPTED} else jobs.last_error end
      from next where jobs.id = next.id
      returning jobs.id, jobs.queue, jobs.payload, jobs.attempts, jobs.max_attempts`);
    const claimed = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    return claimed.map(
      (r) => ({ id: Number(r.id), queue: String(r.queue), payload: r.payload, attempts: Number(r.attempts), maxAttempts: Number(r.max_attempts) }) as JobRow,
    );
  }

  /** Only the worker that holds the claim may settle the job (a lease taken over is not ours any more). */
  const ours = (id: number) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

  async function fence(tx: Db, id: number): Promise<void> {
    const [row] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(ours(id), sql`${jobs.lockedUntil} > now()`))
      .for('update');
    if (!row) throw new JobLeaseLost(id);
  }

  async function run(entry: Registered, row: JobRow): Promise<void> {
    const controller = new AbortController();
    held.set(row.id, { controller, renewedAt: Date.now() });
    startHeartbeat();
    const job: Job = {
      id: row.id,
      queue: row.queue,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      signal: controller.signal,
      fence: (tx) => fence(tx, row.id),
    };
    try {
      await entry.handler(job.payload, job);
      if (controller.signal.aborted) return abandoned(job);
      await db.update(jobs).set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null }).where(ours(job.id));
    } catch (error) {
      // Another worker has the job now: its state is that worker's to settle.
      if (controller.signal.aborted || error instanceof JobLeaseLost) return abandoned(job);
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
    } finally {
      held.delete(row.id);
      if (!held.size) stopHeartbeat();
    }
  }

  function abandoned(job: Job): void {
    log.warn({ job: job.id, queue: job.queue, attempt: job.attempt, err: errorText(job.signal.reason) }, 'job abandoned: this worker no longer holds it');
  }

  /**
   * Renews, in one statement, the lease of every job this worker runs. A job whose row is no longer
   * this worker's running job was taken over: it is aborted. While the database does not answer,
   * a job is aborted once its lease has run out by this clock (a renewal's lease counts from when it
   * was sent, before the database's `now()`): another worker may take it from then on.
   */
  async function renew(): Promise<void> {
    const ids = [...held.keys()];
    if (!ids.length) return;
    const sentAt = Date.now();
    try {
      const result = await db.execute(sql`
        update jobs set locked_until = now() + ${leaseMs}::int * interval '1 millisecond', heartbeat_at = now()
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and locked_by = ${workerId} and status = 'running'
        returning id`);
      const renewed = new Set((result as unknown as { rows: Array<{ id: unknown }> }).rows.map((r) => Number(r.id)));
      for (const id of ids) {
        const entry = held.get(id);
        if (!entry) continue;
        if (renewed.has(id)) entry.renewedAt = sentAt;
        else entry.controller.abort(new JobLeaseLost(id));
      }
    } catch (error) {
      noteDatabaseError(error);
      for (const [id, entry] of held) {
        if (Date.now() - entry.renewedAt >= leaseMs) entry.controller.abort(new JobLeaseLost(id, 'its lease ran out while the database could not be reached'));
      }
    }
  }

  /**
   * Stopping with jobs still running: they are told to stop, and their leases are given back so that
   * another instance takes them at once rather than a lease later (their results, if they come, are
   * refused by `fence`).
   */
  async function release(): Promise<void> {
    const ids = [...held.keys()];
    for (const [id, entry] of held) entry.controller.abort(new JobLeaseLost(id, 'this worker is stopping'));
    stopHeartbeat();
    try {
      await db
        .update(jobs)
        .set({ status: 'queued', runAt: new Date(), lockedBy: null, lockedUntil: null, interruptedAt: new Date(), lastError: STOPPED })
        .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
    } catch (error) {
      // Their leases run out instead.
      noteDatabaseError(error);
    }
  }

  let renewing: Promise<void> | null = null;
  function startHeartbeat(): void {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      // A renewal slower than a beat is not doubled up.
      renewing ??= renew().finally(() => (renewing = null));
    }, heartbeatMs);
    heartbeat.unref?.();
  }
  function stopHeartbeat(): void {
    clearInterval(heartbeat);
    heartbeat = undefined;
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
      const wanted = [...queues]
        .filter(([, entry]) => entry.running < entry.options.concurrency)
        .map(([queue, entry]) => ({ queue, free: entry.options.concurrency - entry.running }));
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
    timer = inQueueContext(() =>
      setTimeout(() => {
        if (busy?.()) {
          deferredSince ??= Date.now();
          const left = maxDeferMs - (Date.now() - deferredSince);
          if (left > 0) return schedule(Math.min(BUSY_RECHECK_MS, left));
        }
        deferredSince = null;
        void poll().then((n) => schedule(n > 0 ? 0 : pollMs));
      }, delay),
    );
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
    wakeTimer = inQueueContext(() =>
      setTimeout(() => {
        wakeTimer = undefined;
        wake();
      }, 5),
    );
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
      if (held.size) await release();
    },
  };
}
