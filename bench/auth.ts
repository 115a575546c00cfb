import autocannon from 'autocannon';
import { spawnServer } from './lib/spawn-server';
import { percentile, type BenchRow } from './lib/stats';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

async function throughput(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 16, duration: DURATION_S, headers });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return result.requests.average;
}

/**
 * Authenticated GET /api/user beside a bare Fastify hello-world on the same machine, measured in
 * alternation (hello, app, hello, app) so that machine noise hits both; reported as a ratio.
 */
export async function benchAuth(opts: { label: string; databaseUrl?: string }): Promise<BenchRow[]> {
  const hello = await spawnServer<{ port: number }>('bench/servers/hello.ts');
  const app = await spawnServer<{ port: number; token: string; xsrf: string; email: string; password: string }>('bench/servers/app.ts', {
    DATABASE_URL: opts.databaseUrl ?? '',
  });
  try {
    const helloUrl = `http://127.0.0.1:${hello.info.port}/hello`;
    const userUrl = `http://127.0.0.1:${app.info.port}/api/user`;
    // As a browser would: the bearer token and the XSRF cookie it was given.
    const auth = { authorization: `Bearer ${app.info.token}`, accept: 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(app.info.xsrf)}` };
    await throughput(helloUrl); // warm-up both
    await throughput(userUrl, auth);
    const h: number[] = [];
    const u: number[] = [];
    for (let round = 0; round < 2; round++) {
      h.push(await throughput(helloUrl));
      u.push(await throughput(userUrl, auth));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

    // Sequential logins: the cost is scrypt (N=2^17) by design.
    const times: number[] = [];
    const base = `http://127.0.0.1:${app.info.port}`;
    const cookie = `XSRF-TOKEN=${encodeURIComponent(app.info.xsrf)}`;
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': app.info.xsrf },
        body: JSON.stringify({ email: app.info.email, password: app.info.password }),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return [
      { name: `${opts.label}: hello-world req/s`, value: mean(h).toFixed(0) },
      { name: `${opts.label}: GET /api/user (Bearer) req/s`, value: mean(u).toFixed(0) },
      { name: `${opts.label}: ratio /api/user ÷ hello-world`, value: (mean(u) / mean(h)).toFixed(2) },
      { name: `${opts.label}: login p50 (ms)`, value: percentile(times, 50).toFixed(0) },
    ];
  } finally {
    await hello.stop();
    await app.stop();
  }
}
