import type { SQL } from 'drizzle-orm';
import type { ServiceLog } from './logging';
import type { Db } from '../db/client';
import { INTERRUPTED_LAST } from './jobs-claim';

/** What the job queue (jobs.ts) offers its callers and its handlers: a job, its options, its errors. */

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
  /**
   * Told about every failed attempt: `retryAt` is when it runs again, or null when it has failed for
   * good — also, with a `JobInterrupted`, when the worker running its last attempt died (told by the
   * worker that found it so, once).
   */
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

/** What `onError` is told when a job's worker stopped (died, lost the database) on its last attempt: the job has failed. */
export class JobInterrupted extends Error {
  constructor(readonly jobId: number) {
    super(INTERRUPTED_LAST);
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
   * The same job as the body of a CTE in the caller's own statement, so that a change and its jobs
   * (an order move and its e-mail's job, a message and its delivery) are one round trip: `insert into jobs … select … from <from>` writes one job for
   * each row of the CTE `from` (none when it has none), with a payload in SQL over that CTE.
   */
  enqueueFrom(from: string, queue: string, payload: SQL, options?: EnqueueOptions): SQL;
  register<P>(queue: string, handler: JobHandler<P>, options?: QueueOptions): void;
  /** Starts polling; idempotent. */
  start(): void;
  /** Polls now rather than at the next tick (e.g. just after a commit that queued a job). */
  wake(): void;
  /** Polls a moment from now: after a job was written in a transaction that has not committed yet. */
  wakeSoon(): void;
  /** Runs due jobs until none is due and none of this worker's is running (tests and shutdown). */
  drain(): Promise<void>;
  /**
   * Stops polling and waits for running jobs (at most `timeoutMs`), then gives back the leases of
   * those still running. A second call while one is under way waits for that one.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Jobs this worker runs now. */
  readonly running: number;
  /** The delay before attempt `attempt + 1` of a queue's job. */
  retryDelay(queue: string, attempt: number): number;
}

/** How one attempt of a job ended: done, failed for good, to be tried again, or abandoned (its lease lost, or given back at shutdown). */
export type JobOutcome = 'done' | 'failed' | 'retried' | 'abandoned';

/** Told of every attempt's end (the metrics). */
export interface JobObserver {
  /** `seconds` is null when this worker did not run the attempt: a job failed because its worker died on its last one. */
  jobEnded(queue: string, outcome: JobOutcome, seconds: number | null): void;
}

export interface JobQueueOptions {
  observer?: JobObserver;
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
