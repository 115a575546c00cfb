import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { countQueries, createProduct, createStock, ok, setMargins, staffClient } from './helpers/catalogue';

/** The price list compressed (once), revalidated with an ETag, and the customer's terms kept a second. */

let t: TestApp;
let staff: ApiClient;
let customer: ApiClient;
let customerId: number;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  const silk = await createStock(staff, { name: '350gsm Silk', sheet_cost: '0.0450', single_cost: '0.0300', double_cost: '0.0550' });
  for (let i = 0; i < 8; i++) {
    const p = await createProduct(staff, { name: `Product ${i} with a long enough name`, multiplier: 8 + i, stock_ids: [silk.id] });
    await setMargins(staff, p.id, silk.id, [
      [100, 120],
      [250, 100],
      [500, 80],
      [1000, 60],
      [2500, 50],
    ]);
    productId = p.id;
  }
  customer = new ApiClient(t.app);
  await registerAs(customer);
  customerId = ok<{ id: number }>(await customer.get('/api/user')).id;
});
afterAll(() => t.close());

const getPrices = (headers: Record<string, string> = {}) => customer.request('GET', '/api/prices', undefined, { headers });

describe('GET /api/prices on the wire', () => {
  it('answers brotli or gzip to a browser that accepts it, the same JSON as uncompressed', async () => {
    const plain = await getPrices();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await getPrices({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await getPrices({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    // q=0 refuses an encoding.
    expect((await getPrices({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('compresses a cached answer once and sends the kept bytes afterwards', async () => {
    const spy = { calls: 0 };
    const original = zlib.brotliCompress;
    (zlib as { brotliCompress: unknown }).brotliCompress = (...args: unknown[]) => {
      spy.calls++;
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      await getPrices({ 'accept-encoding': 'br' });
      const first = spy.calls;
      for (let i = 0; i < 5; i++) expect((await getPrices({ 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
      expect(spy.calls).toBe(first);
    } finally {
      (zlib as { brotliCompress: unknown }).brotliCompress = original;
    }
  });

  it('sends an ETag, and 304 with no body to a repeat visit that names it', async () => {
    const first = await getPrices({ 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await getPrices({ 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The same answer whatever its encoding; another tag gets the whole answer.
    expect((await getPrices({ 'if-none-match': etag.replace(/^W\//, '') })).statusCode).toBe(304);
    expect((await getPrices({ 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
    expect((await customer.request('GET', '/api/products', undefined, { headers: { 'if-none-match': etag } })).statusCode).toBe(200);
  });

  it("changes the ETag when the customer's prices change", async () => {
    const before = String((await getPrices()).headers.etag);
    ok(await staff.post('/api/admin/user-prices', { user_id: customerId, product_id: productId, discount: 5 }), 201);
    const after = await getPrices({ 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.json().products.find((p: { id: number }) => p.id === productId).discount).toBe(5);
  });

  it("reads the customer's terms once a second, not on every request", async () => {
    await getPrices(); // terms read and kept
    const repeat = await countQueries(t, () => getPrices());
    expect(repeat.queries).toBe(0);
    expect((await countQueries(t, () => customer.get('/api/products'))).queries).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await countQueries(t, () => getPrices())).queries).toBe(1);
  });
});
