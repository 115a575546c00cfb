import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { forgetUserSessions } from '../../src/server/modules/accounts/sessions';
import { createTestApp, resetTokenFor, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';

/** A change of password or e-mail ends outstanding reset links; an e-mail change asks for the password and tells the old address. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const fresh = () => new ApiClient(t.app);

const resetWith = (token: string, password = 'taken over account') => fresh().post('/api/password/reset', { token, password, password_confirmation: password });

async function signedUp() {
  const c = fresh();
  const body = await registerAs(c);
  const { password: _p, password_confirmation: _c, ...profile } = body;
  return { c, body, profile };
}

describe('a password change', () => {
  it('invalidates reset links sent before it', async () => {
    const { c, body } = await signedUp();
    await fresh().post('/api/password/email', { email: body.email });
    const token = await resetTokenFor(t, body.email);
    const changed = await c.patch('/api/user/password', {
      current_password: body.password,
      password: 'my new long secret',
      password_confirmation: 'my new long secret',
    });
    expect(changed.statusCode).toBe(200);
    const res = await resetWith(token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toMatch(/invalid or has expired/);
    await fresh().login(body.email, 'my new long secret');
  });
});

describe('an e-mail change', () => {
  it('asks for the current password, only when the address changes', async () => {
    const { c, body, profile } = await signedUp();
    const moved = `moved-${body.email}`;
    const missing = await c.patch('/api/user', { ...profile, email: moved });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['current_password']);
    const wrong = await c.patch('/api/user', { ...profile, email: moved, current_password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toMatch(/not correct/);
    expect((await c.get('/api/user')).json().email).toBe(body.email);
    // The same address (in any letter case) needs no password.
    const same = await c.patch('/api/user', { ...profile, email: body.email.toUpperCase(), firstname: 'Samantha' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: body.email, firstname: 'Samantha' });
  });

  it('invalidates reset links, and tells the old address', async () => {
    const { c, body, profile } = await signedUp();
    await fresh().post('/api/password/email', { email: body.email });
    const token = await resetTokenFor(t, body.email);
    const moved = `moved-${body.email}`;
    const res = await c.patch('/api/user', { ...profile, email: moved, current_password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(moved);
    expect((await resetWith(token)).statusCode).toBe(422);

    const notices = (await t.outbox()).filter((m) => m.text.includes(`To: ${body.email}`) && /changed/i.test(m.text) && !/Subject: Reset/.test(m.text));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain(moved);
    // The old address may sign in no more; the new one may.
    expect((await fresh().post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(422);
    await fresh().login(moved, body.password);
  });

  it('an account without a password (social sign-in only) is told how to set one first', async () => {
    const { c, body, profile } = await signedUp();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, row.id));
    forgetUserSessions(row.id);
    const res = await c.patch('/api/user', { ...profile, email: `moved-${body.email}`, current_password: 'anything at all' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.current_password).toMatch(/set a password/i);
  });
});
