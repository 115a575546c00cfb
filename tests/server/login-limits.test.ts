import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Semaphore, SemaphoreFullError } from '../../src/server/lib/semaphore';
import { createTestApp, RELAXED_LIMITS, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';

/** Sign-in cannot be slowed for everyone, nor one account guessed at from many addresses. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      ...RELAXED_LIMITS,
      loginPerIp: { max: 4, windowMs: 60_000 },
      loginPerAccount: { max: 3, windowMs: 60_000 },
      currentPassword: { max: 2, windowMs: 60_000 },
    },
  });
});
afterAll(() => t.close());

const from = (ip: string) => {
  const c = new ApiClient(t.app);
  const request = c.request.bind(c);
  c.request = (method, url, body, extra = {}) => request(method, url, body, { remoteAddress: ip, ...extra });
  return c;
};

describe('login limits', () => {
  it('limits one address trying many e-mails (per IP, whatever the e-mail)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await from('198.51.100.7').post('/api/login', { email: `spray${i}@example.test`, password: 'a guess' })).statusCode);
    expect(codes).toEqual([422, 422, 422, 422, 429]);
    const res = await from('198.51.100.7').post('/api/login', { email: 'yet-another@example.test', password: 'a guess' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
    expect(res.json().message).toMatch(/Too many attempts/);
    // Another address is not affected.
    expect((await from('198.51.100.8').post('/api/login', { email: 'spray0@example.test', password: 'a guess' })).statusCode).toBe(422);
  });

  it('checks one sign-in at a time per address: a burst from one client holds one password check', async () => {
    const burst = await Promise.all(
      Array.from({ length: 3 }, (_, i) => from('198.51.100.44').post('/api/login', { email: `burst${i}@example.test`, password: 'a guess' })),
    );
    const codes = burst.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 422)).toHaveLength(1);
    expect(codes.filter((code) => code === 429)).toHaveLength(2);
    const refused = burst.find((res) => res.statusCode === 429)!;
    expect(refused.json().message).toMatch(/Another sign-in from your connection/);
    expect(refused.headers['retry-after']).toBe('1');
    // Once it has answered, the address may try again.
    expect((await from('198.51.100.44').post('/api/login', { email: 'burst9@example.test', password: 'a guess' })).statusCode).toBe(422);
  });

  it('limits many addresses guessing one account (per e-mail, whatever the IP)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await from(`203.0.113.${10 + i}`).post('/api/login', { email: 'Victim@Example.test', password: `guess ${i}` })).statusCode);
    expect(codes).toEqual([422, 422, 422, 429]);
    // The same account in other letter case is the same account.
    expect((await from('203.0.113.99').post('/api/login', { email: 'victim@example.test', password: 'guess' })).statusCode).toBe(429);
    expect((await from('203.0.113.99').post('/api/login', { email: 'someone-else@example.test', password: 'guess' })).statusCode).toBe(422);
  });

  it('limits attempts at the current password when changing the password or the e-mail', async () => {
    const c = from('192.0.2.50');
    const body = await registerAs(c);
    const wrong = { current_password: 'not my password', password: 'a brand new secret', password_confirmation: 'a brand new secret' };
    expect((await c.patch('/api/user/password', wrong)).statusCode).toBe(422);
    expect((await c.patch('/api/user/password', wrong)).statusCode).toBe(422);
    const limited = await c.patch('/api/user/password', wrong);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    // The e-mail change asks for the same password and shares the allowance.
    const { password: _p, password_confirmation: _c, ...profile } = body;
    const emailChange = await c.patch('/api/user', { ...profile, email: `moved-${body.email}`, current_password: 'still guessing' });
    expect(emailChange.statusCode).toBe(429);
    // Saving the profile without changing the e-mail checks no password and is not limited.
    expect((await c.patch('/api/user', { ...profile, firstname: 'Samantha' })).statusCode).toBe(200);
  });
});

describe('hash queue', () => {
  it('answers 503 with Retry-After past the queue bound instead of an ever-growing wait, and logs the burst as one warning', async () => {
    const lines: Array<{ level: number; msg: string; refused?: number; err?: unknown }> = [];
    const busy = await createTestApp(
      { maxConcurrentHashes: 1, maxQueuedHashes: 1 },
      { logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) } } },
    );
    let refused = 0;
    try {
      const burst = await Promise.all(
        // From eight addresses: one address gets one check at a time (above), so a full queue takes many.
        Array.from({ length: 8 }, (_, i) =>
          new ApiClient(busy.app).request(
            'POST',
            '/api/login',
            { email: `burst${i}@example.test`, password: 'a guess' },
            { remoteAddress: `192.0.2.${100 + i}` },
          ),
        ),
      );
      const codes = burst.map((r) => r.statusCode);
      refused = codes.filter((c) => c === 503).length;
      expect(refused).toBeGreaterThan(1);
      expect(codes.every((c) => c === 503 || c === 422)).toBe(true);
      const first = burst.find((r) => r.statusCode === 503)!;
      expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
      expect(first.json().message).toMatch(/busy/i);
      // Once the burst has passed, sign-in works again.
      expect((await new ApiClient(busy.app).post('/api/login', { email: 'after@example.test', password: 'a guess' })).statusCode).toBe(422);
    } finally {
      // Closing writes the summary of the interval under way.
      await busy.close();
    }
    // Load, not a fault: no error line (pino: 50) for any of them, and one warning (40) that counts them all.
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: expect.stringMatching(/busy checking passwords/), refused });
    expect(warnings[0].err).toBeUndefined();
  });

  it('a bounded semaphore refuses at once when its queue is full', async () => {
    const gate = new Semaphore(1, 1);
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((r) => (release = r)));
    const second = gate.run(async () => 'second');
    await expect(gate.run(async () => 'third')).rejects.toBeInstanceOf(SemaphoreFullError);
    release();
    await first;
    expect(await second).toBe('second');
    expect(await gate.run(async () => 'fourth')).toBe('fourth');
  });
});
