import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { seedDemo, seedReferenceData } from '../src/server/db/seed';
import { reportsService } from '../src/server/modules/reports/service';
import { reportQuerySchema } from '../src/shared/api/staff-reports';
import { ukToday } from '../src/shared/domain/orders/overdue';
import { addDays, REPORT_NAMES } from '../src/shared/domain/reports/reports';
import { withOwnDatabase } from './lib/postgres';
import { percentile, type BenchRow } from './lib/stats';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = 2_000;
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 30);
const TARGET_MS = 50;

/**
 * Each staff report's statement on 100,000 orders (300,000 items, their artwork checked) over two
 * years and 2,000 customers, on PostgreSQL: the p95 of RUNS runs (after five to warm up) for the
 * dashboard's range (this month by day) and for a year by week. Timed through the reports service
 * (the statement and the shaping of its rows), without HTTP.
 */
export function benchReports(opts: { databaseUrl: string }): Promise<BenchRow[]> {
  return withOwnDatabase(opts.databaseUrl, 'reports', benchReportsOn);
}

async function benchReportsOn(databaseUrl: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-reports-'));
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    await seedDemo(database.db);
    const db = database.db;
    const one = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0];
    const { gb } = await one<{ gb: number }>(sql`select id as gb from countries where code = 'GB'`);
    const { products, stock } = await one<{ products: number[]; stock: number }>(sql`
      select array_agg(distinct m.product_id) as products, min(m.stock_id) as stock from stock_margins m`);
    const productIds = `{${products.join(',')}}`;
    const t0 = performance.now();
    await db.execute(sql`
      insert into users (email, firstname, lastname, company_name, town, postcode, role, country_id)
      select 'reports' || g || '@example.test', 'Pat', 'Customer' || g, 'Studio ' || g, 'Leeds', 'LS1 1AA', 'trade', ${gb}
      from generate_series(1, ${CUSTOMERS}) g`);
    // Two years of orders, one every ten minutes or so; a sixth of them dispatched one to six days after confirmation, one in fifty a sandbox order.
    await db.execute(sql`
      insert into orders (user_id, status, ref, firstname, lastname, email, address1, town, postcode, country_id,
                          total_net, total_vat, total, dispatch_due, confirmed_at, dispatched_at, test, created_at, updated_at)
      select (select min(id) from users where email like 'reports%') + g % ${CUSTOMERS},
             s.status, 'PO-' || g, 'Pat', 'Customer', 'reports@example.test', '1 Bench Street', 'Leeds', 'LS1 1AA', ${gb},
             2000 + g % 5000, 400 + g % 1000, 2400 + g % 6000,
             (c.at at time zone 'Europe/London')::date + 3, c.at,
             case when s.status = 'dispatched' then c.at + ((1 + g % 6) || ' days')::interval end,
             g % 50 = 0, c.at, now()
      from generate_series(1, ${ORDERS}) g
      cross join lateral (select now() - (g * 10.5 || ' minutes')::interval as at) c
      cross join lateral (select (array['live','printing','problem','dispatched','dispatched','dispatched','cancelled','basket'])[1 + g % 8] as status) s`);
    await db.execute(sql`update orders set confirmed_at = null where status = 'basket' and ref like 'PO-%'`);
    await db.execute(sql`
      insert into order_items (order_id, product_id, stock_id, qty, sides, orientation, price_saved, artwork_uploaded_at, preflight_status, preflight)
      select o.id, (${productIds}::int[])[1 + (o.id + i) % cardinality(${productIds}::int[])], ${stock}, 100, 'single', 'landscape', 700,
             o.created_at - interval '1 hour', r.status,
             case r.status when 'fail' then '{"status":"fail","pages":1,"checks":[{"code":"image_resolution","status":"fail","message":"Low"},{"code":"fonts","status":"warn","message":"x"}]}'::jsonb
                           when 'warn' then '{"status":"warn","pages":1,"checks":[{"code":"fonts","status":"warn","message":"x"}]}'::jsonb
                           else '{"status":"pass","pages":1,"checks":[]}'::jsonb end
      from orders o cross join generate_series(1, 3) i
      cross join lateral (select (array['pass','pass','pass','warn','fail'])[1 + (o.id * 3 + i) % 5] as status) r
      where o.ref like 'PO-%'`);
    // What each order's move to Dispatched writes: its items' products, each once.
    await db.execute(sql`
      update orders o set dispatched_products = (select array_agg(distinct i.product_id order by i.product_id) from order_items i where i.order_id = o.id)
      where o.status = 'dispatched' and o.ref like 'PO-%'`);
    // As autovacuum would have by now on a server in use: statistics, and the visibility map index-only scans need.
    await db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - t0) / 1000;
    const counts = await one<{ orders: number; items: number }>(
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items`,
    );

    const reports = reportsService({ db });
    const today = ukToday();
    const ranges = [
      { label: 'this month by day', query: reportQuerySchema.parse({}) },
      { label: 'a year by week', query: reportQuerySchema.parse({ from: addDays(today, -364), to: today, group: 'week' }) },
    ];
    const rows: BenchRow[] = [
      {
        name: 'reports: data',
        value: `${counts.orders.toLocaleString('en-GB')} orders, ${counts.items.toLocaleString('en-GB')} items (seeded in ${seedSeconds.toFixed(0)} s)`,
      },
    ];
    for (const name of REPORT_NAMES) {
      for (const range of name === 'waiting' ? ranges.slice(0, 1) : ranges) {
        for (let i = 0; i < 5; i++) await reports.report(name, range.query);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          await reports.report(name, range.query);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        rows.push({
          name: `reports: ${name}${name === 'waiting' ? ' (now)' : `, ${range.label}`} p95 (target ≤ ${TARGET_MS} ms)`,
          value: `${p95.toFixed(1)} ms (median ${percentile(times, 50).toFixed(1)} ms, ${RUNS} runs)${p95 > TARGET_MS ? ' — OVER TARGET' : ''}`,
        });
      }
    }
    return rows;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
