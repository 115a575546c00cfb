import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../server/artwork/fixtures';
import { startCluster, untilOk, type Balancer, type Cluster, type Instance } from './cluster';
import { basketRecipe, Client, customerRound, loop, signIn, staffRound, type Answered, type LoadResult } from './load';

/*
 * Several machines on one: two web instances and a worker on one PostgreSQL and one S3-compatible
 * store (Ceph's RADOS Gateway in CI), nginx in front. A mixed load runs while each web instance and
 * then the worker is stopped (SIGTERM) and started again in turn. Afterwards nothing acknowledged is
 * lost or doubled, every upload was checked by the worker and reads through the other instance,
 * every mail and job ran once, no request failed but those nginx retried, and a limit counted on
 * one instance holds on the other.
 *
 * Needs CLUSTER_DATABASE_URL (a PostgreSQL server; a database of its own is made on it) and
 * CLUSTER_S3_ENDPOINT, CLUSTER_S3_ACCESS_KEY_ID, CLUSTER_S3_SECRET_ACCESS_KEY (a bucket of its own
 * is made); `.ci/run` starts both. The built server (dist-server) is used as `npm start` runs it.
 */

const env = process.env;
const ready = Boolean(env.CLUSTER_DATABASE_URL && env.CLUSTER_S3_ENDPOINT && env.CLUSTER_S3_ACCESS_KEY_ID && env.CLUSTER_S3_SECRET_ACCESS_KEY);
/**
 * How long the load runs: long enough for three restarts with load before, between and after them
 * (15 s apart); CLUSTER_LOAD_SECONDS runs it longer by hand.
 */
const LOAD_SECONDS = Number(env.CLUSTER_LOAD_SECONDS ?? 60);
const CUSTOMERS = 3;
const METRICS_TOKEN = 'cluster-metrics-token-of-some-length';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!ready)('several instances behind a load balancer, restarted in turn under load', () => {
  let dir: string;
  let cluster: Cluster;
  let admin: pg.Client;
  let web1: Instance;
  let web2: Instance;
  let worker: Instance | null;
  let nginx: Balancer;
  const result: LoadResult = { answers: [], confirmed: [], uploaded: [], batches: 0, moved: 0 };
  const roundErrors: string[] = [];
  const restarts: Array<{ name: string; code: number | null }> = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pjt-cluster-'));
    cluster = await startCluster(
      dir,
      {
        serverUrl: env.CLUSTER_DATABASE_URL!,
        s3: {
          endpoint: env.CLUSTER_S3_ENDPOINT!,
          region: env.CLUSTER_S3_REGION,
          accessKeyId: env.CLUSTER_S3_ACCESS_KEY_ID!,
          secretAccessKey: env.CLUSTER_S3_SECRET_ACCESS_KEY!,
        },
      },
      'split',
      { METRICS_TOKEN },
    );
    ({ nginx, worker } = cluster);
    [web1, web2] = cluster.web;
    admin = new pg.Client({ connectionString: cluster.databaseUrl });
    await admin.connect();
  }, 300_000);

  afterAll(async () => {
    cluster?.stop();
    await admin?.end().catch(() => {});
    if (dir && !env.CLUSTER_KEEP) rmSync(dir, { recursive: true, force: true });
  });

  it('loses nothing, doubles nothing and fails no request while each instance restarts in turn', { timeout: (LOAD_SECONDS + 300) * 1000 }, async () => {
    const base = nginx.url;
    const artwork = Buffer.from(await makePdf([{ widthMm: 91, heightMm: 61, trimInsetMm: 3 }]));
    const stop = { stopped: false };
    // One sign-in at a time: an address's sign-ins are checked one after another.
    const customers: Client[] = [];
    for (let c = 0; c < CUSTOMERS; c++) customers.push(new Client(base, await signIn(base, 'jane@inkwell-design.test', 'PJT-trade-demo'), result.answers));
    const staff = new Client(base, await signIn(base, 'admin@printjunction.test', 'PJT-admin-demo'), result.answers);
    const recipe = await basketRecipe(customers[0]);
    const loops = [
      ...customers.map((client, c) => loop(stop, (n) => customerRound(client, recipe, artwork, `${c}-${n}`, result), 200, roundErrors)),
      loop(stop, (n) => staffRound(staff, n, result), 1500, roundErrors),
    ];

    // Restarts in turn, each with load before and after it: web1, web2, then the worker.
    const gap = (LOAD_SECONDS * 1000) / 4;
    const restartsDone = (async () => {
      for (const instance of [web1, web2, worker!]) {
        await sleep(gap);
        restarts.push({ name: instance.name, code: await instance.stop() });
        await instance.start();
      }
    })();
    await sleep(LOAD_SECONDS * 1000);
    await restartsDone;
    stop.stopped = true;
    await Promise.all(loops);

    // The worker finishes what the load left (checks, mail, batch ZIPs).
    const until = Date.now() + 180_000;
    for (;;) {
      const { rows } = await admin.query<{ open: number }>(
        `select (select count(*) from jobs where status in ('queued', 'running') and run_at <= now())
              + (select count(*) from mail_outbox where status <> 'sent')::int as open`,
      );
      if (Number(rows[0].open) === 0) break;
      if (Date.now() > until) throw new Error(`${rows[0].open} jobs or mails still open 180 s after the load`);
      await sleep(1000);
    }

    const retried = nginx.entries().filter((e) => e.upstream.includes(','));
    console.log(
      `cluster: ${result.answers.length} answers in ${LOAD_SECONDS} s, ${result.confirmed.length} orders confirmed, ${result.uploaded.length} uploads, ` +
        `${result.moved} moved and ${result.batches} batches by staff, ${retried.length} requests nginx retried on the other instance; restarts: ` +
        restarts.map((r) => `${r.name} exit ${r.code}`).join(', '),
    );
    expect(roundErrors, 'every customer and staff round went through').toEqual([]);
    expect(restarts, 'each instance stopped by itself on SIGTERM, exit code 0').toEqual([
      { name: 'web1', code: 0 },
      { name: 'web2', code: 0 },
      { name: 'worker', code: 0 },
    ]);
    expect(result.confirmed.length, 'orders were confirmed throughout').toBeGreaterThan(10);
    expect(result.batches + result.moved, 'staff moved and batched orders').toBeGreaterThan(0);

    // No request failed, except those nginx retried on the other instance (which then answered).
    const failed = (a: Answered) => a.status === 0 || a.status >= 500;
    expect(result.answers.filter(failed), 'no failed answer reached a client').toEqual([]);
    expect(
      retried.every((e) => e.status < 500),
      'every retried request was answered by the next instance',
    ).toBe(true);

    // Every acknowledged order exists, once, confirmed with its key.
    const acked = result.confirmed.map((c) => c.orderId);
    const { rows: orders } = await admin.query<{ id: number; status: string; confirm_key: string }>(
      `select id, status, confirm_key from orders where confirm_key like 'cluster-%'`,
    );
    expect(orders.map((o) => o.id).sort((a, b) => a - b)).toEqual([...acked].sort((a, b) => a - b));
    expect(orders.every((o) => o.status !== 'basket')).toBe(true);

    // Every upload was checked (previewed and preflighted) by the worker…
    const items = result.uploaded.map((u) => u.itemId);
    const { rows: checked } = await admin.query<{ id: number; preflight_status: string; preview_key: string | null }>(
      `select id, preflight_status, preview_key from order_items where id = any($1::int[])`,
      [items],
    );
    expect(checked).toHaveLength(items.length);
    expect(checked.filter((i) => i.preflight_status === 'pending' || !i.preview_key)).toEqual([]);
    // …and reads through either web instance, whichever one took the upload.
    const jane = await signIn(web1.url, 'jane@inkwell-design.test', 'PJT-trade-demo');
    for (const { orderId, itemId } of result.uploaded.slice(0, 40)) {
      for (const instance of [web1, web2]) {
        for (const file of ['artwork', 'preview?page=1']) {
          const res = await fetch(`${instance.url}/api/orders/${orderId}/items/${itemId}/${file}`, { headers: { authorization: `Bearer ${jane.token}` } });
          expect(res.status, `${instance.name}: ${file} of item ${itemId}`).toBe(200);
          expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
        }
      }
    }

    // Every job ran to its end once: none failed, none left behind; each confirmation's mail was
    // queued once and delivered once (the worker's outbox holds one file per sent message).
    const { rows: jobs } = await admin.query<{ status: string; n: number }>(`select status, count(*)::int as n from jobs group by status`);
    expect(jobs.filter((j) => j.status === 'failed' || j.status === 'running')).toEqual([]);
    const { rows: mails } = await admin.query<{ subject: string; n: number }>(
      `select subject, count(*)::int as n from mail_outbox where subject ~ ('^Order (' || $1 || ') ') group by subject`,
      [acked.join('|')],
    );
    expect(mails.filter((m) => m.n !== 1)).toEqual([]);
    const { rows: sent } = await admin.query<{ n: number }>(`select count(*)::int as n from mail_outbox where status = 'sent'`);
    expect(deliveries(dir), 'one delivery per sent message, whichever instance sent it').toBe(sent[0].n);
  });

  it('holds a sign-in limit across both instances', async () => {
    // Wrong passwords for one account, alternating between the instances: the limit is one count.
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const instance = i % 2 ? web2 : web1;
      const health = await fetch(`${instance.url}/api/health`);
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]);
      const res = await fetch(`${instance.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ email: 'tom@cornercafe.test', password: `wrong-${i}` }),
      });
      statuses.push(res.status);
    }
    // A wrong password is a 422 until the limit of 10 sign-ins a minute: then 429, on either
    // instance. Counted by each process alone, the two would have let 20 through.
    expect(statuses).toEqual([...Array(10).fill(422), ...Array(14).fill(429)]);
  });

  it('reports on /metrics', async () => {
    await untilOk(`${web1.url}/api/health/live`, 10_000, 'web1');
    expect((await fetch(`${web1.url}/metrics`)).status).toBe(401);
    const res = await fetch(`${web1.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/http_request/);
  });
});

/**
 * The messages delivered, by every instance: without SMTP_URL each instance writes what it sends as
 * an .eml file in its own data directory's outbox (the seeding instance sent the demo's; the worker
 * the rest; a web instance sends none).
 */
function deliveries(dir: string): number {
  let n = 0;
  for (const name of ['seed', 'worker', 'web1', 'web2']) {
    const outbox = path.join(dir, name, 'outbox');
    if (existsSync(outbox)) n += readdirSync(outbox).filter((f) => f.endsWith('.eml')).length;
  }
  return n;
}
