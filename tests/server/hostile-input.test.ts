import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs, registration, ukCountryId } from './helpers/client';
import { createProduct, createStock, ok, putAsRead, staffClient } from './helpers/catalogue';

/**
 * Hostile but well-formed input answers 4xx naming what is wrong
 * (never a 500 from the database), and a PUT that leaves a key out leaves its value alone.
 */
let t: TestApp;
let staff: ApiClient;
let customer: ApiClient;
let customerId: number;
let gb: number;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  customer = new ApiClient(t.app);
  await registerAs(customer);
  customerId = ok<{ id: number }>(await customer.get('/api/user')).id;
  gb = await ukCountryId(customer);
});
afterAll(() => t.close());

const q = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
const list = (resource: string, params: Record<string, unknown>) => staff.get(`/api/admin/${resource}?${q(params)}`);

describe('NUL characters', () => {
  const NUL = 'Jo\u0000hn';

  it('refuses a NUL in any text field of a body with 422 naming the field', async () => {
    const visitor = new ApiClient(t.app);
    const reg = await visitor.post('/api/register', registration({ firstname: NUL }, gb));
    expect(reg.statusCode).toBe(422);
    expect(reg.json().errors.firstname).toMatch(/not allowed|NUL/i);

    const profile = await customer.patch('/api/user', { ...registration({}, gb), password: undefined, password_confirmation: undefined, town: NUL });
    expect(profile.statusCode).toBe(422);
    expect(Object.keys(profile.json().errors)).toEqual(['town']);

    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/api/admin/stock', { name: NUL, sheet_cost: '0.01', single_cost: '0.01', double_cost: '0.01' }, 'name'],
      ['POST', '/api/admin/products', { name: 'P', description: NUL, multiplier: 1, weight: 1 }, 'description'],
      [
        'POST',
        '/api/admin/users',
        { ...registration({}, gb), password: undefined, password_confirmation: undefined, company_name: NUL, role: 'user' },
        'company_name',
      ],
      ['PUT', `/api/admin/users/${customerId}`, { county: NUL }, 'county'],
      ['PUT', '/api/admin/settings/1', { description: NUL }, 'description'],
      ['PUT', `/api/admin/countries/${gb}`, { name: NUL }, 'name'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await staff.request(method as 'POST', url, body);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 422 });
      expect(res.json().errors[field]).toBeTruthy();
    }
    const value = await staff.put('/api/admin/settings/1', { value: `a${'\u0000'}b` });
    expect(value.statusCode).toBe(422);
  });

  it('refuses a NUL in filter.q and in text filters', async () => {
    for (const resource of ['users', 'countries', 'settings', 'stock', 'products']) {
      const res = await list(resource, { filter: { q: NUL } });
      expect({ resource, status: res.statusCode }).toEqual({ resource, status: 422 });
      expect(res.json().errors['filter.q']).toBeTruthy();
    }
    const email = await list('users', { filter: { email: NUL } });
    expect(email.statusCode).toBe(422);
  });
});

describe('integers within int4', () => {
  it('refuses body ids beyond 2^31 - 1 with 422', async () => {
    const visitor = new ApiClient(t.app);
    const reg = await visitor.post('/api/register', registration({ country_id: 2147483648 }, gb));
    expect(reg.statusCode).toBe(422);
    expect(reg.json().errors.country_id).toBeTruthy();
    const staffSide = await staff.put(`/api/admin/users/${customerId}`, { country_id: 99999999999 });
    expect(staffSide.statusCode).toBe(422);
    expect(staffSide.json().errors.country_id).toBeTruthy();
  });

  it('refuses filter values beyond int4 (equality, lists and _gte / _lte)', async () => {
    for (const filter of [{ id: 99999999999 }, { id: [1, 2147483648] }, { id_gte: -2147483649 }, { id_lte: 1e20 }, { country_id: '99999999999' }]) {
      const res = await list('users', { filter });
      expect({ filter, status: res.statusCode }).toEqual({ filter, status: 422 });
    }
    const edge = await list('users', { filter: { id_lte: 2147483647, id_gte: -2147483648 } });
    expect(edge.statusCode).toBe(200);
  });
});

describe('date filters', () => {
  it('filter={"created_at":"YYYY-MM-DD"} answers the records of that day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await list('users', { filter: { created_at: today } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ id: number }>).map((u) => u.id)).toContain(customerId);
    const never = await list('users', { filter: { created_at: '2001-01-01' } });
    expect(never.statusCode).toBe(200);
    expect(never.json()).toEqual([]);
    const several = await list('users', { filter: { created_at: ['2001-01-01', today] } });
    expect(several.statusCode).toBe(200);
    expect((several.json() as Array<{ id: number }>).map((u) => u.id)).toContain(customerId);
  });

  it('far-off bounds answer everything or nothing, never a 500', async () => {
    const all = await list('users', { filter: {} });
    const total = (all.json() as unknown[]).length;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ created_at_lte: '9999-12-31' }, total],
      [{ created_at_gte: '0000-01-01' }, total],
      [{ created_at_lte: '0000-01-01' }, 0],
      [{ created_at_gte: '9999-12-31' }, 0],
      [{ created_at_lte: '9999-12-31T23:59:59.999-12:00' }, total],
      [{ created_at: '9999-12-31' }, 0],
      [{ created_at: '0000-01-01' }, 0],
    ];
    for (const [filter, count] of cases) {
      const res = await list('users', { filter });
      expect({ filter, status: res.statusCode }).toEqual({ filter, status: 200 });
      expect({ filter, count: (res.json() as unknown[]).length }).toEqual({ filter, count });
    }
    const settings = await list('settings', { filter: { updated_at_lte: '9999-12-31', updated_at: '2025-01-01' } });
    expect(settings.statusCode).toBe(200);
  });

  it('refuses dates that do not exist with 422', async () => {
    for (const created_at of ['2025-02-30', '2025-13-01', '10000-01-01', '2025-01-01T25:00:00Z']) {
      const res = await list('users', { filter: { created_at } });
      expect({ created_at, status: res.statusCode }).toEqual({ created_at, status: 422 });
    }
  });
});

describe('filter keys are own properties only', () => {
  it('answers 422 "Unknown filter" for keys that name Object.prototype members', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'constructor_gte', 'toString_lte', '__defineGetter__']) {
      const res = await staff.get(`/api/admin/users?filter=${encodeURIComponent(`{"${key}":1}`)}`);
      expect({ key, status: res.statusCode }).toEqual({ key, status: 422 });
      expect(res.json().errors[`filter.${key}`]).toBe('Unknown filter');
    }
    const sort = await list('users', { sort: ['constructor', 'ASC'] });
    expect(sort.statusCode).toBe(422);
  });
});

describe('an id is digits only', () => {
  it('refuses 1e0, 0x1, " 1", "+1", "1.0" as a record id in the path', async () => {
    const silk = await createStock(staff);
    expect((await staff.get(`/api/admin/stock/${silk.id}`)).statusCode).toBe(200);
    const product = await createProduct(staff, { stock_ids: [silk.id] });
    for (const id of ['1e0', '0x1', '%201', '+1', '1.0', '-1', '0', '2147483648', '99999999999999999999', '1%00']) {
      for (const url of [
        `/api/admin/users/${id}`,
        `/api/admin/stock/${id}`,
        `/api/admin/settings/${id}`,
        `/api/admin/countries/${id}`,
        `/api/admin/products/${id}/stock/${silk.id}/margins`,
        `/api/admin/products/${product.id}/stock/${id}/margins`,
      ]) {
        const res = await staff.get(url);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 422 });
      }
    }
    const logo = await staff.delete('/api/admin/users/0x1/logo');
    expect(logo.statusCode).toBe(422);
  });

  it('refuses id strings that are not digits in filters and bodies', async () => {
    for (const id of ['1e0', '0x1', ' 1', '1 ', '+1', '1.0']) {
      const res = await list('users', { filter: { id } });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 422 });
      const many = await list('users', { filter: { id: [id] } });
      expect({ id, status: many.statusCode }).toEqual({ id, status: 422 });
      const body = await putAsRead(staff, `/api/admin/users/${customerId}`, { country_id: id });
      expect({ id, status: body.statusCode }).toEqual({ id, status: 422 });
    }
    // Digit strings are ids (react-admin may send them so).
    expect((await list('users', { filter: { id: [String(customerId)] } })).statusCode).toBe(200);
    expect((await putAsRead(staff, `/api/admin/users/${customerId}`, { country_id: String(gb) })).statusCode).toBe(200);
  });
});

describe('a PUT that leaves product_ids out', () => {
  it('PUT /api/admin/user-products/{id} with {} leaves the restricted products unchanged', async () => {
    const restricted = await createProduct(staff, { restricted: true });
    const path = `/api/admin/user-products/${customerId}`;
    const set = ok<{ product_ids: number[] }>(await putAsRead(staff, path, { product_ids: [restricted.id] }));
    expect(set.product_ids).toEqual([restricted.id]);
    // A body with nothing but the version read: the links stay (each write still adds one to the version).
    const unchanged = ok(await putAsRead(staff, path, {}));
    expect(unchanged).toMatchObject({ id: customerId, product_ids: [restricted.id] });
    const withId = ok(await putAsRead(staff, path, { id: customerId }));
    expect(withId).toMatchObject({ id: customerId, product_ids: [restricted.id] });
    expect(ok(await staff.get(path))).toMatchObject({ id: customerId, product_ids: [restricted.id] });
    // An explicit empty list still clears them.
    expect(ok(await putAsRead(staff, path, { product_ids: [] }))).toMatchObject({ id: customerId, product_ids: [] });
  });
});

describe('unknown keys in strict bodies', () => {
  it('POST /api/password/reset with an extra key answers 422 naming that key', async () => {
    const visitor = new ApiClient(t.app);
    const res = await visitor.post('/api/password/reset', {
      token: 'x'.repeat(40),
      password: 'a new password 1',
      password_confirmation: 'a new password 1',
      email: 'someone@example.test',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.errors.email).toMatch(/not allowed/i);
    expect(body.errors._).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/must be a JSON object/);
  });

  it('names every unknown key (login, profile), and still says so when the body is not an object', async () => {
    const visitor = new ApiClient(t.app);
    const login = await visitor.post('/api/login', { email: 'a@example.test', password: 'x', admin: true, role: 'admin' });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors).toMatchObject({ admin: expect.stringMatching(/not allowed/i), role: expect.stringMatching(/not allowed/i) });
    const notObject = await visitor.request('POST', '/api/login', '[1,2]', { headers: { 'content-type': 'application/json' } });
    expect(notObject.statusCode).toBe(422);
    expect(notObject.json().errors._).toBe('The request body must be a JSON object.');
  });
});

describe('multipart bodies outside the upload routes', () => {
  it('are judged by the route (its schema, its guard), not refused as an unknown content type', async () => {
    const multipart = { headers: { 'content-type': 'multipart/form-data; boundary=X' } };
    const body = '--X\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test\r\n--X--\r\n';
    const visitor = new ApiClient(t.app);
    const login = await visitor.request('POST', '/api/login', body, multipart);
    expect(login.statusCode).toBe(422);
    expect(login.json().errors._).toMatch(/JSON object/);
    const profile = await customer.request('PATCH', '/api/user', body, multipart);
    expect(profile.statusCode).toBe(422);
    expect((await visitor.request('POST', '/api/logout', body, multipart)).statusCode).toBe(204);
  });
});
