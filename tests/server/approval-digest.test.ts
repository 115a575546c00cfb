import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, settings, users } from '../../src/server/db/schema';
import { APPROVAL_DIGEST_QUEUE } from '../../src/server/modules/accounts/approval-digest';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';

/**
 * Staff are e-mailed (at STAFF_EMAIL) when accounts await approval: through the outbox, at most one
 * message an hour, each telling of the accounts no earlier one did. The hour passes by moving the
 * stored clock back: the last digest's time on the accounts it told of, and the waiting job's.
 */
let t: TestApp;
const STAFF_EMAIL = 'desk@printer.test';

const db = () => t.database.db;
const digests = async () => (await t.outbox()).filter((m) => m.text.includes(`To: ${STAFF_EMAIL}`));
const queuedDigests = () =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, APPROVAL_DIGEST_QUEUE), eq(jobs.status, 'queued')));
const register = async (firstname: string) => (await registerAs(new ApiClient(t.app), { firstname, company_name: `${firstname} Print Ltd` })).email;

/** An hour goes by, as far as the digest can tell. */
async function anHourPasses(): Promise<void> {
  await db()
    .update(users)
    .set({ approvalNotifiedAt: sql`${users.approvalNotifiedAt} - interval '1 hour'` })
    .where(sql`${users.approvalNotifiedAt} is not null`);
  await db()
    .update(jobs)
    .set({ runAt: sql`${jobs.runAt} - interval '1 hour'` })
    .where(and(eq(jobs.queue, APPROVAL_DIGEST_QUEUE), eq(jobs.status, 'queued')));
}

beforeAll(async () => {
  t = await createTestApp();
  await db().update(settings).set({ value: 'none' }).where(eq(settings.name, 'REGISTRATION_ROLE'));
  await db().update(settings).set({ value: STAFF_EMAIL }).where(eq(settings.name, 'STAFF_EMAIL'));
});
afterAll(() => t.close());

describe('the digest of accounts awaiting approval', () => {
  let first: string;

  it('tells staff of the first account at once', async () => {
    first = await register('Ada');
    const mails = await digests();
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Subject: A new account awaits approval');
    expect(mails[0].text).toContain(`Ada Printer, Ada Print Ltd <${first}>`);
    expect(mails[0].text).toMatch(/registered \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    expect(mails[0].text).toContain('http://localhost:3000/admin/users/');
  });

  it('holds the next ones for the rest of the hour, in one waiting job, then tells of them together', async () => {
    const second = await register('Bea');
    const third = await register('Cal');
    expect(await digests()).toHaveLength(1);
    const waiting = await queuedDigests();
    expect(waiting).toHaveLength(1);
    const [{ last }] = await db()
      .select({ last: sql<string>`max(${users.approvalNotifiedAt})::text` })
      .from(users);
    // Due an hour after the last digest (to the millisecond; the clock of the database).
    expect(waiting[0].runAt.getTime() - new Date(last).getTime()).toBe(60 * 60_000);

    // A digest job due before its time (a duplicate from two sign-ups at once) sends nothing and keeps them waiting.
    await t.app.deps.jobs.enqueue(db(), APPROVAL_DIGEST_QUEUE, {});
    expect(await digests()).toHaveLength(1);
    expect(await queuedDigests()).toHaveLength(1);

    await anHourPasses();
    const mails = await digests();
    expect(mails).toHaveLength(2);
    const digest = mails.find((m) => m.text.includes('Subject: 2 new accounts await approval'))!;
    expect(digest.text).toContain(second);
    expect(digest.text).toContain(third);
    expect(digest.text).not.toContain(first);
    expect(await queuedDigests()).toHaveLength(0);
  });

  it('sends nothing for a registration that does not await approval, and nothing twice', async () => {
    await db().update(settings).set({ value: 'user' }).where(eq(settings.name, 'REGISTRATION_ROLE'));
    await register('Dee');
    await anHourPasses();
    expect(await digests()).toHaveLength(2);
    expect(await queuedDigests()).toHaveLength(0);
    // The job run again by hand: every account awaiting approval has been told of.
    await t.app.deps.jobs.enqueue(db(), APPROVAL_DIGEST_QUEUE, {});
    expect(await digests()).toHaveLength(2);
  });
});
