import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../src/server/db/schema';
import { createTestApp, resetTokenFor, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const fresh = () => new ApiClient(t.app);

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

  it('answers a known address in the time it answers an unknown one', async () => {
    const body = await registerAs(fresh());
    const c = fresh();
    let unknown = 0;
    // The answer's own work is timed: the queue's timers are stopped, so that no background poll
    // falls inside a timed answer, and the jobs of the answer before are run to the end first.
    await t.app.deps.jobs.stop();
    const time = async (email: string) => {
      await t.app.deps.jobs.drain();
      const started = performance.now();
      const res = await c.post('/api/password/email', { email });
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(200);
      return ms;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const run = async (n: number) => {
      const times = { known: [] as number[], unknown: [] as number[] };
      // Interleaved, so that a slow moment of the machine falls on both alike.
      for (let i = 0; i < n; i++) {
        times.known.push(await time(body.email));
        times.unknown.push(await time(`nobody-${unknown++}@example.test`));
      }
      return median(times.known) / median(times.unknown);
    };
    await run(10); // warm-up
    // A generous bound: looking the account up and writing its link while answering took two to four times as long.
    const ratio = await run(40);
    t.app.deps.jobs.start();
    expect(ratio).toBeGreaterThan(0.67);
    expect(ratio).toBeLessThan(1.5);
    // …and the background work did its part: the known address was sent its links.
    expect((await t.outbox()).filter((m) => m.text.includes(`To: ${body.email}`) && /Subject: Reset/.test(m.text)).length).toBeGreaterThanOrEqual(50);
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
