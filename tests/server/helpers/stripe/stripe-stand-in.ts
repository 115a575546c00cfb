/**
 * A local Stripe for tests, built from Stripe's published OpenAPI description (github.com/stripe/openapi):
 * `stripe-openapi-extract.json` beside this file is a trimmed extract of it — the four operations the
 * app calls with their parameters, the fields of the objects they answer, and Stripe's own example
 * objects (fixtures3.json), which every answer here starts from.
 *
 * It checks what the app sends as Stripe would: the secret key as a Bearer token, a form-encoded body
 * in Stripe's bracket notation, no unknown parameter, every required one, each value of its declared
 * type; and it keeps idempotency keys as Stripe does (the same key and body answer the first answer
 * again, with `Idempotent-Replayed: true`; the same key with another body is an idempotency_error).
 * Every refusal it makes is also recorded in `invalid`, which a test expects empty.
 *
 * It serves a minimal hosted payment page at each session's `url`: its Pay button completes the
 * session, posts the signed `checkout.session.completed` event to the app's webhook, and sends the
 * browser to the session's `success_url` — so a browser test can go through it.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import extract from './stripe-openapi-extract.json';

type Json = Record<string, unknown>;
interface ParamSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, ParamSchema>;
  additionalProperties?: ParamSchema | boolean;
  items?: ParamSchema;
  required?: string[];
  anyOf?: ParamSchema[];
  maxLength?: number;
  format?: string;
}
interface Operation {
  required: string[];
  parameters: string[];
  schemas: Record<string, ParamSchema>;
  response: string;
}
const OPERATIONS = extract.operations as unknown as Record<string, Operation>;
const SCHEMAS = extract.schemas as unknown as Record<string, { required: string[]; properties: string[] }>;

export interface StripeStandIn {
  /** Like https://api.stripe.com: http://127.0.0.1:<port> (STRIPE_API_BASE). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request received: method, path, the parsed form body and its Idempotency-Key. */
  requests: Array<{ method: string; path: string; body: Json; idempotencyKey: string | undefined }>;
  /** Every way a request broke Stripe's contract; a test expects it empty. */
  invalid: string[];
  sessions: Map<string, Json>;
  refunds: Json[];
  /** Where events are delivered (the app's webhook); set after the app listens. */
  webhookUrl: string | undefined;
  /** While down, every API request has its connection dropped, as an unreachable Stripe would. */
  setDown(down: boolean): void;
  /** Pays an open session, as the customer on the payment page would; answers the `checkout.session.completed` event (not delivered). */
  pay(sessionId: string): Json;
  /** Lets an open session run out of time; answers the `checkout.session.expired` event (not delivered). */
  expire(sessionId: string): Json;
  /** The event's body and a valid `Stripe-Signature` header for it (signed by the stripe library's own test helper). */
  signed(event: Json, secret?: string): { payload: string; signature: string };
  /** Posts the event, signed, to `webhookUrl`; answers the app's status. */
  deliver(event: Json): Promise<number>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Stripe's form encoding (`line_items[0][price_data][currency]=gbp`, `metadata[order_id]=7`) as nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((part, i) => i === 0 || part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      const key = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** The ways `value` (form strings) breaks `schema`, each named by its parameter path. */
function check(value: unknown, schema: ParamSchema, path: string): string[] {
  if (schema.anyOf) {
    const each = schema.anyOf.map((s) => check(value, s, path));
    return each.some((problems) => problems.length === 0) ? [] : each[0];
  }
  if (schema.enum && !schema.enum.includes(value)) return [`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`];
  switch (schema.type) {
    case 'integer':
      return typeof value === 'string' && /^-?\d+$/.test(value) ? [] : [`${path}: expected an integer, got ${JSON.stringify(value)}`];
    case 'boolean':
      return value === 'true' || value === 'false' ? [] : [`${path}: expected a boolean`];
    case 'string':
      if (typeof value !== 'string') return [`${path}: expected a string`];
      return schema.maxLength !== undefined && value.length > schema.maxLength ? [`${path}: longer than ${schema.maxLength}`] : [];
    case 'array': {
      if (!Array.isArray(value)) return [`${path}: expected an array`];
      return value.flatMap((item, i) => check(item, schema.items ?? {}, `${path}[${i}]`));
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path}: expected an object`];
      const entries = Object.entries(value as Json);
      const problems = (schema.required ?? []).filter((k) => !(k in (value as Json))).map((k) => `${path}[${k}]: missing required param`);
      for (const [key, v] of entries) {
        const own = schema.properties?.[key];
        if (own) problems.push(...check(v, own, `${path}[${key}]`));
        else if (typeof schema.additionalProperties === 'object') problems.push(...check(v, schema.additionalProperties, `${path}[${key}]`));
        else if (schema.properties) problems.push(`${path}[${key}]: unknown parameter`);
      }
      return problems;
    }
    default:
      return [];
  }
}

/** The problems of a request's body against its operation in the extract: unknown, missing and ill-typed parameters. */
function checkRequest(operation: Operation, body: Json): string[] {
  const problems = operation.required.filter((k) => !(k in body)).map((k) => `Missing required param: ${k}`);
  for (const [key, value] of Object.entries(body)) {
    if (!operation.parameters.includes(key)) problems.push(`Received unknown parameter: ${key}`);
    else if (operation.schemas[key]) problems.push(...check(value, operation.schemas[key], key));
    else problems.push(`${key}: a parameter of Stripe's that the app is not expected to send`);
  }
  return problems;
}

/** An answer object with every field its schema names (those the fixture lacks as null), as Stripe's are. */
function shaped(schema: string, object: Json): Json {
  for (const field of SCHEMAS[schema].properties) if (!(field in object)) object[field] = null;
  return object;
}

const stripeError = (status: number, type: string, message: string, extra: Json = {}) => ({ status, body: { error: { type, message, ...extra } } });

export async function startStripeStandIn(options: { secretKey?: string; webhookSecret?: string; port?: number; host?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64')}`;
  const signer = new Stripe(secretKey);
  const requests: StripeStandIn['requests'] = [];
  const invalid: string[] = [];
  const sessions = new Map<string, Json>();
  const refunds: Json[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let down = false;
  let base = '';

  const event = (type: string, object: Json): Json => ({
    id: id('evt'),
    object: 'event',
    api_version: '2025-01-01',
    created: now(),
    data: { object: clone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  function openSession(sessionId: string): Json {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such session: ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${String(session.status)}, not open`);
    return session;
  }

  const standIn: StripeStandIn = {
    url: '',
    secretKey,
    webhookSecret,
    requests,
    invalid,
    sessions,
    refunds,
    webhookUrl: undefined,
    setDown: (value) => void (down = value),
    pay(sessionId) {
      const session = openSession(sessionId);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
      return event('checkout.session.completed', session);
    },
    expire(sessionId) {
      const session = openSession(sessionId);
      Object.assign(session, { status: 'expired', url: null });
      return event('checkout.session.expired', session);
    },
    signed(e, secret = webhookSecret) {
      const payload = JSON.stringify(e);
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    async deliver(e) {
      if (!standIn.webhookUrl) throw new Error('The stand-in has no webhook URL to deliver to');
      const { payload, signature } = standIn.signed(e);
      const res = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      await res.arrayBuffer();
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** The API: the four operations of the extract. */
  function api(method: string, path: string, body: Json): { status: number; body: unknown } {
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items as Json[] | undefined) ?? [];
      const amount = items.reduce((sum, item) => sum + Number((item.price_data as Json | undefined)?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
      const currency = String((items[0]?.price_data as Json | undefined)?.currency ?? 'gbp');
      const sessionId = id('cs');
      const session = shaped('checkout.session', {
        ...clone(extract.fixtures['checkout.session']),
        id: sessionId,
        amount_subtotal: amount,
        amount_total: amount,
        currency,
        cancel_url: body.cancel_url,
        success_url: body.success_url,
        client_reference_id: body.client_reference_id ?? null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        mode: body.mode ?? 'payment',
        created: now(),
        expires_at: body.expires_at ? Number(body.expires_at) : now() + 24 * 3600,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        currency_conversion: null,
        shipping_cost: null,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        url: `${base}/pay/${sessionId}`,
      });
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]);
      if (!session)
        return stripeError(404, 'invalid_request_error', `No such checkout.session: '${sessionPath[1]}'`, { code: 'resource_missing', param: 'session' });
      if (method === 'GET' && !sessionPath[2]) return { status: 200, body: session };
      if (method === 'POST' && sessionPath[2]) {
        if (session.status !== 'open') return stripeError(400, 'invalid_request_error', 'Only Checkout Sessions with a status of open can be expired.');
        Object.assign(session, { status: 'expired', url: null });
        // Stripe tells the webhook of a session expired through the API too.
        if (standIn.webhookUrl) void standIn.deliver(event('checkout.session.expired', session)).catch(() => undefined);
        return { status: 200, body: session };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = String(body.payment_intent ?? '');
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent && s.payment_status === 'paid');
      if (!paid) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${intent}'`, { code: 'resource_missing', param: 'payment_intent' });
      const already = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + Number(r.amount), 0);
      const amount = body.amount === undefined ? Number(paid.amount_total) - already : Number(body.amount);
      if (amount <= 0 || already + amount > Number(paid.amount_total)) {
        return stripeError(400, 'invalid_request_error', `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`, {
          code: 'amount_too_large',
          param: 'amount',
        });
      }
      const refund = shaped('refund', {
        ...clone(extract.fixtures.refund),
        id: id('re'),
        amount,
        currency: paid.currency,
        payment_intent: intent,
        charge: id('ch'),
        created: now(),
        metadata: body.metadata ?? {},
        reason: body.reason ?? null,
        status: 'succeeded',
      });
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1.1rem;padding:.6rem 1.4rem}</style></head>' +
    `<body>${body}</body></html>`;

  /** The hosted payment page at a session's `url`, and its Pay button. */
  async function hostedPage(req: http.IncomingMessage, res: http.ServerResponse, sessionId: string): Promise<void> {
    const session = sessions.get(sessionId);
    if (!session) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('No such payment page');
    if (req.method === 'POST') {
      if (session.status !== 'open') return void res.writeHead(409, { 'content-type': 'text/plain' }).end(`This payment page is ${String(session.status)}`);
      const status = await standIn.deliver(standIn.pay(sessionId)).catch(() => 0);
      if (status !== 200) invalid.push(`the app answered the completed event of ${sessionId} with ${status}`);
      return void res.writeHead(303, { location: String(session.success_url) }).end();
    }
    const amount = `£${(Number(session.amount_total) / 100).toFixed(2)}`;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        page(
          'Pay (Stripe stand-in)',
          `<h1>Pay ${amount}</h1><p>Stripe stand-in for tests: no card is charged.</p>` +
            (session.status === 'open'
              ? `<form method="post"><button type="submit">Pay ${amount}</button></form><p><a href="${String(session.cancel_url)}">Back</a></p>`
              : `<p>This payment page is ${String(session.status)}.</p>`),
        ),
      );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
        if (pay) return hostedPage(req, res, pay[1]);
        // Whether the stand-in is up (a test runner waits for it); not Stripe's.
        if (url.pathname === '/health') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        // A browser's own requests on the payment page (its icon) are no API calls.
        if (!url.pathname.startsWith('/v1/')) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        if (down) return void req.socket.destroy();
        const method = req.method ?? 'GET';
        const text = Buffer.concat(chunks).toString('utf8');
        const body = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
        const key = req.headers['idempotency-key'] as string | undefined;
        requests.push({ method, path: url.pathname, body, idempotencyKey: key });
        const send = (status: number, answer: unknown, headers: Record<string, string> = {}) =>
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers }).end(JSON.stringify(answer));
        const refuse = (status: number, type: string, message: string) => {
          invalid.push(`${method} ${url.pathname}: ${message}`);
          send(status, { error: { type, message } });
        };
        if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(401, 'invalid_request_error', 'Invalid API Key provided.');
        if (method === 'POST' && text && !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
          return refuse(400, 'invalid_request_error', `Stripe takes form-encoded bodies, not ${String(req.headers['content-type'])}`);
        }
        const template = url.pathname.replace(/^\/v1\/checkout\/sessions\/[^/]+/, '/v1/checkout/sessions/{session}');
        const operation = OPERATIONS[`${method} ${template}`];
        if (!operation) return refuse(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`);
        const problems = checkRequest(operation, body);
        if (problems.length) return refuse(400, 'invalid_request_error', problems.join('; '));
        if (method === 'POST') {
          if (!key) invalid.push(`${method} ${url.pathname}: no Idempotency-Key (the app sends one with every write)`);
          const fingerprint = `${method} ${url.pathname} ${text}`;
          const seen = key ? idempotent.get(key) : undefined;
          if (seen && seen.fingerprint !== fingerprint) {
            return refuse(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}'.`,
            );
          }
          if (seen) return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
          const answer = api(method, url.pathname, body);
          if (key) idempotent.set(key, { fingerprint, ...answer });
          return send(answer.status, answer.body);
        }
        const answer = api(method, url.pathname, body);
        return send(answer.status, answer.body);
      })().catch((error: unknown) => {
        invalid.push(`stand-in failure: ${String(error)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = base;
  return standIn;
}
