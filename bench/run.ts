import { readFileSync, writeFileSync } from 'node:fs';
import { benchAuth } from './auth';
import { benchBundle } from './bundle';
import { benchPrices } from './prices';
import { benchStaffBundle } from './staff-bundle';
import { benchStaffUsers } from './staff-users';
import type { BenchRow } from './lib/stats';
import { startPostgres } from './lib/postgres';

/**
 * `npm run bench`: every benchmark in one run, side by side, written into the results table of
 * bench/README.md (between the RESULTS markers) and printed.
 */
const rows: BenchRow[] = [];
const pg = startPostgres();
try {
  rows.push(...(await benchAuth({ label: 'PGlite' })));
  if (pg) {
    rows.push(...(await benchAuth({ label: 'PostgreSQL', databaseUrl: pg.url })));
    rows.push(...(await benchPrices({ databaseUrl: pg.url })));
    rows.push(...(await benchStaffUsers({ label: 'PostgreSQL', databaseUrl: pg.url })));
  } else rows.push({ name: 'PostgreSQL', value: 'not run: no PostgreSQL here (set BENCH_DATABASE_URL)' });
} finally {
  pg?.stop();
}
rows.push(...(await benchBundle()));
rows.push(...(await benchStaffBundle()));

const table = ['| measure | value |', '|---|---|', ...rows.map((r) => `| ${r.name} | ${r.value} |`)].join('\n');
const stamp = `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${(await import('node:os')).cpus().length} cores.`;
console.log(`${stamp}\n${table}`);
const readme = 'bench/README.md';
const text = readFileSync(readme, 'utf8');
writeFileSync(readme, text.replace(/<!-- RESULTS -->[\s\S]*<!-- \/RESULTS -->/, `<!-- RESULTS -->\n${stamp}\n\n${table}\n<!-- /RESULTS -->`));
