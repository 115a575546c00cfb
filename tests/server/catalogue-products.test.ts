import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { createProduct, createStock, ok, putAsRead, setMargins, staffClient, type ProductRec, type StockRec } from './helpers/catalogue';

let t: TestApp;
let staff: ApiClient;
let silk: StockRec;
let matt: StockRec;
beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  silk = await createStock(staff, { name: '350gsm Silk' });
  matt = await createStock(staff, { name: '400gsm Matt' });
});
afterAll(() => t.close());

const total = async () => Number(/\/(\d+)$/.exec(String((await staff.get('/api/admin/products?range=[0,0]')).headers['content-range']))![1]);
const margins = async (productId: number, stockId: number) =>
  ok<unknown[]>(await staff.get(`/api/admin/margins?filter=${encodeURIComponent(JSON.stringify({ product_id: productId, stock_id: stockId }))}`));

describe('/api/admin/products: the protocol', () => {
  it('creates a product with its stocks as stock_ids', async () => {
    const res = await staff.post('/api/admin/products', {
      name: 'Business cards 85×55',
      description: 'Standard UK size',
      multiplier: '24',
      weight: '1.637',
      large_item: false,
      restricted: false,
      stock_ids: [matt.id, silk.id],
      trim_width_mm: 85,
      trim_height_mm: '55',
      production_days: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Business cards 85×55',
      description: 'Standard UK size',
      multiplier: 24,
      weight: 1.637,
      large_item: false,
      restricted: false,
      sort_order: expect.any(Number),
      active: true,
      // in the printer's stock order
      stock_ids: [silk.id, matt.id],
      trim_width_mm: 85,
      trim_height_mm: 55,
      bleed_mm: 3, // the default
      production_days: 3,
      proof_required: false, // the default
      version: 1,
    });
    expect(ok(await staff.get(`/api/admin/products/${res.json().id}`))).toEqual(res.json());
    expect(ok<StockRec>(await staff.get(`/api/admin/stock/${silk.id}`)).product_count).toBeGreaterThanOrEqual(1);
  });

  it('lists with Content-Range, filters (restricted, ids, q) and sorts', async () => {
    const r = await createProduct(staff, { name: 'Agency folded leaflet', restricted: true });
    const p = await createProduct(staff, { name: 'Plain postcard' });
    const restricted = await staff.get(`/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ restricted: true }))}&range=[0,9]`);
    expect(restricted.json().map((x: ProductRec) => x.id)).toEqual([r.id]);
    expect(restricted.headers['content-range']).toBe('products 0-0/1');
    const many = await staff.get(`/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ id: [p.id, r.id] }))}`);
    expect(many.json()).toHaveLength(2);
    const q = await staff.get(`/api/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: 'POSTCARD' }))}`);
    expect(q.json().map((x: ProductRec) => x.id)).toEqual([p.id]);
    const sorted = ok<ProductRec[]>(await staff.get('/api/admin/products?sort=["id","DESC"]&range=[0,1]'));
    expect(sorted.map((x) => x.id)).toEqual([p.id, r.id]);
  });

  it("links and unlinks stocks with PUT stock_ids; unlinking drops that pair's margins", async () => {
    const prod = await createProduct(staff, { stock_ids: [silk.id] });
    await setMargins(staff, prod.id, silk.id, [
      [100, 50],
      [250, 40],
    ]);
    const linked = ok<ProductRec>(await putAsRead(staff, `/api/admin/products/${prod.id}`, { ...prod, stock_ids: [silk.id, matt.id] }));
    expect(linked.stock_ids).toEqual([silk.id, matt.id]);
    expect(await margins(prod.id, silk.id)).toHaveLength(2);
    const unlinked = ok<ProductRec>(await putAsRead(staff, `/api/admin/products/${prod.id}`, { stock_ids: [matt.id] }));
    expect(unlinked.stock_ids).toEqual([matt.id]);
    expect(await margins(prod.id, silk.id)).toHaveLength(0);
    // A PUT without stock_ids leaves the links alone.
    expect(ok<ProductRec>(await putAsRead(staff, `/api/admin/products/${prod.id}`, { name: 'Renamed' })).stock_ids).toEqual([matt.id]);
    // A cleared description (react-admin sends null) is empty; a cleared items-per-sheet is refused.
    expect(ok<ProductRec & { description: string }>(await putAsRead(staff, `/api/admin/products/${prod.id}`, { description: null })).description).toBe('');
    expect((await putAsRead(staff, `/api/admin/products/${prod.id}`, { multiplier: null })).json().errors.multiplier).toBe('Items per sheet is required');
  });

  it('deletes a product with its links and margins, answering the deleted record', async () => {
    const prod = await createProduct(staff, { stock_ids: [silk.id] });
    await setMargins(staff, prod.id, silk.id, [[100, 50]]);
    const res = await staff.delete(`/api/admin/products/${prod.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...prod, stock_ids: [silk.id] });
    expect((await staff.get(`/api/admin/products/${prod.id}`)).statusCode).toBe(404);
    expect(await margins(prod.id, silk.id)).toHaveLength(0);
    expect((await staff.delete(`/api/admin/products/${prod.id}`)).statusCode).toBe(404);
  });

  it('reorders products', async () => {
    const a = await createProduct(staff);
    const b = await createProduct(staff);
    ok(await staff.post('/api/admin/products/reorder', { ids: [b.id, a.id] }));
    const list = ok<ProductRec[]>(await staff.get('/api/admin/products?sort=["sort_order","ASC"]&range=[0,1]'));
    expect(list.map((x) => x.id)).toEqual([b.id, a.id]);
    expect((await staff.post('/api/admin/products/reorder', { ids: [] })).statusCode).toBe(422);
  });
});

describe('/api/admin/products: bad input is a 422 naming the field, nothing saved', () => {
  it.each([
    ['items per sheet 0', () => ({ multiplier: 0 }), 'multiplier'],
    ['items per sheet not whole', () => ({ multiplier: 2.5 }), 'multiplier'],
    ['items per sheet not a number', () => ({ multiplier: 'twenty' }), 'multiplier'],
    ['a negative weight', () => ({ weight: -1 }), 'weight'],
    ['a stock linked twice', () => ({ stock_ids: [silk.id, silk.id] }), 'stock_ids'],
    ['an unknown stock', () => ({ stock_ids: [999999] }), 'stock_ids'],
    ['stock ids that are not a list', () => ({ stock_ids: 'all' }), 'stock_ids'],
    ['no name', () => ({ name: '' }), 'name'],
    ['no trim size', () => ({ trim_width_mm: undefined }), 'trim_width_mm'],
    ['a trim height of 5 mm', () => ({ trim_height_mm: 5 }), 'trim_height_mm'],
    ['a bleed of 25 mm', () => ({ bleed_mm: 25 }), 'bleed_mm'],
    ['negative production days', () => ({ production_days: -1 }), 'production_days'],
    ['production days not whole', () => ({ production_days: 1.5 }), 'production_days'],
  ] as Array<[string, () => Record<string, unknown>, string]>)('%s', async (_what, change, field) => {
    const before = await total();
    const res = await staff.post('/api/admin/products', {
      name: 'Bad product',
      multiplier: 4,
      weight: 2,
      trim_width_mm: 148,
      trim_height_mm: 210,
      production_days: 2,
      ...change(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeTruthy();
    expect(await total()).toBe(before);
  });

  it('refuses linking a stock twice on PUT too, leaving the product as it was', async () => {
    const prod = await createProduct(staff, { stock_ids: [silk.id] });
    const res = await putAsRead(staff, `/api/admin/products/${prod.id}`, { name: 'Changed', stock_ids: [matt.id, matt.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.stock_ids).toMatch(/only once/);
    const unknown = await putAsRead(staff, `/api/admin/products/${prod.id}`, { name: 'Changed', stock_ids: [999999] });
    expect(unknown.statusCode).toBe(422);
    expect(ok(await staff.get(`/api/admin/products/${prod.id}`))).toEqual(prod);
  });
});

describe('/api/admin/products: staff only', () => {
  it('answers 403 to customers', async () => {
    const customer = new ApiClient(t.app);
    await registerAs(customer);
    expect((await customer.get('/api/admin/products')).statusCode).toBe(403);
    expect((await customer.put('/api/admin/products/1', { name: 'x' })).statusCode).toBe(403);
    expect((await customer.post('/api/admin/products/reorder', { ids: [1] })).statusCode).toBe(403);
    expect((await customer.get('/api/admin/products/1/stock/1/margins')).statusCode).toBe(403);
  });
});
