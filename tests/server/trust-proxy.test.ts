import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createTestApp, RELAXED_LIMITS, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';

/** TRUST_PROXY takes a hop count or the proxies' addresses, so a client cannot choose its own rate-limit key. */

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count or a list of addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1 ,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '1' });
    t = await createTestApp({ trustProxy, rateLimits: { ...RELAXED_LIMITS, login: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(() => t.close());

  // The proxy (127.0.0.1, inject's address) appends the address it saw; the client may send any left-most value.
  const attempt = (forwardedFor: string) =>
    new ApiClient(t.app).request('POST', '/api/login', { email: 'target@example.test', password: 'a guess' }, { headers: { 'x-forwarded-for': forwardedFor } });

  it('a forged left-most X-Forwarded-For does not change the rate-limit key', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await attempt(`10.9.8.${i}, 203.0.113.5`)).statusCode);
    expect(codes).toEqual([422, 422, 429]);
    expect((await attempt('1.2.3.4, 5.6.7.8, 203.0.113.5')).statusCode).toBe(429);
    // The address the proxy saw is the key: another client is not limited.
    expect((await attempt('10.9.8.0, 203.0.113.6')).statusCode).toBe(422);
  });
});

describe('behind a proxy named by address (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '127.0.0.1' });
    t = await createTestApp({ trustProxy, rateLimits: { ...RELAXED_LIMITS, login: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(() => t.close());

  const attempt = (forwardedFor: string, remoteAddress = '127.0.0.1') =>
    new ApiClient(t.app).request(
      'POST',
      '/api/login',
      { email: 'target@example.test', password: 'a guess' },
      { remoteAddress, headers: { 'x-forwarded-for': forwardedFor } },
    );

  it('uses the address the proxy saw, and ignores the header from anyone else', async () => {
    expect((await attempt('10.0.0.1, 203.0.113.7')).statusCode).toBe(422);
    expect((await attempt('10.0.0.2, 203.0.113.7')).statusCode).toBe(422);
    expect((await attempt('10.0.0.3, 203.0.113.7')).statusCode).toBe(429);
    // A client that reaches the app directly cannot pose as another by sending the header.
    expect((await attempt('203.0.113.8', '198.51.100.20')).statusCode).toBe(422);
    expect((await attempt('203.0.113.9', '198.51.100.20')).statusCode).toBe(422);
    expect((await attempt('203.0.113.10', '198.51.100.20')).statusCode).toBe(429);
  });
});
