import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedDays, deliveryPrices, deliveryTypes, deliveryTypesCountries, orders } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { ok, putAsRead, staffClient } from './helpers/catalogue';

/**
 * The delivery catalogue as staff keep it — /api/admin/delivery-types (with
 * country_ids and band_count), /api/admin/delivery-prices (weight bands) and /api/admin/closed-days,
 * in the ra-data-simple-rest protocol (DESIGN §3).
 */

interface TypeRec {
  id: number;
  code: string;
  name: string;
  carrier: string;
  large_item: boolean;
  transit_days: number;
  active: boolean;
  sort_order: number;
  country_ids: number[];
  band_count: number;
  order_count: number;
}
interface BandRec {
  version: number;
  id: number;
  delivery_type_id: number;
  weight_upto: number;
  price: number;
}
interface DayRec {
  id: number;
  date: string;
  name: string;
}

let t: TestApp;
let staff: ApiClient;
let customer: ApiClient;
let customerId: number;
let gb: number;
let fr: number;
let de: number;

const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const rowCount = async (table: typeof deliveryTypes | typeof deliveryPrices | typeof closedDays | typeof deliveryTypesCountries) =>
  (await t.database.db.select({ n: count() }).from(table))[0].n;
let n = 0;
const newType = async (fields: Record<string, unknown> = {}) =>
  ok<TypeRec>(
    await staff.post('/api/admin/delivery-types', { code: `SVC${++n}`, name: `Service ${n}`, carrier: 'royalmail', transit_days: 1, ...fields }),
    201,
  );

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  customer = new ApiClient(t.app);
  await registerAs(customer);
  customerId = ok<{ id: number }>(await customer.get('/api/user')).id;
  const all = ok<Array<{ id: number; code: string }>>(await staff.get('/api/admin/countries?range=[0,999]'));
  [gb, fr, de] = ['GB', 'FR', 'DE'].map((code) => all.find((c) => c.code === code)!.id);
});
afterAll(() => t.close());

describe('/api/admin/delivery-types: the protocol', () => {
  it('creates a type with its countries, and reads it back', async () => {
    const res = await staff.post('/api/admin/delivery-types', {
      code: ' TPN24 ',
      name: 'Royal Mail Tracked 24',
      carrier: 'royalmail',
      transit_days: '1',
      large_item: false,
      country_ids: [gb, String(fr)],
      id: 99, // read-only: ignored
      band_count: 12,
    });
    expect(res.statusCode).toBe(201);
    const rec = res.json<TypeRec>();
    expect(rec).toEqual({
      id: expect.any(Number),
      code: 'TPN24',
      name: 'Royal Mail Tracked 24',
      carrier: 'royalmail',
      large_item: false,
      transit_days: 1,
      active: true,
      sort_order: expect.any(Number),
      country_ids: expect.arrayContaining([gb, fr]),
      band_count: 0,
      order_count: 0,
      version: 1,
    });
    expect(rec.country_ids).toHaveLength(2);
    expect(rec.id).not.toBe(99);
    expect(ok(await staff.get(`/api/admin/delivery-types/${rec.id}`))).toEqual(rec);
  });

  it("puts each new type at the end of the printer's order", async () => {
    const a = await newType();
    const b = await newType();
    expect(b.sort_order).toBe(a.sort_order + 1);
  });

  it('lists with Content-Range; filters q, carrier, active, large_item and ids; sorts', async () => {
    const courier = await newType({ code: 'NDAY-LARGE', name: 'Next-day courier', carrier: 'courier', large_item: true });
    const off = await newType({ code: 'OLD', name: 'Retired service', active: false });
    const byCarrier = await staff.get(`/api/admin/delivery-types?filter=${q({ carrier: 'courier' })}&range=[0,9]`);
    expect(byCarrier.json().map((x: TypeRec) => x.id)).toEqual([courier.id]);
    expect(byCarrier.headers['content-range']).toBe('delivery-types 0-0/1');
    expect(ok<TypeRec[]>(await staff.get(`/api/admin/delivery-types?filter=${q({ large_item: true })}`)).map((x) => x.id)).toEqual([courier.id]);
    expect(ok<TypeRec[]>(await staff.get(`/api/admin/delivery-types?filter=${q({ active: false })}`)).map((x) => x.id)).toEqual([off.id]);
    expect(ok<TypeRec[]>(await staff.get(`/api/admin/delivery-types?filter=${q({ q: 'next-day' })}`)).map((x) => x.id)).toEqual([courier.id]);
    expect(ok<TypeRec[]>(await staff.get(`/api/admin/delivery-types?filter=${q({ q: 'old' })}`)).map((x) => x.id)).toEqual([off.id]);
    expect(ok<TypeRec[]>(await staff.get(`/api/admin/delivery-types?filter=${q({ id: [off.id, courier.id] })}`))).toHaveLength(2);
    const sorted = ok<TypeRec[]>(await staff.get('/api/admin/delivery-types?sort=["id","DESC"]&range=[0,1]'));
    expect(sorted.map((x) => x.id)).toEqual([off.id, courier.id]);
    const page = await staff.get('/api/admin/delivery-types?sort=["name","ASC"]&range=[0,0]');
    expect(page.headers['content-range']).toMatch(/^delivery-types 0-0\/\d+$/);
    expect((await staff.get(`/api/admin/delivery-types?filter=${q({ carrier: 'pigeon' })}`)).statusCode).toBe(422);
    expect((await staff.get('/api/admin/delivery-types?sort=["band_count","ASC"]')).statusCode).toBe(422);
  });

  it('PUT: country_ids when sent is the whole new set; a missing key leaves them; read-only keys are ignored', async () => {
    const type = await newType({ country_ids: [gb] });
    const renamed = ok<TypeRec>(await putAsRead(staff, `/api/admin/delivery-types/${type.id}`, { name: 'Renamed', band_count: 40, id: 1 }));
    expect(renamed).toMatchObject({ id: type.id, name: 'Renamed', country_ids: [gb], band_count: 0 });
    const moved = ok<TypeRec>(await putAsRead(staff, `/api/admin/delivery-types/${type.id}`, { ...renamed, country_ids: [fr, de] }));
    expect(moved.country_ids.sort()).toEqual([fr, de].sort());
    const none = ok<TypeRec>(await putAsRead(staff, `/api/admin/delivery-types/${type.id}`, { country_ids: [] }));
    expect(none.country_ids).toEqual([]);
    expect(none.name).toBe('Renamed');
    expect((await putAsRead(staff, '/api/admin/delivery-types/4000000', { name: 'x' })).statusCode).toBe(404);
  });

  it('DELETE answers the deleted record, and takes its countries and bands with it', async () => {
    const type = await newType({ country_ids: [gb, fr] });
    ok(await staff.post('/api/admin/delivery-prices', { delivery_type_id: type.id, weight_upto: 100, price: 150 }), 201);
    const res = await staff.delete(`/api/admin/delivery-types/${type.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: type.id, band_count: 1, order_count: 0 });
    expect((await staff.get(`/api/admin/delivery-types/${type.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(deliveryPrices).where(eq(deliveryPrices.deliveryTypeId, type.id))).toEqual([]);
    expect(await t.database.db.select().from(deliveryTypesCountries).where(eq(deliveryTypesCountries.deliveryTypeId, type.id))).toEqual([]);
    expect((await staff.delete(`/api/admin/delivery-types/${type.id}`)).statusCode).toBe(404);
  });

  it('a type used by an order is not deleted: 409 saying to make it inactive instead', async () => {
    const type = await newType();
    await t.database.db.insert(orders).values({ userId: customerId, deliveryTypeId: type.id });
    expect(ok<TypeRec>(await staff.get(`/api/admin/delivery-types/${type.id}`)).order_count).toBe(1);
    const res = await staff.delete(`/api/admin/delivery-types/${type.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/used by an order.*inactive/i);
    expect((await staff.get(`/api/admin/delivery-types/${type.id}`)).statusCode).toBe(200);
    // Making it inactive is the way.
    expect(ok<TypeRec>(await putAsRead(staff, `/api/admin/delivery-types/${type.id}`, { active: false })).active).toBe(false);
  });
});

describe('/api/admin/delivery-types: bad input is a 422 naming each field, nothing saved', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['code', '', /Service code is required/],
    ['code', 'x'.repeat(41), /At most 40/],
    ['name', '   ', /Name is required/],
    ['carrier', 'pigeon', /Royal Mail, courier or collection/],
    ['transit_days', 61, /0 to 60/],
    ['transit_days', -1, /0 to 60/],
    ['transit_days', '1.5', /0 to 60/],
    ['large_item', 'yes', /yes or no/],
    ['active', 1, /yes or no/],
    ['country_ids', 'GB', /list/],
    ['country_ids', [1, 1], /only once/],
    ['country_ids', ['abc'], /Not a country/],
  ];
  for (const [field, value, message] of cases) {
    it(`${field} = ${JSON.stringify(value).slice(0, 20)}`, async () => {
      const before = await rowCount(deliveryTypes);
      const res = await staff.post('/api/admin/delivery-types', { code: 'OK', name: 'Fine', carrier: 'courier', transit_days: 1, [field]: value });
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as Record<string, string>;
      // An array's element is named by its index (country_ids.0).
      expect(Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1]).toMatch(message);
      expect(await rowCount(deliveryTypes)).toBe(before);
    });
  }

  it('names every bad field at once', async () => {
    const res = await staff.post('/api/admin/delivery-types', { carrier: 'x', transit_days: 'soon' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['carrier', 'code', 'name', 'transit_days']);
  });

  it('an unknown country is a 422 on country_ids; nothing saved, on create or update', async () => {
    const before = await rowCount(deliveryTypes);
    const res = await staff.post('/api/admin/delivery-types', { code: 'X', name: 'X', carrier: 'courier', transit_days: 1, country_ids: [gb, 3_999_999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.country_ids).toMatch(/Unknown country: 3999999/);
    expect(await rowCount(deliveryTypes)).toBe(before);

    const type = await newType({ country_ids: [gb] });
    const put = await putAsRead(staff, `/api/admin/delivery-types/${type.id}`, { name: 'Changed', country_ids: [fr, 3_999_999] });
    expect(put.statusCode).toBe(422);
    expect(ok<TypeRec>(await staff.get(`/api/admin/delivery-types/${type.id}`))).toMatchObject({ name: type.name, country_ids: [gb] });
  });

  it('a PUT checks only the keys it sends; an empty name is still refused', async () => {
    const type = await newType();
    const res = await putAsRead(staff, `/api/admin/delivery-types/${type.id}`, { name: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: 'Name is required' });
  });
});

describe('/api/admin/delivery-prices: weight bands', () => {
  it("lists a type's bands sorted by weight, with Content-Range; create, update and delete", async () => {
    const type = await newType();
    const other = await newType();
    for (const [weight_upto, price] of [
      [1000, 395],
      [100, 155],
      [750, 285],
    ])
      ok(await staff.post('/api/admin/delivery-prices', { delivery_type_id: type.id, weight_upto, price }), 201);
    ok(await staff.post('/api/admin/delivery-prices', { delivery_type_id: other.id, weight_upto: 100, price: 99 }), 201);
    const res = await staff.get(`/api/admin/delivery-prices?filter=${q({ delivery_type_id: type.id })}&sort=["weight_upto","ASC"]&range=[0,24]`);
    expect(res.headers['content-range']).toBe('delivery-prices 0-2/3');
    const bands = res.json<BandRec[]>();
    expect(bands.map((b) => [b.weight_upto, b.price])).toEqual([
      [100, 155],
      [750, 285],
      [1000, 395],
    ]);
    expect(bands.every((b) => b.delivery_type_id === type.id)).toBe(true);
    expect(ok<TypeRec>(await staff.get(`/api/admin/delivery-types/${type.id}`)).band_count).toBe(3);

    const changed = ok<BandRec>(
      await putAsRead(staff, `/api/admin/delivery-prices/${bands[1].id}`, { ...bands[1], weight_upto: 800, price: '299', delivery_type_id: other.id }),
    );
    expect(changed).toEqual({ id: bands[1].id, delivery_type_id: type.id, weight_upto: 800, price: 299, version: bands[1].version + 1 });
    const removed = await staff.delete(`/api/admin/delivery-prices/${bands[0].id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual(bands[0]);
    expect(ok<BandRec[]>(await staff.get(`/api/admin/delivery-prices?filter=${q({ delivery_type_id: type.id })}`))).toHaveLength(2);
  });

  it('a second band at the same weight for the type is a 422 on weight_upto (create and update); other types may', async () => {
    const type = await newType();
    const band = ok<BandRec>(await staff.post('/api/admin/delivery-prices', { delivery_type_id: type.id, weight_upto: 1000, price: 100 }), 201);
    const second = ok<BandRec>(await staff.post('/api/admin/delivery-prices', { delivery_type_id: type.id, weight_upto: 2000, price: 200 }), 201);
    const before = await rowCount(deliveryPrices);
    const dup = await staff.post('/api/admin/delivery-prices', { delivery_type_id: type.id, weight_upto: 1000, price: 300 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ weight_upto: 'This delivery type already has a band up to 1,000 g.' });
    expect(await rowCount(deliveryPrices)).toBe(before);
    const clash = await putAsRead(staff, `/api/admin/delivery-prices/${second.id}`, { weight_upto: 1000 });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.weight_upto).toMatch(/already has a band/);
    expect(ok<BandRec>(await staff.get(`/api/admin/delivery-prices/${second.id}`)).weight_upto).toBe(2000);
    // Its own weight again is no clash.
    expect(ok<BandRec>(await putAsRead(staff, `/api/admin/delivery-prices/${band.id}`, { weight_upto: 1000, price: 101 })).price).toBe(101);
    const elsewhere = await newType();
    ok(await staff.post('/api/admin/delivery-prices', { delivery_type_id: elsewhere.id, weight_upto: 1000, price: 300 }), 201);
  });

  const cases: Array<[string, unknown, RegExp]> = [
    ['weight_upto', 0, /whole number of grams/],
    ['weight_upto', 1.5, /whole number of grams/],
    ['weight_upto', '', /whole number of grams|required/],
    ['price', -1, /whole number of pence/],
    ['price', '3.95', /whole number of pence/],
    ['delivery_type_id', 'abc', /delivery type/],
    ['delivery_type_id', 3_999_999, /No such delivery type/],
  ];
  for (const [field, value, message] of cases) {
    it(`${field} = ${JSON.stringify(value)} is a 422 on ${field}, nothing saved`, async () => {
      const type = await newType();
      const before = await rowCount(deliveryPrices);
      const res = await staff.post('/api/admin/delivery-prices', { delivery_type_id: type.id, weight_upto: 500, price: 100, [field]: value });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toMatch(message);
      expect(await rowCount(deliveryPrices)).toBe(before);
    });
  }

  it('filters: weight ranges; an unknown filter is a 422', async () => {
    const type = await newType();
    for (const w of [100, 500, 900]) ok(await staff.post('/api/admin/delivery-prices', { delivery_type_id: type.id, weight_upto: w, price: 1 }), 201);
    const mid = ok<BandRec[]>(
      await staff.get(`/api/admin/delivery-prices?filter=${q({ delivery_type_id: type.id, weight_upto_gte: 200, weight_upto_lte: 900 })}`),
    );
    expect(mid.map((b) => b.weight_upto)).toEqual([500, 900]);
    expect((await staff.get(`/api/admin/delivery-prices?filter=${q({ q: 'x' })}`)).statusCode).toBe(422);
  });
});

describe('/api/admin/closed-days', () => {
  it('lists the seeded bank holidays by date; filters a year and q', async () => {
    const year = new Date().getUTCFullYear();
    const res = await staff.get(
      `/api/admin/closed-days?filter=${q({ date_gte: `${year}-01-01`, date_lte: `${year}-12-31` })}&sort=["date","ASC"]&range=[0,99]`,
    );
    expect(res.statusCode).toBe(200);
    const days = res.json<DayRec[]>();
    expect(days.length).toBeGreaterThanOrEqual(8);
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(days.every((d) => d.date.startsWith(String(year)))).toBe(true);
    expect(res.headers['content-range']).toBe(`closed-days 0-${days.length - 1}/${days.length}`);
    const christmas = ok<DayRec[]>(
      await staff.get(`/api/admin/closed-days?filter=${q({ q: 'christmas', date_gte: `${year}-01-01`, date_lte: `${year}-12-31` })}`),
    );
    expect(christmas.map((d) => d.date)).toContain(`${year}-12-25`);
    const one = ok<DayRec[]>(await staff.get(`/api/admin/closed-days?filter=${q({ date: `${year}-12-25` })}`));
    expect(one).toHaveLength(1);
  });

  it('adds, edits and deletes a closed day', async () => {
    const made = ok<DayRec>(await staff.post('/api/admin/closed-days', { date: '2031-08-04', name: 'Works shutdown ' }), 201);
    expect(made).toEqual({ id: expect.any(Number), date: '2031-08-04', name: 'Works shutdown', version: 1 });
    const moved = ok<DayRec>(await putAsRead(staff, `/api/admin/closed-days/${made.id}`, { ...made, date: '2031-08-05' }));
    expect(moved.date).toBe('2031-08-05');
    const gone = await staff.delete(`/api/admin/closed-days/${made.id}`);
    expect(gone.json()).toEqual(moved);
    expect((await staff.get(`/api/admin/closed-days/${made.id}`)).statusCode).toBe(404);
  });

  it('a date already closed is a 422 on date (create and update); nothing saved', async () => {
    const first = ok<DayRec>(await staff.post('/api/admin/closed-days', { date: '2032-07-01', name: 'Stocktake' }), 201);
    const second = ok<DayRec>(await staff.post('/api/admin/closed-days', { date: '2032-07-02', name: 'Stocktake 2' }), 201);
    const before = await rowCount(closedDays);
    const dup = await staff.post('/api/admin/closed-days', { date: '2032-07-01', name: 'Again' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ date: 'Thu 1 Jul 2032 is already a closed day.' });
    expect(await rowCount(closedDays)).toBe(before);
    const clash = await putAsRead(staff, `/api/admin/closed-days/${second.id}`, { date: first.date });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.date).toMatch(/already a closed day/);
    expect(ok<DayRec>(await staff.get(`/api/admin/closed-days/${second.id}`)).date).toBe('2032-07-02');
  });

  const cases: Array<[string, unknown, RegExp]> = [
    ['date', '2031-02-30', /real date/],
    ['date', '1/8/2031', /YYYY-MM-DD/],
    ['date', '', /YYYY-MM-DD/],
    ['name', '', /Name is required/],
    ['name', 'x'.repeat(121), /At most 120/],
  ];
  for (const [field, value, message] of cases) {
    it(`${field} = ${JSON.stringify(value).slice(0, 20)} is a 422 on ${field}, nothing saved`, async () => {
      const before = await rowCount(closedDays);
      const res = await staff.post('/api/admin/closed-days', { date: '2033-03-03', name: 'Fine', [field]: value });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toMatch(message);
      expect(await rowCount(closedDays)).toBe(before);
    });
  }

  it('bad date filters are 422s, not 500s', async () => {
    for (const filter of [{ date_gte: '2025-02-30' }, { date: 'soon' }, { date_lte: 5 }]) {
      expect((await staff.get(`/api/admin/closed-days?filter=${q(filter)}`)).statusCode).toBe(422);
    }
    expect((await staff.get(`/api/admin/closed-days?filter=${q({ date_gte: '0000-01-01', date_lte: '9999-12-31' })}`)).statusCode).toBe(200);
  });
});

describe('access', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/delivery-types'],
    ['POST', '/api/admin/delivery-types', { code: 'X', name: 'X', carrier: 'courier', transit_days: 1 }],
    ['GET', '/api/admin/delivery-prices'],
    ['POST', '/api/admin/delivery-prices', { delivery_type_id: 1, weight_upto: 1, price: 1 }],
    ['GET', '/api/admin/closed-days'],
    ['POST', '/api/admin/closed-days', { date: '2034-01-02', name: 'X' }],
    ['DELETE', '/api/admin/closed-days/1'],
  ];
  it('a customer gets 403 and changes nothing; a visitor 401', async () => {
    const before = await Promise.all([rowCount(deliveryTypes), rowCount(deliveryPrices), rowCount(closedDays)]);
    const visitor = new ApiClient(t.app);
    for (const [method, url, body] of calls) {
      expect((await customer.request(method as 'GET', url, body)).statusCode).toBe(403);
      expect((await visitor.request(method as 'GET', url, body)).statusCode).toBe(401);
    }
    expect(await Promise.all([rowCount(deliveryTypes), rowCount(deliveryPrices), rowCount(closedDays)])).toEqual(before);
  });
});
