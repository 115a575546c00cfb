import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyCreated } from '../../../src/shared/api/trade-api';
import { createTestApp, type TestApp } from '../helpers/app';
import { ok } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';

/**
 * The customer's keys at /api/account/api-keys (the key shown once, revoked at once, another
 * customer's 404, none for a card account), each key's allowance with its RateLimit headers, and
 * the /developers page (Scalar from the package, nothing from another origin).
 */

let t: TestApp;
let owner: ApiClient;
let other: ApiClient;
/** A small allowance, so that the limit is met in a few requests. */
const PER_MINUTE = 5;

const withKey = (key: string, url = '/api/v1/account') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  t = await createTestApp({ apiRateLimitPerMinute: PER_MINUTE });
  owner = new ApiClient(t.app);
  await registerAs(owner);
  other = new ApiClient(t.app);
  await registerAs(other);
}, 60_000);
afterAll(() => t?.close());

describe('/api/account/api-keys', () => {
  it('makes a key shown once, lists it by its first characters, and revoking it answers 401 at once', async () => {
    const made = ok<ApiKeyCreated>(await owner.post('/api/account/api-keys', { name: '  Shopify shop ', mode: 'test' }), 201);
    expect(made).toMatchObject({ name: 'Shopify shop', mode: 'test', revoked_at: null, last_used_at: null });
    expect(made.key).toMatch(/^pjt_test_/);
    expect(made.key_start).toBe(made.key.slice(0, 13));

    const listed = ok<ApiKey[]>(await owner.get('/api/account/api-keys'));
    expect(listed.map((k) => k.id)).toEqual([made.id]);
    expect(JSON.stringify(listed)).not.toContain(made.key);
    expect(listed[0]).not.toHaveProperty('key');

    expect((await withKey(made.key)).statusCode).toBe(200);
    const [used] = ok<ApiKey[]>(await owner.get('/api/account/api-keys'));
    expect(used.last_used_at).not.toBeNull();

    const revoked = ok<ApiKey>(await owner.delete(`/api/account/api-keys/${made.id}`));
    expect(revoked.revoked_at).not.toBeNull();
    expect(revoked).not.toHaveProperty('key');
    expect((await withKey(made.key)).statusCode).toBe(401);
  });

  it('another customer’s key is 404 and stays working; a customer sees only their own', async () => {
    const theirs = ok<ApiKeyCreated>(await other.post('/api/account/api-keys', { name: 'Theirs', mode: 'live' }), 201);
    const res = await owner.delete(`/api/account/api-keys/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such API key.');
    expect(ok<ApiKey[]>(await owner.get('/api/account/api-keys')).some((k) => k.id === theirs.id)).toBe(false);
    expect((await withKey(theirs.key)).statusCode).toBe(200);
  });

  it('a missing name or an unknown mode is 422 per field; signed out is 401', async () => {
    const bad = await owner.post('/api/account/api-keys', { name: ' ', mode: 'production' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: 'A name is required', mode: 'Choose live or test' });
    expect((await new ApiClient(t.app).get('/api/account/api-keys')).statusCode).toBe(401);
  });

  it('an account paying by card is told the API needs a credit account (403), and no key is made', async () => {
    const card = new ApiClient(t.app);
    await registerAs(card);
    const { id } = ok<{ id: number }>(await card.get('/api/user'));
    await t.database.db.execute(sql`update companies set payment_terms = 'card' where id = (select company_id from users where id = ${id})`);
    const res = await card.post('/api/account/api-keys', { name: 'Shop', mode: 'live' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/credit account/);
    expect(ok<ApiKey[]>(await card.get('/api/account/api-keys'))).toEqual([]);
  });
});

describe('each key’s allowance', () => {
  it('every answer says the limit, what is left and when it resets; past it a 429 problem with Retry-After; another key is not affected', async () => {
    const busy = ok<ApiKeyCreated>(await owner.post('/api/account/api-keys', { name: 'Busy', mode: 'live' }), 201);
    const calm = ok<ApiKeyCreated>(await owner.post('/api/account/api-keys', { name: 'Calm', mode: 'live' }), 201);
    for (let i = 1; i <= PER_MINUTE; i++) {
      // An error answer counts and carries the headers too.
      const res = await withKey(busy.key, i === 2 ? '/api/v1/quotes/999999' : '/api/v1/account');
      expect(res.statusCode).toBe(i === 2 ? 404 : 200);
      expect(res.headers['ratelimit-limit']).toBe(String(PER_MINUTE));
      expect(res.headers['ratelimit-remaining']).toBe(String(PER_MINUTE - i));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const over = await withKey(busy.key);
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(over.json()).toMatchObject({ type: '/developers#problem-rate-limited', status: 429, detail: expect.stringMatching(/5 requests a minute/) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.headers['ratelimit-remaining']).toBe('0');

    const other = await withKey(calm.key);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe(String(PER_MINUTE - 1));
  });

  it('a request without a good key is refused before it is counted (no RateLimit headers)', async () => {
    const res = await withKey(`pjt_live_${'B'.repeat(43)}`);
    expect(res.statusCode).toBe(401);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });

  it('the trade API’s document says the limit in its introduction and the RateLimit headers of a 429', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.info.description).toContain(`${PER_MINUTE} requests a minute`);
    expect(Object.keys(doc.components.responses.Error429.headers)).toEqual(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
  });
});

describe('/developers', () => {
  it('serves Scalar’s page and script from the package, titled with the app’s name; its one inline script is allowed by its hash and nothing else', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/developers' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/developers/');
    const page = await t.app.inject({ method: 'GET', url: '/developers/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<title>${t.config.appName}: the trade API</title>`);
    expect(page.body).toContain('/api/v1/openapi.json');
    // Every address the page names is this server's.
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'; /);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self'");
    const script = await t.app.inject({ method: 'GET', url: '/developers/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // The rest of the app keeps its own policy, no hash in it.
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(elsewhere.headers['content-security-policy'])).toMatch(/script-src 'self'; /);
  });
});
