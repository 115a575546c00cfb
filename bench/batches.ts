/**
 * Batch benchmark: one run of BENCH_BATCH_ITEMS items (2,000) with 1 MB of artwork each,
 * through the real service (background job, ZIP streamed to the file store, the commit), in a child
 * process of its own so that its peak RSS is the server's: the growth over its resting size must
 * stay under 150 MB however many files go in. The ZIP's throughput is given as a ratio to `cp` of
 * the same files in the same run (both read what the page cache holds: the files were just written).
 *
 *   npx tsx bench/run.ts batches        (or npx tsx bench/batches.ts to print the child's numbers)
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { BenchRow } from './lib/stats';
import { demoOrderParts } from './lib/fixtures';

const ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 2000);
const FILE_BYTES = 1024 * 1024;
const RSS_GROWTH_GOAL_MB = 150;

interface Measure {
  items: number;
  orders: number;
  zipMb: number;
  batchMs: number;
  cpMs: number;
  baselineRssMb: number;
  peakRssMb: number;
}

/** Child mode: the app on a fresh embedded database in `dataDir` (whose files the parent wrote), the items, then one run. */
async function measure(dataDir: string): Promise<Measure> {
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { migrateDatabase, openDatabase } = await import('../src/server/db/client');
  const { seedDemo, seedReferenceData } = await import('../src/server/db/seed');
  const { batches: batchTable, users } = await import('../src/server/db/schema');
  const { eq } = await import('drizzle-orm');

  {
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
    const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 4 });
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const logins = await seedDemo(database.db);
    const app = await buildApp({ config, database, distDir: null, logger: false });
    await app.ready();
    const db = database.db;
    const staffEmail = logins.find((l) => l.role === 'admin')!.email;
    const [staff] = await db.select().from(users).where(eq(users.email, staffEmail));
    const { customer, product, stock, qty } = await demoOrderParts(db);

    // Two items an order, each with its own 1 MB file (random bytes: nothing for a filesystem to share).
    const orders = Math.ceil(ITEMS / 2);
    await db.execute(sql`
      insert into orders (user_id, status, ref, firstname, lastname, email, address1, town, postcode, total, dispatch_due, confirmed_at)
      select ${customer}, 'live', 'BENCH-' || g, 'Pat', 'Customer', 'bench@example.test', '1 Bench Street', 'Leeds', 'LS1 1AA', 2400, current_date + 2, now()
      from generate_series(1, ${orders}) g`);
    await db.execute(sql`
      insert into order_items (order_id, product_id, stock_id, qty, sides, orientation, price_saved, artwork_key, artwork_name, preflight_status)
      select o.id, ${product}, ${stock}, ${qty}, 'single', 'landscape', 700, 'artwork/bench-' || o.id || '-' || g || '.pdf', 'bench.pdf', 'pass'
      from orders o, generate_series(1, 2) g where o.status = 'live' and o.ref like 'BENCH-%'
      order by o.id, g limit ${ITEMS}`);
    const keys = (
      (await db.execute(sql`select artwork_key as key from order_items where artwork_key like 'artwork/bench-%'`)) as unknown as {
        rows: Array<{ key: string }>;
      }
    ).rows;
    // The parent wrote the files under names of its own (before this process existed, so their
    // buffers are not in its memory): each item takes one.
    const artworkDir = path.join(dataDir, 'files', 'artwork');
    keys.forEach(({ key }, i) => renameSync(path.join(artworkDir, `file-${i}.pdf`), path.join(dataDir, 'files', key)));

    // cp of the same files, for the throughput ratio.
    const copyTo = path.join(dataDir, 'copy');
    let started = performance.now();
    const cp = spawnSync('cp', ['-r', artworkDir, copyTo]);
    if (cp.status !== 0) throw new Error(`cp failed: ${cp.stderr.toString()}`);
    const cpMs = performance.now() - started;
    rmSync(copyTo, { recursive: true, force: true });

    global.gc?.();
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    started = performance.now();
    const batch = await app.deps.batches.run({}, staff);
    await app.deps.jobs.drain();
    const batchMs = performance.now() - started;
    clearInterval(sampler);
    const [done] = await db.select().from(batchTable).where(eq(batchTable.id, batch.id));
    if (done.status !== 'done' || done.itemCount !== keys.length) throw new Error(`the batch did not finish: ${done.status} ${done.error ?? ''}`);
    await app.close();
    await database.close();
    const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
    return {
      items: done.itemCount,
      orders: done.orderCount,
      zipMb: mb(done.zipSize ?? 0),
      batchMs: Math.round(batchMs),
      cpMs: Math.round(cpMs),
      baselineRssMb: mb(baseline),
      peakRssMb: mb(peak),
    };
  }
}

function runChild(dataDir: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', ...process.execArgv, import.meta.filename, '--child', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Measure) : reject(new Error(`bench child exited ${code}`)),
    );
  });
}

export async function benchBatches(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-batches-'));
  let m: Measure;
  try {
    const artworkDir = path.join(dataDir, 'files', 'artwork');
    mkdirSync(artworkDir, { recursive: true });
    for (let i = 0; i < ITEMS; i++) writeFileSync(path.join(artworkDir, `file-${i}.pdf`), randomBytes(FILE_BYTES));
    m = await runChild(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const growth = m.peakRssMb - m.baselineRssMb;
  const zipRate = m.zipMb / (m.batchMs / 1000);
  const cpRate = m.zipMb / (m.cpMs / 1000);
  return [
    {
      name: `Batch of ${m.items.toLocaleString('en-GB')} items × 1 MB (${m.orders} orders): run to ZIP and commit`,
      value: `${(m.batchMs / 1000).toFixed(1)} s (ZIP ${m.zipMb.toLocaleString('en-GB')} MB)`,
    },
    {
      name: `Batch: server peak RSS growth (goal ≤ ${RSS_GROWTH_GOAL_MB} MB)`,
      value: `${growth} MB (${m.baselineRssMb} → ${m.peakRssMb} MB) ${growth <= RSS_GROWTH_GOAL_MB ? '✔' : '✘'}`,
    },
    {
      name: 'Batch: ZIP throughput ÷ cp of the same files (same run)',
      value: `${(zipRate / cpRate).toFixed(2)} (${Math.round(zipRate)} MB/s vs ${Math.round(cpRate)} MB/s)`,
    },
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  if (process.argv[2] === '--child') process.stdout.write(`\n${JSON.stringify(await measure(process.argv[3]))}\n`);
  else console.log(await benchBatches());
  process.exit(0);
}
