import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';
import { appLoggerOptions } from '../../src/server/lib/logging';
import { XSRF_COOKIE } from '../../src/server/lib/xsrf';
import { ApiClient } from './helpers/client';
import { migratedSnapshot } from '../helpers/database-template';

/**
 * How the app page, the built
 * files and JSON answers travel — caching, compression, cookies, security headers, one log line a request.
 */

const JS = `console.log(${JSON.stringify('a'.repeat(4000))});\n`;
const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let dataDir: string;
let dist: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-delivery-'));
  dist = mkdtempSync(path.join(os.tmpdir(), 'pjt-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), JS);
  // As the build writes them (vite.config.ts): a brotli and a gzip twin beside the file.
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(JS));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(JS));
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' });
  database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://', initialData: migratedSnapshot() });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  // The app's own logger at the default level (info), writing into `lines`.
  app = await buildApp({
    config,
    database,
    distDir: dist,
    logger: { ...appLoggerOptions(config), stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const setCookies = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String);
};

describe('caching of the app page and the built files', () => {
  it('sends the app page with no-cache, whichever path asks for it (not max-age=3600)', async () => {
    for (const url of ['/', '/login', '/admin/users/7', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // Other files outside assets/ are not named by content either.
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('sends hashed assets as immutable for a year, compressed or not', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const res = await get('/assets/app-abc123.js', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sets the XSRF cookie on API answers and pages only when the request has no valid one, never on built files', async () => {
    const first = await get('/api/health');
    const issued = setCookies(first).find((c) => c.startsWith(`${XSRF_COOKIE}=`));
    expect(issued).toBeTruthy();
    expect(setCookies(await get('/login')).some((c) => c.startsWith(`${XSRF_COOKIE}=`))).toBe(true);
    const cookie = issued!.split(';')[0];
    for (const url of ['/api/health', '/api/countries', '/login', '/']) {
      expect(setCookies(await get(url, { cookie })), url).toEqual([]);
    }
    for (const url of ['/assets/app-abc123.js', '/favicon.svg', '/index.html', '/assets/gone-999.js']) {
      expect(setCookies(await get(url)), url).toEqual([]);
    }
    // A forged or stale cookie is replaced.
    expect(setCookies(await get('/api/health', { cookie: `${XSRF_COOKIE}=forged.value` })).length).toBe(1);
  });
});

describe('compression', () => {
  it('serves the brotli or gzip file written at build time, with Vary', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('compresses JSON answers above 1 kB, and leaves small ones alone', async () => {
    const plain = await get('/api/countries');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/countries', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/countries', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('never decompresses a request body (no decompression bomb behind the body limit)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync('{}'),
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(200);
  });
});

describe('security headers', () => {
  it('denies device features (Permissions-Policy) and isolates pages (COOP that still lets a sign-in popup post back)', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await get(url);
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy, url).toContain(`${feature}=()`);
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
    }
  });
});

describe('one log line per request', () => {
  it('writes exactly one info line per request, with method, route, status and time', async () => {
    const client = new ApiClient(app);
    lines.length = 0;
    await client.get('/api/health');
    await client.get('/api/countries');
    await get('/login');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const byRequest = new Map<unknown, number>();
    for (const e of entries) byRequest.set(e.reqId, (byRequest.get(e.reqId) ?? 0) + 1);
    expect([...byRequest.values()]).toEqual([1, 1, 1]);
    const health = entries[0] as { req: { method: string; url: string }; res: { statusCode: number }; responseTime: number; route: string; level: number };
    expect(health.level).toBe(30);
    expect(health.req).toMatchObject({ method: 'GET', url: '/api/health' });
    expect(health.route).toBe('/api/health');
    expect(health.res.statusCode).toBe(200);
    expect(typeof health.responseTime).toBe('number');
    expect((entries[2] as { res: { statusCode: number } }).res.statusCode).toBe(200);
  });
});
