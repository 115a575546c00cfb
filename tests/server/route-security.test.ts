import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFilters, writableFields, type ListSpec } from '../../src/server/lib/rest-list';
import { registeredRoutes, type RegisteredRoute } from '../../src/server/lib/zod';
import { createTestApp, type TestApp } from './helpers/app';
import { createProduct, createStock, ok, setMargins, staffClient } from './helpers/catalogue';
import { ApiClient, registerAs } from './helpers/client';

/**
 * Security tests that cover every route automatically. The routes are read from the app
 * itself (every route registered, as the onRoute hook of lib/zod.ts saw it), never from a list here,
 * and for each one:
 *   - a visitor gets 401, unless the route is in PUBLIC below;
 *   - a signed-in customer gets 403 on /api/admin/*;
 *   - an unsafe method without the XSRF header, or with a forged one, gets 419;
 *   - a fuzz (fast-check, fixed seed) of hostile values for every field of the route's body, query
 *     and params schemas never gets a 5xx, and a request that was refused (4xx) changed no data.
 * A route is covered when every part it reads is declared by a schema on the route (that is what the
 * fuzz generates from); a route that reads a body without declaring one must be listed in
 * BODY_WITHOUT_SCHEMA with how to fuzz it. A new route that is neither fails "coverage" until it is.
 */

/** Routes anyone may call, signed in or not. Keep this short: everything else answers 401 to a visitor. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/health/live', // an orchestrator's probes: they say whether the process and its database answer, nothing more
  'GET /api/health/ready',
  'POST /api/login',
  'POST /api/register',
  'GET /api/register', // whether new accounts wait for approval: what the register page says
  'POST /api/logout', // ends the caller's session if there is one; 204 either way
  'POST /api/password/email',
  'POST /api/password/reset',
  'GET /api/password/reset/:token', // says whether a reset link can still be used
  'GET /api/countries',
  'GET /api/settings/:name', // public settings only; the rest look missing
  'GET /api/oauth/providers',
  'POST /api/oauth/:provider', // starts a sign-in; linking (link: true) answers 401 to a visitor
  'GET /api/oauth/:provider/callback', // the provider sends the browser back here; the flow's state and HttpOnly browser cookie are the credential
  'POST /api/oauth/handoff', // a blocked pop-up's one-time code (with the browser cookie of the flow) is the credential
  'GET /api/files/logos/:name', // the unguessable name is the credential (an <img> sends no Bearer)
  'GET /api/downloads/batches/:id', // a signed one-minute link is the credential (a followed link sends no Bearer); 403 without it
  'GET /api/downloads/orders-xlsx/:id', // likewise: a signed one-minute link to one customer's spreadsheet with its filters; 403 without it
  'GET /api/openapi.json', // the API's document: made of the routes' schemas, it holds no data and no secret
  'GET /api/v1/openapi.json', // likewise, the trade API's
  'GET /api/invitations/:token', // the e-mailed invitation's token is the credential: what it invites to, or 410
  'POST /api/invitations/:token/accept', // likewise: a visitor makes their account in the company with it (a signed-in customer moves in)
  'POST /api/payments/stripe/webhook', // Stripe's server calls it: the Stripe-Signature over the body is the credential (404 without Stripe set up)
]);

/**
 * Unsafe routes no browser page calls, whose requests carry their own signature over the body
 * instead of the XSRF pair: a payment provider's webhook. Refused (400) without a good signature.
 */
const SIGNED_ELSEWHERE = new Set(['POST /api/payments/stripe/webhook']);

/** Unsafe routes that take no body at all (anything sent is ignored, never read). */
const NO_BODY = new Set([
  'POST /api/logout',
  'POST /api/admin/mail/:id/resend',
  'POST /api/orders/:id/cancel',
  'POST /api/orders/:id/resubmit',
  'POST /api/orders/:id/reorder',
  'POST /api/orders/:id/quote',
  'POST /api/quotes/:id/order',
  'POST /api/orders/:id/checkout/cancel',
  'POST /api/orders/:id/approve',
  'POST /api/account/webhooks/:id/rotate',
  'POST /api/account/webhooks/:id/deliveries/:deliveryId/resend',
  'POST /api/account/webhooks/:id/test',
  'POST /api/admin/batches/:id/download',
  'POST /api/tickets/:id/close',
  'POST /api/tickets/:id/reopen',
  'POST /api/admin/tickets/:id/close',
  'POST /api/admin/tickets/:id/reopen',
  'POST /api/v1/orders/:id/cancel',
]);

/** Unsafe routes whose body is read by the handler (multipart uploads): fuzzed as multipart. */
const BODY_WITHOUT_SCHEMA: Record<string, { field: string }> = {
  'POST /api/admin/users/:id/logo': { field: 'file' },
  'POST /api/orders/:id/items/:itemId/artwork': { field: 'file' },
  // Or JSON {artwork_url}.
  'PUT /api/v1/orders/:id/items/:itemId/artwork': { field: 'file' },
  'POST /api/admin/royalmail/tracking': { field: 'file' }, // or a text/csv body
  'POST /api/addresses/import': { field: 'file' }, // or a text/csv body
  'POST /api/admin/invoices': { field: 'file' }, // with its fields as form parts
  'POST /api/admin/orders/:id/items/:itemId/proof': { field: 'file' }, // with its `version` as a form part
  // A ticket's messages: JSON, or multipart with their fields beside the `files` parts.
  'POST /api/tickets': { field: 'files' },
  'POST /api/tickets/:id/replies': { field: 'files' },
  'POST /api/tickets/:id/files': { field: 'files' },
  'POST /api/admin/tickets/:id/replies': { field: 'files' },
  'POST /api/admin/tickets/:id/files': { field: 'files' },
  // Stripe's events: the raw body, whatever its type, is what the signature covers.
  'POST /api/payments/stripe/webhook': { field: 'payload' },
};

/** Routes whose success ends the caller's session: each fuzz run signs in afresh. */
const ENDS_SESSION = new Set(['POST /api/logout']);

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SEED = 20_250_901;
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

let t: TestApp;
let routes: RegisteredRoute[];
/** The routes outside /api: the developer documentation's page and its script, public and the same for everyone. */
let pages: RegisteredRoute[];
/** And /metrics: Prometheus's text, behind its own Bearer token (METRICS_TOKEN; 404 without one set, 401 with a wrong one). */
const PAGES = ['GET /developers', 'GET /developers/', 'GET /developers/js/scalar.js', 'GET /metrics'];
let staff: ApiClient;
let customer: ApiClient;
/** The customer's account through the trade API: a sandbox key as its Bearer (no session, no XSRF pair needed). */
let reseller: ApiClient;
let visitor: ApiClient;
/** Ids of records the fuzz may change or delete; never the fuzz's own accounts. */
let idPool: number[];

beforeAll(async () => {
  t = await createTestApp();
  // Three accounts the staff fuzz may edit or delete (ids 1–3), before the fuzz's own two.
  const victims = [];
  for (let i = 0; i < 3; i++) {
    const c = new ApiClient(t.app);
    await registerAs(c);
    victims.push(ok<{ id: number }>(await c.get('/api/user')).id);
  }
  staff = await staffClient(t);
  customer = new ApiClient(t.app);
  reseller = new ApiClient(t.app);
  await registerAs(customer, { password: 'customer password 1', password_confirmation: 'customer password 1' });
  const me = ok<{ id: number }>(await customer.get('/api/user'));
  reseller.token = (await t.app.deps.apiKeys.create(me.id, { name: 'The fuzz', mode: 'test' })).key;
  visitor = new ApiClient(t.app);
  await visitor.get('/api/health');
  // Catalogue rows for the ids of the pool to find: stock, products, margins, discounts, restrictions.
  for (let i = 0; i < 3; i++) {
    const stock = await createStock(staff);
    const product = await createProduct(staff, { stock_ids: [stock.id], restricted: i === 2 });
    await setMargins(staff, product.id, stock.id, [
      [100, 50],
      [250, 40],
    ]);
    ok(await staff.post('/api/admin/user-prices', { user_id: victims[i], product_id: product.id, discount: 10 }), 201);
  }
  idPool = [...victims, 4_000_000];
  await countChanges();
  routes = [...registeredRoutes(t.app)].filter((r) => r.url.startsWith('/api/'));
  pages = [...registeredRoutes(t.app)].filter((r) => !r.url.startsWith('/api/'));
}, 120_000);
afterAll(() => t?.close());

/** A request that fills the route's path parameters with `value`. */
const pathOf = (route: RegisteredRoute, value: (name: string) => string) =>
  route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(value(name)));

// ——— zod schemas, read as the fuzz needs them ———

type AnySchema = z.ZodType;
interface Def {
  type: string;
  [k: string]: unknown;
}
const defOf = (schema: AnySchema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape behind a body, query or params schema (through pipes, defaults, refinements). */
function shapeOf(schema: AnySchema | undefined): Record<string, AnySchema> | null {
  if (!schema) return null;
  const writable = writableFields.get(schema);
  if (writable) return writable.fields.shape as Record<string, AnySchema>;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, AnySchema>;
  if (def.type === 'pipe') return shapeOf(def.in as AnySchema) ?? shapeOf(def.out as AnySchema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) return shapeOf(def.innerType as AnySchema);
  return null;
}

// ——— hostile values ———

const LONG = 'x'.repeat(100_000);
const HOSTILE_SCALARS: unknown[] = [
  '\u0000',
  'a\u0000b',
  '1\u0000',
  '',
  ' ',
  LONG,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  -1,
  0,
  2 ** 53,
  1e308,
  -1e308,
  1.5,
  '1e0',
  '0x1',
  ' 1',
  '+1',
  '1.0',
  '2147483648',
  '99999999999',
  '9'.repeat(40),
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  '9999-12-31',
  '0000-01-01',
  '2025-02-30',
  '2025-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999-12:00',
  '0000-01-01T00:00:00+14:00',
  '%',
  '_\\',
  "'; drop table users; --",
  '\ud800',
  true,
  false,
  null,
  [],
  {},
];
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_SCALARS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true })) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...HOSTILE_SCALARS), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('constructor', 'toString', 'a', 'id'), fc.constantFrom(1, 'x', null), { maxKeys: 2 }) },
);
const HOSTILE_IDS = ['0', '-1', '1e0', '0x1', ' 1', '+1', '1.0', '2147483648', '99999999999', '9'.repeat(40), 'abc', 'constructor', '__proto__', '1\u0000', ''];

/** A value of the kind the field expects (to get past the other fields' checks), or nearly so. */
function plausible(schema: AnySchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return hostile;
  const def = defOf(schema);
  const inner = (s: unknown) => plausible(s as AnySchema, depth + 1);
  switch (def.type) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('Sam', 'sam@example.test', 'GB', 'LS1 1AA', '12', '0.0450', 'STATUS_TEXT', 'x'.repeat(20)));
    case 'number':
      return fc.oneof(fc.integer({ min: -3, max: 300 }), fc.constantFrom(...idPool));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(inner(def.element), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as AnySchema[]).map(inner));
    case 'object':
      return objectOf(def.shape as Record<string, AnySchema>, depth + 1);
    case 'union':
      return fc.oneof(...(def.options as AnySchema[]).map(inner));
    case 'pipe':
      return defOf(def.in as AnySchema).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    default:
      return hostile;
  }
}

const OMIT = Symbol('omit');
/** An object with each field present most of the time, each value plausible or hostile. */
function objectOf(shape: Record<string, AnySchema>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape);
  const values = keys.map((k) =>
    fc.option(fc.oneof({ weight: 3, arbitrary: plausible(shape[k], depth) }, { weight: 2, arbitrary: hostile }), { freq: 6, nil: OMIT as unknown as null }),
  );
  return fc.tuple(...values).map((vs) => Object.fromEntries(keys.flatMap((k, i) => (vs[i] === (OMIT as unknown) ? [] : [[k, vs[i]]]))));
}

/** Keys no schema takes: prototype members, read-only keys, nonsense. */
const extraKeys = fc.dictionary(
  fc.constantFrom('constructor', 'toString', 'hasOwnProperty', 'valueOf', 'id', 'created_at', 'role', 'password_hash', 'zzz'),
  hostile,
  { maxKeys: 2 },
);

/** Bodies that are not JSON objects, or that try the parser. */
const RAW_BODIES = [
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{not json',
  '',
  `"${LONG}"`,
  '[{}]',
];

interface Payload {
  body?: string;
  contentType?: string;
}

function jsonBodyOf(schema: AnySchema | undefined): fc.Arbitrary<Payload> {
  const shape = shapeOf(schema);
  const objects = shape
    ? fc.tuple(objectOf(shape), extraKeys).map(([fields, extra]) => ({ ...extra, ...fields }))
    : fc.dictionary(fc.string({ maxLength: 10 }), hostile, { maxKeys: 4 });
  return fc.oneof(
    { weight: 8, arbitrary: objects.map((o) => ({ body: JSON.stringify(o), contentType: 'application/json' })) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((body) => ({ body, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Payload>({}, { body: 'a=1', contentType: 'application/x-www-form-urlencoded' }, { body: 'x', contentType: 'text/plain' }),
    },
  );
}

/** multipart/form-data with a hostile field name, file name, type and contents. */
function multipartOf(field: string): fc.Arbitrary<Payload> {
  const boundary = 'fuzzboundary';
  const part = fc.record({
    name: fc.constantFrom(field, 'other', '', '__proto__', 'constructor'),
    filename: fc.constantFrom('logo.png', '', '../../etc/passwd', 'a\u0000.png', 'x'.repeat(300)),
    type: fc.constantFrom('image/png', 'application/pdf', 'text/html', ''),
    content: fc.constantFrom('', 'not an image', '\u0089PNG\r\n\u001a\n', LONG, '%PDF-1.4'),
  });
  const multipart = fc.array(part, { minLength: 0, maxLength: 2 }).map((parts) => ({
    contentType: `multipart/form-data; boundary=${boundary}`,
    body:
      parts
        .map(
          (p) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.content}\r\n`,
        )
        .join('') + `--${boundary}--\r\n`,
  }));
  return fc.oneof(
    multipart,
    jsonBodyOf(undefined),
    fc.constant<Payload>({ body: `--${boundary}\r\nbroken`, contentType: `multipart/form-data; boundary=${boundary}` }),
  );
}

/** Values for a staff list's `filter`: its own fields (and their ranges), `q`, prototype keys. */
function filterOf(spec: ListSpec<never, never>): fc.Arbitrary<unknown> {
  const names = Object.keys(spec.fields);
  const ranged = names.flatMap((n) => [`${n}_gte`, `${n}_lte`]);
  const keyArb = fc.constantFrom(...names, ...ranged, 'q', 'constructor', 'toString', 'hasOwnProperty', '__proto__', 'constructor_gte', 'nope');
  const valueArb = fc.oneof(
    hostile,
    fc.array(hostile, { maxLength: 3 }),
    fc.constantFrom(...idPool),
    fc.constantFrom(
      '2025-01-01',
      '2025-01-01T12:00:00+01:00',
      '9999-12-31',
      '0000-01-01',
      '9999-12-31T23:59:59.999-12:00',
      '0000-01-01T00:00:00+14:00',
      'Leeds',
      'admin',
      'true',
    ),
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(keyArb, valueArb, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom('{"__proto__":{"id":1}}', '{"constructor":1}', '[]', 'null', '"x"', '{nope', '1', `{"q":"${LONG}"}`) },
  );
}

const sortOf = (spec: ListSpec<never, never>) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...spec.sortable, 'constructor', 'toString', 'password_hash', ''), fc.constantFrom('ASC', 'DESC', 'asc', 'DROP', '')),
    fc.constantFrom('[]', '["id"]', 'null', '"id"', '{nope', '[1,2]', '["id","ASC","x"]'),
  );
const rangeOf = fc.oneof(
  fc.tuple(fc.integer({ min: -2, max: 50 }), fc.integer({ min: -2, max: 1100 })),
  fc.constantFrom(
    '[0,24]',
    '[-1,5]',
    '[0,1e20]',
    `[${2 ** 31},${2 ** 31 + 5}]`,
    '[1e300,1e300]',
    '[0.5,1]',
    '["0","1"]',
    '[9007199254740991,9007199254740992]',
    '[]',
    '{nope',
    'null',
  ),
);

function queryOf(schema: AnySchema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const spec = schema && listFilters.get(schema);
  if (spec) {
    return fc.record({ sort: sortOf(spec), range: rangeOf, filter: filterOf(spec), embed: hostile }, { requiredKeys: [] });
  }
  const shape = shapeOf(schema);
  return shape ? objectOf(shape) : fc.dictionary(fc.constantFrom('q', 'id', 'filter', 'constructor'), hostile, { maxKeys: 2 });
}

function queryString(query: Record<string, unknown>): string {
  const parts = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function paramsOf(route: RegisteredRoute): fc.Arbitrary<Record<string, string>> {
  const names = paramNames(route.url);
  const shape = shapeOf(route.schema?.params as AnySchema | undefined) ?? {};
  const one = (name: string): fc.Arbitrary<string> => {
    const idLike = /id$/i.test(name) || (shape[name] && defOf(shape[name]).type === 'pipe');
    if (idLike) return fc.oneof(fc.constantFrom(...idPool.map(String)), fc.constantFrom(...HOSTILE_IDS), fc.nat().map(String));
    return fc.oneof(
      fc.constantFrom('STATUS_TEXT', 'VAT_RATE', 'google', 'abcdefghijklmnopqrstuvwx.png'),
      fc.string({ maxLength: 30 }),
      fc.constantFrom(...HOSTILE_IDS, LONG.slice(0, 500)),
    );
  };
  return fc.record(Object.fromEntries(names.map((n) => [n, one(n)])) as Record<string, fc.Arbitrary<string>>);
}

// ——— the data, before and after ———

/**
 * Columns that change without a request changing data: a session's last use, and the bookkeeping
 * of background work (a job or mail a worker delivers meanwhile). Left out of the fingerprint; the
 * rows themselves (a job or a mail a refused request must not have made) still count.
 */
const VOLATILE = new Set([
  'sessions.last_used_at',
  'api_keys.last_used_at',
  ...['status', 'attempts', 'run_at', 'locked_by', 'locked_until', 'heartbeat_at', 'interrupted_at', 'last_error', 'finished_at'].map((c) => `jobs.${c}`),
  ...['status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at'].map((c) => `mail_outbox.${c}`),
  // A limited route counts every attempt, refused ones above all: that is what the limit is for.
  ...['key', 'points', 'expire'].map((c) => `rate_limits.${c}`),
]);
let fingerprintSql: string | undefined;

async function rowsOf(query: string): Promise<Array<Record<string, unknown>>> {
  const result = (await t.database.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows;
}

let fingerprintMs = 0;
let fingerprintsTaken = 0;
let lastPrint: { changes: string; print: Map<string, string> } | undefined;
/**
 * One hash per table of every row of every table of the app's schema — taken again only when the
 * change counter below has moved since the last one (most refused requests write nothing).
 */
async function fingerprint(): Promise<Map<string, string>> {
  const started = Date.now();
  try {
    // Read before the hashes: a write landing between the two moves the counter, so the next call hashes again.
    const changes = await changeCount();
    if (lastPrint?.changes === changes) return lastPrint.print;
    fingerprintsTaken++;
    lastPrint = { changes, print: await fingerprintNow() };
    return lastPrint.print;
  } finally {
    fingerprintMs += Date.now() - started;
  }
}

/**
 * A counter every written row moves: a trigger on each table of the schema, for rows inserted or
 * deleted, for updates naming any column but the volatile ones, and for truncation. A sequence, so
 * that a write rolled back still counts (a hash too many, never one too few).
 */
async function countChanges(): Promise<void> {
  const columns = await schemaColumns();
  await rowsOf(`create sequence fuzz_changes`);
  await rowsOf(`create function fuzz_count_change() returns trigger language plpgsql as $$ begin perform nextval('fuzz_changes'); return null; end $$`);
  for (const [table, cols] of columns) {
    const watched = cols.filter((c) => !VOLATILE.has(`${table}.${c}`)).map((c) => `"${c}"`);
    // A table of volatile columns only (the rate-limit counters) is not in the fingerprint either.
    if (!watched.length) continue;
    await rowsOf(
      `create trigger fuzz_count_rows after insert or delete or update of ${watched.join(', ')} on "${table}" for each row execute function fuzz_count_change()`,
    );
    await rowsOf(`create trigger fuzz_count_truncate after truncate on "${table}" for each statement execute function fuzz_count_change()`);
  }
}
const changeCount = async () => {
  const [row] = await rowsOf(`select last_value, is_called from fuzz_changes`);
  return `${String(row.last_value)}:${String(row.is_called)}`;
};

/** Every base table of the app's schema with its columns, in order. */
async function schemaColumns(): Promise<Map<string, string[]>> {
  const columns = await rowsOf(
    `select c.table_name as t, c.column_name as c from information_schema.columns c join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { t: table, c } of columns as Array<{ t: string; c: string }>) byTable.set(table, [...(byTable.get(table) ?? []), c]);
  return byTable;
}

async function fingerprintNow(): Promise<Map<string, string>> {
  if (!fingerprintSql) {
    fingerprintSql = [...(await schemaColumns())]
      .map(([table, all]) => [table, all.filter((c) => !VOLATILE.has(`${table}.${c}`)).map((c) => `"${c}"`)] as const)
      .filter(([, cols]) => cols.length > 0)
      .map(
        ([table, cols]) =>
          `select '${table}' as t, (select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from (select ${cols.join(', ')} from "${table}") x) as h`,
      )
      .join(' union all ');
  }
  return new Map((await rowsOf(fingerprintSql)).map((r) => [String(r.t), String(r.h)]));
}

/** The tables whose rows differ between two fingerprints. */
const changedTables = (a: Map<string, string>, b: Map<string, string>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((table) => a.get(table) !== b.get(table));

// ——— calling ———

/** A route of the trade API, opened by an API key (its own document is public). */
const isTradeApi = (route: RegisteredRoute) => route.url.startsWith('/api/v1/') && !PUBLIC.has(key(route));

function callerFor(route: RegisteredRoute): ApiClient {
  if (route.url.startsWith('/api/admin')) return staff;
  if (isTradeApi(route)) return reseller;
  return PUBLIC.has(key(route)) ? visitor : customer;
}

async function send(client: ApiClient, method: string, url: string, payload: Payload = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = payload.contentType ? { 'content-type': payload.contentType } : {};
  return client.request(method as 'POST', url, payload.body, { headers });
}

const emptyBody = (route: RegisteredRoute): Payload =>
  UNSAFE.has(route.method) && route.method !== 'DELETE' ? { body: '{}', contentType: 'application/json' } : {};

describe('the route table', () => {
  it("is read from the app: every module's routes, with their schemas", () => {
    const keys = routes.map(key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/login',
        'GET /api/user',
        'GET /api/admin/users',
        'PUT /api/admin/users/:id',
        'PUT /api/admin/products/:id/stock/:stockId/margins',
        // Staff reports: a route per report, each with its CSV beside it.
        ...['orders', 'on-time', 'preflight', 'turnaround', 'top-customers', 'waiting'].flatMap((name) => [
          `GET /api/admin/reports/${name}`,
          `GET /api/admin/reports/${name}.csv`,
        ]),
      ]),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(routes.find((r) => key(r) === 'POST /api/login')?.schema?.body).toBeTruthy();
  });

  it('lists no public route that does not exist, and every route but the developer documentation’s page and the metrics is an /api route', () => {
    const keys = new Set(routes.map(key));
    for (const listed of [...PUBLIC, ...NO_BODY, ...ENDS_SESSION, ...SIGNED_ELSEWHERE, ...Object.keys(BODY_WITHOUT_SCHEMA)])
      expect({ listed, exists: keys.has(listed) }).toEqual({ listed, exists: true });
    expect(pages.map(key).sort()).toEqual(PAGES);
  });

  it('coverage: every path parameter, body and query a route reads is declared by a schema the fuzz can read', () => {
    const uncovered: string[] = [];
    for (const route of routes) {
      const k = key(route);
      const params = paramNames(route.url);
      const shape = shapeOf(route.schema?.params as AnySchema | undefined);
      for (const p of params) if (!shape?.[p]) uncovered.push(`${k}: path parameter :${p} has no params schema`);
      const takesBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
      if (takesBody && !route.schema?.body && !NO_BODY.has(k) && !BODY_WITHOUT_SCHEMA[k])
        uncovered.push(`${k}: no body schema (declare one, or list the route in NO_BODY / BODY_WITHOUT_SCHEMA)`);
      if (route.schema?.body && !shapeOf(route.schema.body as AnySchema)) uncovered.push(`${k}: the body schema has no object shape the fuzz can read`);
    }
    expect(uncovered).toEqual([]);
  });
});

describe('access on every route', () => {
  it('a visitor gets 401 from every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC.has(key(r)))) {
      const res = await send(
        visitor,
        route.method,
        pathOf(route, () => '1'),
        emptyBody(route),
      );
      if (res.statusCode !== 401) wrong.push(`${key(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a signed-in customer gets 403 from every /api/admin route', async () => {
    const staffRoutes = routes.filter((r) => r.url.startsWith('/api/admin'));
    expect(staffRoutes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const res = await send(
        customer,
        route.method,
        pathOf(route, () => '1'),
        emptyBody(route),
      );
      if (res.statusCode !== 403) wrong.push(`${key(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every unsafe route answers 419 without the XSRF header, or with a forged one', async () => {
    const unsafe = routes.filter((r) => UNSAFE.has(r.method) && !SIGNED_ELSEWHERE.has(key(r)) && !isTradeApi(r));
    const wrong: string[] = [];
    const forged = 'AAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    for (const route of unsafe) {
      const url = pathOf(route, () => '1');
      const caller = callerFor(route);
      const headerSets: Array<Record<string, string>> = [
        { authorization: `Bearer ${caller.token ?? ''}`, cookie: `XSRF-TOKEN=${encodeURIComponent(caller.xsrf!)}` }, // no header
        { authorization: `Bearer ${caller.token ?? ''}`, cookie: `XSRF-TOKEN=${encodeURIComponent(caller.xsrf!)}`, 'x-xsrf-token': forged }, // header ≠ cookie
        { authorization: `Bearer ${caller.token ?? ''}`, cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged }, // both forged
        { authorization: `Bearer ${caller.token ?? ''}`, 'x-xsrf-token': caller.xsrf! }, // no cookie
      ];
      for (const headers of headerSets) {
        if (!caller.token) delete headers.authorization;
        const res = await t.app.inject({ method: route.method as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
        if (res.statusCode !== 419) wrong.push(`${key(route)} ${Object.keys(headers).join('+')} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the trade API', () => {
  it('is opened by a key alone: a session is no key, and no route asks for the XSRF pair', async () => {
    const trade = routes.filter(isTradeApi);
    expect(trade.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of trade) {
      const url = pathOf(route, () => '1');
      const bySession = await send(customer, route.method, url, emptyBody(route));
      if (bySession.statusCode !== 401) wrong.push(`${key(route)} with a session → ${bySession.statusCode}`);
      const byKey = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { authorization: `Bearer ${reseller.token!}`, ...(UNSAFE.has(route.method) ? { 'content-type': 'application/json' } : {}) },
        ...(UNSAFE.has(route.method) ? { payload: '{}' } : {}),
      });
      if ([401, 419].includes(byKey.statusCode)) wrong.push(`${key(route)} with a key and no XSRF pair → ${byKey.statusCode}`);
      if (byKey.statusCode >= 400 && !String(byKey.headers['content-type']).startsWith('application/problem+json'))
        wrong.push(`${key(route)} → ${byKey.statusCode} as ${String(byKey.headers['content-type'])}, not a problem`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('caching on every route', () => {
  it('a signed-in answer is never left to a shared cache, and one without caching of its own is no-store', async () => {
    const noStore: string[] = [];
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const caller = route.url.startsWith('/api/admin') ? staff : customer;
      const res = await send(
        caller,
        'GET',
        pathOf(route, () => '1'),
      );
      const cache = String(res.headers['cache-control'] ?? '');
      const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
      // A route may choose its own (a file kept a while, a price list revalidated by its ETag, the
      // public country list); JSON that is neither validated nor public is one person's: no-store.
      if (json && !res.headers.etag && !/\bpublic\b/.test(cache)) {
        if (!/\bno-store\b/.test(cache)) wrong.push(`${key(route)} → ${res.statusCode} ${cache || '(none)'}`);
        else if (res.statusCode === 200) noStore.push(key(route));
      } else if (!/\b(?:private|no-store|public)\b/.test(cache)) wrong.push(`${key(route)} → ${res.statusCode} ${cache || '(none)'}`);
    }
    expect(wrong).toEqual([]);
    expect(noStore).toEqual(
      expect.arrayContaining([
        'GET /api/user',
        'GET /api/orders',
        'GET /api/orders/counts',
        'GET /api/invoices',
        'GET /api/tickets',
        'GET /api/admin/users',
        'GET /api/admin/orders/counts',
        'GET /api/admin/reports/orders',
        'GET /api/admin/reports/waiting',
      ]),
    );
    // The answer that carries a session token is kept nowhere either.
    const signIn = await new ApiClient(t.app).post('/api/login', { email: 'nobody@example.test', password: 'customer password 1' });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});

describe('fuzz: hostile values for every field of every route', () => {
  it('hashes the data again whenever a request wrote a row (the change counter moves)', async () => {
    const before = await fingerprint();
    const taken = fingerprintsTaken;
    await createStock(staff);
    const after = await fingerprint();
    expect(fingerprintsTaken).toBe(taken + 1);
    expect(changedTables(before, after)).toContain('stock');
  });

  it('never answers 5xx, and a refused request changes no data', async () => {
    const started = Date.now();
    const failures: string[] = [];
    const timings: Array<[string, number]> = [];
    const statuses = new Map<number, number>();
    let before = await fingerprint();
    for (const route of routes) {
      const k = key(route);
      const routeStart = Date.now();
      const hasInput = paramNames(route.url).length > 0 || !!route.schema?.querystring || !!route.schema?.body || !!BODY_WITHOUT_SCHEMA[k];
      const payloadArb: fc.Arbitrary<Payload> = BODY_WITHOUT_SCHEMA[k]
        ? multipartOf(BODY_WITHOUT_SCHEMA[k].field)
        : UNSAFE.has(route.method) && route.method !== 'DELETE'
          ? jsonBodyOf(route.schema?.body as AnySchema | undefined)
          : fc.constant<Payload>({});
      const request = fc.record({ params: paramsOf(route), query: queryOf(route.schema?.querystring as AnySchema | undefined), payload: payloadArb });
      const numRuns = ENDS_SESSION.has(k)
        ? 2
        : !hasInput
          ? 4
          : listFilters.has(route.schema?.querystring as AnySchema)
            ? 150
            : route.schema?.body || BODY_WITHOUT_SCHEMA[k]
              ? 100
              : 60;
      await fc
        .assert(
          fc.asyncProperty(request, async ({ params, query, payload }) => {
            let caller = callerFor(route);
            if (ENDS_SESSION.has(k)) {
              caller = new ApiClient(t.app);
              await caller.login((await customer.get('/api/user')).json().email, 'customer password 1');
              before = await fingerprint();
            }
            const url = pathOf(route, (name) => params[name]) + queryString(query);
            const res = await send(caller, route.method, url, payload);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const what = `${route.method} ${url.slice(0, 300)} ${String(payload.body).slice(0, 300)}`;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}`);
            // A read changes nothing whatever it answers: checked once after all its runs, below.
            if (route.method === 'GET') return res.statusCode < 500;
            const after = await fingerprint();
            if (res.statusCode >= 400 && changedTables(before, after).length)
              failures.push(`${res.statusCode} but ${changedTables(before, after).join(', ')} changed: ${what}`);
            before = after;
            return res.statusCode < 500;
          }),
          { seed: SEED, numRuns, endOnFailure: true },
        )
        .catch(() => undefined); // every failure is collected above, with its request
      if (route.method === 'GET') {
        const after = await fingerprint();
        if (changedTables(before, after).length) failures.push(`${k}: a read changed ${changedTables(before, after).join(', ')}`);
        before = after;
      }
      timings.push([k, Date.now() - routeStart]);
    }
    // The fuzz's own accounts are still what they were: the runs did reach the guarded code.
    expect((await staff.get('/api/admin/settings')).statusCode).toBe(200);
    expect((await customer.get('/api/user')).statusCode).toBe(200);
    console.info(
      `route fuzz: ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s (${(fingerprintMs / 1000).toFixed(1)} s of it in ${fingerprintsTaken} fingerprints); answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; slowest: ${timings
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([r, ms]) => `${r} ${ms} ms`)
        .join(', ')}`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});

/** Values of each filter type that sit on an edge: of int4, of the dates PostgreSQL takes, of text it can hold. */
const EDGES: Record<string, unknown[]> = {
  int: [2 ** 31, 2 ** 31 - 1, -(2 ** 31), -(2 ** 31) - 1, 99999999999, '99999999999', '2147483648', 1e20, -1, 0, 1.5, '1e0', '0x1', ' 1', '-0'],
  date: [
    '2025-01-01',
    '9999-12-31',
    '0000-01-01',
    '9999-12-31T23:59:59.999-12:00',
    '0000-01-01T00:00:00+14:00',
    '2025-02-30',
    '2025-01-01T25:00:00Z',
    '2025-01-01T00:00:00',
    0,
    1e15,
  ],
  text: ['\u0000', 'a\u0000', 'x'.repeat(201), '%', '_', '\\', "'", 12],
  bool: ['true', 'yes', 1, 0],
  enum: ['', 'nope', 1],
};
const ANY_TYPE: unknown[] = [null, {}, [], true, '', LONG];

describe('sweep: every filter and sort of every staff list', () => {
  it('each filter with each edge value of its type, as equality, list, _gte and _lte: never a 5xx, never a change', async () => {
    const started = Date.now();
    const failures: string[] = [];
    let requests = 0;
    const before = await fingerprint();
    for (const route of routes) {
      const spec = listFilters.get(route.schema?.querystring as AnySchema);
      if (!spec) continue;
      const filters: Array<Record<string, unknown>> = [];
      for (const [name, field] of Object.entries(spec.fields)) {
        const values = [...(EDGES[field.type] ?? []), ...ANY_TYPE];
        for (const value of values) {
          filters.push({ [name]: value }, { [`${name}_gte`]: value }, { [`${name}_lte`]: value });
        }
        filters.push({ [name]: values.filter((v) => v !== LONG) }, { [name]: [] });
      }
      for (const name of ['q', 'constructor', 'toString', 'hasOwnProperty', '__proto__', 'constructor_gte', 'valueOf_lte']) {
        for (const value of [...EDGES.text, ...ANY_TYPE]) filters.push(Object.fromEntries([[name, value]]));
      }
      const queries = [
        ...filters.map((filter) => ({ filter })),
        ...spec.sortable.flatMap((field) => [
          { sort: [field, 'ASC'], range: [0, 9] },
          { sort: [field, 'DESC'], range: [2 ** 31, 2 ** 31 + 5] },
        ]),
      ];
      for (const query of queries) {
        requests++;
        const res = await send(staff, 'GET', route.url + queryString(query));
        if (res.statusCode >= 500) failures.push(`${res.statusCode} GET ${route.url} ${JSON.stringify(query).slice(0, 300)}`);
      }
    }
    expect(changedTables(before, await fingerprint())).toEqual([]);
    console.info(`filter sweep: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(failures).toEqual([]);
  }, 300_000);
});
