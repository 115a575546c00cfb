import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';
import { seedDemo, seedReferenceData } from '../../src/server/db/seed';
import { listenSignedIn, signInAgain } from '../lib/listen-signed-in';

/**
 * The real app for the orders benchmark, on the demo catalogue and delivery services:
 * ORDERS orders (100,000) with three items each (300,000) over 2,000 customers, the bench customer
 * owning BENCH_OWN of them in every status; and 6 × 50 baskets of the bench customer ready to confirm
 * (one item each with checked artwork and a delivery service). Prints {port, token, staffToken, xsrf,
 * pid, baskets, product, stock, qty, options} as one line (token: the customer's; staffToken: the demo admin's).
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = 2_000;
// Rounds of 50: three warm the server up (its code is compiled as it runs), three are measured.
const BASKETS = 300;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-orders-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '100000' }) };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 10 });
await migrateDatabase(database);
await seedReferenceData(database.db);
const logins = await seedDemo(database.db);
const customer = logins.find((l) => l.role !== 'admin')!;
const staff = logins.find((l) => l.role === 'admin')!;
const db = database.db;
const one = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0];

const { me } = await one<{ me: number }>(sql`select id as me from users where lower(email) = lower(${customer.email})`);
const { gb } = await one<{ gb: number }>(sql`select id as gb from countries where code = 'GB'`);
const { product, stock, qty } = await one<{ product: number; stock: number; qty: number }>(sql`
  select m.product_id as product, m.stock_id as stock, m.qty from stock_margins m join products p on p.id = m.product_id
  where not p.restricted and p.trim_width_mm = 85 order by m.qty limit 1`);
const { type } = await one<{ type: number }>(sql`select id as type from delivery_types where code = 'CRL24'`);
// The first option of each of the product's required groups, as the items step preselects them: a basket must choose them.
const { options } = await one<{ options: number[] }>(sql`
  select coalesce(jsonb_agg(id order by id), '[]') as options from (
    select distinct on (g.id) o.id from option_groups g join options o on o.option_group_id = g.id
    where g.product_id = ${product} and g.required and o.active order by g.id, o.sort, o.id) first`);

// Other customers, then the orders and items in three statements (generate_series: seconds, not minutes).
await db.execute(sql`
  insert into users (email, firstname, lastname, company_name, town, postcode, role, country_id)
  select 'orders' || g || '@example.test', 'Pat', 'Customer' || g, 'Studio ' || g, 'Leeds', 'LS1 ' || (g % 9) || 'AA', 'trade', ${gb}
  from generate_series(1, ${CUSTOMERS}) g`);
await db.execute(sql`
  insert into orders (user_id, status, ref, firstname, lastname, email, address1, town, postcode, country_id, delivery_type_id,
                      delivery_cost, total_net, total_vat, total, weight, dispatch_due, confirm_key, confirmed_at, created_at, updated_at)
  select case when g % 20 = 0 then ${me} else (select min(id) from users) + 3 + g % ${CUSTOMERS} end,
         (array['live','printing','problem','dispatched','dispatched','dispatched','cancelled'])[1 + g % 7],
         'PO-' || g, 'Pat', 'Customer', 'orders@example.test', '1 Bench Street', 'Leeds', 'LS1 1AA', ${gb}, ${type},
         395, 2000 + g % 5000, 400 + g % 1000, 2400 + g % 6000, 500, current_date + (g % 10), 'bench-' || g,
         now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
  from generate_series(1, ${ORDERS}) g`);
await db.execute(sql`
  insert into order_items (order_id, product_id, stock_id, qty, sides, orientation, price_saved)
  select o.id, ${product}, ${stock}, ${qty}, 'single', 'landscape', 700 from orders o, generate_series(1, 3)`);

// Ready baskets: one item each, its artwork checked (a real file on disk), a delivery service chosen.
const artworkDir = path.join(dataDir, 'files', 'artwork');
mkdirSync(artworkDir, { recursive: true });
writeFileSync(path.join(artworkDir, 'bench.pdf'), '%PDF-1.4\n%bench\n');
const baskets = (
  (await db.execute(sql`
  insert into orders (user_id, status, ref, firstname, lastname, email, address1, town, postcode, country_id, delivery_type_id)
  select ${me}, 'basket', 'Basket ' || g, 'Jane', 'Doe', ${customer.email}, '1 Bench Street', 'Leeds', 'LS1 1AA', ${gb}, ${type}
  from generate_series(1, ${BASKETS}) g returning id`)) as unknown as { rows: Array<{ id: number }> }
).rows.map((r) => r.id);
await db.execute(sql`
  insert into order_items (order_id, product_id, stock_id, qty, sides, orientation, option_ids, artwork_name, artwork_size, artwork_key, artwork_uploaded_at, preflight_status, preflight)
  select id, ${product}, ${stock}, ${qty}, 'single', 'landscape', ${JSON.stringify(options)}::jsonb, 'bench.pdf', 16, 'artwork/bench.pdf', now(), 'pass', '{"status":"pass","pages":1,"checks":[]}'::jsonb
  from orders where id = any(${sql.raw(`array[${baskets.join(',')}]`)}::int[])`);
// The largest upload measured is a 100 MB PDF: a little over the default limit of 100 MB.
await db.execute(sql`update settings set value = '128' where name = 'ARTWORK_MAX_MB'`);
// As autovacuum would have by now on a server in use: statistics, and the visibility map index-only scans need.
await db.execute(sql`vacuum analyze`);

const app = await buildApp({ config, database, distDir: null, logger: false });
const signedIn = await listenSignedIn(app, customer.email, customer.password);
const staffToken = await signInAgain(signedIn.port, signedIn.xsrf, staff.email, staff.password);
console.log(JSON.stringify({ ...signedIn, staffToken, pid: process.pid, baskets, product, stock, qty, options }));
