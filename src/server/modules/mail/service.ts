import { and, eq, sql } from 'drizzle-orm';
import type { ServiceLog } from '../../lib/logging';
import type { StaffMail, MailStatus } from '../../../shared/api/staff-mail';
import { MAIL_STATUSES } from '../../../shared/api/staff-mail';
import type { Db } from '../../db/client';
import { jobs, mailOutbox, type MailOutboxRow } from '../../db/schema';
import { notFound } from '../../lib/domain-errors';
import type { JobQueue } from '../../lib/jobs';
import type { MailMessage, Mailer } from '../../lib/mail';
import type { ListSpec } from '../../lib/list-query';
import { bare } from '../../db/columns';

/** The job queue the outbox's deliveries run on; the payload names the outbox row. */
export const MAIL_QUEUE = 'mail';
interface MailJob {
  id: number;
}

/** Attempts before a message is marked failed: with the default 30 s base, retries span about two hours. */
export const MAIL_MAX_ATTEMPTS = 8;

/** The links a message carries are credentials (set-password links): staff see that one went out, not the link. */
function redact(text: string, links: string[]): string {
  return links.reduce((out, link) => (link ? out.split(link).join('[link]') : out), text);
}

export function presentMail(row: MailOutboxRow): StaffMail {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: redact(row.text, row.links),
    has_html: row.html !== null,
    link_count: row.links.length,
    status: row.status as MailStatus,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** The staff list of the outbox: filter by status (failed first of all), search by address and subject. */
export const mailListSpec: ListSpec<StaffMail, MailOutboxRow> = {
  table: mailOutbox,
  present: (rows) => rows.map(presentMail),
  fields: {
    id: { column: mailOutbox.id, type: 'int' },
    status: { column: mailOutbox.status, type: 'enum', values: MAIL_STATUSES },
    to: { column: mailOutbox.toAddress, type: 'text' },
    subject: { column: mailOutbox.subject, type: 'text' },
    attempts: { column: mailOutbox.attempts, type: 'int' },
    created_at: { column: mailOutbox.createdAt, type: 'date' },
    sent_at: { column: mailOutbox.sentAt, type: 'date' },
  },
  sortable: ['id', 'to', 'subject', 'status', 'attempts', 'created_at', 'sent_at'],
  defaultSort: ['id', 'DESC'],
  searchText: sql`lower(${mailOutbox.toAddress} || ' ' || ${mailOutbox.subject})`,
  id: mailOutbox.id,
};

/**
 * The message and its delivery job, written by one statement on `executor`: the message as a row
 * (`mail_row`) and, for the row written, its job (`mail_job`). With `orderEventId`, a second
 * message for the same order move writes neither (the unique `order_event_id`).
 */
function queued(executor: Db, queue: JobQueue, message: MailMessage, orderEventId: number | null) {
  const row = executor.$with('mail_row', { id: mailOutbox.id }).as(
    sql`insert into ${mailOutbox} (${bare(mailOutbox.toAddress)}, ${bare(mailOutbox.subject)}, ${bare(mailOutbox.text)}, ${bare(mailOutbox.html)}, ${bare(mailOutbox.links)}, ${bare(mailOutbox.orderEventId)})
      values (${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null}, ${JSON.stringify(message.links ?? [])}::jsonb, ${orderEventId}::bigint)
      ${orderEventId === null ? sql`` : sql`on conflict (${bare(mailOutbox.orderEventId)}) do nothing`}
      returning ${bare(mailOutbox.id)}`,
  );
  const job = executor.$with('mail_job', {}).as(
    queue.enqueueFrom('mail_row', MAIL_QUEUE, sql`jsonb_build_object('id', ${sql.identifier('mail_row')}.${bare(mailOutbox.id)})`, {
      maxAttempts: MAIL_MAX_ATTEMPTS,
    }),
  );
  return executor.with(row, job).select().from(row);
}

/**
 * The durable outbox (DESIGN §1 Mail). `queue(tx, message)` writes the message as a row, and the job
 * that delivers it, in the caller's transaction: the mail exists exactly when the change it reports
 * commits, and survives an SMTP outage or a restart. The `mail` job delivers through the Mailer
 * (SMTP, or an .eml file in DATA_DIR/outbox) and retries with exponential back-off.
 */
export function mailOutboxService(deps: { db: Db; jobs: JobQueue; mailer: Mailer; log: ServiceLog; retryBaseMs?: number }) {
  const { db, jobs: queue, mailer, log } = deps;

  async function deliver(payload: MailJob): Promise<void> {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, payload.id)).limit(1);
    // Sent already (a job retaken after its worker died mid-way), or gone: nothing to do.
    if (!row || row.status !== 'queued') return;
    await mailer.deliver({ to: row.toAddress, subject: row.subject, text: row.text, html: row.html, links: row.links });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: null, lastError: null })
      .where(eq(mailOutbox.id, row.id));
  }

  queue.register<MailJob>(MAIL_QUEUE, deliver, {
    concurrency: 4,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    backoff: { baseMs: deps.retryBaseMs ?? 30_000, maxMs: 60 * 60_000 },
    async onError(job, error, retryAt) {
      const { id } = job.payload as MailJob;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await db
        .update(mailOutbox)
        .set({ status: retryAt ? 'queued' : 'failed', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: retryAt, lastError: message })
        .where(eq(mailOutbox.id, id));
      if (!retryAt) log.error({ mail: id, attempts: job.attempt, err: message }, 'mail failed; staff can resend it from the outbox');
    },
  });

  async function findOne(id: number): Promise<StaffMail | null> {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    return row ? presentMail(row) : null;
  }

  return {
    list: mailListSpec,
    findOne,

    /**
     * Writes the message and its delivery job on `executor` in one statement: pass the transaction of
     * the change it reports. Answers the message's id. The customer's e-mail about an order move
     * names it (`orderEventId`): that move's message is written once, and a second answers null.
     */
    async queue(executor: Db, message: MailMessage, opts: { orderEventId?: number } = {}): Promise<number | null> {
      const [written] = await queued(executor, queue, message, opts.orderEventId ?? null);
      return written?.id ?? null;
    },

    /**
     * Staff's resend: a failed or sent message is queued again with a fresh round of attempts; a
     * message still waiting for a retry is tried now.
     */
    async resend(id: number): Promise<StaffMail> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update').limit(1);
        if (!row) throw notFound('No such message.');
        if (row.status === 'queued') {
          await tx
            .update(jobs)
            .set({ runAt: new Date() })
            .where(and(eq(jobs.queue, MAIL_QUEUE), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'id' = ${String(id)}`));
          await tx.update(mailOutbox).set({ nextAttemptAt: null }).where(eq(mailOutbox.id, id));
          return;
        }
        await tx.update(mailOutbox).set({ status: 'queued', nextAttemptAt: null, lastError: null }).where(eq(mailOutbox.id, id));
        await queue.enqueue(tx as unknown as Db, MAIL_QUEUE, { id } satisfies MailJob, { maxAttempts: MAIL_MAX_ATTEMPTS });
      });
      queue.wake();
      return (await findOne(id))!;
    },

    /** Resolves once every due message is delivered or waits for a retry (tests and shutdown). */
    idle: () => queue.drain(),
  };
}

export type MailOutbox = ReturnType<typeof mailOutboxService>;
