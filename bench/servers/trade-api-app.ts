import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase } from '../../src/server/db/client';
import { seedDemo, seedReferenceData } from '../../src/server/db/seed';
import { listenSignedIn, signInAgain } from '../lib/listen-signed-in';

/**
 * The real app for the trade API benchmark, on the demo catalogue and delivery services, with
 * webhooks allowed to reach 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=1, as the bench's receiver is there) and
 * the API's rate limit out of the way. The demo trade customer gets a live key and MOVABLE live
 * orders of its own (one item each) for staff to move. Prints {port, token, staffToken, xsrf, pid, key,
 * orders, product, stock, qty, qty2, options, deliveryTypeId, gbId} as one line (token: the customer's
 * session; staffToken: the demo admin's; key: the live API key).
 */
const MOVABLE = Number(process.env.BENCH_TRADE_ORDERS ?? 250);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-trade-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_FACTOR: '100000',
  API_RATE_LIMIT_PER_MINUTE: '1000000',
  WEBHOOK_ALLOW_PRIVATE: '1',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 10 });
await migrateDatabase(database);
await seedReferenceData(database.db);
const logins = await seedDemo(database.db);
const customer = logins.find((l) => l.role === 'trade')!;
const staff = logins.find((l) => l.role === 'admin')!;
const db = database.db;
const one = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0];

const { me } = await one<{ me: number }>(sql`select id as me from users where lower(email) = lower(${customer.email})`);
const { gbId } = await one<{ gbId: number }>(sql`select id as "gbId" from countries where code = 'GB'`);
const { product, stock, qty } = await one<{ product: number; stock: number; qty: number }>(sql`
  select m.product_id as product, m.stock_id as stock, m.qty from stock_margins m join products p on p.id = m.product_id
  where not p.restricted and p.trim_width_mm = 85 order by m.qty limit 1`);
// A second break of the same paper, for a quote or order of two items.
const { qty2 } = await one<{ qty2: number }>(sql`
  select qty as qty2 from stock_margins where product_id = ${product} and stock_id = ${stock} and qty > ${qty} order by qty limit 1`);
const { deliveryTypeId } = await one<{ deliveryTypeId: number }>(sql`select id as "deliveryTypeId" from delivery_types where code = 'CRL24'`);
// The first option of each of the product's required groups, as the items step preselects them: an item must choose them.
const { options } = await one<{ options: number[] }>(sql`
  select coalesce(jsonb_agg(id order by id), '[]') as options from (
    select distinct on (g.id) o.id from option_groups g join options o on o.option_group_id = g.id
    where g.product_id = ${product} and g.required and o.active order by g.id, o.sort, o.id) first`);

// Confirmed (Pending) live orders of the customer, for staff to move: their moves are the webhook stream.
const orders = (
  (await db.execute(sql`
  insert into orders (user_id, status, ref, firstname, lastname, email, address1, town, postcode, country_id, delivery_type_id,
                      delivery_cost, total_net, total_vat, total, weight, dispatch_due, confirm_key, confirmed_at, created_at, updated_at)
  select ${me}, 'live', 'SHOP-' || g, 'Ann', 'Client', ${customer.email}, '1 High Street', 'Leeds', 'LS1 1AA', ${gbId}, ${deliveryTypeId},
         395, 2000, 480, 2875, 500, current_date + 3, 'bench-trade-' || g, now(), now(), now()
  from generate_series(1, ${MOVABLE}) g returning id`)) as unknown as { rows: Array<{ id: number }> }
).rows.map((r) => r.id);
await db.execute(sql`
  insert into order_items (order_id, product_id, stock_id, qty, sides, orientation, option_ids, price_saved)
  select id, ${product}, ${stock}, ${qty}, 'single', 'landscape', ${JSON.stringify(options)}::jsonb, 700
  from orders where id = any(${sql.raw(`array[${orders.join(',')}]`)}::int[])`);
await db.execute(sql`vacuum analyze`);

const app = await buildApp({ config, database, distDir: null, logger: false });
const { key } = await app.deps.apiKeys.create(me, { name: 'Bench shop', mode: 'live' });
const signedIn = await listenSignedIn(app, customer.email, customer.password);
const staffToken = await signInAgain(signedIn.port, signedIn.xsrf, staff.email, staff.password);
console.log(JSON.stringify({ ...signedIn, staffToken, pid: process.pid, key, orders, product, stock, qty, qty2, options, deliveryTypeId, gbId }));
