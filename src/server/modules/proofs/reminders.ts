import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { ukDateTime } from '../../../shared/domain/calendar/workingDays';
import {
  approvalDeadline,
  canDecideProofs,
  dispatchFromApproval,
  PROOF_REMINDER_EVERY_MS,
  PROOF_REMINDER_FIRST_MS,
  PROOF_REMINDERS_MAX,
} from '../../../shared/domain/orders/proofs';
import type { Db } from '../../db/client';
import { orderItemProofs, orderItems } from '../../db/schema';
import type { Job, JobQueue } from '../../lib/jobs';
import type { ServiceLog } from '../../lib/logging';
import type { DeliveryService } from '../delivery/service';
import type { MailOutbox } from '../mail/service';
import type { MailLinks } from '../orders/order-mail';
import { proofReminderMail } from './decision-mail';
import { proofLinkToken } from './link-token';
import { lockItem, lockOrder, mailedProof } from './proof-facts';

/** The queue of the reminders of a proof that waits for its customer's decision; the payload names the item and the version. */
export const PROOF_REMINDER_QUEUE = 'proof-reminder';

export interface ProofReminderJob {
  itemId: number;
  version: number;
}

/**
 * Queues the first reminder of a proof just made ready, in the caller's transaction: a day after it
 * was ready (PROOF_REMINDER_FIRST_MS). The reminder does nothing if the proof was decided on by then.
 */
export async function queueFirstProofReminder(jobs: Pick<JobQueue, 'enqueue'>, tx: Db, job: ProofReminderJob, readyAt: Date): Promise<void> {
  await jobs.enqueue(tx, PROOF_REMINDER_QUEUE, job, { runAt: new Date(readyAt.getTime() + PROOF_REMINDER_FIRST_MS) });
}

export interface ProofRemindersDeps extends MailLinks {
  db: Db;
  jobs: JobQueue;
  outbox: Pick<MailOutbox, 'queue'>;
  delivery: Pick<DeliveryService, 'closedDaysFrom'>;
  /** Signs the proof's link in the e-mail. */
  appKey: string;
  log: ServiceLog;
}

/**
 * The reminders of a proof nobody decided on (DESIGN §2 "Proofs and templates"): while the item's
 * proof is still `ready` at the version the job names, and its order can still be decided on, it
 * e-mails the customer (the proof's link, how long it has waited, the dispatch date an approval by
 * the next cut-off gives), counts it on the version (`reminders_sent`) and queues the next one a day
 * later, until PROOF_REMINDERS_MAX were sent. The e-mail, the count and the next job are one
 * transaction, and only while this worker still holds the job (a reminder is sent once).
 */
export function proofReminders(deps: ProofRemindersDeps) {
  const { db, jobs } = deps;

  async function remind({ itemId, version }: ProofReminderJob, job: Job<ProofReminderJob>): Promise<void> {
    const now = new Date();
    await db.transaction(async (tx) => {
      await job.fence(tx);
      // The order first, then the item, as a decision locks them: a reminder and a decision never cross.
      const [ids] = await tx.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, itemId));
      if (!ids) return;
      const order = await lockOrder(tx, ids.orderId, null).catch(() => null);
      if (!order || !canDecideProofs(order.status)) return;
      const item = await lockItem(tx, order.id, itemId);
      if (item.proofStatus !== 'ready' || item.proofVersion !== version || !item.proofStatusAt) return;
      const [counted] = await tx
        .update(orderItemProofs)
        .set({ remindersSent: sql`${orderItemProofs.remindersSent} + 1` })
        .where(
          and(
            eq(orderItemProofs.orderItemId, itemId),
            eq(orderItemProofs.version, version),
            isNull(orderItemProofs.decision),
            lt(orderItemProofs.remindersSent, PROOF_REMINDERS_MAX),
          ),
        )
        .returning({ sent: orderItemProofs.remindersSent });
      if (!counted) return;

      const facts = await mailedProof(tx, order, itemId, version);
      const basis = order.dispatchBasis;
      const promise = basis ? dispatchFromApproval(now, basis, await deps.delivery.closedDaysFrom(ukDateTime(now).date, tx)) : null;
      const token = proofLinkToken(deps.appKey, { userId: order.userId, orderId: order.id, itemId, version });
      const mail = proofReminderMail(
        facts.proof,
        {
          waitedMs: now.getTime() - item.proofStatusAt.getTime(),
          link: `${deps.appUrl}/proof/${token}`,
          waiting: facts.waiting,
          dates: promise,
          approveBy: promise && basis ? approvalDeadline(promise, basis.cutoff) : null,
        },
        deps,
      );
      await deps.outbox.queue(tx, mail);
      if (counted.sent < PROOF_REMINDERS_MAX) {
        await jobs.enqueue(tx, PROOF_REMINDER_QUEUE, { itemId, version } satisfies ProofReminderJob, {
          runAt: new Date(now.getTime() + PROOF_REMINDER_EVERY_MS),
        });
      }
    });
  }

  jobs.register<ProofReminderJob>(PROOF_REMINDER_QUEUE, remind, {
    concurrency: 1,
    onError(job, error, retryAt) {
      if (!retryAt) deps.log.error({ job: job.id, item: (job.payload as ProofReminderJob).itemId, err: String(error) }, "a proof's reminder could not be sent");
    },
  });
}
