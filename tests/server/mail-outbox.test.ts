import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMail } from '../../src/shared/api/staff-mail';
import { buildApp } from '../../src/server/app';
import { mailOutbox } from '../../src/server/db/schema';
import { upsertAccount } from '../../src/server/modules/accounts/operations';
import { MAIL_QUEUE } from '../../src/server/modules/mail/service';
import { createTestApp, decodeQuotedPrintable, type TestApp } from './helpers/app';
import { listen, StaffCaller } from './helpers/staff-client';
import { ApiClient, registerAs, registration } from './helpers/client';
import { TestSmtpServer } from './helpers/smtp';

/** DESIGN §1 Mail: the outbox is durable — it survives an SMTP outage and a restart; staff see it and resend. */
let smtp: TestSmtpServer;
let t: TestApp;

const STAFF = { email: 'mail-staff@example.test', password: 'staff password 1' };

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowsTo = (t: TestApp, to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  t = await createTestApp({ smtpUrl: smtp.url, jobs: { pollMs: 50 }, mail: { retryBaseMs: 100 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => {
  smtp.accepting = false;
});

describe('the mail outbox', () => {
  it('keeps a message while SMTP refuses, retries with back-off, and delivers it once SMTP is back', async () => {
    const api = new ApiClient(t.app);
    const { email } = await registerAs(api);
    // The registration's welcome mail is a row, written with the account.
    await t.app.deps.outbox.idle();
    const [failedOnce] = await rowsTo(t, email);
    expect(failedOnce).toMatchObject({ status: 'queued', subject: expect.stringMatching(/^Welcome/) });
    expect(failedOnce.attempts).toBeGreaterThanOrEqual(1);
    expect(failedOnce.lastError).toMatch(/421|Service not available/i);
    expect(failedOnce.nextAttemptAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(0);

    smtp.accepting = true;
    const sent = await until('the retry to deliver it', async () => (await rowsTo(t, email)).find((r) => r.status === 'sent'));
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.lastError).toBeNull();
    const delivered = smtp.received.filter((m) => m.to.includes(email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0].data).toMatch(/Subject: Welcome to/);
  });

  it('survives a restart: a message queued before the app closed is delivered by the next app on the same database', async () => {
    const first = await createTestApp({ smtpUrl: smtp.url, jobs: { pollMs: 60_000 }, mail: { retryBaseMs: 100 } });
    let second: FastifyInstance | undefined;
    try {
      // The first app's worker does not run (it polls once a minute and SMTP refuses anyway).
      await first.app.deps.jobs.stop();
      const { email } = await registerAs(new ApiClient(first.app));
      expect((await rowsTo(first, email))[0].status).toBe('queued');
      await first.app.close();

      smtp.accepting = true;
      second = await buildApp({ config: { ...first.config, jobs: { pollMs: 50 } }, database: first.database, distDir: null, logger: false });
      await second.ready();
      await until('the restarted app to deliver it', async () => (await rowsTo(first, email)).find((r) => r.status === 'sent'));
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      await second?.close();
      await first.close();
    }
  });

  it('marks a message failed after its last attempt; staff see it, resend it, and it is delivered', async () => {
    const { id: staffId } = await upsertAccount(t.database.db, { ...STAFF, role: 'admin', firstname: 'Mo', lastname: 'Mail' });
    expect(staffId).toBeGreaterThan(0);
    const baseUrl = await listen(t.app);
    const staff = await new StaffCaller(baseUrl).login(STAFF.email, STAFF.password);

    // Staff open an account: its set-password link goes out through the outbox too.
    const { data: created } = await staff.dataProvider.create('users', {
      data: {
        email: 'opened-by-staff@example.test',
        firstname: 'Ola',
        lastname: 'Opened',
        company_name: 'Opened Ltd',
        address1: '1 Road',
        town: 'York',
        postcode: 'YO1 1AA',
        country_id: (await t.database.db.query.countries.findFirst({ where: (c, { eq }) => eq(c.code, 'GB') }))!.id,
        role: 'user',
      },
    });
    expect(created.email).toBe('opened-by-staff@example.test');
    await t.app.deps.outbox.idle();
    const [row] = await rowsTo(t, 'opened-by-staff@example.test');
    expect(row.status).toBe('queued');
    // Skip ahead to the last attempt.
    await t.database.db.execute(
      sql`update jobs set attempts = max_attempts - 1, run_at = now() where queue = ${MAIL_QUEUE} and status = 'queued' and payload->>'id' = ${String(row.id)}`,
    );
    await t.app.deps.outbox.idle();
    const [failed] = await rowsTo(t, 'opened-by-staff@example.test');
    expect(failed.status).toBe('failed');

    // The staff list: filter by status, search by address; the set-password link is not shown.
    const list = await staff.dataProvider.getList<StaffMail>('mail', {
      filter: { status: 'failed', q: 'opened-by-staff' },
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: row.id, to: 'opened-by-staff@example.test', status: 'failed', link_count: 1 });
    expect(list.data[0].text).toContain('[link]');
    expect(list.data[0].text).not.toContain('/password/reset/');
    const shown = await staff.dataProvider.getOne<StaffMail>('mail', { id: row.id });
    expect(shown.data.last_error).toMatch(/421|Service not available/i);
    const queuedOnly = await staff.dataProvider.getList<StaffMail>('mail', {
      filter: { status: 'sent' },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(queuedOnly.data.every((m) => m.status === 'sent')).toBe(true);

    smtp.accepting = true;
    const resent = await staff.fetch(`/api/admin/mail/${row.id}/resend`, { method: 'POST' });
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as StaffMail).status).toBe('queued');
    await until('the resent message to go out', async () => (await rowsTo(t, 'opened-by-staff@example.test')).find((r) => r.status === 'sent'));
    const mail = smtp.received.find((m) => m.to.includes('opened-by-staff@example.test'));
    expect(decodeQuotedPrintable(mail!.data)).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{40,}/);

    expect((await staff.fetch('/api/admin/mail/999999/resend', { method: 'POST' })).status).toBe(404);
    expect((await staff.fetch('/api/admin/mail/999999')).status).toBe(404);
  });

  it('is staff only', async () => {
    const api = new ApiClient(t.app);
    expect((await api.get('/api/admin/mail')).statusCode).toBe(401);
    await registerAs(api);
    expect((await api.get('/api/admin/mail')).statusCode).toBe(403);
    expect((await api.post('/api/admin/mail/1/resend')).statusCode).toBe(403);
  });

  it('writes no outbox row when the change it reports fails: two registrations race for one e-mail, one welcome', async () => {
    const api = new ApiClient(t.app);
    const countryId = (await t.database.db.query.countries.findFirst({ where: (c, { eq }) => eq(c.code, 'GB') }))!.id;
    const body = registration({}, countryId);
    const answers = await Promise.all([api.post('/api/register', body), new ApiClient(t.app).post('/api/register', body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await rowsTo(t, body.email)).toHaveLength(1);
  });
});
