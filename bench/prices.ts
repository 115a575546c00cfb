import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rawRequest } from './lib/http';
import { withOwnDatabase } from './lib/postgres';
import { percentile, type BenchRow } from './lib/stats';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { products, productsStock, stock, stockMargins, userPrices, userProducts, users } from '../src/server/db/schema';
import { seedReferenceData } from '../src/server/db/seed';
import { sessionStore } from '../src/server/modules/accounts/sessions';
import { bumpCatalogueVersion } from '../src/server/modules/catalogue/catalogue-version';

const PRODUCTS = 200;
const STOCKS = 10;
const BREAKS = 12;
const REQUESTS = Number(process.env.BENCH_PRICES_REQUESTS ?? 300);
const WARMUP = 30;

/** A catalogue of `nProducts` × STOCKS × BREAKS for one trade customer; some restricted (linked), some discounted. */
export async function seedBenchCatalogue(database: Database, nProducts: number): Promise<number> {
  const db = database.db;
  const [customer] = await db
    .insert(users)
    .values({ email: `bench-prices-${nProducts}-${process.pid}@example.test`, role: 'trade', firstname: 'Bench', lastname: 'Customer' })
    .returning({ id: users.id });
  const stockRows = await db
    .insert(stock)
    .values(
      Array.from({ length: STOCKS }, (_, i) => ({
        name: `Bench stock ${nProducts}/${i + 1}`,
        type: 'Silk',
        sheetCost: '0.0820',
        singleCost: '0.0450',
        doubleCost: '0.0650',
        sortOrder: i + 1,
      })),
    )
    .returning({ id: stock.id });
  const productRows = await db
    .insert(products)
    .values(
      Array.from({ length: nProducts }, (_, i) => ({
        name: `Bench product ${i + 1}`,
        description: 'A product of the price-list benchmark.',
        multiplier: 1 + (i % 24),
        weight: '2.500',
        restricted: i % 20 === 0, // 5 % restricted, all linked to the customer so every product shows
        sortOrder: i + 1,
      })),
    )
    .returning({ id: products.id, restricted: products.restricted });
  const pairs = productRows.flatMap((p) => stockRows.map((s) => ({ productId: p.id, stockId: s.id })));
  for (let i = 0; i < pairs.length; i += 1000) await db.insert(productsStock).values(pairs.slice(i, i + 1000));
  const margins = pairs.flatMap((pair) => Array.from({ length: BREAKS }, (_, b) => ({ ...pair, qty: 50 * 2 ** b, margin: String(1000 - b * 70) })));
  for (let i = 0; i < margins.length; i += 2000) await db.insert(stockMargins).values(margins.slice(i, i + 2000));
  await db.insert(userProducts).values(productRows.filter((p) => p.restricted).map((p) => ({ userId: customer.id, productId: p.id })));
  await db.insert(userPrices).values(productRows.filter((_, i) => i % 4 === 0).map((p) => ({ userId: customer.id, productId: p.id, discount: '12.50' })));
  await bumpCatalogueVersion(db); // as every catalogue write does: caches rebuild
  return customer.id;
}

/** Counts the statements the app sends to PostgreSQL while `run` runs. */
async function countQueries(database: Database, run: () => Promise<unknown>): Promise<number> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return n;
}

/**
 * GET /api/prices for 200 products × 10 stocks × 12 breaks (24,000 priced breaks, both sides) on
 * PostgreSQL: p50/p95 of sequential requests over real HTTP, the answer's size, and the number of
 * queries per request with 20 and with 200 products (it must not grow with the catalogue).
 */
export function benchPrices(opts: { databaseUrl: string }): Promise<BenchRow[]> {
  return withOwnDatabase(opts.databaseUrl, 'prices', (url) => benchPricesOn(new URL(url)));
}

async function benchPricesOn(url: URL): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pjt-bench-prices-'));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 10 });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const small = await seedBenchCatalogue(database, 20);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url.toString() });
    const app = await buildApp({ config, database, distDir: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      // As a browser asks: it accepts brotli and gzip (the bytes are counted as they cross the wire).
      const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
      const get = async (token: string, extra: Record<string, string> = { 'accept-encoding': BROWSER_ENCODINGS }, expected = 200) => {
        const res = await rawRequest(`${base}/api/prices`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...extra } });
        if (res.status !== expected) throw new Error(`GET /api/prices answered ${res.status}`);
        return res;
      };
      const time = async (n: number, run: () => Promise<unknown>) => {
        const times: number[] = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          await run();
          times.push(performance.now() - t0);
        }
        return times.sort((a, b) => a - b);
      };
      // A catalogue change as a staff write makes it: the version moves, and this instance forgets the
      // terms it keeps (with the version) for a second.
      const catalogueChanged = async () => {
        await bumpCatalogueVersion(database.db);
        app.deps.prices.forgetTerms();
      };
      /** Statements per request: within the second the terms are kept, and once they expired. */
      const queriesPerRequest = async (token: string) => {
        const kept = await countQueries(database, () => get(token));
        app.deps.prices.forgetTerms();
        const expired = await countQueries(database, () => get(token));
        return `${kept} (${expired} once the terms expire)`;
      };
      const sessions = sessionStore(database.db);
      const smallToken = await sessions.create(small, false);
      await get(smallToken); // the session and the customer's terms are kept from here on (1 s)
      const queriesSmall = await queriesPerRequest(smallToken);
      await catalogueChanged();
      const coldSmall = await countQueries(database, () => get(smallToken));

      // The catalogue the benchmark is for: the customer's own 200 × 10 × 12 (the 20-product one stays in the database too).
      const big = await seedBenchCatalogue(database, PRODUCTS);
      const token = await sessions.create(big, false);
      await get(token); // JIT warm-up of the rebuild path
      const colds: number[] = [];
      for (let i = 0; i < 5; i++) {
        await catalogueChanged(); // the next request rebuilds the cache
        const t0 = performance.now();
        await get(token);
        colds.push(performance.now() - t0);
      }
      colds.sort((a, b) => a - b);
      for (let i = 0; i < WARMUP; i++) await get(token);
      const compressed = await get(token);
      const identity = await get(token, { 'accept-encoding': 'identity' });
      const etag = String(compressed.headers.etag);
      const queriesBig = await queriesPerRequest(token);
      await catalogueChanged();
      const coldBig = await countQueries(database, () => get(token));
      await get(token);
      // Alternated, so that machine noise hits all three alike.
      const times: number[] = [];
      const plainTimes: number[] = [];
      const revalidations: number[] = [];
      for (let i = 0; i < REQUESTS; i += 10) {
        times.push(...(await time(10, () => get(token))));
        plainTimes.push(...(await time(10, () => get(token, { 'accept-encoding': 'identity' }))));
        revalidations.push(...(await time(10, () => get(token, { 'accept-encoding': BROWSER_ENCODINGS, 'if-none-match': etag }, 304))));
      }
      for (const list of [times, plainTimes, revalidations]) list.sort((a, b) => a - b);
      const shape = `${PRODUCTS}×${STOCKS}×${BREAKS}`;
      return [
        {
          name: `PostgreSQL: GET /api/prices ${shape}, ${compressed.headers['content-encoding'] ?? 'uncompressed'}, p50 (ms)`,
          value: percentile(times, 50).toFixed(1),
        },
        {
          name: `PostgreSQL: GET /api/prices ${shape}, ${compressed.headers['content-encoding'] ?? 'uncompressed'}, p95 (ms)`,
          value: percentile(times, 95).toFixed(1),
        },
        { name: `PostgreSQL: GET /api/prices ${shape}, uncompressed, p95 (ms)`, value: percentile(plainTimes, 95).toFixed(1) },
        { name: 'PostgreSQL: GET /api/prices repeat visit (If-None-Match → 304), p95 (ms)', value: percentile(revalidations, 95).toFixed(1) },
        { name: 'PostgreSQL: GET /api/prices first request after a catalogue change, median of 5 (ms)', value: colds[2].toFixed(0) },
        {
          name: 'PostgreSQL: GET /api/prices bytes on the wire (body)',
          value: `${(compressed.wireBytes / 1024).toFixed(0)} KiB ${compressed.headers['content-encoding'] ?? 'uncompressed'} (${(identity.wireBytes / 1024).toFixed(0)} KiB uncompressed: ×${(compressed.wireBytes / identity.wireBytes).toFixed(3)})`,
        },
        { name: 'PostgreSQL: GET /api/prices queries per request (catalogue unchanged), 20 → 200 products', value: `${queriesSmall} → ${queriesBig}` },
        { name: 'PostgreSQL: GET /api/prices queries after a catalogue change, 20 → 200 products', value: `${coldSmall} → ${coldBig}` },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/prices.ts` runs it alone on BENCH_DATABASE_URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (DESIGN §4).');
  for (const row of await benchPrices({ databaseUrl })) console.log(`${row.name}: ${row.value}`);
}
