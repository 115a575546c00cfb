import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';

describe('platform: health, SPA fallback, errors, headers', () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'pjt-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>SPA</title></head><body><div id="root"></div></body></html>');
    writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify([
        { path: '/prices', files: ['/assets/signed-in-1.js', '/assets/PricesPage-2.js'] },
        { path: '/orders/:id', files: ['/assets/signed-in-1.js', '/assets/OrderViewPage-3.js'] },
      ]),
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp(
      {},
      {
        distDir: dist,
        beforeReady: (app) =>
          app.get('/api/test/boom', { schema: { response: { 200: z.object({}) } } }, async () => {
            throw new Error('secret internals: password=hunter2 at db.ts:42');
          }),
      },
    );
    client = new ApiClient(t.app);
  });
  afterAll(() => t.close());

  it('answers health once migrations ran', async () => {
    const res = await client.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves index.html for any non-API path (history fallback)', async () => {
    for (const url of ['/', '/orders?status=live', '/admin/users/7', '/no/such/page']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("announces a signed-in page's code to a browser holding a session cookie, and to no one else", async () => {
    const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const signedIn = await page('/prices', 'XSRF-TOKEN=x; token=abc');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<link rel="modulepreload" crossorigin href="/assets/PricesPage-2.js">');
    expect(signedIn.body).toContain('<div id="root">');
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect((await page('/orders/42', 'token=abc')).body).toContain('/assets/OrderViewPage-3.js');
    // No session cookie, a page of no signed-in route, or a path that only starts like one: the plain page.
    for (const [url, cookie] of [
      ['/prices', undefined],
      ['/prices', 'xtoken=abc'],
      ['/login', 'token=abc'],
      ['/orders/42/extra', 'token=abc'],
    ] as const) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${cookie}`).not.toContain('modulepreload');
    }
  });

  it('serves built assets with a long cache, and a missing asset as 404 not HTML', async () => {
    const ok = await client.get('/assets/app-abc123.js');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('immutable');
    const missing = await client.get('/assets/gone-999.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
  });

  it('answers an unknown /api path with JSON 404', async () => {
    const res = await client.get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No API route/);
    const post = await client.post('/api/no-such-thing', {});
    expect(post.statusCode).toBe(404);
  });

  it('never shows internals in a 500', async () => {
    const res = await client.get('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.body).not.toMatch(/secret|hunter2|db\.ts/);
  });

  it('sends the security headers', async () => {
    const res = await client.get('/');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    await client.get('/api/health');
    const bad = await client.request('POST', '/api/login', '{"email": ', { headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not valid JSON/);
    const huge = await client.post('/api/login', { email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses prototype-pollution keys in JSON bodies', async () => {
    const res = await client.request('POST', '/api/login', '{"__proto__": {"admin": true}, "email": "a@b.test", "password": "x"}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('lists the countries, all of ISO 3166, by name', async () => {
    const res = await client.get('/api/countries');
    const list = res.json() as Array<{ id: number; code: string; name: string }>;
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(list.find((c) => c.code === 'GB')?.name).toBe('United Kingdom');
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
