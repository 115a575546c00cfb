import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';
import { upsertAccount } from '../../src/server/modules/accounts/operations';
import { listenSignedIn } from '../lib/listen-signed-in';

/**
 * The real app for the staff list benchmark: USERS accounts (50,000 by default) spread over names,
 * companies, towns and postcodes, plus one admin signed in. Prints {port, token, xsrf} as one line.
 */
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-staff-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '100000' }) };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 10 });
await migrateDatabase(database);
await seedReferenceData(database.db);

const FIRST = [
  'James',
  'Olivia',
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Noah',
  'Mia',
  'Arthur',
  'Priya',
  'Mohammed',
  'Sophie',
  'Harry',
  'Grace',
  'Leo',
  'Freya',
  'Jack',
  'Emily',
  'Oscar',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Khan',
  'Okafor',
  'Shah',
  'Lewis',
  'Hughes',
  'Edwards',
  'Hill',
  'Moore',
  'Baker',
];
const COMPANY = [
  'Inkwell',
  'Northern',
  'Riverside',
  'Oakwood',
  'Bright',
  'Redbrick',
  'Harbour',
  'Meadow',
  'Summit',
  'Copper',
  'Lantern',
  'Granite',
  'Willow',
  'Beacon',
  'Kestrel',
];
const KIND = ['Print', 'Design', 'Studio', 'Media', 'Café', 'Agency', 'Signs'];
const TOWN = [
  'Leeds',
  'York',
  'Hull',
  'Bradford',
  'Wakefield',
  'Harrogate',
  'Sheffield',
  'Manchester',
  'Liverpool',
  'Newcastle',
  'Durham',
  'Lancaster',
  'Preston',
  'Bolton',
  'Derby',
  'Nottingham',
  'Lincoln',
  'Chester',
  'Carlisle',
  'Ripon',
];
const array = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

// One statement: generate_series makes the rows in the database, so seeding takes seconds.
await database.db.execute(sql`
  insert into users (email, firstname, lastname, company_name, town, postcode, role, created_at)
  select 'customer' || g || '@example' || (g % 89) || '.test',
         (${array(FIRST)})[1 + g % ${FIRST.length}],
         (${array(LAST)})[1 + (g * 7) % ${LAST.length}],
         (${array(COMPANY)})[1 + (g * 13) % ${COMPANY.length}] || ' ' || (${array(KIND)})[1 + (g * 3) % ${KIND.length}],
         (${array(TOWN)})[1 + (g * 11) % ${TOWN.length}],
         chr(65 + g % 26) || chr(65 + (g / 26) % 26) || (1 + g % 30) || ' ' || (g % 10) || chr(65 + (g / 7) % 26) || chr(65 + (g / 3) % 26),
         (array['user', 'trade', 'trade', 'none'])[1 + g % 4],
         now() - (g || ' minutes')::interval
  from generate_series(1, ${USERS}) g`);
await database.db.execute(sql`analyze users`);

const email = `bench-staff-${process.pid}@example.test`;
const password = 'bench password 123';
await upsertAccount(database.db, { email, password, role: 'admin' });
const app = await buildApp({ config, database, distDir: null, logger: false });
console.log(JSON.stringify({ ...(await listenSignedIn(app, email, password)), users: USERS }));
