import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, passwordResets, users } from '../../src/server/db/schema';
import { RESET_QUEUE } from '../../src/server/modules/accounts/password-resets';
import { createTestApp, resetTokenFor, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const fresh = () => new ApiClient(t.app);

/**
 * The SQL statements `run` sent to the database (PGlite or node-postgres alike), each transaction
 * it opened, and the rows it added to the tables a reset request could write.
 */
async function traced<T>(run: () => Promise<T>) {
  const { db } = t.database;
  const count = async () => ({
    jobs: (await db.select({ id: jobs.id }).from(jobs)).map((j) => j.id),
    passwordResets: (await db.select({ id: passwordResets.id }).from(passwordResets)).length,
    mails: (await db.select({ id: mailOutbox.id }).from(mailOutbox)).length,
  });
  const before = await count();
  // A statement outside a transaction is the client's query(); a transaction is PGlite's
  // transaction() or a connection taken from node-postgres's pool (its statements are not listed).
  type Client = Record<'query' | 'transaction' | 'connect', ((...args: unknown[]) => Promise<unknown>) | undefined>;
  const client = (db as unknown as { $client: Client }).$client;
  const statements: string[] = [];
  const originals = { query: client.query, transaction: client.transaction, connect: client.connect };
  for (const name of ['query', 'transaction', 'connect'] as const) {
    const original = originals[name];
    if (!original) continue;
    client[name] = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      statements.push(name === 'query' ? (typeof first === 'string' ? first : (first?.text ?? '')) : '(a transaction)');
      return original.apply(this, args);
    };
  }
  let res: T;
  try {
    res = await run();
  } finally {
    for (const name of ['query', 'transaction', 'connect'] as const) if (originals[name]) client[name] = originals[name];
  }
  const after = await count();
  const newJobs = after.jobs.filter((id) => !before.jobs.includes(id));
  const added = {
    jobs: newJobs.length ? await db.select({ queue: jobs.queue, status: jobs.status, payload: jobs.payload }).from(jobs).where(inArray(jobs.id, newJobs)) : [],
    passwordResets: after.passwordResets - before.passwordResets,
    mails: after.mails - before.mails,
  };
  return { res, statements, added };
}

describe('password reset', () => {
  it('answers the same for known and unknown e-mails, and mails a link only to the known one', async () => {
    const body = await registerAs(fresh());
    const known = await fresh().post('/api/password/email', { email: body.email });
    const unknown = await fresh().post('/api/password/email', { email: 'nobody-here@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mails = await t.outbox();
    expect(mails.some((m) => m.text.includes('nobody-here@example.test'))).toBe(false);
    const token = await resetTokenFor(t, body.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.database.db.select().from(passwordResets);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('does the same work for a known address as for an unknown one: one job each, and the link and its mail only when the job runs', async () => {
    const body = await registerAs(fresh());
    const c = fresh();
    await c.get('/api/health'); // its XSRF cookie, so that each request below is the reset request alone
    // With the queue stopped, what a request writes is all it did; its job runs afterwards. How long
    // each answer takes, side by side, is measured in bench/auth.ts.
    await t.app.deps.jobs.drain();
    await t.app.deps.jobs.stop();
    const unknownEmail = `nobody-${process.pid}@example.test`;
    try {
      const known = await traced(() => c.post('/api/password/email', { email: body.email }));
      const unknown = await traced(() => c.post('/api/password/email', { email: unknownEmail }));
      for (const { res } of [known, unknown]) expect(res.statusCode).toBe(200);
      expect(known.res.json()).toEqual(unknown.res.json());
      // The same statements, in the same order, and no transaction: the request never looks the address up.
      expect(known.statements).toEqual(unknown.statements);
      expect(known.statements.some((text) => /\binsert into "jobs"/i.test(text))).toBe(true);
      expect(known.statements.filter((text) => /\b"?(users|password_resets|mail_outbox)"?\b/.test(text))).toEqual([]);
      // …and the same rows: one queued job with the address as asked, no reset link, no mail.
      for (const [trace, email] of [
        [known, body.email],
        [unknown, unknownEmail],
      ] as const) {
        expect(trace.added).toEqual({ jobs: [{ queue: RESET_QUEUE, status: 'queued', payload: { email } }], passwordResets: 0, mails: 0 });
      }
    } finally {
      t.app.deps.jobs.start();
    }
    // The job finds the account: the known address is sent its link, the unknown one nothing.
    const mails = await t.outbox();
    expect(mails.filter((m) => m.text.includes(`To: ${body.email}`) && /Subject: Reset/.test(m.text))).toHaveLength(1);
    expect(mails.some((m) => m.text.includes(unknownEmail))).toBe(false);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(1);
    const resetJobs = await t.database.db.select().from(jobs).where(eq(jobs.queue, RESET_QUEUE));
    expect(resetJobs.filter((j) => [body.email, unknownEmail].includes((j.payload as { email: string }).email)).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('says whether a link can still be used before a password is typed', async () => {
    const body = await registerAs(fresh());
    await fresh().post('/api/password/email', { email: body.email });
    const token = await resetTokenFor(t, body.email);
    const check = await fresh().get(`/api/password/reset/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true });
    const unknown = await fresh().get(`/api/password/reset/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.token).toMatch(/invalid or has expired/);
    await fresh().post('/api/password/reset', { token, password: 'fresh start please', password_confirmation: 'fresh start please' });
    expect((await fresh().get(`/api/password/reset/${token}`)).statusCode).toBe(422);
  });

  it('resets once with the link, ends every session, and does not sign the user in', async () => {
    const c = fresh();
    const body = await registerAs(c);
    await fresh().post('/api/password/email', { email: body.email });
    const token = await resetTokenFor(t, body.email);

    const res = await fresh().post('/api/password/reset', { token, password: 'fresh start please', password_confirmation: 'fresh start please' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    expect((await c.get('/api/user')).statusCode).toBe(401);
    await fresh().login(body.email, 'fresh start please');

    const reuse = await fresh().post('/api/password/reset', { token, password: 'another new secret', password_confirmation: 'another new secret' });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.token).toMatch(/invalid or has expired/);
  });

  it('refuses an expired link and a weak password, keeping the old password', async () => {
    const body = await registerAs(fresh());
    await fresh().post('/api/password/email', { email: body.email });
    const token = await resetTokenFor(t, body.email);

    const weak = await fresh().post('/api/password/reset', { token, password: '12345678', password_confirmation: '12345678' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeTruthy();

    const { sha256 } = await import('../../src/server/lib/tokens');
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, sha256(token)));
    const expired = await fresh().post('/api/password/reset', { token, password: 'fresh start please', password_confirmation: 'fresh start please' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.token).toBeTruthy();
    await fresh().login(body.email, body.password);
  });

  it('refuses a made-up token and a bad body with field messages', async () => {
    const made = await fresh().post('/api/password/reset', {
      token: 'x'.repeat(43),
      password: 'fresh start please',
      password_confirmation: 'fresh start please',
    });
    expect(made.statusCode).toBe(422);
    const bad = await fresh().post('/api/password/reset', { password: 'a' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['token', 'password', 'password_confirmation']));
    const email = await fresh().post('/api/password/email', { email: 'not an address' });
    expect(email.statusCode).toBe(422);
    expect(email.json().errors.email).toBeTruthy();
  });
});
