import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatMoment } from '../../../shared/domain/calendar/workingDays';
import type { Db } from '../../db/client';
import { jobs, users } from '../../db/schema';
import { accountCompanyName } from '../companies/billing';
import type { JobQueue } from '../../lib/jobs';
import type { MailOutbox } from '../mail/service';
import type { SettingsService } from '../settings/service';

/** The job queue of the staff's digest of accounts awaiting approval. */
export const APPROVAL_DIGEST_QUEUE = 'staff-approval-digest';

/** At most one digest an hour: a burst of sign-ups is one e-mail, not one each. */
export const APPROVAL_DIGEST_EVERY_MS = 60 * 60_000;

/** Digests never run side by side (several instances share the queue): one transaction-scoped lock. */
const DIGEST_LOCK = 7_301_119;

/**
 * Staff hear of accounts awaiting approval (role `none`) by e-mail to the STAFF_EMAIL setting: at
 * most one message an hour, listing the accounts that have not been in one yet. A registration
 * that awaits approval calls `schedule(tx)` in its own transaction, which leaves one digest job
 * queued (an hour after the last digest, or now); the job marks the accounts it tells of
 * (`users.approval_notified_at`) and queues the message in the outbox in one transaction, so an
 * account is told of once, and a job run twice sends nothing twice.
 */
export function approvalDigest(deps: {
  db: Db;
  jobs: JobQueue;
  outbox: MailOutbox;
  settings: SettingsService;
  appUrl: string;
  appName: string;
  everyMs?: number;
}) {
  const { db, outbox, settings } = deps;
  const everyMs = deps.everyMs ?? APPROVAL_DIGEST_EVERY_MS;

  /** When the next digest may go: an interval after the last one, or now. */
  const nextDigestAt = sql`greatest(now(), coalesce((select max(${users.approvalNotifiedAt}) from ${users}), '-infinity'::timestamptz) + ${everyMs} * interval '1 millisecond')`;

  /** Leaves one digest job queued (none is added while one waits). */
  async function schedule(executor: Db): Promise<void> {
    await executor.execute(sql`
      insert into ${jobs} (queue, payload, run_at)
      select ${APPROVAL_DIGEST_QUEUE}, '{}'::jsonb, ${nextDigestAt}
      where not exists (select 1 from ${jobs} where queue = ${APPROVAL_DIGEST_QUEUE} and status = 'queued')`);
    deps.jobs.wake();
  }

  async function send(): Promise<void> {
    const to = (await settings.value('STAFF_EMAIL', '')).trim();
    // Nobody to tell: the accounts stay untold, for the first digest after STAFF_EMAIL is set.
    if (!to) return;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_LOCK})`);
      const awaiting = and(eq(users.role, 'none'), isNull(users.deletedAt), isNull(users.approvalNotifiedAt));
      const result = await tx.execute(sql`select ${nextDigestAt} <= now() as due`);
      const [{ due }] = (result as unknown as { rows: Array<{ due: boolean }> }).rows;
      if (!due) {
        // The last digest was less than an interval ago: the accounts wait for the next one.
        const [waiting] = await tx.select({ id: users.id }).from(users).where(awaiting).limit(1);
        if (waiting) await schedule(tx);
        return;
      }
      const told = await tx
        .update(users)
        .set({ approvalNotifiedAt: sql`now()` })
        .where(awaiting)
        .returning({
          id: users.id,
          email: users.email,
          firstname: users.firstname,
          lastname: users.lastname,
          companyName: accountCompanyName,
          createdAt: users.createdAt,
        });
      if (!told.length) return;
      told.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
      const n = told.length;
      const lines = told.map((u) => {
        const who = [`${u.firstname} ${u.lastname}`.trim(), u.companyName].filter(Boolean).join(', ');
        return `- ${who || u.email} <${u.email}>, registered ${formatMoment(u.createdAt.toISOString())}: ${deps.appUrl}/admin/users/${u.id}`;
      });
      await outbox.queue(tx, {
        to,
        subject: n === 1 ? 'A new account awaits approval' : `${n} new accounts await approval`,
        text:
          `${n === 1 ? 'This account has' : `These ${n} accounts have`} registered and may not order until staff approve ${n === 1 ? 'it' : 'them'} ` +
          `(give each the role Customer or Trade customer):\n\n${lines.join('\n')}\n\n` +
          `Every account awaiting approval: ${deps.appUrl}/admin/users?filter=${encodeURIComponent(JSON.stringify({ role: 'none' }))}\n\n${deps.appName}`,
      });
    });
  }

  deps.jobs.register(APPROVAL_DIGEST_QUEUE, send, { concurrency: 1 });

  return { schedule, send };
}

export type ApprovalDigest = ReturnType<typeof approvalDigest>;
