import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';

/** Trade API keys as /api/v1 sees them: a live or test key opens its account; a revoked, unknown or malformed one is a 401 problem at once. */

let t: TestApp;
let userId: number;

const call = (key: string | undefined, url = '/api/v1/account') =>
  t.app.inject({ method: 'GET', url, headers: key === undefined ? {} : { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  t = await createTestApp();
  const customer = new ApiClient(t.app);
  await registerAs(customer);
  userId = (await customer.get('/api/user')).json().id;
}, 60_000);
afterAll(() => t?.close());

describe('trade API keys', () => {
  it('a live key and a test key each open the account, in their own mode; only the SHA-256 is kept', async () => {
    const live = await t.app.deps.apiKeys.create(userId, { name: 'Shop', mode: 'live' });
    const test = await t.app.deps.apiKeys.create(userId, { name: 'Staging', mode: 'test' });
    expect(live.key).toMatch(/^pjt_live_[A-Za-z0-9_-]{43}$/);
    expect(test.key).toMatch(/^pjt_test_[A-Za-z0-9_-]{43}$/);
    expect(live.key_start).toBe(live.key.slice(0, 13));
    const res = await call(live.key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: userId, mode: 'live', payment_terms: 'account' });
    expect((await call(test.key)).json()).toMatchObject({ mode: 'test' });
    const stored = await t.database.db.execute(sql`select key_hash from api_keys where id = ${live.id}`);
    expect(JSON.stringify(stored)).not.toContain(live.key.slice(9));
    const [listed] = (await t.app.deps.apiKeys.list(userId)).filter((k) => k.id === live.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it('no key, a malformed, unknown or revoked key, or a session token: 401 as a problem that says how to send one', async () => {
    const key = await t.app.deps.apiKeys.create(userId, { name: 'Soon gone', mode: 'live' });
    expect((await call(key.key)).statusCode).toBe(200);
    await t.app.deps.apiKeys.revoke(userId, key.id);
    for (const sent of [undefined, 'pjt_live_short', `pjt_live_${'A'.repeat(43)}`, key.key, 'x'.repeat(43)]) {
      const res = await call(sent);
      expect(res.statusCode, String(sent)).toBe(401);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="trade API"');
      expect(res.json()).toEqual({ type: '/developers#problem-unauthorized', title: 'Unauthorized', status: 401, detail: expect.stringMatching(/API key/) });
    }
    await expect(t.app.deps.apiKeys.revoke(userId + 1000, key.id)).rejects.toThrow('No such API key.');
  });

  it('an account paying by card before each order, or awaiting approval, is told why (403)', async () => {
    const key = await t.app.deps.apiKeys.create(userId, { name: 'Card', mode: 'test' });
    await t.database.db.execute(sql`update companies set payment_terms = 'card' where id = (select company_id from users where id = ${userId})`);
    const card = await call(key.key);
    expect(card.statusCode).toBe(403);
    expect(card.json().detail).toMatch(/credit account/);
    await t.database.db.execute(sql`update companies set payment_terms = 'account' where id = (select company_id from users where id = ${userId})`);
    await t.database.db.execute(sql`update users set role = 'none' where id = ${userId}`);
    const waiting = await call(key.key);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().detail).toMatch(/approval/);
    await t.database.db.execute(sql`update users set role = 'user' where id = ${userId}`);
    expect((await call(key.key)).statusCode).toBe(200);
  });

  it('an unknown trade API path is a 404 problem; the web API keeps its own errors', async () => {
    const res = await call(undefined, '/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found', detail: 'No trade API route GET /nothing-here' });
    const web = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(web.headers['content-type']).toMatch(/^application\/json/);
    expect(web.json()).toEqual({ message: 'No API route GET /api/nothing-here' });
  });
});
