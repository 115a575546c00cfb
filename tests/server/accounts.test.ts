import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { setPasswordHashCost } from '../../src/server/lib/passwords';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs, registration, ukCountryId } from './helpers/client';

let t: TestApp;
let uk: number;
beforeAll(async () => {
  t = await createTestApp();
  uk = await ukCountryId(new ApiClient(t.app));
});
afterAll(() => t.close());

const fresh = () => new ApiClient(t.app);

describe('register', () => {
  it("creates a customer with the registration role, signs them in and stores a scrypt hash at production's cost", async () => {
    const c = fresh();
    // The other tests hash at a test's cost (tests/server/setup.ts); this one proves production's.
    const testCost = setPasswordHashCost();
    const body = await registerAs(c, { company_name: 'Inkwell Ltd' }).finally(() => setPasswordHashCost(testCost));
    await fresh().login(body.email, body.password);
    const me = await c.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: body.email, firstname: 'Sam', role: 'user', company_name: 'Inkwell Ltd', postcode: 'LS1 1AA', country_id: uk });
    expect(me.json()).not.toHaveProperty('password_hash');
    expect(JSON.stringify(me.json())).not.toMatch(/scrypt/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row.passwordHash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });

  it('refuses an e-mail already taken, in another letter case', async () => {
    const c = fresh();
    const body = await registerAs(c);
    const again = await fresh().post('/api/register', registration({ email: body.email.toUpperCase() }, uk));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toMatch(/already exists/);
  });

  it.each([
    ['too short', 'short1', /At least 8/],
    ['too long', 'x'.repeat(257), /At most 256/],
    ['common', 'password123', /too common/],
  ])('refuses a password that is %s', async (_label, password, message) => {
    const res = await fresh().post('/api/register', registration({ password, password_confirmation: password }, uk));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toMatch(message);
  });

  it('names every missing or bad field at once', async () => {
    const res = await fresh().post('/api/register', { email: 'not-an-email', password: 'abc', password_confirmation: 'abd' });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    for (const field of ['firstname', 'lastname', 'email', 'password', 'address1', 'town', 'postcode', 'country_id']) expect(errors[field], field).toBeTruthy();
  });

  it('refuses mismatched confirmation, unknown fields and an unknown country', async () => {
    const mismatch = await fresh().post('/api/register', registration({ password_confirmation: 'something else entirely' }, uk));
    expect(mismatch.json().errors.password_confirmation).toMatch(/do not match/);
    const extra = await fresh().post('/api/register', { ...registration({}, uk), role: 'admin' });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toEqual({ role: 'The field "role" is not allowed here.' });
    const country = await fresh().post('/api/register', registration({ country_id: 999999 }, uk));
    expect(country.statusCode).toBe(422);
    expect(country.json().errors.country_id).toBeTruthy();
  });

  it('gives the role the REGISTRATION_ROLE setting names (none → awaits approval)', async () => {
    const { settings } = await import('../../src/server/db/schema');
    await t.database.db.update(settings).set({ value: 'none' }).where(eq(settings.name, 'REGISTRATION_ROLE'));
    try {
      const c = fresh();
      await registerAs(c);
      expect((await c.get('/api/user')).json().role).toBe('none');
    } finally {
      await t.database.db.update(settings).set({ value: 'user' }).where(eq(settings.name, 'REGISTRATION_ROLE'));
    }
  });

  it('tells a visitor whether new accounts wait for approval, and nothing more of the role', async () => {
    const { settings } = await import('../../src/server/db/schema');
    const ask = async () => {
      const res = await fresh().get('/api/register');
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    try {
      for (const [role, approval] of [
        ['user', false],
        ['trade', false],
        ['none', true],
      ] as const) {
        await t.database.db.update(settings).set({ value: role }).where(eq(settings.name, 'REGISTRATION_ROLE'));
        expect(await ask()).toEqual({ approval_required: approval });
      }
      // REGISTRATION_ROLE itself stays the staff's.
      expect((await fresh().get('/api/settings/REGISTRATION_ROLE')).statusCode).toBe(404);
    } finally {
      await t.database.db.update(settings).set({ value: 'user' }).where(eq(settings.name, 'REGISTRATION_ROLE'));
    }
  });
});

describe('login, sessions and logout', () => {
  it('signs in with the right password; the same answer for a wrong password and an unknown e-mail', async () => {
    const c = fresh();
    const body = await registerAs(c);
    const ok = await fresh().post('/api/login', { email: body.email.toUpperCase(), password: body.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const wrong = await fresh().post('/api/login', { email: body.email, password: 'not the password' });
    const unknown = await fresh().post('/api/login', { email: 'nobody@example.test', password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('stores only the hash of the token, with 365 days for remember and 24 hours without', async () => {
    const c = fresh();
    const body = await registerAs(c);
    const remembered = await fresh().login(body.email, body.password, true);
    const plain = await fresh().login(body.email, body.password, false);
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === remembered || r.tokenHash === plain)).toBe(false);
    const { sha256 } = await import('../../src/server/lib/tokens');
    const day = 24 * 3600 * 1000;
    const r = rows.find((x) => x.tokenHash === sha256(remembered))!;
    const p = rows.find((x) => x.tokenHash === sha256(plain))!;
    expect(r.remember).toBe(true);
    expect((r.expiresAt.getTime() - Date.now()) / day).toBeCloseTo(365, 0);
    expect((p.expiresAt.getTime() - Date.now()) / day).toBeCloseTo(1, 1);
  });

  it('answers 401 without a token, with a malformed one, and with an expired session', async () => {
    expect((await fresh().get('/api/user')).statusCode).toBe(401);
    const bad = fresh();
    bad.token = 'not-a-real-token-but-long-enough';
    expect((await bad.get('/api/user')).statusCode).toBe(401);

    const c = fresh();
    await registerAs(c);
    const { sha256 } = await import('../../src/server/lib/tokens');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(c.token!)));
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it('ignores the token cookie as a credential', async () => {
    const c = fresh();
    await registerAs(c);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `token=${c.token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('logout deletes the session: a replay of the token answers 401', async () => {
    const c = fresh();
    await registerAs(c);
    const token = c.token;
    expect((await c.post('/api/logout')).statusCode).toBe(204);
    const replay = fresh();
    replay.token = token;
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });
});

describe('XSRF', () => {
  it('sets a readable XSRF-TOKEN cookie on the first response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[^;]+\.[^;]+; Path=\/; SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });

  it('answers 419 to an unsafe call with the header missing or wrong, or a cookie the server did not make', async () => {
    const c = fresh();
    await c.get('/api/health');
    c.sendXsrf = false;
    const missing = await c.post('/api/login', { email: 'a@b.test', password: 'whatever1' });
    expect(missing.statusCode).toBe(419);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(c.xsrf!)}`, 'x-xsrf-token': `${c.xsrf}x` },
      payload: { email: 'a@b.test', password: 'whatever1' },
    });
    expect(wrong.statusCode).toBe(419);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: 'XSRF-TOKEN=attacker.chosen', 'x-xsrf-token': 'attacker.chosen' },
      payload: { email: 'a@b.test', password: 'whatever1' },
    });
    expect(forged.statusCode).toBe(419);
    expect(forged.json().message).toBeTruthy();
  });

  it('keeps judging each cookie whole once a valid one was accepted (the same nonce with another MAC is refused, and replaced)', async () => {
    const c = fresh();
    await c.get('/api/health');
    const valid = c.xsrf!;
    const accepted = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(valid)}` } });
    expect(accepted.headers['set-cookie']).toBeUndefined();
    const [nonce, mac] = valid.split('.');
    const tampered = `${nonce}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (let i = 0; i < 2; i++) {
      const read = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(tampered)}` } });
      expect(String(read.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie: `XSRF-TOKEN=${encodeURIComponent(tampered)}`, 'x-xsrf-token': tampered },
      });
      expect(write.statusCode).toBe(419);
    }
  });
});

describe('profile and password', () => {
  it('updates the profile and answers the new user', async () => {
    const c = fresh();
    const body = await registerAs(c);
    const { password: _p, password_confirmation: _c, ...profile } = body;
    const res = await c.patch('/api/user', { ...profile, firstname: 'Samantha', company_name: 'New Co' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstname: 'Samantha', company_name: 'New Co' });
    expect((await c.get('/api/user')).json().firstname).toBe('Samantha');
  });

  it('refuses a profile with bad fields or another account’s e-mail, and keeps what was saved', async () => {
    const other = await registerAs(fresh());
    const c = fresh();
    const body = await registerAs(c);
    const { password: _p, password_confirmation: _c, ...profile } = body;
    const taken = await c.patch('/api/user', { ...profile, email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toMatch(/already exists/);
    const blank = await c.patch('/api/user', { ...profile, firstname: '  ', postcode: '' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['firstname', 'postcode']);
    expect((await c.get('/api/user')).json()).toMatchObject({ email: body.email, firstname: 'Sam' });
  });

  it('needs the current password, then ends every other session but this one', async () => {
    const c = fresh();
    const body = await registerAs(c);
    const other = fresh();
    await other.login(body.email, body.password);

    const wrong = await c.patch('/api/user/password', {
      current_password: 'not it at all',
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeTruthy();
    expect((await other.get('/api/user')).statusCode).toBe(200);

    const ok = await c.patch('/api/user/password', {
      current_password: body.password,
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
    expect(ok.statusCode).toBe(200);
    expect((await c.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    await fresh().login(body.email, 'a brand new secret');
    expect((await fresh().post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(422);
  });

  it('refuses a weak new password', async () => {
    const c = fresh();
    const body = await registerAs(c);
    const res = await c.patch('/api/user/password', { current_password: body.password, password: 'qwerty123', password_confirmation: 'qwerty123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toMatch(/too common/);
  });
});
