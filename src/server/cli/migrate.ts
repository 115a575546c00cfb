import { loadConfig } from '../config';
import { migrateDatabase, openDatabase } from '../db/client';
import { seedReferenceData } from '../db/seed';

/** `npm run db:migrate`: apply the committed migrations and reference data, without starting the server. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
await migrateDatabase(database);
await seedReferenceData(database.db);
await database.close();
console.log(`Migrations applied to ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}.`);
