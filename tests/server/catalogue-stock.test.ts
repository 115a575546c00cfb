import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { createProduct, createStock, ok, putAsRead, staffClient, type StockRec } from './helpers/catalogue';

let t: TestApp;
let staff: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
});
afterAll(() => t.close());

const count = async () => Number(/\/(\d+)$/.exec(String((await staff.get('/api/admin/stock?range=[0,0]')).headers['content-range']))![1]);

describe('/api/admin/stock: the ra-data-simple-rest protocol', () => {
  it('creates a stock, normalising costs to four decimal places', async () => {
    const res = await staff.post('/api/admin/stock', { name: '350gsm Silk', type: 'Silk', sheet_cost: '0.045', single_cost: 0.03, double_cost: '0.0550' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: '350gsm Silk',
      type: 'Silk',
      sheet_cost: '0.0450',
      single_cost: '0.0300',
      double_cost: '0.0550',
      sort_order: expect.any(Number),
      active: true,
      product_count: 0,
      version: 1,
    });
  });

  it('lists with Content-Range, sort, range, filter by ids and free-text search', async () => {
    const a = await createStock(staff, { name: 'Alpha 130gsm Uncoated', type: 'Uncoated' });
    const b = await createStock(staff, { name: 'Beta 170gsm Gloss', type: 'Gloss' });
    const all = await staff.get('/api/admin/stock?sort=["name","ASC"]&range=[0,24]&filter={}');
    expect(all.statusCode).toBe(200);
    const total = all.json().length;
    expect(all.headers['content-range']).toBe(`stock 0-${total - 1}/${total}`);
    const names = all.json().map((s: StockRec) => s.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'en', { sensitivity: 'base' }) || 0));

    const one = await staff.get('/api/admin/stock?sort=["id","DESC"]&range=[0,0]');
    expect(one.json()).toHaveLength(1);
    expect(one.json()[0].id).toBe(b.id);
    expect(one.headers['content-range']).toBe(`stock 0-0/${total}`);

    const many = await staff.get(`/api/admin/stock?filter=${encodeURIComponent(JSON.stringify({ id: [a.id, b.id] }))}`);
    expect(
      many
        .json()
        .map((s: StockRec) => s.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());

    const found = await staff.get(`/api/admin/stock?filter=${encodeURIComponent(JSON.stringify({ q: 'gloss' }))}`);
    expect(found.json().map((s: StockRec) => s.id)).toEqual([b.id]);

    const empty = await staff.get(`/api/admin/stock?filter=${encodeURIComponent(JSON.stringify({ q: 'no such paper' }))}`);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['content-range']).toBe('stock */0');

    expect((await staff.get('/api/admin/stock?sort=["sheet_cost","ASC"]')).statusCode).toBe(422);
  });

  it('reads one, 404 for an unknown id', async () => {
    const s = await createStock(staff);
    expect(ok(await staff.get(`/api/admin/stock/${s.id}`))).toEqual(s);
    expect((await staff.get('/api/admin/stock/999999')).statusCode).toBe(404);
  });

  it('updates with PUT, ignoring id, read-only and unknown keys', async () => {
    const s = await createStock(staff);
    const res = await putAsRead(staff, `/api/admin/stock/${s.id}`, { ...s, id: 424242, product_count: 99, surprise: true, name: 'Renamed', sheet_cost: '1.5' });
    expect(res.statusCode).toBe(200);
    // The body's version is the one read (putAsRead), not the stale one of `s`; each save adds one.
    expect(res.json()).toEqual({ ...s, name: 'Renamed', sheet_cost: '1.5000', version: s.version + 1 });
    // A partial PUT changes only what it names.
    expect(ok(await putAsRead(staff, `/api/admin/stock/${s.id}`, { active: false }))).toEqual({
      ...s,
      name: 'Renamed',
      sheet_cost: '1.5000',
      active: false,
      version: s.version + 2,
    });
    expect((await putAsRead(staff, '/api/admin/stock/999999', { name: 'x' })).statusCode).toBe(404);
    // react-admin sends a cleared input as null: an optional text becomes empty, a required one is refused.
    expect(ok<StockRec & { type: string }>(await putAsRead(staff, `/api/admin/stock/${s.id}`, { type: null })).type).toBe('');
    const cleared = await putAsRead(staff, `/api/admin/stock/${s.id}`, { name: null, sheet_cost: null });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors).toEqual({ name: 'Name is required', sheet_cost: 'Sheet cost is required' });
  });

  it('deletes an unused stock, answering the deleted record', async () => {
    const s = await createStock(staff);
    const res = await staff.request('DELETE', `/api/admin/stock/${s.id}`, undefined, { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(s);
    expect((await staff.get(`/api/admin/stock/${s.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a stock a product is made on: 409 naming the product, nothing deleted', async () => {
    const s = await createStock(staff, { name: 'In use' });
    await createProduct(staff, { name: 'Square flyers', stock_ids: [s.id] });
    const res = await staff.delete(`/api/admin/stock/${s.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cannot be deleted.*Square flyers/);
    expect(ok<StockRec>(await staff.get(`/api/admin/stock/${s.id}`)).product_count).toBe(1);
  });

  it('reorders: the ids given first, in that order, the rest after', async () => {
    const x = await createStock(staff);
    const y = await createStock(staff);
    ok(await staff.post('/api/admin/stock/reorder', { ids: [y.id, x.id] }));
    const list = ok<StockRec[]>(await staff.get('/api/admin/stock?sort=["sort_order","ASC"]'));
    expect(list.slice(0, 2).map((s) => s.id)).toEqual([y.id, x.id]);
    expect(list.map((s) => s.sort_order)).toEqual(list.map((_, i) => i + 1));
    expect((await staff.post('/api/admin/stock/reorder', { ids: [x.id, x.id] })).statusCode).toBe(422);
    const unknown = await staff.post('/api/admin/stock/reorder', { ids: [999999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.ids).toMatch(/Unknown/);
  });
});

describe('/api/admin/stock: bad input is a 422 naming each field, nothing saved', () => {
  it.each([
    ['a negative cost', { sheet_cost: '-0.01' }, 'sheet_cost', /negative/],
    ['a non-numeric cost', { single_cost: 'cheap' }, 'single_cost', /number/],
    ['a cost given as a negative number', { double_cost: -1 }, 'double_cost', /negative/],
    ['a cost with five decimal places', { sheet_cost: '0.00001' }, 'sheet_cost', /4 decimal/],
    ['an absurd cost', { sheet_cost: '99999999' }, 'sheet_cost', /At most/],
    ['a missing name', { name: '  ' }, 'name', /required/],
    ['an active flag that is not a boolean', { active: 'yes' }, 'active', /yes or no/],
  ])('%s', async (_what, change, field, message) => {
    const before = await count();
    const res = await staff.post('/api/admin/stock', { name: 'Bad', type: '', sheet_cost: '0.01', single_cost: '0.01', double_cost: '0.01', ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('names every bad field at once, and PUT validates the same way', async () => {
    const res = await staff.post('/api/admin/stock', { name: '', sheet_cost: '-1', single_cost: 'x' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['double_cost', 'name', 'sheet_cost', 'single_cost']);
    const s = await createStock(staff);
    const put = await putAsRead(staff, `/api/admin/stock/${s.id}`, { sheet_cost: '-2' });
    expect(put.statusCode).toBe(422);
    expect(ok(await staff.get(`/api/admin/stock/${s.id}`))).toEqual(s);
  });
});

describe('/api/admin/stock: staff only', () => {
  it('answers 401 to visitors and 403 to customers, for reads and writes', async () => {
    const visitor = new ApiClient(t.app);
    expect((await visitor.get('/api/admin/stock')).statusCode).toBe(401);
    const customer = new ApiClient(t.app);
    await registerAs(customer);
    expect((await customer.get('/api/admin/stock')).statusCode).toBe(403);
    expect((await customer.post('/api/admin/stock', { name: 'x' })).statusCode).toBe(403);
    expect((await customer.post('/api/admin/stock/reorder', { ids: [1] })).statusCode).toBe(403);
    expect((await customer.delete('/api/admin/stock/1')).statusCode).toBe(403);
  });
});
