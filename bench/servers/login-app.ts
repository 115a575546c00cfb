import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { seedReferenceData } from '../../src/server/db/seed';
import { upsertAccount } from '../../src/server/modules/accounts/operations';

/**
 * The real app for the login-under-attack benchmark, with the production login limits (no
 * RATE_LIMIT_FACTOR): ACCOUNTS real accounts sharing one password (hashed once, copied), on
 * DATABASE_URL or else PGlite. Prints {port, xsrf, password, emails} as one JSON line.
 */
const ACCOUNTS = Number(process.env.BENCH_LOGIN_ACCOUNTS ?? 40);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-login-'));
const env = { ...process.env };
delete env.RATE_LIMIT_FACTOR;
const config = loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 10 });
await migrateDatabase(database);
await seedReferenceData(database.db);
const password = 'bench password 123';
const first = `bench-login-0-${process.pid}@example.test`;
await upsertAccount(database.db, { email: first, password, role: 'trade' });
const [{ passwordHash }] = await database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, first));
const emails = [first, ...Array.from({ length: ACCOUNTS - 1 }, (_, i) => `bench-login-${i + 1}-${process.pid}@example.test`)];
await database.db.insert(users).values(emails.slice(1).map((email) => ({ email, passwordHash, role: 'trade', firstname: 'Bench', lastname: 'Login' })));

const app = await buildApp({ config, database, distDir: null, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const health = await fetch(`http://127.0.0.1:${port}/api/health`);
const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]);
console.log(JSON.stringify({ port, xsrf, password, emails }));
