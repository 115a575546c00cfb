import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { JobRow } from '../db/schema';

/** What a retaken job's `last_error` says until its new attempt ends. */
export const INTERRUPTED = 'Interrupted: the worker running it stopped before it finished';
/** What the `last_error` of a job failed because its worker stopped on its last attempt says. */
export const INTERRUPTED_LAST = 'Interrupted on its last attempt: the worker running it stopped before it finished';

/**
 * Takes, in one statement, up to `free` due jobs of each queue for worker `workerId`, each under a
 * lease of `leaseMs` (a poll would otherwise cost a statement per queue, each time a job ends).
 * A due job is a queued one whose time has come, or a running one whose lease ran out: its worker
 * died (or lost the database) mid-way, and the job says so (`interrupted_at`, `last_error`).
 *
 * A running one whose lease ran out on its last attempt (`attempts >= max_attempts`) is not taken
 * again: it is failed, here, and answered with status `failed` for the caller to settle (its queue's
 * `onError`). A job that kills the process running it (a PDF that takes the engine down, memory)
 * would otherwise be taken for ever, killing every instance in turn.
 */
export async function claimJobs(db: Db, workerId: string, leaseMs: number, wanted: ReadonlyArray<{ queue: string; free: number }>): Promise<JobRow[]> {
  const rows = sql.join(
    wanted.map((w) => sql`(${w.queue}, ${w.free}::int)`),
    sql`, `,
  );
  // The CTE is evaluated once (a locking CTE is never inlined): the rows it locks are the rows
  // updated. `update … where id in (select … skip locked)` may rescan the subquery and take more.
  // `spent`: still running with its lease over, on its last attempt — failed, not taken again.
  const result = await db.execute(sql`
    with wanted(queue, free) as (values ${rows}),
    next as (
      select due.id, due.spent from wanted cross join lateral (
        select id, (status = 'running' and attempts >= max_attempts) as spent from jobs
        where jobs.queue = wanted.queue
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at, id
        limit wanted.free
        for update skip locked) due)
    update jobs set status = case when next.spent then 'failed' else 'running' end,
      attempts = case when next.spent then jobs.attempts else jobs.attempts + 1 end,
      -- A spent job keeps the name of the worker that died running it.
      locked_by = case when next.spent then jobs.locked_by else ${workerId} end,
      locked_until = case when next.spent then null else now() + ${leaseMs}::int * interval '1 millisecond' end,
      heartbeat_at = case when next.spent then jobs.heartbeat_at else now() end,
      finished_at = case when next.spent then now() else jobs.finished_at end,
      -- Still running with its lease over: its worker died (or lost the database) mid-way. Set
      -- from the row as it was: when that worker last renewed its claim.
      interrupted_at = case when jobs.status = 'running' then coalesce(jobs.heartbeat_at, jobs.locked_until) else jobs.interrupted_at end,
      last_error = case when next.spent then ${INTERRUPTED_LAST} when jobs.status = 'running' then ${INTERRUPTED} else jobs.last_error end
    from next where jobs.id = next.id
    returning jobs.id, jobs.queue, jobs.payload, jobs.status, jobs.attempts, jobs.max_attempts`);
  const claimed = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return claimed.map(
    (r) =>
      ({
        id: Number(r.id),
        queue: String(r.queue),
        payload: r.payload,
        status: String(r.status),
        attempts: Number(r.attempts),
        maxAttempts: Number(r.max_attempts),
      }) as JobRow,
  );
}
