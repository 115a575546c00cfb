import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The background job queue (DESIGN §1 Background work; lib/jobs.ts): mail now, artwork previews,
 * preflight and batch zips later. A worker takes a due job with `FOR UPDATE SKIP LOCKED`, so each
 * job is taken by exactly one worker across instances; its lease (`locked_until`) lets another
 * worker retake it when the one that took it died (a running job's worker renews it: `heartbeat_at`).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** queued → running → done, or back to queued with a later run_at, or failed after max_attempts. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When the worker running it last renewed its lease (it renews a short lease while the job runs). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** When an earlier attempt's worker was last heard from, if that attempt was cut short (the worker died, or was shut down). */
    interruptedAt: timestamp('interrupted_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} = 'done'`),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
