import type { LightMyRequestResponse } from 'fastify';
import { upsertAccount } from '../../../src/server/modules/accounts/operations';
import type { TestApp } from './app';
import { ApiClient } from './client';

let staffCounter = 0;

/** A signed-in staff member (role admin), new for each call. */
export async function staffClient(t: TestApp): Promise<ApiClient> {
  const email = `staff${++staffCounter}-${process.pid}@example.test`;
  await upsertAccount(t.database.db, { email, password: 'staff password 1', role: 'admin' });
  const client = new ApiClient(t.app);
  await client.login(email, 'staff password 1');
  return client;
}

/** The JSON of a response that must have succeeded with `status`. */
export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export interface StockRec {
  id: number;
  version: number;
  name: string;
  sheet_cost: string;
  single_cost: string;
  double_cost: string;
  product_count: number;
  sort_order: number;
  active: boolean;
}
export interface ProductRec {
  id: number;
  version: number;
  name: string;
  multiplier: number;
  stock_ids: number[];
  restricted: boolean;
  active: boolean;
  sort_order: number;
}

let n = 0;
export async function createStock(staff: ApiClient, fields: Record<string, unknown> = {}): Promise<StockRec> {
  return ok<StockRec>(
    await staff.post('/api/admin/stock', { name: `Stock ${++n}`, type: 'Silk', sheet_cost: '0.0450', single_cost: '0.0300', double_cost: '0.0550', ...fields }),
    201,
  );
}

export async function createProduct(staff: ApiClient, fields: Record<string, unknown> = {}): Promise<ProductRec> {
  return ok<ProductRec>(
    await staff.post('/api/admin/products', {
      name: `Product ${++n}`,
      multiplier: 24,
      weight: 1.6,
      trim_width_mm: 85,
      trim_height_mm: 55,
      production_days: 2,
      ...fields,
    }),
    201,
  );
}

/**
 * A staff PUT at the version the record is at now, as a colleague who has just opened it would send
 * (for tests of other rules than versions; staff-versions.test.ts tests stale ones). `url` is also
 * where the record is read; one that is not there is sent at version 1.
 */
export async function putAsRead(staff: ApiClient, url: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const read = await staff.get(url);
  const version = read.statusCode === 200 ? (read.json() as { version: number }).version : 1;
  return staff.put(url, { ...body, version });
}

/** Replaces the breaks of a linked pair: rows of [qty, margin]. */
export async function setMargins(staff: ApiClient, productId: number, stockId: number, rows: Array<[number, number | string]>) {
  return ok<Array<{ id: number; qty: number; margin: number }>>(
    await putAsRead(staff, `/api/admin/products/${productId}/stock/${stockId}/margins`, { rows: rows.map(([qty, margin]) => ({ qty, margin })) }),
  );
}

/**
 * Counts the SQL statements the app sends while `run` runs (PGlite or node-postgres alike), leaving
 * out the session lookup, which a 1-second cache makes come and go.
 */
export async function countQueries<T>(t: TestApp, run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // Sessions are cached apart; the job queue, the mail it sends and the purge use the same pool on
    // their own clock. The queue's claim is raw SQL, so its table name comes without quotes.
    if (!/\b"?(sessions|jobs|password_resets|mail_outbox)"?\b/.test(text)) queries++;
    return original.apply(this, args);
  };
  try {
    return { result: await run(), queries };
  } finally {
    client.query = original;
  }
}

/** Every key anywhere in a JSON value. */
export function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allKeys(v, out);
    }
  }
  return out;
}
