import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refused } from './helpers/staff-client';
import { insertUsers, startStaffApp, type StaffApp } from './helpers/staff-app';

/**
 * DESIGN §3's staff list protocol, spoken by react-admin's real ra-data-simple-rest dataProvider
 * over real HTTP, on three of its resources: users, settings and countries.
 */
let app: StaffApp;
let townIds: number[];
const TOWNS = ['Leeds', 'York', 'Hull', 'Bradford', 'Wakefield'];

beforeAll(async () => {
  app = await startStaffApp();
  // 40 customers in five towns; a few with searchable companies and odd characters.
  townIds = await insertUsers(
    app,
    Array.from({ length: 40 }, (_, i) => ({
      email: `customer${String(i).padStart(2, '0')}@example.test`,
      firstname: `First${String(i).padStart(2, '0')}`,
      lastname: i % 2 ? 'Odd' : 'Even',
      companyName: i === 7 ? 'Inkwell Design Studio' : i === 8 ? '100% Print_Co' : `Company ${i}`,
      town: TOWNS[i % TOWNS.length],
      postcode: i === 9 ? 'LS11 5QN' : 'YO1 8RS',
      role: i % 10 === 0 ? 'trade' : 'user',
    })),
  );
});
afterAll(() => app.t.close());

describe('getList: sort, range and Content-Range', () => {
  it('answers one page with the total of the filter', async () => {
    const { data, total } = await app.staff.dataProvider.getList('users', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'email', order: 'ASC' },
      filter: { role: 'user' },
    });
    // 36 customers with role user (every tenth is trade), the staff member is admin.
    expect(total).toBe(36);
    expect(data).toHaveLength(10);
    expect(data.map((u) => u.email)).toEqual([...data.map((u) => u.email)].sort());
    expect(data.every((u) => u.role === 'user')).toBe(true);
    const last = app.staff.requests.at(-1)!;
    expect(last.headers.get('Range')).toBe('users=10-19');
  });

  it('sends Content-Range as `<resource> first-last/total`', async () => {
    const res = await app.staff.fetch('/api/admin/users?sort=%5B%22id%22%2C%22ASC%22%5D&range=%5B0%2C24%5D&filter=%7B%7D');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('users 0-24/41');
    expect(((await res.json()) as unknown[]).length).toBe(25);
    const past = await app.staff.fetch('/api/admin/users?range=%5B100%2C109%5D');
    expect(past.headers.get('content-range')).toBe('users */41');
    expect(await past.json()).toEqual([]);
  });

  it('sorts both ways and breaks ties by id, so pages never overlap', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4, 5]) {
      const { data } = await app.staff.dataProvider.getList('users', { pagination: { page, perPage: 10 }, sort: { field: 'town', order: 'DESC' }, filter: {} });
      pages.push(...data);
    }
    expect(pages).toHaveLength(41);
    expect(new Set(pages.map((u) => u.id)).size).toBe(41);
    const towns = pages.map((u) => u.town);
    expect(towns).toEqual([...towns].sort().reverse());
  });

  it('refuses a sort field the resource does not allow, and a malformed range, with 422 naming them', async () => {
    const badSort = await refused(
      app.staff.dataProvider.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'password_hash', order: 'ASC' }, filter: {} }),
    );
    expect(badSort.status).toBe(422);
    expect(badSort.body?.errors?.sort).toMatch(/Cannot sort by "password_hash"/);
    const badRange = await app.staff.fetch('/api/admin/users?range=%5B10%2C2%5D');
    expect(badRange.status).toBe(422);
    expect(((await badRange.json()) as { errors: Record<string, string> }).errors.range).toBeTruthy();
    const notJson = await app.staff.fetch('/api/admin/users?filter=%7Bnope');
    expect(notJson.status).toBe(422);
    const tooBig = await app.staff.fetch('/api/admin/users?range=%5B0%2C5000%5D');
    expect(tooBig.status).toBe(422);
  });
});

describe('filters', () => {
  it('q searches name, company, e-mail, postcode and town, every word somewhere', async () => {
    const search = async (q: string) =>
      (await app.staff.dataProvider.getList('users', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: { q } })).data;
    expect((await search('inkwell')).map((u) => u.company_name)).toEqual(['Inkwell Design Studio']);
    expect((await search('FIRST07 odd')).map((u) => u.email)).toEqual(['customer07@example.test']);
    expect((await search('ls11 5qn')).map((u) => u.email)).toEqual(['customer09@example.test']);
    expect((await search('customer1')).length).toBe(10);
    expect((await search('wakefield')).length).toBe(8);
    // LIKE's own characters are searched for literally.
    expect((await search('100%')).map((u) => u.company_name)).toEqual(['100% Print_Co']);
    expect((await search('t_co')).map((u) => u.company_name)).toEqual(['100% Print_Co']);
    expect(await search('%')).toHaveLength(1);
  });

  it('filter={"id":[…]} answers every listed record (getMany), however many', async () => {
    const ids = townIds.slice(0, 30);
    const { data } = await app.staff.dataProvider.getMany('users', { ids });
    expect(data.map((u) => u.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const { data: none } = await app.staff.dataProvider.getMany('users', { ids: [] });
    expect(none).toEqual([]);
  });

  it('equality, id arrays with other filters, and _gte / _lte bounds', async () => {
    const list = (filter: Record<string, unknown>) =>
      app.staff.dataProvider.getList('users', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, filter });
    expect((await list({ town: 'York', role: 'user' })).total).toBe(8);
    expect((await list({ id: townIds.slice(0, 10), town: 'Leeds' })).data.map((u) => u.id)).toEqual([townIds[0], townIds[5]]);
    expect((await list({ id_gte: townIds[10], id_lte: townIds[14] })).total).toBe(5);
    expect((await list({ role: ['trade', 'admin'] })).total).toBe(5);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ created_at_lte: today })).total).toBe(41);
    expect((await list({ created_at_gte: '2999-01-01' })).total).toBe(0);
  });

  it('refuses unknown filters and values of the wrong kind with 422 naming the filter', async () => {
    const list = (filter: Record<string, unknown>) =>
      refused(app.staff.dataProvider.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter }));
    expect((await list({ password_hash: 'x' })).body?.errors).toEqual({ 'filter.password_hash': 'Unknown filter' });
    expect((await list({ role: 'boss' })).body?.errors?.['filter.role']).toMatch(/one of/);
    expect((await list({ id: ['seven'] })).body?.errors?.['filter.id']).toMatch(/whole number/);
    expect((await list({ created_at_gte: 'yesterday' })).body?.errors?.['filter.created_at_gte']).toMatch(/date/);
    expect((await list({ role_gte: 'a' })).status).toBe(422);
  });
});

describe('getOne, create, update (PUT) and delete', () => {
  it('getOne answers the record; an unknown id is 404 and a non-id 422', async () => {
    const { data } = await app.staff.dataProvider.getOne('users', { id: townIds[3] });
    expect(data).toMatchObject({ id: townIds[3], email: 'customer03@example.test', password_set: false });
    expect(data).not.toHaveProperty('password_hash');
    expect((await refused(app.staff.dataProvider.getOne('users', { id: 999999 }))).status).toBe(404);
    expect((await refused(app.staff.dataProvider.getOne('users', { id: 'abc' }))).status).toBe(422);
  });

  it('PUT ignores unknown and read-only keys in the body (react-admin sends the whole record)', async () => {
    const { data: before } = await app.staff.dataProvider.getOne('users', { id: townIds[4] });
    const { data } = await app.staff.dataProvider.update('users', {
      id: townIds[4],
      data: {
        ...before,
        town: 'Ripon',
        id: 1,
        created_at: '1999-01-01T00:00:00.000Z',
        company_logo: '/etc/passwd',
        password_set: true,
        password_hash: 'x',
        surprise: 42,
      },
      previousData: before,
    });
    expect(data).toMatchObject({ id: townIds[4], town: 'Ripon', created_at: before.created_at, company_logo: null, password_set: false });
    expect(data).not.toHaveProperty('surprise');
  });

  it('PUT answers 422 with a message per bad field', async () => {
    const { data: before } = await app.staff.dataProvider.getOne('users', { id: townIds[5] });
    const error = await refused(
      app.staff.dataProvider.update('users', {
        id: townIds[5],
        data: { ...before, role: 'trade', email: 'not-an-email', firstname: '', company_name: '' },
        previousData: before,
      }),
    );
    expect(error.status).toBe(422);
    expect(error.body?.errors).toMatchObject({ email: expect.any(String), firstname: 'First name is required' });
    // A trade account needs its company name (only trade accounts do).
    const trade = await refused(
      app.staff.dataProvider.update('users', { id: townIds[5], data: { ...before, role: 'trade', company_name: '' }, previousData: before }),
    );
    expect(trade.status).toBe(422);
    expect(trade.body?.errors?.company_name).toMatch(/company name/i);
  });

  it('DELETE answers the deleted record as JSON, and the record is gone from lists', async () => {
    const { data } = await app.staff.dataProvider.delete('users', { id: townIds[6] });
    expect(data).toMatchObject({ id: townIds[6], email: 'customer06@example.test' });
    expect((await refused(app.staff.dataProvider.getOne('users', { id: townIds[6] }))).status).toBe(404);
    const { data: many } = await app.staff.dataProvider.getMany('users', { ids: [townIds[6], townIds[7]] });
    expect(many.map((u) => u.id)).toEqual([townIds[7]]);
    expect((await refused(app.staff.dataProvider.delete('users', { id: townIds[6] }))).status).toBe(404);
  });

  it('deleteMany works (simple-rest calls DELETE one by one); updateMany, which knows no versions, is refused', async () => {
    const { data: deleted } = await app.staff.dataProvider.deleteMany('users', { ids: [townIds[20], townIds[21]] });
    expect(deleted).toEqual([townIds[20], townIds[21]]);
    // One body for every record: it cannot name the version each was read at, so nothing is written.
    const many = await refused(app.staff.dataProvider.updateMany('users', { ids: [townIds[22], townIds[23]], data: { role: 'trade' } }));
    expect(many).toMatchObject({ status: 422, body: { errors: { version: 'The version is required' } } });
    const { data } = await app.staff.dataProvider.getMany('users', { ids: [townIds[22], townIds[23]] });
    expect(data.map((u) => u.role)).not.toContain('trade');
  });
});

describe('settings through the protocol', () => {
  it('lists every seeded setting sorted by name, with search and the public filter', async () => {
    const { data, total } = await app.staff.dataProvider.getList('settings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(18); // DESIGN's nine, the printer's telephone and e-mail, the order cut-off, how long a quote holds, the bank details, the credit hold's overdue days, Xero's account code and tax type, and the proof price
    expect(data.map((s) => s.name)).toEqual([...data.map((s) => s.name)].sort());
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      value: expect.any(String),
      description: expect.any(String),
      public: expect.any(Boolean),
      updated_at: expect.any(String),
      version: 1,
    });
    const publics = await app.staff.dataProvider.getList('settings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { public: true },
    });
    // The printer's contact details, the VAT rate and the proof price are public too (the footer, /unauthorized, prices inc. VAT, the create page).
    expect(publics.data.map((s) => s.name)).toEqual([
      'COMPANY_ADDRESS',
      'COMPANY_EMAIL',
      'COMPANY_NAME',
      'COMPANY_PHONE',
      'CUTOFF_TIME',
      'PROOF_PRICE',
      'STATUS_TEXT',
      'VAT_RATE',
    ]);
    const found = await app.staff.dataProvider.getList('settings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'banner' },
    });
    expect(found.data.map((s) => s.name)).toEqual(['STATUS_TEXT']);
  });

  it('PUT changes value, description and the public flag; the name stays; a new STATUS_TEXT is what the banner reads', async () => {
    const { data: list } = await app.staff.dataProvider.getList('settings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { name: 'STATUS_TEXT' },
    });
    const status = list[0];
    const { data } = await app.staff.dataProvider.update('settings', {
      id: status.id,
      data: { ...status, name: 'RENAMED', value: 'Closed on Monday for the bank holiday.' },
      previousData: status,
    });
    expect(data).toMatchObject({ name: 'STATUS_TEXT', value: 'Closed on Monday for the bank holiday.' });
    const banner = await fetch(`${app.baseUrl}/api/settings/STATUS_TEXT`);
    expect(await banner.json()).toEqual({ name: 'STATUS_TEXT', value: 'Closed on Monday for the bank holiday.' });

    const { data: limit } = await app.staff.dataProvider.getList('settings', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
      filter: { name: 'ARTWORK_MAX_MB' },
    });
    const { data: shown } = await app.staff.dataProvider.update('settings', { id: limit[0].id, data: { public: true }, previousData: limit[0] });
    expect(shown.public).toBe(true);
    expect((await fetch(`${app.baseUrl}/api/settings/ARTWORK_MAX_MB`)).status).toBe(200);
    await app.staff.dataProvider.update('settings', { id: limit[0].id, data: { public: false }, previousData: shown });
    expect((await fetch(`${app.baseUrl}/api/settings/ARTWORK_MAX_MB`)).status).toBe(404);
  });

  it('takes an emptied value (null from react-admin) as empty text', async () => {
    const { data } = await app.staff.dataProvider.getList('settings', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
      filter: { name: 'INVOICE_PREFIX' },
    });
    const { data: saved } = await app.staff.dataProvider.update('settings', {
      id: data[0].id,
      data: { ...data[0], value: null, description: null },
      previousData: data[0],
    });
    expect(saved).toMatchObject({ value: '', description: '' });
  });

  it('refuses values that the settings the server reads cannot have', async () => {
    const { data } = await app.staff.dataProvider.getList('settings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { name: ['VAT_RATE', 'REGISTRATION_ROLE'] },
    });
    const [role, vat] = data;
    expect(
      (await refused(app.staff.dataProvider.update('settings', { id: vat.id, data: { value: 'twenty' }, previousData: vat }))).body?.errors?.value,
    ).toMatch(/percentage/);
    expect(
      (await refused(app.staff.dataProvider.update('settings', { id: role.id, data: { value: 'admin' }, previousData: role }))).body?.errors?.value,
    ).toBeTruthy();
    expect(
      (await refused(app.staff.dataProvider.update('settings', { id: vat.id, data: { public: 'yes' }, previousData: vat }))).body?.errors?.public,
    ).toBeTruthy();
  });

  it('has no create or delete: settings are named by the code that reads them', async () => {
    expect((await refused(app.staff.dataProvider.create('settings', { data: { name: 'NEW', value: 'x' } }))).status).toBe(404);
    expect((await refused(app.staff.dataProvider.delete('settings', { id: 1 }))).status).toBe(404);
  });
});

describe('countries through the protocol', () => {
  it('lists all countries, searches by name or code, and counts them', async () => {
    const { data, total } = await app.staff.dataProvider.getList('countries', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(total).toBeGreaterThan(240);
    expect(data).toHaveLength(25);
    expect(data[0]).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String), active: true, version: 1 });
    const found = await app.staff.dataProvider.getList('countries', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'kingdom' },
    });
    expect(found.data.map((c) => c.code)).toEqual(['GB']);
    const byCode = await app.staff.dataProvider.getList('countries', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'code', order: 'ASC' },
      filter: { code: 'FR' },
    });
    expect(byCode.data.map((c) => c.name)).toEqual(['France']);
  });

  it('the active toggle takes a country off the customer list, and back', async () => {
    const { data } = await app.staff.dataProvider.getList('countries', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'code', order: 'ASC' },
      filter: { code: 'AQ' },
    });
    const antarctica = data[0];
    const { data: off } = await app.staff.dataProvider.update('countries', {
      id: antarctica.id,
      data: { ...antarctica, active: false, code: 'XX' },
      previousData: antarctica,
    });
    expect(off).toEqual({ ...antarctica, active: false, version: antarctica.version + 1 });
    const customerList = (await (await fetch(`${app.baseUrl}/api/countries`)).json()) as Array<{ code: string }>;
    expect(customerList.some((c) => c.code === 'AQ')).toBe(false);
    const inactive = await app.staff.dataProvider.getList('countries', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { active: false },
    });
    expect(inactive.data.map((c) => c.code)).toEqual(['AQ']);
    await app.staff.dataProvider.update('countries', { id: antarctica.id, data: { active: true }, previousData: off });
    const again = (await (await fetch(`${app.baseUrl}/api/countries`)).json()) as Array<{ code: string }>;
    expect(again.some((c) => c.code === 'AQ')).toBe(true);
  });

  it('refuses an empty name with 422 on the field', async () => {
    const { data } = await app.staff.dataProvider.getOne('countries', { id: 1 });
    const error = await refused(app.staff.dataProvider.update('countries', { id: 1, data: { ...data, name: '  ' }, previousData: data }));
    expect(error).toEqual({ status: 422, body: { message: 'The given data was invalid.', errors: { name: 'Name is required' } } });
  });
});
