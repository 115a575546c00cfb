import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { benchArtwork } from './artwork';
import { benchAuth } from './auth';
import { benchBatches } from './batches';
import { benchBundle } from './bundle';
import { benchCluster } from './cluster';
import { benchDbRestart } from './db-restart';
import { benchInvoices } from './invoices';
import { benchItemsStep } from './items-step';
import { benchLoginAttack } from './login-attack';
import { benchOrders } from './orders';
import { benchOrdersExport } from './orders-export';
import { benchLighthouse, benchWire } from './pages';
import { benchPriceGrid } from './price-grid';
import { benchPrices } from './prices';
import { benchReports } from './reports';
import { benchStaffBundle } from './staff-bundle';
import { benchStaffUsers } from './staff-users';
import { benchTradeApi } from './trade-api';
import type { BenchRow } from './lib/stats';
import { startPostgres, type BenchPostgres } from './lib/postgres';

/**
 * `npm run bench`: every benchmark in one run, side by side, written into the results table of
 * bench/README.md (between the RESULTS markers) and printed.
 * `npx tsx bench/run.ts <name> …`: only those, printed (the table is rewritten only with
 * BENCH_WRITE=1). Names: the keys of BENCHES.
 */
type Bench = (pg: BenchPostgres | null) => Promise<BenchRow[]>;
const noPostgres: BenchRow[] = [{ name: 'PostgreSQL', value: 'not run: no PostgreSQL here (set BENCH_DATABASE_URL)' }];
const onPostgres =
  (run: (url: string) => Promise<BenchRow[]>): Bench =>
  async (pg) =>
    pg ? run(pg.url) : noPostgres;

const BENCHES: Record<string, { postgres: boolean; run: Bench }> = {
  auth: {
    postgres: true,
    run: async (pg) => [...(await benchAuth({ label: 'PGlite' })), ...(pg ? await benchAuth({ label: 'PostgreSQL', databaseUrl: pg.url }) : noPostgres)],
  },
  'login-attack': { postgres: true, run: onPostgres((url) => benchLoginAttack({ label: 'PostgreSQL', databaseUrl: url })) },
  prices: { postgres: true, run: onPostgres((url) => benchPrices({ databaseUrl: url })) },
  'prices-grid': { postgres: true, run: onPostgres((url) => benchPriceGrid({ databaseUrl: url })) },
  'staff-users': { postgres: true, run: onPostgres((url) => benchStaffUsers({ label: 'PostgreSQL', databaseUrl: url })) },
  orders: { postgres: true, run: onPostgres((url) => benchOrders({ databaseUrl: url })) },
  reports: { postgres: true, run: onPostgres((url) => benchReports({ databaseUrl: url })) },
  'trade-api': { postgres: true, run: onPostgres((url) => benchTradeApi({ databaseUrl: url })) },
  batches: { postgres: false, run: () => benchBatches() },
  invoices: { postgres: false, run: () => benchInvoices() },
  artwork: { postgres: false, run: () => benchArtwork() },
  'orders-export': { postgres: true, run: (pg) => benchOrdersExport(pg?.url ?? null) },
  bundle: { postgres: false, run: () => benchBundle() },
  'staff-bundle': { postgres: false, run: () => benchStaffBundle() },
  wire: { postgres: false, run: () => benchWire() },
  lighthouse: { postgres: false, run: () => benchLighthouse() },
  'items-step': { postgres: false, run: () => benchItemsStep() },
  // Several processes of the built server behind nginx, on the bench's PostgreSQL and an S3-compatible store.
  cluster: { postgres: true, run: onPostgres((url) => benchCluster({ databaseUrl: url })) },
  // Stops and starts the cluster: last, after every bench that uses it.
  'db-restart': { postgres: true, run: async (pg) => (pg ? benchDbRestart(pg) : noPostgres) },
};

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in BENCHES));
if (unknown.length) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Choose from: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const selected = names.length ? names : Object.keys(BENCHES);

const rows: BenchRow[] = [];
const pg = selected.some((n) => BENCHES[n].postgres) ? startPostgres() : null;
try {
  for (const name of selected) {
    console.error(`bench: ${name}…`);
    rows.push(...(await BENCHES[name].run(pg)));
  }
} finally {
  pg?.stop(); // the cluster and its files go (also on Ctrl-C: lib/cleanup.ts)
}

const table = ['| measure | value |', '|---|---|', ...rows.map((r) => `| ${r.name} | ${r.value} |`)].join('\n');
const stamp = `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores.`;
console.log(`${stamp}\n${table}`);
if (!names.length || process.env.BENCH_WRITE) {
  const readme = 'bench/README.md';
  const text = readFileSync(readme, 'utf8');
  writeFileSync(readme, text.replace(/<!-- RESULTS -->[\s\S]*<!-- \/RESULTS -->/, `<!-- RESULTS -->\n${stamp}\n\n${table}\n<!-- /RESULTS -->`));
}
// Servers run in this process (pages, bundle) keep handles open; every one was closed above.
process.exit(0);
