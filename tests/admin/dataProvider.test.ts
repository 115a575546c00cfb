import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { dataProvider } from '../../src/admin/dataProvider';
import { clearSession } from '../../src/shared/auth/state';
import { answerWith, stopAnswering } from './helpers/fakeAdapter';
import { makeUser } from './helpers/users';

afterEach(() => {
  stopAnswering();
  clearSession();
});

const PRODUCT = {
  id: 3,
  name: 'Business cards',
  description: '',
  multiplier: 10,
  weight: 4.2,
  large_item: false,
  restricted: false,
  sort_order: 1,
  active: true,
  stock_ids: [8],
};
const STOCK = {
  id: 8,
  name: '350gsm Silk',
  type: 'Silk',
  sheet_cost: '0.0500',
  single_cost: '0.0250',
  double_cost: '0.0450',
  sort_order: 1,
  active: true,
  product_count: 1,
};
const BREAK = { id: 21, product_id: 3, stock_id: 8, qty: 250, margin: 100 };

const call = (config: { method?: string; url?: string }) => `${config.method?.toUpperCase()} ${config.url}`;

describe('the dataProvider', () => {
  it('speaks simple-rest on /api/admin, with the API name of resources whose screen path differs', async () => {
    const seen = answerWith(() => ({ body: '[{"id":1,"code":"GB","name":"United Kingdom","active":true}]', headers: { 'content-range': 'countries 0-0/1' } }));
    const { data, total } = await dataProvider.getList('delivery/countries', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'king' },
    });
    expect(total).toBe(1);
    expect(data[0].code).toBe('GB');
    const url = new URL(seen[0].url!, 'http://localhost');
    expect(url.pathname).toBe('/api/admin/countries');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sort: '["name","ASC"]', range: '[0,49]', filter: '{"q":"king"}' });
    expect(seen[0].headers.get('Range')).toBe('countries=0-49');
  });

  it('sends the version each record was read at: in the body of an update, as ?version= on a delete', async () => {
    const read = { id: 5, name: 'Christmas Day', date: '2031-12-25', version: 3 };
    const seen = answerWith((config) => ({ body: JSON.stringify(config.method === 'delete' ? read : { ...read, name: 'Boxing Day', version: 4 }) }));
    // The form's values may carry no version, or an older one: the record as react-admin read it decides.
    await dataProvider.update('delivery/closed-days', { id: 5, data: { name: 'Boxing Day', version: 1 }, previousData: read });
    await dataProvider.delete('delivery/closed-days', { id: 5, previousData: read });
    // Without the record read (a delete by id alone), no version is named: the server then checks none.
    await dataProvider.delete('delivery/closed-days', { id: 5 });
    expect(seen.map(call)).toEqual(['PUT /api/admin/closed-days/5', 'DELETE /api/admin/closed-days/5?version=3', 'DELETE /api/admin/closed-days/5']);
    expect(JSON.parse(seen[0].data as string)).toEqual({ name: 'Boxing Day', version: 3 });
  });

  it('uploads a logo as multipart form data and reads the 422 message for the file', async () => {
    const seen = answerWith(() => ({
      status: 422,
      body: JSON.stringify({
        message: 'This file is not a PNG, JPEG, WebP or GIF image.',
        errors: { file: 'This file is not a PNG, JPEG, WebP or GIF image.' },
      }),
    }));
    const failure = await dataProvider.uploadLogo(7, new File(['hello'], 'logo.png', { type: 'image/png' })).catch((e: unknown) => e);
    expect(seen[0].url).toBe('/api/admin/users/7/logo');
    expect(seen[0].data).toBeInstanceOf(FormData);
    expect((seen[0].data as FormData).get('file')).toBeInstanceOf(File);
    expect(failure).toMatchObject({ status: 422, body: { errors: { file: 'This file is not a PNG, JPEG, WebP or GIF image.' } } });
  });
});

describe('the custom methods of the dataProvider (calls beyond CRUD, on the same shared client)', () => {
  it('reorder posts the ids in their new order to the resource of the list, and answers nothing', async () => {
    const seen = answerWith(() => ({ body: '{"ok":true}' }));
    await expect(dataProvider.reorder('stock', [3, 1, 2])).resolves.toBeUndefined();
    await dataProvider.reorder('products', [9, 7]);
    expect(seen.map(call)).toEqual(['POST /api/admin/stock/reorder', 'POST /api/admin/products/reorder']);
    expect(JSON.parse(seen[0].data as string)).toEqual({ ids: [3, 1, 2] });
    expect(JSON.parse(seen[1].data as string)).toEqual({ ids: [9, 7] });
  });

  it('getMarginPair reads the pair of a product and a stock', async () => {
    const pair = { product: PRODUCT, stock: STOCK, margins: [BREAK] };
    const seen = answerWith(() => ({ body: JSON.stringify(pair) }));
    await expect(dataProvider.getMarginPair(3, 8)).resolves.toEqual(pair);
    expect(seen.map(call)).toEqual(['GET /api/admin/products/3/stock/8/margins']);
  });

  it('saveMarginPair puts the whole table of breaks at the version read and answers the breaks as saved', async () => {
    const seen = answerWith(() => ({ body: JSON.stringify([BREAK]) }));
    await expect(dataProvider.saveMarginPair(3, 8, [{ qty: '250', margin: '100' }], 4)).resolves.toEqual([BREAK]);
    expect(seen.map(call)).toEqual(['PUT /api/admin/products/3/stock/8/margins']);
    expect(JSON.parse(seen[0].data as string)).toEqual({ rows: [{ qty: '250', margin: '100' }], version: 4 });
  });

  it("fails as react-admin's HttpError, with the server's messages by row and field", async () => {
    const body = { message: 'The given data was invalid.', errors: { 'rows.1.qty': 'This quantity is already a break' } };
    answerWith(() => ({ status: 422, body: JSON.stringify(body) }));
    const failure = await dataProvider
      .saveMarginPair(
        3,
        8,
        [
          { qty: '250', margin: '1' },
          { qty: '250', margin: '2' },
        ],
        1,
      )
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 422, message: 'The given data was invalid.', body });
  });

  it('uploadLogo answers the user with the new logo; removeLogo deletes it and answers the user without', async () => {
    const withLogo = { ...makeUser({ id: 7, company_logo: '/files/logos/a.png' }), password_set: true };
    const without = { ...withLogo, company_logo: null };
    const seen = answerWith((config) => ({ body: JSON.stringify(config.method === 'delete' ? without : withLogo) }));
    await expect(dataProvider.uploadLogo(7, new File(['png'], 'logo.png', { type: 'image/png' }))).resolves.toEqual(withLogo);
    await expect(dataProvider.removeLogo(7)).resolves.toEqual(without);
    expect(seen.map(call)).toEqual(['POST /api/admin/users/7/logo', 'DELETE /api/admin/users/7/logo']);
  });

  it('rethrows a network failure as it is', async () => {
    answerWith(() => ({ network: true }));
    await expect(dataProvider.getMarginPair(3, 8)).rejects.toMatchObject({ message: 'Network Error' });
  });
});
