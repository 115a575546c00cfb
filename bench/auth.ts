import autocannon from 'autocannon';
import { spawnServer } from './lib/spawn-server';
import { percentile, type BenchRow } from './lib/stats';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** Password reset requests: pairs (known, unknown) sent first and not counted, then pairs measured. */
const RESET_WARMUP = 20;
const RESET_ROUNDS = 200;

async function throughput(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 16, duration: DURATION_S, headers });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return result.requests.average;
}

/**
 * Authenticated GET /api/user beside a bare Fastify hello-world on the same machine, measured in
 * alternation (hello, app, hello, app) so that machine noise hits both; reported as a ratio. Then
 * sequential logins, and password reset requests for a known and an unknown address side by side.
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

    // A reset asked for the bench account beside one for an address nobody has, interleaved so that
    // the machine's slow moments fall on both alike: the answer must not tell them apart (the
    // request only queues a job; the job finds the account and mails the link afterwards).
    const resetRequest = async (email: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/password/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': app.info.xsrf },
        body: JSON.stringify({ email }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`password reset request answered ${res.status}`);
      return performance.now() - t0;
    };
    const reset = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < RESET_WARMUP + RESET_ROUNDS; i++) {
      const known = await resetRequest(app.info.email);
      const unknown = await resetRequest(`nobody-${i}@example.test`);
      if (i < RESET_WARMUP) continue;
      reset.known.push(known);
      reset.unknown.push(unknown);
    }
    reset.known.sort((a, b) => a - b);
    reset.unknown.sort((a, b) => a - b);
    const resetRatio = percentile(reset.known, 50) / percentile(reset.unknown, 50);
    return [
      { name: `${opts.label}: hello-world req/s`, value: mean(h).toFixed(0) },
      { name: `${opts.label}: GET /api/user (Bearer) req/s`, value: mean(u).toFixed(0) },
      { name: `${opts.label}: ratio /api/user ÷ hello-world`, value: (mean(u) / mean(h)).toFixed(2) },
      { name: `${opts.label}: login p50 (ms)`, value: percentile(times, 50).toFixed(0) },
      {
        name: `${opts.label}: password reset request, known ÷ unknown address (p50 of ${RESET_ROUNDS} each, interleaved)`,
        value: `${resetRatio.toFixed(2)} (known ${percentile(reset.known, 50).toFixed(2)} ms, unknown ${percentile(reset.unknown, 50).toFixed(2)} ms; p95 ${percentile(reset.known, 95).toFixed(2)} / ${percentile(reset.unknown, 95).toFixed(2)} ms)`,
      },
    ];
  } finally {
    await hello.stop();
    await app.stop();
  }
}
