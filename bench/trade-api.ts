import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { sendDecoded } from './lib/http';
import { withOwnDatabase } from './lib/postgres';
import { spawnServer } from './lib/spawn-server';
import { percentile, type BenchRow } from './lib/stats';

const REQUESTS = Number(process.env.BENCH_TRADE_REQUESTS ?? 200);
const WARM_UP = 30;
/** Every movable order is moved four times (held, released, held, released): 250 × 4 = 1,000 order events. */
const MOVES = ['problem', 'live', 'problem', 'live'] as const;
const MOVE_EVENTS = { problem: 'order.problem', live: 'order.confirmed' } as const;
/** How long the stream may take after the last move before the bench stops waiting for it. */
const STREAM_TIMEOUT_MS = 120_000;
/** A gap between two deliveries this long is a pause (nothing was sending), not the time one delivery takes. */
const PAUSE_MS = 250;

interface TradeApp {
  port: number;
  token: string;
  staffToken: string;
  xsrf: string;
  pid: number;
  key: string;
  orders: number[];
  product: number;
  stock: number;
  qty: number;
  /** A second quantity offered on the same paper. */
  qty2: number;
  options: number[];
  deliveryTypeId: number;
  gbId: number;
}

/** One delivery as the receiver saw it. */
interface Received {
  at: number;
  messageId: string;
  type: string;
  orderId: number;
  sequence: number;
}

/**
 * The reseller's webhook receiver on 127.0.0.1: answers 204 at once and notes each delivery (when,
 * its message id, the event's type, order and sequence).
 */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): void }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { id: number; sequence: number } };
      received.push({
        at: performance.now(),
        messageId: String(request.headers['webhook-id']),
        type: event.type,
        orderId: event.data.id,
        sequence: event.data.sequence,
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, close: () => server.close() };
}

async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/** What is wrong with a stream of deliveries: an event received twice, or an order's events out of `sequence` order. */
function streamFaults(received: Received[]): string[] {
  const faults: string[] = [];
  const seen = new Set<string>();
  const last = new Map<number, number>();
  for (const r of received) {
    if (seen.has(r.messageId)) faults.push(`${r.messageId} (${r.type}, order ${r.orderId}) received twice`);
    seen.add(r.messageId);
    const before = last.get(r.orderId);
    if (before !== undefined && r.sequence <= before) faults.push(`order ${r.orderId}: sequence ${r.sequence} after ${before}`);
    last.set(r.orderId, Math.max(before ?? 0, r.sequence));
  }
  return faults;
}

const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
const ms = (value: number) => value.toFixed(1);

/**
 * The trade API over HTTP with a live key — quotes and order creation, beside the customer's own
 * `GET /api/orders/counts` in the same loop — and 1,000 order events delivered to a webhook receiver
 * on 127.0.0.1, made by staff bulk moves. On PostgreSQL.
 */
export function benchTradeApi(opts: { databaseUrl: string }): Promise<BenchRow[]> {
  return withOwnDatabase(opts.databaseUrl, 'trade_api', benchTradeApiOn);
}

async function benchTradeApiOn(databaseUrl: string): Promise<BenchRow[]> {
  const app = await spawnServer<TradeApp>('bench/servers/trade-api-app.ts', { DATABASE_URL: databaseUrl });
  const receiver = await startReceiver();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { info } = app;
    const base = `http://127.0.0.1:${info.port}`;
    const session = (token: string) => ({
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      cookie: `XSRF-TOKEN=${encodeURIComponent(info.xsrf)}`,
      'x-xsrf-token': info.xsrf,
    });
    const customer = session(info.token);
    const staff = session(info.staffToken);
    const keyed = { authorization: `Bearer ${info.key}`, accept: 'application/json' };

    // The reseller's endpoint, for every order event of its live orders: order.created is written by
    // each order placed below, as it would be in use, so creation is measured with its event and delivery.
    const endpoint = await sendDecoded(
      agent,
      'POST',
      `${base}/api/account/webhooks`,
      customer,
      JSON.stringify({
        url: receiver.url,
        mode: 'live',
        events: ['order.created', 'order.artwork_checked', 'order.confirmed', 'order.problem', 'order.dispatched', 'order.cancelled'],
      }),
    );
    if (endpoint.status !== 201) throw new Error(`POST /api/account/webhooks answered ${endpoint.status}: ${endpoint.body}`);

    const item = (qty: number) => ({
      product_id: info.product,
      stock_id: info.stock,
      qty,
      sides: 'single',
      orientation: 'landscape',
      option_ids: info.options,
    });
    // One item, or two (a second quantity), in turn.
    const items = (i: number) => (i % 2 ? [item(info.qty), item(info.qty2)] : [item(info.qty)]);
    const address = {
      firstname: 'Ann',
      lastname: 'Client',
      company_name: 'Client Ltd',
      telephone: '0113 496 0000',
      email: 'ann@example.com',
      address1: '1 High Street',
      address2: '',
      town: 'Leeds',
      county: '',
      postcode: 'LS1 1AA',
      country_id: info.gbId,
    };
    const timed = async (times: number[], expected: number, method: string, url: string, headers: Record<string, string>, body?: string) => {
      const t0 = performance.now();
      const res = await sendDecoded(agent, method, `${base}${url}`, headers, body);
      times.push(performance.now() - t0);
      if (res.status !== expected) throw new Error(`${method} ${url} answered ${res.status}: ${res.body.slice(0, 500)}`);
      return res;
    };

    // A quote, an order and the baseline in turn, so that all three see the same machine.
    const quotes: number[] = [];
    const placed: number[] = [];
    const counts: number[] = [];
    let created = 0;
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const warm = i < WARM_UP;
      await timed(warm ? [] : quotes, 201, 'POST', '/api/v1/quotes', keyed, JSON.stringify({ items: items(i), country: 'GB', postcode: 'LS1 1AA' }));
      const order = await timed(
        warm ? [] : placed,
        201,
        'POST',
        '/api/v1/orders',
        { ...keyed, 'idempotency-key': `bench-order-${i}` },
        JSON.stringify({ external_ref: `BENCH-${i}`, items: items(i), address, delivery_type_id: info.deliveryTypeId }),
      );
      if ((JSON.parse(order.body) as { status: string }).status !== 'awaiting') throw new Error(`an order answered ${order.body.slice(0, 300)}`);
      created++;
      await timed(warm ? [] : counts, 200, 'GET', '/api/orders/counts', customer);
    }
    const [q, o, c] = [sorted(quotes), sorted(placed), sorted(counts)];
    // Each order placed made an order.created: all of them reach the receiver before the stream is measured.
    const createdArrived = await until(() => receiver.received.length >= created, STREAM_TIMEOUT_MS);
    const createdFaults = streamFaults(receiver.received);
    const createdCount = receiver.received.length;
    receiver.received.length = 0;

    // Staff move the customer's live orders to Issues and back in bulk (each order its own
    // transaction, with its history row, e-mail job and — while the endpoint is active — webhook event).
    const moves = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const bulkMove = async (to: (typeof MOVES)[number]) => {
      const t0 = performance.now();
      const res = await sendDecoded(
        moves,
        'POST',
        `${base}/api/admin/orders/status`,
        staff,
        JSON.stringify({ ids: info.orders, status: to, note: 'Bench move', ...(to === 'problem' ? { problem_text: 'Please check the bleed.' } : {}) }),
      );
      const answered = performance.now();
      const results = res.status === 200 ? (JSON.parse(res.body) as Array<{ ok: boolean }>) : [];
      if (results.filter((r) => r.ok).length !== info.orders.length)
        throw new Error(`the bulk move to ${to} answered ${res.status}: ${res.body.slice(0, 500)}`);
      return { took: answered - t0, answered };
    };
    // The same moves with the endpoint disabled first (no event is made), for what an event adds to a move.
    const endpointId = (JSON.parse(endpoint.body) as { id: number }).id;
    const activate = async (active: boolean) => {
      const res = await sendDecoded(agent, 'PATCH', `${base}/api/account/webhooks/${endpointId}`, customer, JSON.stringify({ active }));
      if (res.status !== 200) throw new Error(`PATCH /api/account/webhooks/${endpointId} answered ${res.status}: ${res.body.slice(0, 300)}`);
    };
    await activate(false);
    const quietTimes: number[] = [];
    for (const to of MOVES.slice(0, 2)) quietTimes.push((await bulkMove(to)).took);
    await activate(true);

    // The stream: the four moves again, each order's event written in its move's transaction.
    const jobsBefore = await webhookJobs(databaseUrl);
    const started = performance.now();
    let lastAnswer = 0;
    const moveTimes: number[] = [];
    for (const to of MOVES) {
      const { took, answered } = await bulkMove(to);
      moveTimes.push(took);
      lastAnswer = answered;
    }
    moves.destroy();
    const expected = info.orders.length * MOVES.length;
    const arrived = await until(() => receiver.received.length >= expected, STREAM_TIMEOUT_MS);
    // Anything late (a duplicate) would come now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stream = [...receiver.received];
    const faults = streamFaults(stream);
    // Each order's events as made: held, released, held, released (the seeded orders had none before).
    const wanted = MOVES.map((to) => MOVE_EVENTS[to]).join(',');
    const perOrder = new Map<number, Received[]>();
    for (const r of stream) perOrder.set(r.orderId, [...(perOrder.get(r.orderId) ?? []), r]);
    for (const id of info.orders) {
      const got = (perOrder.get(id) ?? []).map((r) => r.type).join(',');
      if (got !== wanted) faults.push(`order ${id} received ${got || 'nothing'}`);
    }
    if (perOrder.size !== info.orders.length) faults.push(`events for ${perOrder.size - info.orders.length} orders that were not moved`);
    const first = Math.min(...stream.map((r) => r.at));
    const last = Math.max(...stream.map((r) => r.at));
    const jobRuns = (await webhookJobs(databaseUrl)) - jobsBefore;
    const times = sorted(stream.map((r) => r.at));
    const gaps = sorted(times.slice(1).map((at, i) => at - times[i]));
    const pauses = gaps.filter((gap) => gap >= PAUSE_MS);
    const duringMoves = times.filter((at) => at <= lastAnswer).length;

    const ratio = (a: number[], b: number[]) => (percentile(a, 95) / percentile(b, 95)).toFixed(1);
    const verdict = faults.length ? `FAILED: ${faults.length} faults (${faults.slice(0, 3).join('; ')})` : 'each exactly once, every order in rising sequence';
    return [
      {
        name: `trade API: POST /api/v1/quotes (1 or 2 items, live key), p50 / p95 (ms), ${REQUESTS} after ${WARM_UP} — goal p95 ≤ 50`,
        value: `${ms(percentile(q, 50))} / ${ms(percentile(q, 95))}`,
      },
      {
        name: 'trade API: POST /api/v1/orders (Idempotency-Key, address, delivery service, no artwork), p50 / p95 (ms) — goal p95 ≤ 100',
        value: `${ms(percentile(o, 50))} / ${ms(percentile(o, 95))}`,
      },
      {
        name: 'trade API: baseline GET /api/orders/counts (customer session) in the same loop, p50 / p95 (ms); quote ÷ baseline, order ÷ baseline (p95)',
        value: `${ms(percentile(c, 50))} / ${ms(percentile(c, 95))}; ${ratio(q, c)}, ${ratio(o, c)}`,
      },
      {
        name: 'webhooks: order.created of every order placed above, delivered',
        value: `${createdCount} of ${created}${createdArrived ? '' : ' (stopped waiting)'}${createdFaults.length ? ` — FAILED: ${createdFaults.slice(0, 3).join('; ')}` : ''}`,
      },
      {
        name: `webhooks: ${expected.toLocaleString('en-GB')} order events (${info.orders.length} live orders × ${MOVES.length} staff bulk moves) — each bulk move of the stream (ms)`,
        value: `${moveTimes.map((t) => t.toFixed(0)).join(', ')}; the endpoint disabled (no event): ${quietTimes.map((t) => t.toFixed(0)).join(', ')} — with ÷ without: ${(moveTimes.reduce((a, b) => a + b, 0) / MOVES.length / (quietTimes.reduce((a, b) => a + b, 0) / quietTimes.length)).toFixed(1)}`,
      },
      {
        name: 'webhooks: the last delivery, … ms after the last move answered — goal ≤ 30,000, each exactly once and in order',
        value: arrived
          ? `${(last - lastAnswer).toFixed(0)} (${verdict})`
          : `not all within ${STREAM_TIMEOUT_MS / 1000} s: ${stream.length} of ${expected} (${verdict})`,
      },
      {
        name: 'webhooks: deliveries per second, first move sent → last delivery (and first → last delivery)',
        value: `${((stream.length * 1000) / (last - started)).toFixed(0)} (${((stream.length * 1000) / (last - first)).toFixed(0)}); gaps between deliveries p50 / p99 / longest ${ms(percentile(gaps, 50))} / ${ms(percentile(gaps, 99))} / ${gaps.at(-1)!.toFixed(0)} ms; ${jobRuns} delivery jobs run`,
      },
      {
        name: `webhooks: delivered before the last move answered; pauses of ≥ ${PAUSE_MS} ms between deliveries (how many, s in all)`,
        value: `${duringMoves} of ${stream.length}; ${pauses.length}, ${(pauses.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
      },
    ];
  } finally {
    agent.destroy();
    receiver.close();
    await app.stop();
  }
}

/** How many webhook delivery jobs have been written so far (one per delivery, and one more each time a delivery found its endpoint busy). */
async function webhookJobs(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from jobs where queue = 'webhook-delivery'`);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

// `npx tsx bench/trade-api.ts` runs it alone on a local throwaway PostgreSQL.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { startPostgres } = await import('./lib/postgres');
  const pg = startPostgres(55436);
  if (!pg) throw new Error('No PostgreSQL here: set BENCH_DATABASE_URL');
  try {
    for (const row of await benchTradeApi({ databaseUrl: pg.url })) console.log(`| ${row.name} | ${row.value} |`);
  } finally {
    pg.stop();
  }
  process.exit(0);
}
