import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { JobLeaseLost } from './jobs-types';

/**
 * A claim holds a minute and is renewed every 20 s: a dead worker's job is taken again within about
 * a minute, and a renewal may fail twice (a database busy for a moment) before the lease is lost.
 */
export const DEFAULT_LEASE = { leaseMs: 60_000, heartbeatMs: 20_000 };
/** What the `last_error` of a job given back by a worker that was shut down before it finished says. */
export const STOPPED = 'Interrupted: the worker running it was shut down before it finished';

/** A job this worker runs: how to stop it, and when its lease was last renewed (the renewal's sending, by this clock). */
interface Held {
  controller: AbortController;
  renewedAt: number;
}

export interface LeaseOptions {
  db: Db;
  workerId: string;
  leaseMs: number;
  heartbeatMs: number;
  /** Told when the database does not answer a renewal or a release (the queue logs it, now and then). */
  onDatabaseError(error: unknown): void;
}

/**
 * The leases of the jobs one worker runs: held from the claim, renewed together on every heartbeat
 * while any job runs, checked by `fence` before a job's result is published, and given back when
 * the worker stops. A job whose lease is lost is aborted (its `signal`) with a `JobLeaseLost`.
 */
export function jobLeases({ db, workerId, leaseMs, heartbeatMs, onDatabaseError }: LeaseOptions) {
  const held = new Map<number, Held>();
  let heartbeat: NodeJS.Timeout | undefined;

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
      onDatabaseError(error);
      for (const [id, entry] of held) {
        if (Date.now() - entry.renewedAt >= leaseMs) entry.controller.abort(new JobLeaseLost(id, 'its lease ran out while the database could not be reached'));
      }
    }
  }

  /**
   * Stopping with jobs still running: they are told to stop, and their leases are given back so that
   * another instance takes them at once rather than a lease later (their results, if they come, are
   * refused by `fence`). The attempt given back is not counted: a job is not failed for the deploys
   * that stopped it, only for its own failures and for the workers that died running it.
   */
  async function release(): Promise<void> {
    const ids = [...held.keys()];
    for (const [id, entry] of held) entry.controller.abort(new JobLeaseLost(id, 'this worker is stopping'));
    stopHeartbeat();
    try {
      await db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: new Date(),
          lockedBy: null,
          lockedUntil: null,
          interruptedAt: new Date(),
          lastError: STOPPED,
        })
        .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
    } catch (error) {
      // Their leases run out instead.
      onDatabaseError(error);
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

  return {
    ours,
    fence,
    /** Starts holding a job just claimed: its lease is renewed from now until `drop`. Answers what aborts it. */
    hold(id: number): AbortController {
      const controller = new AbortController();
      held.set(id, { controller, renewedAt: Date.now() });
      startHeartbeat();
      return controller;
    },
    /** The job has ended (or was abandoned): its lease is no longer renewed. */
    drop(id: number): void {
      held.delete(id);
      if (!held.size) stopHeartbeat();
    },
    /** How many jobs this worker holds. */
    get size(): number {
      return held.size;
    },
    release,
  };
}
