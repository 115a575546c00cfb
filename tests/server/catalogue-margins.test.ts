import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { createProduct, createStock, ok, putAsRead, setMargins, staffClient, type ProductRec, type StockRec } from './helpers/catalogue';

let t: TestApp;
let staff: ApiClient;
let silk: StockRec;
let unlinked: StockRec;
let cards: ProductRec;
beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  silk = await createStock(staff, { name: '350gsm Silk' });
  unlinked = await createStock(staff, { name: 'Not linked' });
  cards = await createProduct(staff, { name: 'Business cards', stock_ids: [silk.id] });
});
afterAll(() => t.close());

const pairFilter = (productId: number, stockId: number) => encodeURIComponent(JSON.stringify({ product_id: productId, stock_id: stockId }));
const listPair = async (productId: number, stockId: number) =>
  ok<Array<{ id: number; qty: number; margin: number }>>(await staff.get(`/api/admin/margins?filter=${pairFilter(productId, stockId)}`));

describe('/api/admin/margins: the protocol', () => {
  it('creates, lists by pair in quantity order, reads, updates and deletes', async () => {
    const p = await createProduct(staff, { stock_ids: [silk.id] });
    const big = ok(await staff.post('/api/admin/margins', { product_id: p.id, stock_id: silk.id, qty: 1000, margin: 60 }), 201);
    const small = ok(await staff.post('/api/admin/margins', { product_id: p.id, stock_id: silk.id, qty: '250', margin: '37.5' }), 201);
    expect(small).toEqual({ id: expect.any(Number), product_id: p.id, stock_id: silk.id, qty: 250, margin: 37.5, version: 1 });

    const list = await staff.get(`/api/admin/margins?filter=${pairFilter(p.id, silk.id)}&sort=["qty","ASC"]&range=[0,24]`);
    expect(list.json()).toEqual([small, big]);
    expect(list.headers['content-range']).toBe('margins 0-1/2');

    expect(ok(await staff.get(`/api/admin/margins/${big.id}`))).toEqual(big);
    // product_id / stock_id in a PUT body are read-only: ignored.
    const updated = ok(await putAsRead(staff, `/api/admin/margins/${big.id}`, { ...big, product_id: 999, stock_id: 999, qty: 2000, margin: 55 }));
    expect(updated).toEqual({ ...big, qty: 2000, margin: 55, version: 2 });

    const deleted = await staff.delete(`/api/admin/margins/${small.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(small);
    expect((await staff.get(`/api/admin/margins/${small.id}`)).statusCode).toBe(404);
  });

  it("reads and replaces a pair's whole table for the margins page (with costs: staff only)", async () => {
    const p = await createProduct(staff, { stock_ids: [silk.id], multiplier: 24 });
    const rows = await setMargins(staff, p.id, silk.id, [
      [500, 80],
      [250, 100],
    ]);
    expect(rows.map((r) => r.qty)).toEqual([250, 500]);
    const pair = ok<{ product: ProductRec; stock: StockRec; margins: unknown[] }>(await staff.get(`/api/admin/products/${p.id}/stock/${silk.id}/margins`));
    expect(pair.product.id).toBe(p.id);
    expect(pair.stock).toMatchObject({ id: silk.id, sheet_cost: '0.0450' });
    expect(pair.margins).toEqual(rows);
    // Replacing: rows not sent are gone.
    expect((await setMargins(staff, p.id, silk.id, [[100, 120]])).map((r) => r.qty)).toEqual([100]);
    expect(await setMargins(staff, p.id, silk.id, [])).toEqual([]);
    expect((await staff.get(`/api/admin/products/${p.id}/stock/${unlinked.id}/margins`)).statusCode).toBe(404);
    expect((await staff.get(`/api/admin/products/999999/stock/${silk.id}/margins`)).statusCode).toBe(404);
  });
});

describe('/api/admin/margins: bad input is a 422 naming the field, nothing saved', () => {
  it.each([
    ['a margin below 0', { margin: -1 }, 'margin', /between 0 and 1000/],
    ['a margin above 1000', { margin: 1000.01 }, 'margin', /between 0 and 1000/],
    ['a margin that is not a number', { margin: 'lots' }, 'margin', /number/],
    ['a quantity of 0', { qty: 0 }, 'qty', /positive whole/],
    ['a negative quantity', { qty: -100 }, 'qty', /positive whole/],
    ['a fractional quantity', { qty: 2.5 }, 'qty', /positive whole/],
    ['a quantity that is not a number', { qty: 'ten' }, 'qty', /positive whole/],
  ])('%s', async (_what, change, field, message) => {
    const before = (await listPair(cards.id, silk.id)).length;
    const res = await staff.post('/api/admin/margins', { product_id: cards.id, stock_id: silk.id, qty: 100, margin: 50, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toMatch(message);
    expect((await listPair(cards.id, silk.id)).length).toBe(before);
  });

  it('accepts the edges: margin 0 and 1000', async () => {
    const p = await createProduct(staff, { stock_ids: [silk.id] });
    ok(await staff.post('/api/admin/margins', { product_id: p.id, stock_id: silk.id, qty: 1, margin: 0 }), 201);
    ok(await staff.post('/api/admin/margins', { product_id: p.id, stock_id: silk.id, qty: 2, margin: 1000 }), 201);
  });

  it('refuses the same quantity twice for a pair (create, update and the whole table)', async () => {
    const p = await createProduct(staff, { stock_ids: [silk.id] });
    const first = ok<{ id: number }>(await staff.post('/api/admin/margins', { product_id: p.id, stock_id: silk.id, qty: 500, margin: 50 }), 201);
    const other = ok<{ id: number }>(await staff.post('/api/admin/margins', { product_id: p.id, stock_id: silk.id, qty: 1000, margin: 40 }), 201);
    const again = await staff.post('/api/admin/margins', { product_id: p.id, stock_id: silk.id, qty: 500, margin: 10 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.qty).toMatch(/already a break/);
    const clash = await putAsRead(staff, `/api/admin/margins/${other.id}`, { qty: 500 });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.qty).toMatch(/already a break/);
    // Its own quantity is not a clash.
    ok(await putAsRead(staff, `/api/admin/margins/${first.id}`, { qty: 500, margin: 45 }));

    const table = await putAsRead(staff, `/api/admin/products/${p.id}/stock/${silk.id}/margins`, {
      rows: [
        { qty: 100, margin: 50 },
        { qty: 100, margin: 40 },
      ],
    });
    expect(table.statusCode).toBe(422);
    expect(table.json().errors['rows.1.qty']).toMatch(/already a break/);
    expect((await listPair(p.id, silk.id)).map((r) => [r.qty, r.margin])).toEqual([
      [500, 45],
      [1000, 40],
    ]);
  });

  it('refuses margins for a stock the product is not linked to', async () => {
    const res = await staff.post('/api/admin/margins', { product_id: cards.id, stock_id: unlinked.id, qty: 100, margin: 50 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.stock_id).toMatch(/not linked/);
    const table = await putAsRead(staff, `/api/admin/products/${cards.id}/stock/${unlinked.id}/margins`, { rows: [{ qty: 100, margin: 50 }] });
    expect(table.statusCode).toBe(422);
    expect(table.json().errors.stock_id).toMatch(/not linked/);
    const noProduct = await staff.post('/api/admin/margins', { product_id: 999999, stock_id: silk.id, qty: 100, margin: 50 });
    expect(noProduct.statusCode).toBe(422);
    expect(noProduct.json().errors.product_id).toBeTruthy();
    expect(await listPair(cards.id, unlinked.id)).toEqual([]);
  });

  it('validates every row of a whole table and saves none of them when one is bad', async () => {
    const p = await createProduct(staff, { stock_ids: [silk.id] });
    await setMargins(staff, p.id, silk.id, [[100, 50]]);
    const res = await putAsRead(staff, `/api/admin/products/${p.id}/stock/${silk.id}/margins`, {
      rows: [
        { qty: 250, margin: 40 },
        { qty: 0, margin: 30 },
        { qty: 1000, margin: 1200 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ 'rows.1.qty': expect.any(String), 'rows.2.margin': expect.any(String) });
    expect((await listPair(p.id, silk.id)).map((r) => r.qty)).toEqual([100]);
  });
});

describe('/api/admin/margins: staff only', () => {
  it('answers 403 to customers', async () => {
    const customer = new ApiClient(t.app);
    await registerAs(customer);
    expect((await customer.get('/api/admin/margins')).statusCode).toBe(403);
    expect((await customer.put(`/api/admin/products/${cards.id}/stock/${silk.id}/margins`, { rows: [] })).statusCode).toBe(403);
  });
});
