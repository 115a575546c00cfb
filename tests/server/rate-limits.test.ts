import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, RELAXED_LIMITS, type TestApp } from './helpers/app';
import { ApiClient, registration, ukCountryId } from './helpers/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      ...RELAXED_LIMITS,
      login: { max: 3, windowMs: 60_000 },
      register: { max: 2, windowMs: 60_000 },
      passwordEmail: { max: 2, windowMs: 60_000 },
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
});
