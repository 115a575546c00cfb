import pg from 'pg';
import { rawRequest } from './lib/http';
import { withOwnDatabase, type BenchPostgres } from './lib/postgres';
import { spawnServer } from './lib/spawn-server';
import type { BenchRow } from './lib/stats';

const WORKERS = 8;
const DOWN_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL going away under load, against the real server in a process of its own: the app's
 * sessions killed (`pg_terminate_backend`), then the server stopped with `-m immediate` and with
 * `-m fast` and started again a second later, while customers start baskets and list them. Counts
 * what they were answered meanwhile, whether the server's process ended, and how long after
 * PostgreSQL was back the first request was answered 200.
 */
export async function benchDbRestart(cluster: BenchPostgres): Promise<BenchRow[]> {
  const { restart } = cluster;
  if (!restart) return [{ name: 'restart', value: 'not run: needs the cluster the bench starts (BENCH_DATABASE_URL given)' }];
  return withOwnDatabase(cluster.url, 'restart', async (url) => {
    const server = await spawnServer<{ port: number; token: string; xsrf: string }>('bench/servers/app.ts', { DATABASE_URL: url });
    const { port, token, xsrf } = server.info;
    const headers = {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
      'x-xsrf-token': xsrf,
      'content-type': 'application/json',
    };
    const base = `http://127.0.0.1:${port}`;
    const answers: Array<{ status: number; at: number }> = [];
    let running = true;
    const ask = async (method: 'GET' | 'POST', path: string) => {
      const status = await rawRequest(base + path, { method, headers, ...(method === 'POST' ? { body: '{"ref":"bench"}' } : {}) }).then(
        (a) => a.status,
        () => 0, // no answer: the server's process is gone
      );
      answers.push({ status, at: Date.now() });
      return status;
    };
    const workers = Array.from({ length: WORKERS }, async (_, n) => {
      while (running) {
        await ask(n % 2 ? 'POST' : 'GET', n % 2 ? '/api/orders' : '/api/orders?status=basket');
        await sleep(5);
      }
    });
    const backAfter = async (from: number) => {
      while (Date.now() - from < 30_000) {
        if ((await ask('GET', '/api/orders')) === 200) return (Date.now() - from) / 1000;
        await sleep(10);
      }
      return Infinity;
    };

    try {
      await sleep(1000);
      const outages: Array<{ what: string; from: number; to: number; back: number }> = [];
      let from = Date.now();
      const admin = new pg.Client({ connectionString: cluster.url });
      admin.on('error', () => undefined);
      await admin.connect();
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'`);
      await admin.end();
      outages.push({ what: 'sessions killed', from, to: Date.now(), back: await backAfter(Date.now()) });
      for (const mode of ['immediate', 'fast'] as const) {
        await sleep(1000);
        from = Date.now();
        await restart(mode, DOWN_MS);
        const to = Date.now();
        outages.push({ what: `-m ${mode}`, from, to, back: await backAfter(to) });
      }
      await sleep(500);
      running = false;
      await Promise.all(workers);

      const within = answers.filter((a) => outages.some((o) => a.at >= o.from && a.at <= o.to + o.back * 1000));
      const count = (list: typeof answers, status: number) => list.filter((a) => a.status === status).length;
      return [
        {
          name: 'restart: requests answered 503 while PostgreSQL was away (sessions killed, then stopped -m immediate and -m fast for 1 s each)',
          value: `${count(within, 503)} of ${within.length}`,
        },
        { name: 'restart: requests answered 500 (whole run)', value: String(count(answers, 500)) },
        { name: 'restart: server process exits', value: server.exitCode() === null && count(answers, 0) === 0 ? '0' : `1 (exit code ${server.exitCode()})` },
        { name: 'restart: seconds from PostgreSQL back to the first 200', value: outages.map((o) => `${o.what} ${o.back.toFixed(2)}`).join(', ') },
      ];
    } finally {
      running = false;
      await Promise.all(workers);
      await server.stop();
    }
  });
}
