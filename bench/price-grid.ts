import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rawRequest } from './lib/http';
import { withOwnDatabase } from './lib/postgres';
import { percentile, type BenchRow } from './lib/stats';
import { seedBenchCatalogue } from './prices';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase, type Db } from '../src/server/db/client';
import { optionGroups, options, products, turnarounds } from '../src/server/db/schema';
import { seedReferenceData } from '../src/server/db/seed';
import { sessionStore } from '../src/server/modules/accounts/sessions';
import { bumpCatalogueVersion } from '../src/server/modules/catalogue/catalogue-version';
import type { PriceList } from '../src/shared/api/prices';

const PRODUCTS = 200;
const REQUESTS = Number(process.env.BENCH_PRICES_REQUESTS ?? 300);
const WARMUP = 30;
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * The price grid: GET /api/prices for one trade customer on 200 products × 10 stocks × 12 breaks,
 * first as the catalogue is today (one Standard turnaround, no options), then with four turnarounds
 * (Saver −10 %, Standard, Express +35 %, Same day +100 %) and four options in two groups (two of them
 * with a set-up charge) on every product: p50/p95 with brotli as a browser asks, p95 uncompressed,
 * the first request after a catalogue change, and the body's bytes on the wire — both in one run,
 * side by side.
 */
export function benchPriceGrid(opts: { databaseUrl: string }): Promise<BenchRow[]> {
  return withOwnDatabase(opts.databaseUrl, 'price_grid', (url) => run(new URL(url)));
}

async function run(url: URL): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-grid-'));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 10 });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const customer = await seedBenchCatalogue(database, PRODUCTS);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url.toString() });
    const app = await buildApp({ config, database, distDir: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const token = await sessionStore(database.db).create(customer, false);
      const get = async (encoding = BROWSER_ENCODINGS) => {
        const res = await rawRequest(`${base}/api/prices`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': encoding },
        });
        if (res.status !== 200) throw new Error(`GET /api/prices answered ${res.status}`);
        return res;
      };
      const catalogueChanged = async () => {
        await bumpCatalogueVersion(database.db);
        app.deps.prices.forgetTerms();
      };
      const timed = async (encoding?: string) => {
        const t0 = performance.now();
        await get(encoding);
        return performance.now() - t0;
      };

      const measure = async (label: string): Promise<BenchRow[]> => {
        await catalogueChanged();
        await get(); // JIT warm-up of the rebuild path
        const colds: number[] = [];
        for (let i = 0; i < 5; i++) {
          await catalogueChanged();
          colds.push(await timed());
        }
        colds.sort((a, b) => a - b);
        for (let i = 0; i < WARMUP; i++) await get();
        const compressed = await get();
        const identity = await get('identity');
        const list = JSON.parse(identity.body.toString('utf8')) as PriceList;
        const prices = list.products.reduce(
          (n, p) => n + p.stocks.reduce((m, s) => m + s.breaks.length * 2 + s.turnarounds.reduce((k, t) => k + t.single.length + t.double.length, 0), 0),
          0,
        );
        const times: number[] = [];
        const plain: number[] = [];
        for (let i = 0; i < REQUESTS; i += 10) {
          for (let j = 0; j < 10; j++) times.push(await timed());
          for (let j = 0; j < 10; j++) plain.push(await timed('identity'));
        }
        times.sort((a, b) => a - b);
        plain.sort((a, b) => a - b);
        const enc = compressed.headers['content-encoding'] ?? 'uncompressed';
        return [
          {
            name: `PostgreSQL: GET /api/prices ${label}, ${enc}, p50 / p95 (ms)`,
            value: `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`,
          },
          { name: `PostgreSQL: GET /api/prices ${label}, uncompressed, p95 (ms)`, value: percentile(plain, 95).toFixed(1) },
          { name: `PostgreSQL: GET /api/prices ${label}, first request after a catalogue change, median of 5 (ms)`, value: colds[2].toFixed(0) },
          {
            name: `PostgreSQL: GET /api/prices ${label}, bytes on the wire (body)`,
            value: `${(compressed.wireBytes / 1024).toFixed(1)} KiB ${enc} (${(identity.wireBytes / 1024).toFixed(0)} KiB uncompressed; ${prices.toLocaleString('en-GB')} prices)`,
          },
        ];
      };

      const today = await measure(`${PRODUCTS}×10×12 as today (1 turnaround, no options)`);
      await addTurnaroundsAndOptions(database.db);
      const grid = await measure(`${PRODUCTS}×10×12×4 turnarounds, 4 options`);
      return [...today, ...grid];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every product gets Saver, Express and Same day beside its Standard, and Lamination (matt, gloss with set-up) and Corners (rounded, square with set-up). */
async function addTurnaroundsAndOptions(db: Db): Promise<void> {
  const all = await db.select({ id: products.id }).from(products);
  await db.insert(turnarounds).values(
    all.flatMap((p) => [
      { productId: p.id, name: 'Saver', productionDays: 5, pricePercent: -10 },
      { productId: p.id, name: 'Express', productionDays: 1, pricePercent: 35 },
      { productId: p.id, name: 'Same day', productionDays: 0, pricePercent: 100 },
    ]),
  );
  const groups = await db
    .insert(optionGroups)
    .values(
      all.flatMap((p) => [
        { productId: p.id, name: 'Lamination', sort: 1 },
        { productId: p.id, name: 'Corners', sort: 2 },
      ]),
    )
    .returning({ id: optionGroups.id, name: optionGroups.name });
  await db.insert(options).values(
    groups.flatMap((g) =>
      g.name === 'Lamination'
        ? [
            { optionGroupId: g.id, name: 'Matt', sheetCost: '0.1600', sort: 1 },
            { optionGroupId: g.id, name: 'Gloss', sheetCost: '0.1200', setupCost: 1500, sort: 2 },
          ]
        : [
            { optionGroupId: g.id, name: 'Rounded', sheetCost: '0.0200', setupCost: 1000, productionDays: 1, sort: 1 },
            { optionGroupId: g.id, name: 'Square', sheetCost: '0.0000', sort: 2 },
          ],
    ),
  );
  await bumpCatalogueVersion(db);
}

// `npx tsx bench/price-grid.ts` runs it alone on BENCH_DATABASE_URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (DESIGN §4).');
  for (const row of await benchPriceGrid({ databaseUrl })) console.log(`${row.name}: ${row.value}`);
}
