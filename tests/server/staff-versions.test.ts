import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleRecordMessage } from '../../src/shared/api/common';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { createProduct, createStock, ok, staffClient } from './helpers/catalogue';

/**
 * No lost updates in the staff area: every staff record carries the version it was read at, and a
 * write at an older version is refused (409) instead of silently undoing a colleague's change.
 * Two staff members, Ann and Bob, both open the same record; Ann saves first.
 */
let t: TestApp;
let ann: ApiClient;
let bob: ApiClient;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  ann = await staffClient(t);
  bob = await staffClient(t);
  const customer = new ApiClient(t.app);
  await registerAs(customer);
  customerId = (await customer.get('/api/user')).json().id;
});
afterAll(() => t.close());

type Rec = { id: number; version: number } & Record<string, unknown>;

interface StaffResource {
  /** The path under /api/admin. */
  name: string;
  /** The noun its 409 names. */
  noun: string;
  /** A record to edit, made (or found) by Ann. */
  make(): Promise<Rec>;
  /** Ann's change and Bob's, to the same record as each read it; `field` shows whose is kept. */
  field: string;
  first: Record<string, unknown>;
  second: Record<string, unknown>;
  deletable: boolean;
}

let n = 0;
const RESOURCES: StaffResource[] = [
  {
    name: 'stock',
    noun: 'stock',
    make: async () => ({ ...(await createStock(ann)) }),
    field: 'name',
    first: { name: 'Ann’s silk' },
    second: { name: 'Bob’s silk' },
    deletable: true,
  },
  {
    name: 'products',
    noun: 'product',
    make: async () => ({ ...(await createProduct(ann)) }),
    field: 'name',
    first: { name: 'Ann’s cards' },
    second: { name: 'Bob’s cards' },
    deletable: true,
  },
  {
    name: 'margins',
    noun: 'margin',
    make: async () => {
      const stock = await createStock(ann);
      const product = await createProduct(ann, { stock_ids: [stock.id] });
      return ok<Rec>(await ann.post('/api/admin/margins', { product_id: product.id, stock_id: stock.id, qty: 250, margin: 80 }), 201);
    },
    field: 'margin',
    first: { margin: 90 },
    second: { margin: 70 },
    deletable: true,
  },
  {
    name: 'option-groups',
    noun: 'option group',
    make: async () =>
      ok<Rec>(await ann.post('/api/admin/option-groups', { product_id: (await createProduct(ann)).id, name: 'Lamination', required: true }), 201),
    field: 'name',
    first: { name: 'Lamination (Ann)' },
    second: { name: 'Lamination (Bob)' },
    deletable: true,
  },
  {
    name: 'options',
    noun: 'option',
    make: async () => {
      const group = ok<Rec>(await ann.post('/api/admin/option-groups', { product_id: (await createProduct(ann)).id, name: 'Corners' }), 201);
      return ok<Rec>(await ann.post('/api/admin/options', { option_group_id: group.id, name: 'Rounded', sheet_cost: '0.06', setup_cost: 800 }), 201);
    },
    field: 'setup_cost',
    first: { setup_cost: 900 },
    second: { setup_cost: 700 },
    deletable: true,
  },
  {
    name: 'turnarounds',
    noun: 'turnaround',
    make: async () =>
      ok<Rec>(
        await ann.post('/api/admin/turnarounds', { product_id: (await createProduct(ann)).id, name: 'Express', production_days: 1, price_percent: 35 }),
        201,
      ),
    field: 'price_percent',
    first: { price_percent: 40 },
    second: { price_percent: 30 },
    deletable: true,
  },
  {
    name: 'user-prices',
    noun: 'discount',
    make: async () => ok<Rec>(await ann.post('/api/admin/user-prices', { user_id: customerId, product_id: (await createProduct(ann)).id, discount: 5 }), 201),
    field: 'discount',
    first: { discount: 10 },
    second: { discount: 2.5 },
    deletable: true,
  },
  {
    name: 'user-products',
    noun: "customer's list of products",
    make: async () => ok<Rec>(await ann.get(`/api/admin/user-products/${customerId}`)),
    field: 'product_ids',
    first: { product_ids: [] },
    second: { product_ids: [] },
    deletable: false,
  },
  {
    name: 'delivery-types',
    noun: 'delivery type',
    make: async () =>
      ok<Rec>(await ann.post('/api/admin/delivery-types', { code: `VER${++n}`, name: `Versioned ${n}`, carrier: 'courier', transit_days: 1 }), 201),
    field: 'transit_days',
    first: { transit_days: 2 },
    second: { transit_days: 5 },
    deletable: true,
  },
  {
    name: 'delivery-prices',
    noun: 'weight band',
    make: async () => {
      const type = ok<Rec>(await ann.post('/api/admin/delivery-types', { code: `BND${++n}`, name: `Banded ${n}`, carrier: 'courier', transit_days: 1 }), 201);
      return ok<Rec>(await ann.post('/api/admin/delivery-prices', { delivery_type_id: type.id, weight_upto: 1000, price: 450 }), 201);
    },
    field: 'price',
    first: { price: 500 },
    second: { price: 399 },
    deletable: true,
  },
  {
    name: 'closed-days',
    noun: 'closed day',
    make: async () => ok<Rec>(await ann.post('/api/admin/closed-days', { date: `2040-08-${String(++n).padStart(2, '0')}`, name: 'Stocktake' }), 201),
    field: 'name',
    first: { name: 'Stocktake (Ann)' },
    second: { name: 'Stocktake (Bob)' },
    deletable: true,
  },
  {
    name: 'countries',
    noun: 'country',
    make: async () => ok<Rec[]>(await ann.get(`/api/admin/countries?filter=${encodeURIComponent('{"code":"FR"}')}`))[0],
    field: 'name',
    first: { name: 'France (Ann)' },
    second: { name: 'France (Bob)' },
    deletable: false,
  },
  {
    name: 'settings',
    noun: 'setting',
    make: async () => ok<Rec[]>(await ann.get(`/api/admin/settings?filter=${encodeURIComponent('{"name":"STATUS_TEXT"}')}`))[0],
    field: 'value',
    first: { value: 'Ann: closed on Friday' },
    second: { value: 'Bob: open as usual' },
    deletable: false,
  },
  {
    name: 'users',
    noun: 'user',
    make: async () => {
      const [gb] = ok<Rec[]>(await ann.get(`/api/admin/countries?filter=${encodeURIComponent('{"code":"GB"}')}`));
      const email = `versioned${++n}-${process.pid}@example.test`;
      const body = {
        firstname: 'Vera',
        lastname: 'Sion',
        company_name: 'Versions Ltd',
        email,
        address1: '1 Lane',
        town: 'Leeds',
        postcode: 'LS1 1AA',
        country_id: gb.id,
        role: 'trade',
      };
      return ok<Rec>(await ann.post('/api/admin/users', body), 201);
    },
    field: 'telephone',
    first: { telephone: '0113 496 0000' },
    second: { telephone: '0113 496 0999' },
    deletable: true,
  },
];

describe.each(RESOURCES)('/api/admin/$name: a write at the version it was read at', (resource) => {
  const url = (record: Rec) => `/api/admin/${resource.name}/${record.id}`;

  it('carries its version in every answer, and a fresh write succeeds and adds one to it', async () => {
    const made = await resource.make();
    const read = ok<Rec>(await ann.get(url(made)));
    expect(read.version).toEqual(expect.any(Number));
    const listed = ok<Rec[]>(await ann.get(`/api/admin/${resource.name}?filter=${encodeURIComponent(JSON.stringify({ id: [made.id] }))}`));
    expect(listed[0].version).toBe(read.version);

    const saved = ok<Rec>(await ann.put(url(read), { ...resource.first, version: read.version }));
    expect(saved).toMatchObject({ ...resource.first, version: read.version + 1 });
  });

  it('refuses a stale write with 409 and keeps the change it would have undone', async () => {
    const made = await resource.make();
    const annRead = ok<Rec>(await ann.get(url(made)));
    const bobRead = ok<Rec>(await bob.get(url(made)));
    ok(await ann.put(url(annRead), { ...resource.first, version: annRead.version }));

    const stale = await bob.put(url(bobRead), { ...resource.second, version: bobRead.version });
    expect(stale.statusCode).toBe(409);
    const message = staleRecordMessage(resource.noun);
    expect(stale.json()).toEqual({ message, errors: { version: message } });
    expect(message).toMatch(/^Someone else changed this .+ since you opened it\./);
    expect(ok<Rec>(await bob.get(url(made)))).toMatchObject({ ...resource.first, version: annRead.version + 1 });

    // Bob reloads: at the version he now reads, his change goes through.
    const reread = ok<Rec>(await bob.get(url(made)));
    expect(ok<Rec>(await bob.put(url(reread), { ...resource.second, version: reread.version }))).toMatchObject({
      ...resource.second,
      version: reread.version + 1,
    });
  });

  it('refuses a write that names no version (422 on version)', async () => {
    const made = await resource.make();
    const res = await ann.put(url(made), resource.first);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ version: 'The version is required' });
  });
});

describe.each(RESOURCES.filter((r) => r.deletable))('/api/admin/$name: a delete at the version it was read at', (resource) => {
  const url = (record: Rec) => `/api/admin/${resource.name}/${record.id}`;

  it('refuses a delete at a stale version (409), deletes at the current one', async () => {
    const made = await resource.make();
    const bobRead = ok<Rec>(await bob.get(url(made)));
    const annRead = ok<Rec>(await ann.get(url(made)));
    ok(await ann.put(url(annRead), { ...resource.first, version: annRead.version }));

    const stale = await bob.delete(`${url(made)}?version=${bobRead.version}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(staleRecordMessage(resource.noun, 'delete'));
    expect((await bob.get(url(made))).statusCode).toBe(200);

    const current = ok<Rec>(await bob.get(url(made)));
    expect(ok<Rec>(await bob.delete(`${url(made)}?version=${current.version}`))).toMatchObject({ id: made.id, ...resource.first });
    expect((await bob.get(url(made))).statusCode).toBe(404);
  });
});

describe('the margins page: a product and stock pair saved whole at its version', () => {
  it('refuses a stale save (409); any change to one of its breaks makes the page stale too', async () => {
    const stock = await createStock(ann);
    const product = await createProduct(ann, { stock_ids: [stock.id] });
    const path = `/api/admin/products/${product.id}/stock/${stock.id}/margins`;
    const annRead = ok<{ version: number }>(await ann.get(path));
    const bobRead = ok<{ version: number }>(await bob.get(path));

    ok(await ann.put(path, { rows: [{ qty: 100, margin: 50 }], version: annRead.version }));
    const stale = await bob.put(path, { rows: [{ qty: 500, margin: 40 }], version: bobRead.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(staleRecordMessage('table of margins'));
    const now = ok<{ version: number; margins: Array<{ id: number; qty: number; version: number }> }>(await bob.get(path));
    expect(now.margins.map((m) => m.qty)).toEqual([100]);
    expect(now.version).toBe(annRead.version + 1);

    // One break changed through the margins resource: the pair's table is a new version.
    const [brk] = now.margins;
    ok(await ann.put(`/api/admin/margins/${brk.id}`, { margin: 55, version: brk.version }));
    expect((await bob.put(path, { rows: [{ qty: 500, margin: 40 }], version: now.version })).statusCode).toBe(409);

    const fresh = ok<{ version: number }>(await bob.get(path));
    expect(ok<Array<{ qty: number }>>(await bob.put(path, { rows: [{ qty: 500, margin: 40 }], version: fresh.version })).map((m) => m.qty)).toEqual([500]);
    expect((await bob.put(path, { rows: [] })).json().errors).toEqual({ version: 'The version is required' });
  });
});

describe('writes outside the staff forms also make an open form stale', () => {
  it('a customer updating their own profile, or a reorder moving a stock', async () => {
    const customer = new ApiClient(t.app);
    const body = await registerAs(customer);
    const me = (await customer.get('/api/user')).json();
    const staffRead = ok<Rec>(await ann.get(`/api/admin/users/${me.id}`));
    const profile = { ...body, telephone: '0113 496 0123' };
    delete (profile as Record<string, unknown>).password;
    delete (profile as Record<string, unknown>).password_confirmation;
    expect((await customer.request('PATCH', '/api/user', profile)).statusCode).toBe(200);
    expect((await ann.put(`/api/admin/users/${me.id}`, { company_name: 'Staff guess Ltd', version: staffRead.version })).statusCode).toBe(409);

    const a = await createStock(ann);
    const b = await createStock(ann);
    const aRead = ok<Rec>(await ann.get(`/api/admin/stock/${a.id}`));
    ok(await ann.post('/api/admin/stock/reorder', { ids: [b.id, a.id] }));
    expect((await ann.put(`/api/admin/stock/${a.id}`, { name: 'Moved meanwhile', version: aRead.version })).statusCode).toBe(409);
  });

  it('a logo upload or removal makes the staff form of the user stale', async () => {
    const customer = new ApiClient(t.app);
    await registerAs(customer);
    const me = (await customer.get('/api/user')).json();
    const read = ok<Rec>(await ann.get(`/api/admin/users/${me.id}`));
    ok(await ann.delete(`/api/admin/users/${me.id}/logo`));
    expect((await ann.put(`/api/admin/users/${me.id}`, { company_name: 'Stale Ltd', version: read.version })).statusCode).toBe(409);
  });
});

// PGlite is one connection (its queries queue); two writes truly at once need PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two saves at the same version at the same moment (PostgreSQL)', () => {
  it('exactly one goes through; the other is refused, never both applied', async () => {
    for (let round = 0; round < 5; round++) {
      const made = await createStock(ann);
      const answers = await Promise.all(
        [ann, bob].map((who, i) => who.put(`/api/admin/stock/${made.id}`, { name: `Racer ${round}-${i}`, version: made.version })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.json() as Rec;
      expect(ok<Rec>(await ann.get(`/api/admin/stock/${made.id}`))).toMatchObject({ name: winner.name, version: made.version + 1 });
    }
  });
});
