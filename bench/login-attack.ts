import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawRequest } from './lib/http';
import { spawnServer } from './lib/spawn-server';
import { percentile, type BenchRow } from './lib/stats';

const ATTACKERS = 100;
const ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS ?? 7);
/** The goal: a real login under attack takes at most this many times its quiet p50. */
export const LOGIN_ATTACK_GOAL = 2;

interface LoginServer {
  port: number;
  xsrf: string;
  password: string;
  emails: string[];
}

/**
 * Login under attack: p50 of a real login (a real account and password, each from its own
 * loopback address 127.0.1.N) while 100 concurrent bad logins, each with a different e-mail,
 * arrive from one address (127.0.0.2) — beside the p50 of the same logins with no attack, in one
 * run, as a ratio. Each round fires the 100, starts the real login 20 ms later, and waits for all.
 * The server runs with the production limits; whatever they answer the attacker is counted.
 */
export async function benchLoginAttack(opts: { label: string; databaseUrl?: string }): Promise<BenchRow[]> {
  const server = await spawnServer<LoginServer>('bench/servers/login-app.ts', { DATABASE_URL: opts.databaseUrl ?? '' });
  try {
    const { port, xsrf, password, emails } = server.info;
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf };
    let account = 0;
    const realLogin = async () => {
      const n = account++;
      if (n >= emails.length) throw new Error('Not enough bench accounts: raise BENCH_LOGIN_ACCOUNTS');
      const t0 = performance.now();
      const res = await rawRequest(`${base}/api/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: emails[n], password }),
        localAddress: `127.0.1.${n + 1}`,
      });
      return { ms: performance.now() - t0, status: res.status };
    };
    const statuses = new Map<number, number>();
    let attempt = 0;
    const badLogin = async () => {
      const res = await rawRequest(`${base}/api/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: `nobody-${attempt++}@attack.test`, password: 'not the password' }),
        localAddress: '127.0.0.2',
      }).catch(() => ({ status: 0 }));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    };

    const quietLogin = async () => {
      const r = await realLogin();
      if (r.status !== 200) throw new Error(`a real login with no attack answered ${r.status}`);
      return r.ms;
    };
    await quietLogin(); // warm-up
    const quiet: number[] = [];
    for (let i = 0; i < ROUNDS; i++) quiet.push(await quietLogin());
    // Under attack a real login may be refused (429, 503): that counts against the goal.
    const attacked: number[] = [];
    const refused = new Map<number, number>();
    for (let i = 0; i < ROUNDS; i++) {
      const attack = Promise.all(Array.from({ length: ATTACKERS }, badLogin));
      await new Promise((r) => setTimeout(r, 20));
      const r = await realLogin();
      if (r.status === 200) attacked.push(r.ms);
      else refused.set(r.status, (refused.get(r.status) ?? 0) + 1);
      await attack;
    }
    quiet.sort((a, b) => a - b);
    attacked.sort((a, b) => a - b);
    const q = percentile(quiet, 50);
    const a = attacked.length ? percentile(attacked, 50) : NaN;
    const count = (m: Map<number, number>) =>
      [...m]
        .sort(([x], [y]) => x - y)
        .map(([status, n]) => `${n}× ${status || 'failed'}`)
        .join(', ');
    const refusedText = refused.size ? `; real logins refused: ${count(refused)} of ${ROUNDS}` : '';
    const met = refused.size === 0 && a / q <= LOGIN_ATTACK_GOAL;
    return [
      { name: `${opts.label}: login p50, quiet (ms)`, value: q.toFixed(0) },
      {
        name: `${opts.label}: login p50 under attack: ${ATTACKERS} concurrent bad logins, distinct e-mails, one IP (ms)`,
        value: `${attacked.length ? a.toFixed(0) : 'none succeeded'} (the attacker got ${count(statuses)}${refusedText})`,
      },
      {
        name: `${opts.label}: login under attack ÷ quiet (p50)`,
        value: `${attacked.length ? (a / q).toFixed(2) : '∞'} — goal ≤ ${LOGIN_ATTACK_GOAL}, none refused: ${met ? 'met' : 'NOT met'}`,
      },
    ];
  } finally {
    await server.stop();
  }
}

// Alone: `npx tsx bench/login-attack.ts` (PGlite, or BENCH_DATABASE_URL).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.BENCH_DATABASE_URL;
  for (const row of await benchLoginAttack({ label: url ? 'PostgreSQL' : 'PGlite', databaseUrl: url })) console.log(`${row.name}: ${row.value}`);
}
