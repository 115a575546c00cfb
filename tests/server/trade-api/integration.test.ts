import http from 'node:http';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookPayloadSchema } from '../../../src/shared/api/webhooks';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { CLEAN_CARD, clientAddress, ok, orderingApp, pdf, type Catalogue } from '../orders/helpers';
import type { paths } from './client/v1';

/**
 * A reseller's integration, end to end over HTTP, with a client generated from /api/v1/openapi.json
 * (openapi-typescript types, openapi-fetch calls): the catalogue, a binding quote, an order of it
 * whose artwork the server fetches from the reseller's URL, its confirmation on its own, and the
 * sandbox's dispatch — while a webhook receiver verifies every delivery with the standardwebhooks
 * package and sees the order's events in order, each with a rising `sequence`.
 */

let t: TestApp;
let cat: Catalogue;
let shopper: ApiClient;
let gbId: number;
let api: ReturnType<typeof createClient<paths>>;
/** The reseller's own servers on 127.0.0.1: one serves the artwork, one receives the webhooks. */
let files: http.Server;
let hooks: http.Server;
const received: Array<{ headers: Record<string, string>; body: string }> = [];
let artworkUrl: string;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited a minute for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // http and 127.0.0.1 allowed for the artwork and the receiver (as ARTWORK_FETCH_ALLOW_PRIVATE=1 and WEBHOOK_ALLOW_PRIVATE=1).
  ({ t, cat, shopper, gbId } = await orderingApp({
    artworkFetch: { allowPrivate: true, timeoutMs: 10_000 },
    webhooks: { allowPrivate: true, retryScale: 0.001, timeoutMs: 5000 },
    jobs: { pollMs: 20 },
  }));
  const card = Buffer.from(await pdf(CLEAN_CARD));
  files = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/pdf' }).end(card));
  artworkUrl = `${await listen(files)}/artwork/card.pdf`;
  hooks = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  const hooksUrl = `${await listen(hooks)}/hooks`;
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });

  // What the reseller does once, signed in on the account's API page: a sandbox key and a sandbox endpoint.
  const key = ok<{ key: string }>(await shopper.post('/api/account/api-keys', { name: 'Our shop (staging)', mode: 'test' }), 201).key;
  const endpoint = ok<{ secret: string }>(
    await shopper.post('/api/account/webhooks', {
      url: hooksUrl,
      mode: 'test',
      events: ['order.created', 'order.artwork_checked', 'order.confirmed', 'order.problem', 'order.dispatched', 'order.cancelled'],
    }),
    201,
  );
  secret = endpoint.secret;
  api = createClient<paths>({ baseUrl: `${origin}/api/v1`, headers: { authorization: `Bearer ${key}` } });
}, 120_000);
let secret: string;
afterAll(async () => {
  files?.close();
  hooks?.close();
  await t?.close();
});

describe('a reseller integrating against the sandbox with a generated client', () => {
  it('prices, quotes, orders with artwork by URL, is confirmed on its own, follows the dispatch, and hears every event in order', async () => {
    const account = await api.GET('/account');
    expect(account.data).toMatchObject({ mode: 'test', payment_terms: 'account' });

    const products = await api.GET('/products');
    expect(products.response.status).toBe(200);
    const cards = products.data!.data.find((p) => p.id === cat.cards.id)!;
    expect(cards.stocks.map((s) => s.id)).toContain(cat.silk.id);

    const item = { product_id: cat.cards.id, stock_id: cat.silk.id, qty: 100, sides: 'single' as const, orientation: 'landscape' as const };
    const quote = await api.POST('/quotes', { body: { items: [item], country: 'GB', postcode: 'LS1 1AA' } });
    expect(quote.response.status, JSON.stringify(quote.error)).toBe(201);
    const option = quote.data!.delivery_options[0];
    expect(option).toMatchObject({ id: expect.any(Number), dispatch_date: expect.any(String), delivery_date: expect.any(String) });

    const body = {
      external_ref: 'SHOP-1001',
      quote_id: quote.data!.id,
      delivery_type_id: option.id,
      blind_dispatch: true,
      address: clientAddress(gbId),
    };
    const placed = await api.POST('/orders', { params: { header: { 'idempotency-key': 'shop-1001-attempt' } }, body });
    expect(placed.response.status, JSON.stringify(placed.error)).toBe(201);
    const order = placed.data!;
    expect(order).toMatchObject({ external_ref: 'SHOP-1001', status: 'awaiting', test: true, blind_dispatch: true });
    expect(order.items[0].price).toBe(quote.data!.items[0].price);
    // A retry of the same request (a timed-out connection, say) is the same order, not a second one.
    const retried = await api.POST('/orders', { params: { header: { 'idempotency-key': 'shop-1001-attempt' } }, body });
    expect(retried.data!.id).toBe(order.id);

    const given = await api.PUT('/orders/{id}/items/{itemId}/artwork', {
      params: { path: { id: String(order.id), itemId: String(order.items[0].id) } },
      body: { artwork_url: artworkUrl },
    });
    expect(given.response.status, JSON.stringify(given.error)).toBe(200);

    const confirmed = await until(
      async () => (await api.GET('/orders/{id}', { params: { path: { id: String(order.id) } } })).data!,
      (o) => o.status === 'live',
      'the order to confirm itself',
    );
    expect(confirmed.items[0].artwork).toMatchObject({ status: 'passed', name: 'card.pdf' });

    const dispatched = await api.POST('/test/orders/{id}/advance', { params: { path: { id: String(order.id) } }, body: { to: 'dispatched' } });
    expect(dispatched.data).toMatchObject({ status: 'dispatched', tracking_number: expect.any(String) });
    const found = await api.GET('/orders', { params: { query: { external_ref: 'SHOP-1001' } } });
    expect(found.data!.data.map((o) => o.id)).toEqual([order.id]);

    const types = ['order.created', 'order.artwork_checked', 'order.confirmed', 'order.dispatched'];
    await until(
      async () => received.length,
      (n) => n >= types.length,
      'the webhooks',
    );
    const webhook = new Webhook(secret);
    const events = received.map(({ body, headers }) => webhook.verify(body, headers) as { type: string; data: { id: number; sequence: number } });
    expect(events.map((e) => e.type)).toEqual(types);
    expect(events.every((e) => e.data.id === order.id)).toBe(true);
    // Each event's body is what the API's own GET answers (the same words), with its sequence.
    for (const { body } of received) expect(webhookPayloadSchema.safeParse(JSON.parse(body)).success, body.slice(0, 200)).toBe(true);
    const { sequence: _sequence, ...lastOrder } = events.at(-1)!.data;
    expect(lastOrder).toEqual(dispatched.data);
    const sequences = events.map((e) => e.data.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
  });
});
