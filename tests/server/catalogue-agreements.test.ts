import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { createProduct, createStock, ok, putAsRead, staffClient, type ProductRec } from './helpers/catalogue';

let t: TestApp;
let staff: ApiClient;
let cards: ProductRec;
let flyers: ProductRec;
let agencyOnly: ProductRec;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  const silk = await createStock(staff);
  cards = await createProduct(staff, { name: 'Cards', stock_ids: [silk.id] });
  flyers = await createProduct(staff, { name: 'Flyers', stock_ids: [silk.id] });
  agencyOnly = await createProduct(staff, { name: 'Agency only', restricted: true });
});
afterAll(() => t.close());

async function newCustomer(): Promise<{ client: ApiClient; id: number }> {
  const client = new ApiClient(t.app);
  await registerAs(client);
  return { client, id: ok<{ id: number }>(await client.get('/api/user')).id };
}
const pricesOf = async (userId: number) =>
  ok<Array<{ id: number; product_id: number; discount: number }>>(
    await staff.get(`/api/admin/user-prices?filter=${encodeURIComponent(JSON.stringify({ user_id: userId }))}`),
  );

describe("/api/admin/user-prices: a customer's discounts", () => {
  it('creates, lists by user, reads, updates and deletes', async () => {
    const { id } = await newCustomer();
    const a = ok(await staff.post('/api/admin/user-prices', { user_id: id, product_id: cards.id, discount: 10 }), 201);
    expect(a).toEqual({ id: expect.any(Number), user_id: id, product_id: cards.id, discount: 10, version: 1 });
    const b = ok(await staff.post('/api/admin/user-prices', { user_id: id, product_id: flyers.id, discount: '12.5' }), 201);
    const list = await staff.get(`/api/admin/user-prices?filter=${encodeURIComponent(JSON.stringify({ user_id: id }))}&sort=["id","ASC"]&range=[0,9]`);
    expect(list.json()).toEqual([a, b]);
    expect(list.headers['content-range']).toBe('user-prices 0-1/2');
    expect(ok(await staff.get(`/api/admin/user-prices/${a.id}`))).toEqual(a);
    // user_id is read-only on PUT: ignored.
    expect(ok(await putAsRead(staff, `/api/admin/user-prices/${a.id}`, { ...a, user_id: 1, discount: 15 }))).toEqual({ ...a, discount: 15, version: 2 });
    const del = await staff.delete(`/api/admin/user-prices/${b.id}`);
    expect(del.json()).toEqual(b);
    expect(await pricesOf(id)).toEqual([{ ...a, discount: 15, version: 2 }]);
  });

  it.each([
    ['a discount below 0', { discount: -1 }, 'discount'],
    ['a discount above 100', { discount: 100.5 }, 'discount'],
    ['a discount that is not a number', { discount: 'half' }, 'discount'],
    ['an unknown product', { product_id: 999999 }, 'product_id'],
    ['an unknown customer', { user_id: 999999 }, 'user_id'],
  ])('refuses %s with a 422, nothing saved', async (_what, change, field) => {
    const { id } = await newCustomer();
    const res = await staff.post('/api/admin/user-prices', { user_id: id, product_id: cards.id, discount: 10, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeTruthy();
    expect(await pricesOf(id)).toEqual([]);
  });

  it('accepts 0 % and 100 %, and refuses a second discount on the same product', async () => {
    const { id } = await newCustomer();
    const zero = ok<{ id: number }>(await staff.post('/api/admin/user-prices', { user_id: id, product_id: cards.id, discount: 0 }), 201);
    ok(await staff.post('/api/admin/user-prices', { user_id: id, product_id: flyers.id, discount: 100 }), 201);
    const twice = await staff.post('/api/admin/user-prices', { user_id: id, product_id: cards.id, discount: 5 });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.product_id).toMatch(/already/);
    const moved = await putAsRead(staff, `/api/admin/user-prices/${zero.id}`, { product_id: flyers.id });
    expect(moved.statusCode).toBe(422);
    expect(await pricesOf(id)).toHaveLength(2);
  });
});

describe('/api/admin/user-products: the restricted products a customer may order', () => {
  it("reads and replaces product_ids on a record whose id is the user's", async () => {
    const { id } = await newCustomer();
    expect(ok(await staff.get(`/api/admin/user-products/${id}`))).toEqual({ id, product_ids: [], version: 1 });
    expect(ok(await putAsRead(staff, `/api/admin/user-products/${id}`, { id, product_ids: [agencyOnly.id] }))).toEqual({
      id,
      product_ids: [agencyOnly.id],
      version: 2,
    });
    const many = await staff.get(`/api/admin/user-products?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`);
    expect(many.json()).toEqual([{ id, product_ids: [agencyOnly.id], version: 2 }]);
    expect(many.headers['content-range']).toBe('user-products 0-0/1');
    expect(ok(await putAsRead(staff, `/api/admin/user-products/${id}`, { product_ids: [] }))).toEqual({ id, product_ids: [], version: 3 });
  });

  it('refuses unknown and repeated products (422) and unknown users (404)', async () => {
    const { id } = await newCustomer();
    const unknown = await putAsRead(staff, `/api/admin/user-products/${id}`, { product_ids: [999999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.product_ids).toMatch(/Unknown product/);
    const twice = await putAsRead(staff, `/api/admin/user-products/${id}`, { product_ids: [agencyOnly.id, agencyOnly.id] });
    expect(twice.statusCode).toBe(422);
    expect(ok(await staff.get(`/api/admin/user-products/${id}`))).toEqual({ id, product_ids: [], version: 1 });
    expect((await staff.get('/api/admin/user-products/999999')).statusCode).toBe(404);
    expect((await putAsRead(staff, '/api/admin/user-products/999999', { product_ids: [] })).statusCode).toBe(404);
  });
});

describe('customer terms are staff business', () => {
  it('answers 403 to a customer, even about their own agreement', async () => {
    const { client, id } = await newCustomer();
    const mine = ok<{ id: number }>(await staff.post('/api/admin/user-prices', { user_id: id, product_id: cards.id, discount: 10 }), 201);
    expect((await client.get(`/api/admin/user-prices/${mine.id}`)).statusCode).toBe(403);
    expect((await client.get(`/api/admin/user-prices?filter=${encodeURIComponent(JSON.stringify({ user_id: id }))}`)).statusCode).toBe(403);
    expect((await client.put(`/api/admin/user-products/${id}`, { product_ids: [agencyOnly.id] })).statusCode).toBe(403);
    expect((await client.post('/api/admin/user-prices', { user_id: id, product_id: flyers.id, discount: 100 })).statusCode).toBe(403);
  });
});
