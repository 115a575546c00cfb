import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';
import { appLoggerOptions } from '../../src/server/lib/logging';
import { ApiClient, registerAs } from './helpers/client';
import { migratedSnapshot } from '../helpers/database-template';

/** No token or set-password link reaches the log at the default level (but the outbox's local link). */

const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-log-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' }) };
  expect(config.logLevel).toBe('info');
  database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://', initialData: migratedSnapshot() });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  app = await buildApp({
    config,
    database,
    distDir: null,
    logger: { ...appLoggerOptions(config), stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const TOKEN = 'Zk3vQ9xP2LmN8rT4wY6uA1bC5dE7fG0hJ_-sKq';

describe('log redaction', () => {
  it('logs the reset route, not the token in its path or in a query string', async () => {
    for (const url of [
      `/password/reset/${TOKEN}`,
      `/password/reset/${TOKEN}?email=a%40b.test`,
      `/PASSWORD/Reset/${TOKEN}/`,
      `//password//reset/${TOKEN}`,
      `/login?token=${TOKEN}&next=%2Forders`,
      `/api/password/reset?token=${TOKEN}`,
      `/login?oauth=${TOKEN}`, // a blocked social sign-in pop-up's one-time hand-off code
      `/api/oauth/oidc/callback?code=${TOKEN}&state=${TOKEN}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    const logged = lines.join('\n');
    expect(logged).toContain('/password/reset/');
    expect(logged).not.toContain(TOKEN);
    // The rest of the address is kept, so that the access log still says what was asked for.
    expect(logged).toContain('next=%2Forders');
  });

  it('never logs session tokens, passwords or reset links, except the outbox line that lets a link be followed locally', async () => {
    lines.length = 0;
    const c = new ApiClient(app);
    const body = await registerAs(c);
    const session = c.token!;
    await c.get('/api/user');
    await c.post('/api/login', { email: body.email, password: body.password });
    await c.post('/api/password/email', { email: body.email });
    await c.post('/api/password/reset', { token: TOKEN, password: 'another long secret', password_confirmation: 'another long secret' });
    // Mail is an outbox row delivered by a background job: wait until what is due is delivered.
    await app.deps.outbox.idle();
    const withLinks = lines.filter((l) => l.includes('/password/reset/'));
    expect(withLinks.length).toBeLessThanOrEqual(1);
    for (const line of withLinks) expect(JSON.parse(line).msg).toMatch(/outbox/);
    const logged = lines.join('\n');
    expect(logged).not.toContain(session);
    expect(logged).not.toContain(body.password);
    expect(logged).not.toContain(TOKEN);
  });
});
