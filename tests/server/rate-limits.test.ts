import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, RELAXED_LIMITS, type TestApp } from './helpers/app';
import { ApiClient, registerAs, registration, ukCountryId } from './helpers/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      ...RELAXED_LIMITS,
      login: { max: 3, windowMs: 60_000 },
      register: { max: 2, windowMs: 60_000 },
      passwordEmail: { max: 2, windowMs: 60_000 },
      passwordEmailPerAddress: { max: 3, windowMs: 60_000 },
      passwordReset: { max: 2, windowMs: 60_000 },
    },
  });
});
afterAll(() => t.close());
const fresh = () => new ApiClient(t.app);

describe('rate limits', () => {
  it('answers 429 with a message and Retry-After once login attempts for an address run out', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await fresh().post('/api/login', { email: 'target@example.test', password: `guess number ${i}` })).statusCode);
    expect(codes).toEqual([422, 422, 422, 429]);
    const res = await fresh().post('/api/login', { email: 'target@example.test', password: 'one more guess' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many attempts/);
    expect(res.headers['retry-after']).toBeTruthy();
    // Another address is not affected by the first one's limit.
    expect((await fresh().post('/api/login', { email: 'other@example.test', password: 'a guess' })).statusCode).toBe(422);
  });

  it('limits registrations and reset requests', async () => {
    const uk = await ukCountryId(fresh());
    const reg = [];
    for (let i = 0; i < 3; i++) reg.push((await fresh().post('/api/register', registration({}, uk))).statusCode);
    expect(reg).toEqual([201, 201, 429]);
    const resets = [];
    for (let i = 0; i < 3; i++) resets.push((await fresh().post('/api/password/email', { email: 'someone@example.test' })).statusCode);
    expect(resets).toEqual([200, 200, 429]);
  });

  it('sends one address at most so many reset e-mails, whoever asks from wherever, alike for known and unknown addresses', async () => {
    // Registered from an address of its own: the test above used up the registrations of the default one.
    const registering = fresh();
    const request = registering.request.bind(registering);
    registering.request = (method, url, body, extra = {}) => request(method, url, body, { remoteAddress: '198.51.100.99', ...extra });
    const account = await registerAs(registering);
    const ask = (email: string, ip: string) => fresh().request('POST', '/api/password/email', { email }, { remoteAddress: ip });
    const known = [];
    const unknown = [];
    // Each from another client address, so only the per-address limit can refuse.
    for (let i = 0; i < 4; i++) known.push(await ask(account.email, `198.51.100.${20 + i}`));
    for (let i = 0; i < 4; i++) unknown.push(await ask('no-account-here@example.test', `198.51.100.${40 + i}`));
    expect(known.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(unknown.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(known[3].json()).toEqual(unknown[3].json());
    expect(known[3].json().message).toMatch(/Too many attempts/);
    expect(Number(known[3].headers['retry-after'])).toBeGreaterThan(0);
    // The same address in other letter case is the same address.
    expect((await ask(account.email.toUpperCase(), '198.51.100.60')).statusCode).toBe(429);
    const mails = (await t.outbox()).filter((m) => m.text.includes(`To: ${account.email}`) && /Subject: Reset/.test(m.text));
    expect(mails).toHaveLength(3);
  });
});
