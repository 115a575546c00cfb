import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { makePdf } from '../tests/server/artwork/fixtures';
import { startCluster, type ClusterStores } from '../tests/cluster/cluster';
import { basketRecipe, Client, customerRound, loop, signIn, staffRound, type LoadResult } from '../tests/cluster/load';
import { onCleanup } from './lib/cleanup';
import { percentile, type BenchRow } from './lib/stats';

/** Seconds of load on each set-up. */
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 60);
const CUSTOMERS = 4;
/** The request kinds the table reports, in a customer's and then staff's order. */
const KINDS = ['prices', 'basket', 'item', 'upload', 'order', 'confirm', 'staff-queue', 'staff-move'];

interface Measured {
  seconds: number;
  answers: number;
  failed: number;
  confirmed: number;
  p: Map<string, { p95: number; p99: number }>;
  /** Upload answered → its check's job finished, in ms. */
  lag: { p50: number; p95: number; n: number };
  /** PostgreSQL transactions committed per confirmed order (every statement outside a transaction is one). */
  xactsPerOrder: number;
}

/** An S3-compatible service: BENCH_S3_* when given, else a RADOS Gateway of the project's script on this machine. */
function s3Service(): { stores: ClusterStores['s3']; stop(): void } {
  const env = process.env;
  if (env.BENCH_S3_ENDPOINT)
    return {
      stores: {
        endpoint: env.BENCH_S3_ENDPOINT,
        region: env.BENCH_S3_REGION,
        accessKeyId: env.BENCH_S3_ACCESS_KEY_ID!,
        secretAccessKey: env.BENCH_S3_SECRET_ACCESS_KEY!,
      },
      stop() {},
    };
  const dir = path.join(os.tmpdir(), `pjt-bench-ceph-${process.pid}`);
  const out = execFileSync('scripts/ceph-rgw.sh', ['start', dir, '6898', '7498'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const vars = Object.fromEntries(out.split('\n').flatMap((line) => (/^S3_[A-Z_]+=/.test(line) ? [line.split('=', 2) as [string, string]] : [])));
  const stop = () => execFileSync('scripts/ceph-rgw.sh', ['stop', dir], { stdio: 'ignore' });
  const forget = onCleanup(stop);
  return {
    stores: { endpoint: vars.S3_ENDPOINT, region: vars.S3_REGION, accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY },
    stop() {
      forget();
      stop();
    },
  };
}

/** The same mixed load as the multi-machine test (tests/cluster/load.ts), without restarts, for SECONDS. */
async function measure(topology: 'one' | 'split', stores: ClusterStores): Promise<Measured> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `pjt-bench-cluster-${topology}-`));
  const cluster = await startCluster(dir, stores, topology, { RATE_LIMIT_FACTOR: '1000' });
  const forget = onCleanup(() => cluster.stop());
  const admin = new pg.Client({ connectionString: cluster.databaseUrl });
  await admin.connect();
  try {
    const base = cluster.nginx.url;
    const result: LoadResult = { answers: [], confirmed: [], uploaded: [], batches: 0, moved: 0 };
    const errors: string[] = [];
    const customers: Client[] = [];
    for (let c = 0; c < CUSTOMERS; c++) customers.push(new Client(base, await signIn(base, 'jane@inkwell-design.test', 'PJT-trade-demo'), result.answers));
    const staff = new Client(base, await signIn(base, 'admin@printjunction.test', 'PJT-admin-demo'), result.answers);
    const recipe = await basketRecipe(customers[0]);
    const artwork = Buffer.from(await makePdf([{ widthMm: 91, heightMm: 61, trimInsetMm: 3 }]));
    const xacts = async () =>
      Number((await admin.query<{ n: string }>(`select xact_commit as n from pg_stat_database where datname = current_database()`)).rows[0].n);
    const startedAt = new Date();
    const before = await xacts();
    const stop = { stopped: false };
    const t0 = Date.now();
    const loops = [
      ...customers.map((client, c) => loop(stop, (n) => customerRound(client, recipe, artwork, `${topology}-${c}-${n}`, result), 0, errors)),
      loop(stop, (n) => staffRound(staff, n, result), 1000, errors),
    ];
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    stop.stopped = true;
    await Promise.all(loops);
    const seconds = (Date.now() - t0) / 1000;
    const after = await xacts();
    const { rows } = await admin.query<{ ms: number }>(
      `select extract(epoch from finished_at - created_at) * 1000 as ms from jobs
       where queue = 'artwork' and status = 'done' and created_at >= $1 order by 1`,
      [startedAt],
    );
    const lags = rows.map((r) => Number(r.ms));
    const p = new Map<string, { p95: number; p99: number }>();
    for (const kind of KINDS) {
      const times = result.answers
        .filter((a) => a.kind === kind)
        .map((a) => a.ms)
        .sort((a, b) => a - b);
      if (times.length) p.set(kind, { p95: percentile(times, 95), p99: percentile(times, 99) });
    }
    if (errors.length) console.error(`bench cluster (${topology}): ${errors.length} rounds failed, e.g. ${errors[0]}`);
    return {
      seconds,
      answers: result.answers.length,
      failed: result.answers.filter((a) => a.status === 0 || a.status >= 500).length + errors.length,
      confirmed: result.confirmed.length,
      p,
      lag: { p50: lags.length ? percentile(lags, 50) : NaN, p95: lags.length ? percentile(lags, 95) : NaN, n: lags.length },
      xactsPerOrder: result.confirmed.length ? (after - before) / result.confirmed.length : NaN,
    };
  } finally {
    await admin.end();
    cluster.stop();
    forget();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same mixed load (customers pricing, building baskets, uploading artwork and confirming; staff
 * moving orders and running batches) against one ROLE=all instance and against two web instances
 * and a worker, on the same PostgreSQL and S3-compatible store, each behind nginx, side by side.
 */
export async function benchCluster(opts: { databaseUrl: string }): Promise<BenchRow[]> {
  if (!existsSync('/usr/sbin/nginx')) return [{ name: 'cluster', value: 'not run: no nginx here (apt-get install -y nginx-light)' }];
  if (!existsSync('dist-server/main.js')) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  const s3 = s3Service();
  try {
    const stores: ClusterStores = { serverUrl: opts.databaseUrl, s3: s3.stores };
    const one = await measure('one', stores);
    const split = await measure('split', stores);
    const ms = (n: number) => (Number.isNaN(n) ? 'n/a' : n.toFixed(0));
    const side = (f: (m: Measured) => string) => `${f(one)} vs ${f(split)}`;
    const rows: BenchRow[] = [
      {
        name: `cluster: ${CUSTOMERS} customers + 1 staff member for ${SECONDS} s — one ROLE=all vs two web + one worker`,
        value: side((m) => `${(m.answers / m.seconds).toFixed(1)} answers/s, ${((m.confirmed * 60) / m.seconds).toFixed(1)} orders/min, ${m.failed} failed`),
      },
    ];
    for (const kind of KINDS) {
      const a = one.p.get(kind);
      const b = split.p.get(kind);
      if (!a || !b) continue;
      rows.push({ name: `cluster: ${kind} p95 / p99 (ms) — one vs split`, value: `${ms(a.p95)} / ${ms(a.p99)} vs ${ms(b.p95)} / ${ms(b.p99)}` });
    }
    rows.push(
      { name: 'cluster: job lag, upload → check done, p50 / p95 (ms) — one vs split', value: side((m) => `${ms(m.lag.p50)} / ${ms(m.lag.p95)} (${m.lag.n})`) },
      { name: 'cluster: PostgreSQL transactions per confirmed order (the whole load ÷ orders) — one vs split', value: side((m) => m.xactsPerOrder.toFixed(0)) },
    );
    return rows;
  } finally {
    s3.stop();
  }
}
