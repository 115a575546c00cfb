import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import type { WebhookDelivery, WebhookDeliveryList, WebhookEndpoint, WebhookEndpointWithSecret, WebhookPayload } from '../../../src/shared/api/webhooks';
import { WEBHOOK_EVENT_TYPES } from '../../../src/shared/domain/webhooks/events';
import { orders, webhookEndpoints } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { ApiClient, registerAs } from '../helpers/client';
import { confirmedOrder, ok, orderingApp, type Catalogue } from '../orders/helpers';

/** A webhook receiver on 127.0.0.1: answers each request with the next status of its script (then 200), and keeps what it got. */
class Receiver {
  readonly received: Array<{ headers: Record<string, string>; body: string }> = [];
  script: number[] = [];
  private server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      this.received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = this.script.shift() ?? 200;
      response.end('thanks');
    });
  });
  url = '';
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }
  close = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
  payloads = () => this.received.map((r) => JSON.parse(r.body) as WebhookPayload);
}

let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof orderingApp>>['del'];
const receivers: Receiver[] = [];

beforeAll(async () => {
  // http and 127.0.0.1 allowed (as WEBHOOK_ALLOW_PRIVATE=1), retries after milliseconds instead of minutes.
  ({ t, staff, shopper, cat, del } = await orderingApp({ webhooks: { allowPrivate: true, retryScale: 0.001, timeoutMs: 5000 }, jobs: { pollMs: 20 } }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(): Promise<Receiver> {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
}

async function endpoint(client: ApiClient, body: Record<string, unknown>): Promise<WebhookEndpointWithSecret> {
  return ok<WebhookEndpointWithSecret>(await client.post('/api/account/webhooks', body), 201);
}

/** Runs the jobs until `done` holds (deliveries wait for their retry, or for the endpoint's delivery under way). */
async function until(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await t.app.deps.jobs.drain();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const readOrder = async (id: number) => ok<StaffOrder>(await staff.get(`/api/admin/orders/${id}`));
const move = async (id: number, body: Record<string, unknown>) =>
  ok(await staff.post(`/api/admin/orders/${id}/status`, { ...body, version: (await readOrder(id)).version }));
const deliveries = async (client: ApiClient, id: number) => ok<WebhookDeliveryList>(await client.get(`/api/account/webhooks/${id}/deliveries`));

describe('webhook deliveries', () => {
  it('sends an order’s events in order, each signed per Standard Webhooks, with its sequence rising', async () => {
    const r = await receiver();
    const made = await endpoint(shopper, { url: r.url, events: [...WEBHOOK_EVENT_TYPES], mode: 'live' });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = ok<{ data: WebhookEndpoint[] }>(await shopper.get('/api/account/webhooks')).data.find((e) => e.id === made.id)!;
    expect(listed).not.toHaveProperty('secret');

    const order = await confirmedOrder(t, shopper, cat, del.first.id);
    await move(order.id, { status: 'problem', problem_text: 'The bleed is missing' });
    await move(order.id, { status: 'live' });
    await move(order.id, { status: 'printing' });
    await move(order.id, { status: 'dispatched', tracking_number: 'AB123456785GB' });
    await until(() => r.received.length >= 5, 'five deliveries');

    const verifier = new Webhook(made.secret);
    for (const { body, headers } of r.received) {
      expect(verifier.verify(body, headers)).toEqual(JSON.parse(body));
      expect(headers['content-type']).toBe('application/json');
      expect(headers['webhook-id']).toMatch(/^msg_/);
      expect(headers['user-agent']).toContain('webhooks');
    }
    const payloads = r.payloads();
    expect(payloads.map((p) => p.type)).toEqual(['order.confirmed', 'order.problem', 'order.confirmed', 'invoice.created', 'order.dispatched']);
    const orderEvents = payloads.filter((p) => p.type.startsWith('order.')) as Array<Extract<WebhookPayload, { type: 'order.confirmed' }>>;
    const sequences = orderEvents.map((p) => p.data.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(orderEvents.every((p) => p.data.id === order.id && p.data.test === false)).toBe(true);
    expect(orderEvents[1].data).toMatchObject({ status: 'problem', problem_text: 'The bleed is missing' });
    expect(orderEvents[3].data).toMatchObject({ status: 'dispatched', tracking_number: 'AB123456785GB', delivery: { code: 'TPN24' } });

    // The log shows each delivery, newest first, delivered at the first attempt (once the last job has written down its answer).
    await until(async () => (await deliveries(shopper, made.id)).data.every((d) => d.state !== 'pending'), 'every answer recorded');
    const log = await deliveries(shopper, made.id);
    expect(log.total).toBe(5);
    expect(log.data.map((d) => d.event_type)).toEqual(['order.dispatched', 'invoice.created', 'order.confirmed', 'order.problem', 'order.confirmed']);
    expect(log.data.every((d) => d.state === 'succeeded' && d.status_code === 200 && d.attempts === 1 && d.duration_ms !== null)).toBe(true);
  });

  it('retries a delivery the receiver refused, and a resend sends the same event again', async () => {
    const r = await receiver();
    r.script = [500, 503];
    const made = await endpoint(shopper, { url: r.url, events: ['order.cancelled'], mode: 'live' });
    const test = ok<WebhookDelivery>(await shopper.post(`/api/account/webhooks/${made.id}/test`), 202);
    expect(test).toMatchObject({ event_type: 'webhook.test', state: 'pending' });
    await until(() => r.received.length >= 3, 'a third attempt');
    // The receiver has the third attempt a moment before the job writes down its answer.
    await until(async () => (await deliveries(shopper, made.id)).data[0]?.state === 'succeeded', 'the third attempt recorded');
    const [delivery] = (await deliveries(shopper, made.id)).data;
    expect(delivery).toMatchObject({ id: test.id, state: 'succeeded', attempts: 3, status_code: 200 });
    // Every attempt is the same message: the same id and body, each signed at its own time.
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);

    const resent = ok<WebhookDelivery>(await shopper.post(`/api/account/webhooks/${made.id}/deliveries/${test.id}/resend`));
    expect(resent.state).toBe('pending');
    await until(() => r.received.length >= 4, 'the resend');
    expect(r.received[3].headers['webhook-id']).toBe(r.received[0].headers['webhook-id']);
    expect(new Webhook(made.secret).verify(r.received[3].body, r.received[3].headers)).toMatchObject({ type: 'webhook.test' });
  });

  it('disables an endpoint that answers 410 Gone at once, and e-mails its customer', async () => {
    const r = await receiver();
    r.script = [410];
    const made = await endpoint(shopper, { url: r.url, events: ['order.cancelled'], mode: 'live' });
    ok(await shopper.post(`/api/account/webhooks/${made.id}/test`), 202);
    const read = async () => ok<{ data: WebhookEndpoint[] }>(await shopper.get('/api/account/webhooks')).data.find((e) => e.id === made.id)!;
    await until(async () => !(await read()).active, 'the endpoint disabled');
    expect(r.received).toHaveLength(1);
    expect((await read()).disabled_reason).toContain('410');
    const [delivery] = (await deliveries(shopper, made.id)).data;
    expect(delivery).toMatchObject({ state: 'failed', status_code: 410, attempts: 1 });
    expect((await t.outbox()).some((m) => m.text.includes('Webhook endpoint disabled') && m.text.includes(r.url))).toBe(true);
    // Disabled, it sends nothing; enabled again, it does.
    expect((await shopper.post(`/api/account/webhooks/${made.id}/test`)).statusCode).toBe(409);
    expect(ok<WebhookEndpoint>(await shopper.patch(`/api/account/webhooks/${made.id}`, { active: true }))).toMatchObject({
      active: true,
      disabled_reason: null,
    });
    ok(await shopper.post(`/api/account/webhooks/${made.id}/test`), 202);
    await until(() => r.received.length >= 2, 'the test after enabling');
  });

  it('signs with the old and the new secret for a day after a rotation', async () => {
    const r = await receiver();
    const made = await endpoint(shopper, { url: r.url, events: ['order.cancelled'], mode: 'live' });
    const rotated = ok<WebhookEndpointWithSecret>(await shopper.post(`/api/account/webhooks/${made.id}/rotate`));
    expect(rotated.secret).not.toBe(made.secret);
    expect(Date.parse(rotated.previous_secret_until!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    ok(await shopper.post(`/api/account/webhooks/${made.id}/test`), 202);
    await until(() => r.received.length >= 1, 'the test event');
    const [{ body, headers }] = r.received;
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(made.secret).verify(body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(rotated.secret).verify(body, headers)).toMatchObject({ type: 'webhook.test' });

    // Once the overlap is over, only the new secret signs.
    await t.database.db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, made.id));
    ok(await shopper.post(`/api/account/webhooks/${made.id}/test`), 202);
    await until(() => r.received.length >= 2, 'the second test event');
    expect(() => new Webhook(made.secret).verify(r.received[1].body, r.received[1].headers)).toThrow();
    expect(new Webhook(rotated.secret).verify(r.received[1].body, r.received[1].headers)).toMatchObject({ type: 'webhook.test' });
  });

  it('sends a sandbox order’s events to test endpoints only, and a live order’s to live endpoints only', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const live = await receiver();
    const sandbox = await receiver();
    await endpoint(client, { url: live.url, events: ['order.problem'], mode: 'live' });
    await endpoint(client, { url: sandbox.url, events: ['order.problem'], mode: 'test' });
    const real = await confirmedOrder(t, client, cat, del.first.id);
    const testOrder = await confirmedOrder(t, client, cat, del.first.id);
    await t.database.db.update(orders).set({ test: true }).where(eq(orders.id, testOrder.id));
    await move(testOrder.id, { status: 'problem', problem_text: 'Sandbox hold' });
    await move(real.id, { status: 'problem', problem_text: 'Real hold' });
    await until(() => live.received.length >= 1 && sandbox.received.length >= 1, 'both holds');
    await t.app.deps.jobs.drain();
    expect(sandbox.payloads().map((p) => [p.type, (p.data as { id: number }).id])).toEqual([['order.problem', testOrder.id]]);
    expect(live.payloads().map((p) => [p.type, (p.data as { id: number }).id])).toEqual([['order.problem', real.id]]);
    expect((sandbox.payloads()[0].data as { test: boolean }).test).toBe(true);
  });

  it('sends nothing for events an endpoint is not subscribed to', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const r = await receiver();
    await endpoint(client, { url: r.url, events: ['invoice.created'], mode: 'live' });
    const order = await confirmedOrder(t, client, cat, del.first.id);
    await move(order.id, { status: 'cancelled' });
    await t.app.deps.jobs.drain();
    expect(r.received).toHaveLength(0);
  });
});

describe('webhook endpoints without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  let owner: ApiClient;
  let other: ApiClient;
  beforeAll(async () => {
    strict = await createTestApp();
    owner = new ApiClient(strict.app);
    other = new ApiClient(strict.app);
    await registerAs(owner);
    await registerAs(other);
  }, 60_000);
  afterAll(() => strict?.close());

  it.each([
    ['http://example.com/hooks', 'https://'],
    ['https://127.0.0.1/hooks', 'not on the public internet'],
    ['https://10.1.2.3/hooks', 'not on the public internet'],
    ['https://169.254.169.254/latest/meta-data', 'not on the public internet'],
    ['https://[::1]/hooks', 'not on the public internet'],
    ['https://user:pw@example.com/hooks', 'password'],
    ['not a url', 'full URL'],
  ])('refuses %s beside the URL', async (url, reason) => {
    const res = await owner.post('/api/account/webhooks', { url, events: ['order.confirmed'], mode: 'live' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.url).toContain(reason);
  });

  it('refuses an empty event list and an unknown event beside their field', async () => {
    const none = await owner.post('/api/account/webhooks', { url: 'https://1.1.1.1/hooks', events: [], mode: 'live' });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors).some((k) => k.startsWith('events'))).toBe(true);
    const unknown = await owner.post('/api/account/webhooks', { url: 'https://1.1.1.1/hooks', events: ['order.eaten'], mode: 'nope' });
    expect(unknown.statusCode).toBe(422);
  });

  it('answers 404 for another customer’s endpoint, and lets its owner change and delete it', async () => {
    const made = ok<WebhookEndpointWithSecret>(
      await owner.post('/api/account/webhooks', { url: 'https://1.1.1.1/hooks', events: ['order.confirmed'], mode: 'live' }),
      201,
    );
    for (const res of [
      await other.patch(`/api/account/webhooks/${made.id}`, { active: false }),
      await other.delete(`/api/account/webhooks/${made.id}`),
      await other.post(`/api/account/webhooks/${made.id}/rotate`),
      await other.get(`/api/account/webhooks/${made.id}/deliveries`),
      await other.post(`/api/account/webhooks/${made.id}/test`),
      await other.post(`/api/account/webhooks/${made.id}/deliveries/1/resend`),
    ])
      expect(res.statusCode).toBe(404);
    expect(ok<{ data: WebhookEndpoint[] }>(await other.get('/api/account/webhooks')).data).toEqual([]);
    const refused = await owner.patch(`/api/account/webhooks/${made.id}`, { url: 'https://192.168.1.1/' });
    expect(refused.statusCode).toBe(422);
    expect(
      ok<WebhookEndpoint>(await owner.patch(`/api/account/webhooks/${made.id}`, { events: ['order.dispatched', 'order.created'], active: false })),
    ).toMatchObject({
      events: ['order.created', 'order.dispatched'],
      active: false,
      disabled_reason: 'Disabled by you.',
    });
    ok(await owner.delete(`/api/account/webhooks/${made.id}`));
    expect((await owner.delete(`/api/account/webhooks/${made.id}`)).statusCode).toBe(404);
  });
});
