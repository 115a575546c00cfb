import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, users } from '../../../src/server/db/schema';
import { seedDemo } from '../../../src/server/db/seed';
import { ADDRESS_BOOK_MAX, type AddressImport, type AddressList, type SavedAddress } from '../../../src/shared/api/addresses';
import { POSTCODE_MESSAGE, PHONE_MESSAGE } from '../../../src/shared/api/fields';
import { createTestApp, type TestApp } from '../helpers/app';
import { ApiClient, registerAs, ukCountryId } from '../helpers/client';
import { multipart } from '../orders/helpers';

/**
 * The customer's address book (DESIGN §2 "Addresses", §3 "Addresses (customer)"): saved delivery
 * addresses with an order's rules per field, one default, a search, another customer's address
 * answering 404, and a CSV import previewed before it is applied.
 */
let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;
let aliceId: number;
let gb: number;

function ok<T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

const address = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Priya',
  lastname: 'Shah',
  company_name: 'Shah Florists',
  telephone: '0113 496 0000',
  email: 'Priya@Example.test',
  address1: '12 Market Street',
  address2: '',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'ls1 6dt',
  country_id: gb,
  ...overrides,
});

const csv = (client: ApiClient, body: string, apply = false) =>
  client.request('POST', `/api/addresses/import${apply ? '?apply=1' : ''}`, body, { headers: { 'content-type': 'text/csv' } });

const listOf = async (client: ApiClient, query = '') => ok<AddressList>(await client.get(`/api/addresses${query}`));

beforeAll(async () => {
  t = await createTestApp();
  alice = new ApiClient(t.app);
  bob = new ApiClient(t.app);
  await registerAs(alice);
  await registerAs(bob);
  aliceId = ok<{ id: number }>(await alice.get('/api/user')).id;
  gb = await ukCountryId(alice);
}, 60_000);
afterAll(() => t?.close());

describe('saved addresses', () => {
  it('adds, lists, changes and deletes an address; the postcode is kept upper-case and the e-mail lower-case', async () => {
    const saved = ok<SavedAddress>(await alice.post('/api/addresses', address()), 201);
    expect(saved).toMatchObject({
      firstname: 'Priya',
      postcode: 'LS1 6DT',
      email: 'priya@example.test',
      country_id: gb,
      country_name: 'United Kingdom',
      is_default: false,
    });

    const changed = ok<SavedAddress>(await alice.patch(`/api/addresses/${saved.id}`, { town: 'Bradford', address2: 'Unit 4' }));
    expect(changed).toMatchObject({ id: saved.id, town: 'Bradford', address2: 'Unit 4', company_name: 'Shah Florists', county: 'West Yorkshire' });

    expect((await listOf(alice)).data.map((a) => a.id)).toContain(saved.id);
    const deleted = ok<SavedAddress>(await alice.delete(`/api/addresses/${saved.id}`));
    expect(deleted).toMatchObject({ id: saved.id, town: 'Bradford' });
    expect((await listOf(alice)).data.map((a) => a.id)).not.toContain(saved.id);
    expect((await alice.delete(`/api/addresses/${saved.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another customer's address, and leaves it as it was", async () => {
    const mine = ok<SavedAddress>(await alice.post('/api/addresses', address({ lastname: 'Private' })), 201);
    expect((await bob.patch(`/api/addresses/${mine.id}`, { town: 'Hull' })).statusCode).toBe(404);
    expect((await bob.delete(`/api/addresses/${mine.id}`)).statusCode).toBe(404);
    expect((await bob.patch(`/api/addresses/${mine.id}`, { is_default: true })).statusCode).toBe(404);
    expect((await listOf(bob)).data.map((a) => a.id)).not.toContain(mine.id);
    await expect(t.app.deps.addresses.resolve((await bob.get('/api/user')).json().id, mine.id)).rejects.toThrow('No such address.');
    const still = await t.app.deps.addresses.resolve(aliceId, mine.id);
    expect(still).toMatchObject({ lastname: 'Private', town: 'Leeds', country_id: gb });
  });

  it('refuses each bad field with its own message, as an order address does', async () => {
    const res = await alice.post(
      '/api/addresses',
      address({ firstname: ' ', address1: '', town: '', postcode: 'LS1 @@', telephone: '12', email: 'not-an-email', country_id: 'x' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      firstname: 'First name is required',
      address1: 'Address line 1 is required',
      town: 'Town is required',
      postcode: POSTCODE_MESSAGE,
      telephone: PHONE_MESSAGE,
      email: 'Enter a valid e-mail address',
      country_id: 'Choose a country',
    });
    const unknownCountry = await alice.post('/api/addresses', address({ country_id: 999_999 }));
    expect(unknownCountry.statusCode).toBe(422);
    expect(unknownCountry.json().errors).toEqual({ country_id: 'Choose a country from the list' });

    const mine = ok<SavedAddress>(await alice.post('/api/addresses', address()), 201);
    const patch = await alice.patch(`/api/addresses/${mine.id}`, { postcode: '', is_default: 'yes' });
    expect(patch.statusCode).toBe(422);
    expect(Object.keys(patch.json().errors).sort()).toEqual(['is_default', 'postcode']);
  });

  it('keeps one default: marking another unmarks the first, and the default is listed first', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const a = ok<SavedAddress>(await client.post('/api/addresses', address({ lastname: 'Adams', is_default: true })), 201);
    const b = ok<SavedAddress>(await client.post('/api/addresses', address({ lastname: 'Baker' })), 201);
    expect((await listOf(client)).data.map((x) => [x.lastname, x.is_default])).toEqual([
      ['Adams', true],
      ['Baker', false],
    ]);
    ok(await client.patch(`/api/addresses/${b.id}`, { is_default: true }));
    expect((await listOf(client)).data.map((x) => [x.lastname, x.is_default])).toEqual([
      ['Baker', true],
      ['Adams', false],
    ]);
    const c = ok<SavedAddress>(await client.post('/api/addresses', address({ lastname: 'Cole', is_default: true })), 201);
    const defaults = (await listOf(client)).data.filter((x) => x.is_default);
    expect(defaults.map((x) => x.id)).toEqual([c.id]);
    expect(a.id).toBeLessThan(c.id);
  });

  it('searches by name, company, town and postcode (spaces aside), a page at a time', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    ok(
      await client.post('/api/addresses', address({ firstname: 'Olu', lastname: 'Ade', company_name: 'Harbour Cafe', town: 'Whitby', postcode: 'YO21 3PU' })),
      201,
    );
    ok(await client.post('/api/addresses', address({ firstname: 'Meg', lastname: 'Ross', company_name: 'Ross & Co', town: 'York', postcode: 'YO1 7HH' })), 201);
    ok(await client.post('/api/addresses', address({ firstname: 'Tom', lastname: 'Hill', company_name: '', town: 'Leeds', postcode: 'LS2 9JT' })), 201);
    const names = async (q: string) => (await listOf(client, `?q=${encodeURIComponent(q)}`)).data.map((a) => a.lastname);
    expect(await names('harbour')).toEqual(['Ade']);
    expect(await names('meg ross')).toEqual(['Ross']);
    expect(await names('york')).toEqual(['Ross']);
    expect(await names('yo213pu')).toEqual(['Ade']);
    expect(await names('ls2 9')).toEqual(['Hill']);
    expect(await names('100%_')).toEqual([]);
    const page = await listOf(client, '?per_page=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page.data).toHaveLength(1);
    expect((await client.get('/api/addresses?per_page=500')).statusCode).toBe(422);
  });
});

describe('CSV import', () => {
  const FILE = [
    'First Name,lastname,Company,telephone,email,address1,town,postcode,country,is_default',
    'Ann,Lee,Lee Print,0113 496 0001,ann@example.test,1 Park Row,Leeds,LS1 5HD,GB,no',
    'Ben,Ford,,+33 1 42 68 53 00,ben@example.test,8 Rue de Rivoli,Paris,75001,France,yes',
    'Cat,,,,cat@example.test,2 Hill Road,Hull,HU1 @@,,',
    'Dan,Moss,,,dan@example.test,3 Low Lane,Nowhere,AB1 2CD,Atlantis,',
    'Ann,Lee,Lee Print,0113 496 0001,ann@example.test,1 Park Row,Leeds,LS1 5HD,United Kingdom,',
  ];

  it('previews without storing: the good rows, and a message per bad row numbered from the first data row', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const preview = ok<AddressImport>(await csv(client, FILE.join('\n')));
    expect(preview.rows).toBe(5);
    expect(preview.applied).toBe(false);
    expect(preview.good.map((g) => [g.row, g.address.lastname, g.address.country_name, g.address.is_default])).toEqual([
      [1, 'Lee', 'United Kingdom', false],
      [2, 'Ford', 'France', true],
    ]);
    expect(preview.errors).toEqual([
      { row: 3, message: `lastname: Last name is required; postcode: ${POSTCODE_MESSAGE}` },
      { row: 4, message: expect.stringMatching(/^country: "Atlantis" is not a country we know/) },
      { row: 5, message: 'The same address as row 1' },
    ]);
    expect((await listOf(client)).total).toBe(0);
  });

  it('applies the good rows in one go (a UTF-8 BOM and CRLF lines are read as any file), and a second import finds them saved', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const bomCrlf = '\uFEFF' + FILE.join('\r\n') + '\r\n';
    const applied = ok<AddressImport>(await csv(client, bomCrlf, true));
    expect(applied).toMatchObject({ rows: 5, applied: true });
    expect(applied.good).toHaveLength(2);
    const list = await listOf(client);
    expect(list.data.map((a) => [a.lastname, a.is_default, a.postcode])).toEqual([
      ['Ford', true, '75001'],
      ['Lee', false, 'LS1 5HD'],
    ]);
    const again = ok<AddressImport>(await csv(client, bomCrlf));
    expect(again.good).toEqual([]);
    expect(again.errors.find((e) => e.row === 1)?.message).toBe('This address is already in your address book');
  });

  it('takes the file as a multipart upload too', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const file = multipart('file', 'addresses.csv', Buffer.from(FILE.slice(0, 2).join('\n')), 'text/csv');
    const res = ok<AddressImport>(await client.request('POST', '/api/addresses/import?apply=1', file.payload, { headers: file.headers }));
    expect(res).toMatchObject({ rows: 1, applied: true, errors: [] });
    expect((await listOf(client)).total).toBe(1);
    const wrongField = multipart('upload', 'addresses.csv', Buffer.from(FILE.join('\n')), 'text/csv');
    const refused = await client.request('POST', '/api/addresses/import', wrongField.payload, { headers: wrongField.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toMatch(/Choose the CSV/);
  });

  it('refuses a file it cannot use with one clear message, and stores nothing', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const refusal = async (body: string) => {
      const res = await csv(client, body, true);
      expect(res.statusCode).toBe(422);
      return res.json().errors.file as string;
    };
    expect(await refusal('')).toMatch(/empty/);
    expect(await refusal('firstname,lastname,postcde\nA,B,C')).toMatch(/Unknown column "postcde"/);
    expect(await refusal('firstname,lastname\n')).toMatch(/no addresses under it/);
    const big = ['firstname,lastname,address1,town,postcode,email', ...Array.from({ length: 2001 }, (_, i) => `A,B${i},1 St,Leeds,LS1 1AA,a@b.test`)];
    expect(await refusal(big.join('\n'))).toMatch(/At most 2,000 addresses in one file/);
    expect((await listOf(client)).total).toBe(0);
  });

  it('keeps one default when an import marks one', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const first = ok<SavedAddress>(await client.post('/api/addresses', address({ is_default: true })), 201);
    ok(await csv(client, FILE.slice(0, 3).join('\n'), true));
    const userId = ok<{ id: number }>(await client.get('/api/user')).id;
    const defaults = await t.database.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    expect(defaults.map((d) => d.lastname)).toEqual(['Ford']);
    expect((await client.get(`/api/addresses?q=shah`)).json().data[0]).toMatchObject({ id: first.id, is_default: false });
  });
});

describe('limits', () => {
  it('refuses to add to a full address book, one at a time or by import', async () => {
    const client = new ApiClient(t.app);
    await registerAs(client);
    const userId = ok<{ id: number }>(await client.get('/api/user')).id;
    const rows = Array.from({ length: ADDRESS_BOOK_MAX }, (_, i) => ({
      userId,
      firstname: 'A',
      lastname: `B${i}`,
      address1: '1 St',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      countryId: gb,
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.database.db.insert(addresses).values(rows.slice(i, i + 1000));
    const one = await client.post('/api/addresses', address());
    expect(one.statusCode).toBe(422);
    expect(one.json().message).toMatch(/at most 10,000 addresses/);
    const file = await csv(client, 'firstname,lastname,email,address1,town,postcode\nZed,Last,z@z.test,9 St,York,YO1 1AA', true);
    expect(file.statusCode).toBe(422);
    expect(file.json().errors.file).toMatch(/at most 10,000 addresses/);
    expect((await listOf(client)).total).toBe(ADDRESS_BOOK_MAX);
  });
});

describe('demo data', () => {
  it('gives each demo customer saved addresses, one of them the default', async () => {
    const fresh = await createTestApp();
    try {
      await seedDemo(fresh.database.db);
      const rows = await fresh.database.db
        .select({ email: users.email, isDefault: addresses.isDefault })
        .from(addresses)
        .innerJoin(users, eq(users.id, addresses.userId));
      for (const email of ['jane@inkwell-design.test', 'tom@cornercafe.test']) {
        const book = rows.filter((r) => r.email === email);
        expect(book.length).toBeGreaterThanOrEqual(2);
        expect(book.filter((r) => r.isDefault)).toHaveLength(1);
      }
    } finally {
      await fresh.close();
    }
  });
});
