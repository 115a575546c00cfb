import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';
import { upsertAccount } from '../../src/server/modules/accounts/operations';
import { listenSignedIn } from '../lib/listen-signed-in';

/**
 * The real app for a benchmark: on DATABASE_URL, else PGlite in a temporary directory. It creates a
 * bench account, signs it in, listens, and prints {port, token, xsrf} as one JSON line.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '100000' }) };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 10 });
await migrateDatabase(database);
await seedReferenceData(database.db);
const email = `bench-${process.pid}@example.test`;
const password = 'bench password 123';
await upsertAccount(database.db, { email, password, role: 'trade' });
const app = await buildApp({ config, database, distDir: null, logger: false });
console.log(JSON.stringify({ ...(await listenSignedIn(app, email, password)), email, password }));
