/**
 * Orders spreadsheet benchmark: one customer with BENCH_EXPORT_ITEMS items (10,000; two an
 * order) exported through the real route, `GET /api/admin/users/{id}/orders.xlsx` over HTTP with a
 * staff Bearer token, the file streamed to disk as a browser saves it. In a child process of its
 * own (the data written by another before it), so that its peak RSS is the server's; on the
 * embedded PGlite (whose memory is the server process's own) and on PostgreSQL when there is one.
 * The growth over its resting size must stay flat however many rows go out: exceljs's streaming
 * writer commits each row as it goes and the orders are read a page at a time. The file is read
 * back afterwards to count its rows.
 *
 *   npx tsx bench/run.ts orders-export        (or npx tsx bench/orders-export.ts to print the child's numbers)
 *   BENCH_EXPORT_DEBUG=1 also prints the peak growth of the heap and of buffers, and what is left after a GC.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { sql } from 'drizzle-orm';
import { withOwnDatabase } from './lib/postgres';
import type { BenchRow } from './lib/stats';
import { demoOrderParts } from './lib/fixtures';

const ITEMS = Number(process.env.BENCH_EXPORT_ITEMS ?? 10_000);
const TIME_GOAL_S = 3;
const RSS_GROWTH_GOAL_MB = 50;

interface Measure {
  items: number;
  rows: number;
  fileKb: number;
  exportMs: number;
  baselineRssMb: number;
  peakRssMb: number;
}

interface Seeded {
  customer: number;
  email: string;
  password: string;
}

async function openApp(dataDir: string, databaseUrl: string | undefined) {
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { migrateDatabase, openDatabase } = await import('../src/server/db/client');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl ?? '', RATE_LIMIT_FACTOR: '100000' });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 4 });
  await migrateDatabase(database);
  const app = await buildApp({ config, database, distDir: null, logger: false });
  return { app, database };
}

/**
 * First child: the demo data and the customer's orders, written to the embedded database in
 * `dataDir`. The inserts take memory that a process keeps; the export is measured in a second
 * process that only opens the database, so its resting size is a server's.
 */
async function seed(dataDir: string, databaseUrl: string | undefined): Promise<Seeded> {
  const { seedDemo, seedReferenceData } = await import('../src/server/db/seed');
  const { app, database } = await openApp(dataDir, databaseUrl);
  const db = database.db;
  await seedReferenceData(db);
  const logins = await seedDemo(db);
  const staff = logins.find((l) => l.role === 'admin')!;
  const { customer, product, stock, qty } = await demoOrderParts(db);

  // Two items an order, in every confirmed status, confirmed over the past months.
  const orders = Math.ceil(ITEMS / 2);
  await db.execute(sql`
    insert into orders (user_id, status, ref, firstname, lastname, email, address1, town, postcode,
                        delivery_cost, total_net, total_vat, total, dispatch_due, confirmed_at, dispatched_at)
    select ${customer}, (array['live','printing','problem','dispatched','dispatched','cancelled'])[1 + g % 6], 'EXPORT-' || g,
           'Pat', 'Customer', 'bench@example.test', '1 Bench Street', 'Leeds', 'LS1 1AA',
           395, 1795 + g % 500, 359 + g % 100, 2154 + g % 600, current_date + 2,
           now() - (g || ' minutes')::interval, case when g % 6 in (3, 4) then now() - (g || ' seconds')::interval end
    from generate_series(1, ${orders}) g`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, stock_id, qty, sides, orientation, price_saved)
    select o.id, ${product}, ${stock}, ${qty}, case when g = 1 then 'single' else 'double' end, 'landscape', 700 + g
    from orders o, generate_series(1, 2) g where o.ref like 'EXPORT-%'
    order by o.id, g limit ${ITEMS}`);
  await db.execute(sql`vacuum analyze`);
  await app.close();
  await database.close();
  return { customer, email: staff.email, password: staff.password };
}

/** Second child: the app on that database, signed in as staff over HTTP, one export measured. */
async function measure(dataDir: string, databaseUrl: string | undefined, seeded: Seeded): Promise<Measure> {
  const { listenSignedIn } = await import('./lib/listen-signed-in');
  const { default: ExcelJS } = await import('exceljs');
  const { app, database } = await openApp(dataDir, databaseUrl);
  const { port, token } = await listenSignedIn(app, seeded.email, seeded.password);
  const download = async (query: string, to: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/users/${seeded.customer}/orders.xlsx${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(to));
  };
  const file = path.join(dataDir, 'orders.xlsx');
  // A warm-up of no rows: the route, exceljs and the queries are loaded before measuring.
  await download('?dispatched=1&from=2000-01-01&to=2000-01-02', file);

  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const base = process.memoryUsage();
  const peaks = { heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    for (const k of Object.keys(peaks) as Array<keyof typeof peaks>) peaks[k] = Math.max(peaks[k], now[k] - base[k]);
  }, 5);
  const started = performance.now();
  await download('', file);
  const exportMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());

  if (process.env.BENCH_EXPORT_DEBUG) {
    global.gc?.();
    const after = process.memoryUsage();
    const mbOf = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v / 1048576)]));
    console.error(
      'peak growth',
      mbOf(peaks),
      'after gc growth',
      mbOf({ heapUsed: after.heapUsed - base.heapUsed, arrayBuffers: after.arrayBuffers - base.arrayBuffers, rss: after.rss - base.rss }),
    );
  }
  // Read back (after measuring): one row per item under the header.
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
  for await (const sheet of reader) for await (const row of sheet) if (row.number > 1) rows++;
  await app.close();
  await database.close();
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  return {
    items: ITEMS,
    rows,
    fileKb: Math.round(statSync(file).size / 1024),
    exportMs: Math.round(exportMs),
    baselineRssMb: mb(baseline),
    peakRssMb: mb(peak),
  };
}

function runChild<T>(...args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', ...process.execArgv, import.meta.filename, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as T) : reject(new Error(`bench child exited ${code}`))));
  });
}

async function measureOn(label: string, databaseUrl: string | undefined): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-export-'));
  let m: Measure;
  try {
    const seeded = await runChild<Seeded>('--seed', dataDir, databaseUrl ?? '');
    m = await runChild<Measure>('--child', dataDir, databaseUrl ?? '', JSON.stringify(seeded));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (m.rows !== m.items) throw new Error(`the spreadsheet has ${m.rows} rows for ${m.items} items`);
  const growth = m.peakRssMb - m.baselineRssMb;
  const seconds = m.exportMs / 1000;
  return [
    {
      name: `Orders spreadsheet (${label}): ${m.items.toLocaleString('en-GB')} items of one customer, GET …/orders.xlsx over HTTP (goal ≤ ${TIME_GOAL_S} s)`,
      value: `${seconds.toFixed(2)} s (${m.fileKb.toLocaleString('en-GB')} kB, ${m.rows.toLocaleString('en-GB')} rows) ${seconds <= TIME_GOAL_S ? '✔' : '✘'}`,
    },
    {
      name: `Orders spreadsheet (${label}): server peak RSS growth (goal ≤ ${RSS_GROWTH_GOAL_MB} MB, flat)`,
      value: `${growth} MB (${m.baselineRssMb} → ${m.peakRssMb} MB) ${growth <= RSS_GROWTH_GOAL_MB ? '✔' : '✘'}`,
    },
  ];
}

/** On the embedded PGlite (in the server's process: its memory counts) and, when there is one, on PostgreSQL. */
export async function benchOrdersExport(clusterUrl: string | null): Promise<BenchRow[]> {
  const rows = await measureOn('PGlite', undefined);
  if (clusterUrl) rows.push(...(await withOwnDatabase(clusterUrl, 'export', (url) => measureOn('PostgreSQL', url))));
  else rows.push({ name: 'Orders spreadsheet (PostgreSQL)', value: 'not run: no PostgreSQL here (set BENCH_DATABASE_URL)' });
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const databaseUrl = process.argv[4] || undefined;
  if (process.argv[2] === '--seed') process.stdout.write(`\n${JSON.stringify(await seed(process.argv[3], databaseUrl))}\n`);
  else if (process.argv[2] === '--child')
    process.stdout.write(`\n${JSON.stringify(await measure(process.argv[3], databaseUrl, JSON.parse(process.argv[5]) as Seeded))}\n`);
  else console.log(await benchOrdersExport(process.env.BENCH_DATABASE_URL ?? null));
  process.exit(0);
}
