import { AsyncResource } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { jobs, type JobRow } from '../db/schema';
import { bare } from '../db/columns';
import { claimJobs } from './jobs-claim';
import { DEFAULT_LEASE, jobLeases } from './jobs-lease';
import { withLogContext } from './log-context';
import type { ServiceLog } from './logging';
import {
  JobInterrupted,
  JobLeaseLost,
  PermanentJobError,
  type JobOutcome,
  type EnqueueOptions,
  type Job,
  type JobHandler,
  type JobQueue,
  type JobQueueOptions,
  type QueueOptions,
} from './jobs-types';

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
 * - A failure is retried with exponential back-off (`run_at`) until `max_attempts`, then `failed`,
 *   and the queue's `onError` is told (`retryAt` null): it puts what waited for the job right (an
 *   artwork check ends `fail` for the customer rather than "checking…").
 * - An attempt whose worker died counts as one: a job whose lease ran out on its last attempt is not
 *   taken again but failed by the claim that finds it (`last_error` INTERRUPTED_LAST), and that
 *   claim's worker tells `onError` (a `JobInterrupted`). A job that kills the process running it (a
 *   PDF that takes the engine down, memory) is not taken for ever, killing every instance in turn.
 *   A job given back by a worker that is stopping (`release`) has not used its attempt.
 * - CPU-heavy work does not belong on the event loop: the handler hands it to a worker thread, as
 *   the artwork check does with the PDF engine's (modules/artwork/preflight/engine.ts).
 *
 * Why not pg-boss: it keeps and migrates its own schema outside drizzle-kit's migrations, and on
 * PGlite it needs an adapter and seconds of schema creation on every fresh database. See the commit
 * that added this file.
 */

// The queue's whole API, from this one module: its types and errors (jobs-types.ts), what a job's
// `last_error` says when it was cut short (jobs-claim.ts, jobs-lease.ts), and the default lease.
export * from './jobs-types';
export { INTERRUPTED, INTERRUPTED_LAST } from './jobs-claim';
export { DEFAULT_LEASE, STOPPED } from './jobs-lease';

interface Registered {
  handler: JobHandler;
  options: Required<Omit<QueueOptions, 'onError'>> & Pick<QueueOptions, 'onError'>;
  running: number;
}

const DEFAULTS = { concurrency: 2, maxAttempts: 5, backoff: { baseMs: 30_000, maxMs: 60 * 60_000 } };
/** Finished jobs are kept this long (to look into), then removed. */
const KEEP_DONE_MS = 24 * 60 * 60_000;
const PURGE_EVERY_MS = 10 * 60_000;
/** A database that does not answer is logged at most this often by the poller. */
const LOG_EVERY_MS = 30_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

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
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let polling: Promise<number> | null = null;
  /** The stop under way: a second caller (the shutdown, then the app's close) waits for the same one. */
  let stopped: Promise<void> | null = null;
  let lastPurge = 0;
  let lastLoggedError = 0;
  const leases = jobLeases({ db, workerId, leaseMs, heartbeatMs, onDatabaseError: noteDatabaseError });
  const { ours } = leases;
  // A wake often comes from inside a transaction's callback (a job or mail written with a change): the
  // poll it starts is not that transaction's work, so its timers run in the queue's own async context.
  const inQueueContext = AsyncResource.bind(<T>(start: () => T): T => start());

  function retryDelay(queue: string, attempt: number): number {
    const { baseMs, maxMs = DEFAULTS.backoff.maxMs } = queues.get(queue)?.options.backoff ?? DEFAULTS.backoff;
    const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(delay * (0.9 + Math.random() * 0.2));
  }

  /** The job's own logger, when the queue's can make one: every line its handler's services write carries its id and queue. */
  function jobLog(row: JobRow) {
    const parent = log as ServiceLog & { child?(bindings: object): ServiceLog };
    return typeof parent.child === 'function' ? parent.child({ job: row.id, queue: row.queue }) : null;
  }

  /** The job its handler (or its queue's `onError`) is given, of a claimed row. */
  function jobOf(row: JobRow, signal: AbortSignal): Job {
    return {
      id: row.id,
      queue: row.queue,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      signal,
      fence: (tx) => leases.fence(tx, row.id),
    };
  }

  async function run(entry: Registered, row: JobRow): Promise<void> {
    const controller = leases.hold(row.id);
    const startedAt = performance.now();
    const ended = (outcome: JobOutcome) => opts.observer?.jobEnded(row.queue, outcome, (performance.now() - startedAt) / 1000);
    const job = jobOf(row, controller.signal);
    const own = jobLog(row);
    try {
      await (own ? withLogContext(own, () => entry.handler(job.payload, job)) : entry.handler(job.payload, job));
      if (controller.signal.aborted) return abandoned(job, ended);
      await db.update(jobs).set({ status: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null }).where(ours(job.id));
      ended('done');
    } catch (error) {
      // Another worker has the job now: its state is that worker's to settle.
      if (controller.signal.aborted || error instanceof JobLeaseLost) return abandoned(job, ended);
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
      ended(final ? 'failed' : 'retried');
      log.warn({ job: job.id, queue: job.queue, attempt: job.attempt, retryAt, err: errorText(error) }, final ? 'job failed' : 'job attempt failed');
    } finally {
      leases.drop(row.id);
    }
  }

  /**
   * A job whose worker died on its last attempt, failed by the claim that found it (jobs-claim.ts):
   * its end is told here, once, by the worker that found it, as a failure's end is by the worker
   * that ran it — its queue's `onError` (with a `JobInterrupted`), the metrics and the log.
   */
  async function interruptedOnLast(entry: Registered, row: JobRow): Promise<void> {
    // Not held: nothing to stop, and `fence` refuses (the job is no longer running).
    const job = jobOf(row, new AbortController().signal);
    const error = new JobInterrupted(row.id);
    try {
      await entry.options.onError?.(job, error, null);
    } catch (hookError) {
      // As after a failure's settling: the database is away.
      noteDatabaseError(hookError);
    }
    opts.observer?.jobEnded(row.queue, 'failed', null);
    log.warn({ job: job.id, queue: job.queue, attempt: job.attempt, retryAt: null, err: error.message }, 'job failed');
  }

  function abandoned(job: Job, ended: (outcome: JobOutcome) => void): void {
    ended('abandoned');
    log.warn({ job: job.id, queue: job.queue, attempt: job.attempt, err: errorText(job.signal.reason) }, 'job abandoned: this worker no longer holds it');
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
      const claimed = wanted.length ? await claimJobs(db, workerId, leaseMs, wanted) : [];
      for (const row of claimed) {
        const entry = queues.get(row.queue)!;
        entry.running++;
        startedJobs++;
        const task: Promise<void> = (row.status === 'failed' ? interruptedOnLast(entry, row) : run(entry, row)).finally(() => {
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
      stopped = null;
      schedule(0);
    },
    wake,
    wakeSoon,
    async drain() {
      // A poll under way may have looked before the caller's last write: wait for it, then look again.
      if (polling) await polling;
      for (;;) {
        const n = await poll();
        if (n === 0 && inFlight.size === 0) return;
        if (inFlight.size) await Promise.race(inFlight);
      }
    },
    stop(timeoutMs = 10_000) {
      stopping = true;
      started = false;
      clearTimeout(timer);
      stopped ??= (async () => {
        if (polling) await polling.catch(() => 0);
        if (inFlight.size) log.info({ running: inFlight.size, waitMs: timeoutMs }, 'job queue stopping: waiting for the jobs under way');
        const all = Promise.allSettled([...inFlight]);
        let giveUp: NodeJS.Timeout | undefined;
        await Promise.race([all, new Promise((resolve) => (giveUp = setTimeout(resolve, timeoutMs)))]);
        clearTimeout(giveUp);
        if (leases.size) {
          const given = leases.size;
          await leases.release();
          log.warn({ jobs: given }, 'job queue stopped: jobs still running were given back for another worker to take at once');
        }
      })();
      return stopped;
    },
    get running() {
      return inFlight.size;
    },
  };
}
