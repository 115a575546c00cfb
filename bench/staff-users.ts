import { spawnServer } from './lib/spawn-server';
import { percentile, type BenchRow } from './lib/stats';

/** The searches a member of staff types: a surname, a town, a company word, a postcode start, two words. */
const SEARCHES = ['smith', 'leeds', 'inkwell', 'okafor york', 'studio', 'ab1', 'patel harrogate', 'customer123', 'café', 'beacon signs', 'zzz-nobody'];
const SORTS: Array<[string, 'ASC' | 'DESC']> = [
  ['id', 'DESC'],
  ['lastname', 'ASC'],
  ['company_name', 'ASC'],
  ['town', 'DESC'],
  ['created_at', 'DESC'],
  ['email', 'ASC'],
];
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 330);

/**
 * The staff users list (`q` search + sort + range, as react-admin asks for it) on 50,000
 * users, one request at a time, p50 and p95 of the whole HTTP round trip. Goal: p95 ≤ 25 ms on
 * PostgreSQL.
 *
 * What makes it so (migration 0002_users_search): `users.search_text`, a stored generated column
 * holding lower(name, company, e-mail, postcode, town), with a partial GIN trigram index
 * (`users_search_text_trgm_idx`, pg_trgm, `where deleted_at is null`) that answers `like '%word%'`
 * for each word; the list's query sets `random_page_cost = 1.1` for its transaction so that the
 * planner uses that index on a cached table (with the default 4 it scans the table, ~3× slower);
 * sorts end on the primary key, so a page is a top-N sort of the matches. Measured here on one
 * 2-core machine: without the index p95 was ~96 ms; with it, ~16 ms.
 */
export async function benchStaffUsers(opts: { label: string; databaseUrl?: string }): Promise<BenchRow[]> {
  const app = await spawnServer<{ port: number; token: string; xsrf: string; users: number }>('bench/servers/staff-app.ts', {
    DATABASE_URL: opts.databaseUrl ?? '',
  });
  try {
    const base = `http://127.0.0.1:${app.info.port}/api/admin/users`;
    const headers = { authorization: `Bearer ${app.info.token}`, accept: 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(app.info.xsrf)}` };
    const call = async (i: number) => {
      const [field, order] = SORTS[i % SORTS.length];
      const first = (i % 4) * 25;
      const query = new URLSearchParams({
        sort: JSON.stringify([field, order]),
        range: JSON.stringify([first, first + 24]),
        filter: JSON.stringify({ q: SEARCHES[i % SEARCHES.length], ...(i % 5 === 0 ? { role: 'trade' } : {}) }),
      });
      const t0 = performance.now();
      const res = await fetch(`${base}?${query}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200 || !res.headers.get('content-range')) throw new Error(`list answered ${res.status}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 30; i++) await call(i); // warm-up: plans, caches, JIT
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await call(i));
    times.sort((a, b) => a - b);
    return [
      { name: `${opts.label}: staff users list on ${app.info.users.toLocaleString('en-GB')} users, p50 (ms)`, value: percentile(times, 50).toFixed(1) },
      { name: `${opts.label}: staff users list on ${app.info.users.toLocaleString('en-GB')} users, p95 (ms)`, value: percentile(times, 95).toFixed(1) },
    ];
  } finally {
    await app.stop();
  }
}

// `npx tsx bench/staff-users.ts` runs it alone (PostgreSQL when BENCH_DATABASE_URL or a local cluster is there).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startPostgres } = await import('./lib/postgres');
  const pg = startPostgres(55434);
  try {
    const rows = pg ? await benchStaffUsers({ label: 'PostgreSQL', databaseUrl: pg.url }) : await benchStaffUsers({ label: 'PGlite' });
    for (const row of rows) console.log(`| ${row.name} | ${row.value} |`);
  } finally {
    pg?.stop();
  }
}
