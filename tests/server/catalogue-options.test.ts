import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleRecordMessage } from '../../src/shared/api/common';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';
import { createProduct, ok, putAsRead, staffClient, type ProductRec } from './helpers/catalogue';

/**
 * A product's finishing options and turnarounds as staff keep them: /api/admin/option-groups,
 * /api/admin/options and /api/admin/turnarounds in the list protocol, each field checked (422 beside
 * it), each write at the version it was read at (409 when stale), staff only. A product's production
 * days are always its default turnaround's.
 */

interface GroupRec {
  id: number;
  product_id: number;
  name: string;
  required: boolean;
  sort: number;
  version: number;
}
interface OptionRec {
  id: number;
  option_group_id: number;
  product_id: number;
  name: string;
  sheet_cost: string;
  setup_cost: number;
  production_days: number;
  active: boolean;
  sort: number;
  version: number;
}
interface TurnaroundRec {
  id: number;
  product_id: number;
  name: string;
  production_days: number;
  price_percent: number;
  is_default: boolean;
  active: boolean;
  version: number;
}

let t: TestApp;
let staff: ApiClient;
let colleague: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  colleague = await staffClient(t);
});
afterAll(() => t.close());

const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
const addGroup = async (productId: number, fields: Record<string, unknown> = {}) =>
  ok<GroupRec>(await staff.post('/api/admin/option-groups', { product_id: productId, name: 'Lamination', required: true, ...fields }), 201);
const addOption = async (groupId: number, fields: Record<string, unknown> = {}) =>
  ok<OptionRec>(
    await staff.post('/api/admin/options', { option_group_id: groupId, name: 'Matt', sheet_cost: '0.16', setup_cost: 0, production_days: 1, ...fields }),
    201,
  );
const turnaroundsOf = async (productId: number) => ok<TurnaroundRec[]>(await staff.get(`/api/admin/turnarounds?filter=${filter({ product_id: productId })}`));
const addTurnaround = async (productId: number, fields: Record<string, unknown> = {}) =>
  ok<TurnaroundRec>(
    await staff.post('/api/admin/turnarounds', { product_id: productId, name: 'Express', production_days: 1, price_percent: 35, ...fields }),
    201,
  );
const productOf = async (id: number) => ok<ProductRec & { production_days: number }>(await staff.get(`/api/admin/products/${id}`));

describe('/api/admin/option-groups and /api/admin/options: the protocol', () => {
  it('creates groups and options in the order added, lists a product’s, reads, updates and deletes them', async () => {
    const product = await createProduct(staff);
    const lamination = await addGroup(product.id);
    const corners = await addGroup(product.id, { name: 'Corners', required: false });
    expect(lamination).toEqual({ id: expect.any(Number), product_id: product.id, name: 'Lamination', required: true, sort: 1, version: 1 });
    expect(corners.sort).toBe(2);

    const none = await addOption(lamination.id, { name: 'None', sheet_cost: 0, production_days: 0 });
    const soft = await addOption(lamination.id, { name: 'Soft-touch', sheet_cost: '0.34', setup_cost: '1500', production_days: '2' });
    const rounded = await addOption(corners.id, { name: 'Rounded', sheet_cost: 0.06, setup_cost: 800 });
    expect(soft).toEqual({
      id: expect.any(Number),
      option_group_id: lamination.id,
      product_id: product.id,
      name: 'Soft-touch',
      sheet_cost: '0.3400',
      setup_cost: 1500,
      production_days: 2,
      active: true,
      sort: 2,
      version: 1,
    });

    const groups = await staff.get(`/api/admin/option-groups?filter=${filter({ product_id: product.id })}&sort=["sort","ASC"]&range=[0,24]`);
    expect(groups.json()).toEqual([lamination, corners]);
    expect(groups.headers['content-range']).toBe('option-groups 0-1/2');
    // Every option of the product at once, by the product (the product page's one read).
    const all = ok<OptionRec[]>(await staff.get(`/api/admin/options?filter=${filter({ product_id: product.id })}&sort=["sort","ASC"]`));
    expect(all.map((o) => o.name).sort()).toEqual(['None', 'Rounded', 'Soft-touch']);
    expect(ok<OptionRec[]>(await staff.get(`/api/admin/options?filter=${filter({ option_group_id: corners.id })}`))).toEqual([rounded]);
    expect(ok(await staff.get(`/api/admin/options/${soft.id}`))).toEqual(soft);

    // The group and product of a PUT body are read-only: ignored.
    const changed = ok<OptionRec>(
      await putAsRead(staff, `/api/admin/options/${soft.id}`, { ...soft, option_group_id: corners.id, product_id: 1, sheet_cost: '0.3', active: false }),
    );
    expect(changed).toEqual({ ...soft, sheet_cost: '0.3000', active: false, version: 2 });
    const renamed = ok<GroupRec>(await putAsRead(staff, `/api/admin/option-groups/${corners.id}`, { name: 'Corner rounding', required: true, product_id: 1 }));
    expect(renamed).toEqual({ ...corners, name: 'Corner rounding', required: true, version: 2 });

    expect(ok(await staff.delete(`/api/admin/options/${none.id}`))).toEqual(none);
    // Deleting a group deletes its options with it, and answers the group.
    expect(ok(await staff.delete(`/api/admin/option-groups/${corners.id}`))).toEqual(renamed);
    expect((await staff.get(`/api/admin/options/${rounded.id}`)).statusCode).toBe(404);
    expect(ok<OptionRec[]>(await staff.get(`/api/admin/options?filter=${filter({ product_id: product.id })}`)).map((o) => o.name)).toEqual(['Soft-touch']);
  });

  it('deletes a product’s groups, options and turnarounds with the product', async () => {
    const product = await createProduct(staff);
    const group = await addGroup(product.id);
    const option = await addOption(group.id);
    ok(await staff.delete(`/api/admin/products/${product.id}`));
    expect((await staff.get(`/api/admin/option-groups/${group.id}`)).statusCode).toBe(404);
    expect((await staff.get(`/api/admin/options/${option.id}`)).statusCode).toBe(404);
    expect(await turnaroundsOf(product.id)).toEqual([]);
  });
});

describe('option groups and options: bad input is a 422 naming the field, nothing saved', () => {
  let product: ProductRec;
  let group: GroupRec;
  beforeAll(async () => {
    product = await createProduct(staff);
    group = await addGroup(product.id);
    await addOption(group.id, { name: 'Matt' });
  });

  it.each([
    ['no name', { name: '  ' }, 'name', /required/],
    ['a name too long', { name: 'x'.repeat(81) }, 'name', /At most 80/],
    ['a negative cost per sheet', { sheet_cost: '-0.01' }, 'sheet_cost', /negative/],
    ['a cost per sheet with 5 decimal places', { sheet_cost: '0.00001' }, 'sheet_cost', /4 decimal places/],
    ['a cost per sheet that is not a number', { sheet_cost: 'lots' }, 'sheet_cost', /number/],
    ['a cost per sheet over £10,000', { sheet_cost: '10000.0001' }, 'sheet_cost', /At most 10000/],
    ['a set-up cost in pounds and pence', { setup_cost: 12.5 }, 'setup_cost', /whole pence/],
    ['a negative set-up cost', { setup_cost: -100 }, 'setup_cost', /whole pence/],
    ['extra days beyond 30', { production_days: 31 }, 'production_days', /0 to 30/],
    ['extra days that are not whole', { production_days: 1.5 }, 'production_days', /0 to 30/],
    ['active that is not yes or no', { active: 'maybe' }, 'active', /yes or no/],
    ['a name the group already has (in any case)', { name: 'MATT' }, 'name', /already has an option of that name/],
    ['a group that does not exist', { option_group_id: 999_999 }, 'option_group_id', /Unknown option group/],
    ['no group', { option_group_id: undefined }, 'option_group_id', /option group/],
  ])('an option with %s', async (_what, change, field, message) => {
    const before = ok<OptionRec[]>(await staff.get(`/api/admin/options?filter=${filter({ product_id: product.id })}`)).length;
    const res = await staff.post('/api/admin/options', {
      option_group_id: group.id,
      name: 'Gloss',
      sheet_cost: '0.16',
      setup_cost: 0,
      production_days: 1,
      ...change,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toMatch(message);
    expect(ok<OptionRec[]>(await staff.get(`/api/admin/options?filter=${filter({ product_id: product.id })}`)).length).toBe(before);
  });

  it.each([
    ['no name', { name: '' }, 'name', /required/],
    ['a name the product already has', { name: 'lamination' }, 'name', /already has an option group of that name/],
    ['a product that does not exist', { product_id: 999_999 }, 'product_id', /Unknown product/],
    ['required that is not yes or no', { required: 'sometimes' }, 'required', /yes or no/],
    ['a negative sort', { sort: -1 }, 'sort', /Sort/],
  ])('a group with %s', async (_what, change, field, message) => {
    const res = await staff.post('/api/admin/option-groups', { product_id: product.id, name: 'Corners', required: false, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toMatch(message);
    expect(ok<GroupRec[]>(await staff.get(`/api/admin/option-groups?filter=${filter({ product_id: product.id })}`)).map((g) => g.name)).toEqual(['Lamination']);
  });

  it('refuses renaming an option or a group to a name its parent already has', async () => {
    const gloss = await addOption(group.id, { name: 'Gloss' });
    const res = await putAsRead(staff, `/api/admin/options/${gloss.id}`, { name: 'matt' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toMatch(/already has an option of that name/);
    const corners = await addGroup(product.id, { name: 'Corners' });
    const clash = await putAsRead(staff, `/api/admin/option-groups/${corners.id}`, { name: 'Lamination' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.name).toMatch(/already has an option group of that name/);
    // The same name in another group or product is fine.
    ok(await putAsRead(staff, `/api/admin/options/${gloss.id}`, { name: 'Gloss' }));
    await addOption(corners.id, { name: 'Matt' });
  });
});

describe('/api/admin/turnarounds: one default per product, whose days are the product’s', () => {
  it('gives a new product its default “Standard” turnaround at the product’s days and 0 %', async () => {
    const product = await createProduct(staff, { production_days: 3 });
    expect(await turnaroundsOf(product.id)).toEqual([
      { id: expect.any(Number), product_id: product.id, name: 'Standard', production_days: 3, price_percent: 0, is_default: true, active: true, version: 1 },
    ]);
  });

  it('lists a product’s turnarounds slowest first, with Content-Range', async () => {
    const product = await createProduct(staff, { production_days: 2 });
    await addTurnaround(product.id, { name: 'Saver', production_days: 5, price_percent: -10 });
    await addTurnaround(product.id, { name: 'Same day', production_days: 0, price_percent: '+80' });
    await addTurnaround(product.id, { name: 'Express', production_days: 1, price_percent: 35 });
    const res = await staff.get(`/api/admin/turnarounds?filter=${filter({ product_id: product.id })}&range=[0,9]`);
    expect(res.json().map((r: TurnaroundRec) => [r.name, r.production_days, r.price_percent, r.is_default])).toEqual([
      ['Saver', 5, -10, false],
      ['Standard', 2, 0, true],
      ['Express', 1, 35, false],
      ['Same day', 0, 80, false],
    ]);
    expect(res.headers['content-range']).toBe('turnarounds 0-3/4');
  });

  it('moves the default: the old one is no longer it, and the product takes the new one’s days (its version with them)', async () => {
    const product = await createProduct(staff, { production_days: 2 });
    const [standard] = await turnaroundsOf(product.id);
    const saver = await addTurnaround(product.id, { name: 'Saver', production_days: 5, price_percent: -10, is_default: true });
    expect(saver.is_default).toBe(true);
    const after = await productOf(product.id);
    expect(after.production_days).toBe(5);
    expect(after.version).toBe(product.version + 1);
    expect(ok<TurnaroundRec>(await staff.get(`/api/admin/turnarounds/${standard.id}`))).toMatchObject({ is_default: false, version: standard.version + 1 });

    // Changing the default's days changes the product's.
    ok(await putAsRead(staff, `/api/admin/turnarounds/${saver.id}`, { production_days: 4 }));
    expect((await productOf(product.id)).production_days).toBe(4);
    // Making Standard the default again by a PUT.
    ok(await putAsRead(staff, `/api/admin/turnarounds/${standard.id}`, { is_default: true }));
    expect((await productOf(product.id)).production_days).toBe(2);
    expect((await turnaroundsOf(product.id)).filter((r) => r.is_default).map((r) => r.name)).toEqual(['Standard']);
    // A change to a turnaround that is not the default leaves the product alone.
    const before = await productOf(product.id);
    ok(await putAsRead(staff, `/api/admin/turnarounds/${saver.id}`, { production_days: 6 }));
    expect(await productOf(product.id)).toEqual(before);
  });

  it('keeps the product’s days and its default turnaround’s the same when the product’s are changed', async () => {
    const product = await createProduct(staff, { production_days: 2 });
    ok(await putAsRead(staff, `/api/admin/products/${product.id}`, { production_days: 3 }));
    expect((await turnaroundsOf(product.id)).find((r) => r.is_default)).toMatchObject({ name: 'Standard', production_days: 3, version: 2 });
  });

  it('refuses leaving a product without a default, or with one not on offer', async () => {
    const product = await createProduct(staff);
    const [standard] = await turnaroundsOf(product.id);
    const unset = await putAsRead(staff, `/api/admin/turnarounds/${standard.id}`, { is_default: false });
    expect(unset.statusCode).toBe(422);
    expect(unset.json().errors.is_default).toMatch(/always has a default turnaround/);
    const inactive = await putAsRead(staff, `/api/admin/turnarounds/${standard.id}`, { active: false });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.active).toMatch(/default turnaround is always on offer/);
    const newInactiveDefault = await staff.post('/api/admin/turnarounds', {
      product_id: product.id,
      name: 'Express',
      production_days: 1,
      is_default: true,
      active: false,
    });
    expect(newInactiveDefault.statusCode).toBe(422);
    expect(newInactiveDefault.json().errors.active).toMatch(/always on offer/);
    const del = await staff.delete(`/api/admin/turnarounds/${standard.id}?version=${standard.version}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/default turnaround and cannot be deleted/);
    expect(await turnaroundsOf(product.id)).toEqual([standard]);

    // Another turnaround can be withdrawn or deleted.
    const express = await addTurnaround(product.id);
    ok(await putAsRead(staff, `/api/admin/turnarounds/${express.id}`, { active: false }));
    ok(await staff.delete(`/api/admin/turnarounds/${express.id}`));
  });

  it.each([
    ['no name', { name: '' }, 'name', /required/],
    ['a name the product already has', { name: 'standard' }, 'name', /already has a turnaround of that name/],
    ['no production days', { production_days: undefined }, 'production_days', /required/],
    ['negative production days', { production_days: -1 }, 'production_days', /0 to 60/],
    ['production days beyond 60', { production_days: 61 }, 'production_days', /0 to 60/],
    ['a price change below −50 %', { price_percent: -51 }, 'price_percent', /-50 to \+200/],
    ['a price change above +200 %', { price_percent: 201 }, 'price_percent', /-50 to \+200/],
    ['a price change in fractions of a percent', { price_percent: 12.5 }, 'price_percent', /whole percent/],
    ['a price change that is not a number', { price_percent: 'lots' }, 'price_percent', /whole percent/],
    ['is_default that is not yes or no', { is_default: 'y' }, 'is_default', /yes or no/],
    ['a product that does not exist', { product_id: 999_999 }, 'product_id', /Unknown product/],
  ])('a turnaround with %s is a 422 on its field, nothing saved', async (_what, change, field, message) => {
    const product = await createProduct(staff);
    const res = await staff.post('/api/admin/turnarounds', { product_id: product.id, name: 'Express', production_days: 1, price_percent: 35, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toMatch(message);
    expect((await turnaroundsOf(product.id)).map((r) => r.name)).toEqual(['Standard']);
  });
});

describe('stale writes answer 409 and keep the colleague’s change', () => {
  it.each([
    ['option-groups', 'option group', async (productId: number) => addGroup(productId), { name: 'Finish' }, { name: 'Coating' }],
    ['options', 'option', async (productId: number) => addOption((await addGroup(productId)).id), { sheet_cost: '0.2000' }, { sheet_cost: '0.1000' }],
    ['turnarounds', 'turnaround', async (productId: number) => addTurnaround(productId), { price_percent: 40 }, { price_percent: 30 }],
  ] as const)('%s', async (resource, noun, make, first, second) => {
    const product = await createProduct(staff);
    const made: { id: number; version: number } = await make(product.id);
    const url = `/api/admin/${resource}/${made.id}`;
    ok(await staff.put(url, { ...first, version: made.version }));
    const stale = await colleague.put(url, { ...second, version: made.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: staleRecordMessage(noun), errors: { version: staleRecordMessage(noun) } });
    expect(ok(await colleague.get(url))).toMatchObject({ ...first, version: made.version + 1 });
    const staleDelete = await colleague.delete(`${url}?version=${made.version}`);
    expect(staleDelete.statusCode).toBe(409);
    expect((await colleague.get(url)).statusCode).toBe(200);
  });
});

describe('staff only', () => {
  it('answers 403 to a customer on every call of the three resources', async () => {
    const product = await createProduct(staff);
    const group = await addGroup(product.id);
    const option = await addOption(group.id);
    const [turnaround] = await turnaroundsOf(product.id);
    const customer = new ApiClient(t.app);
    await registerAs(customer);
    for (const [resource, id] of [
      ['option-groups', group.id],
      ['options', option.id],
      ['turnarounds', turnaround.id],
    ] as const) {
      expect((await customer.get(`/api/admin/${resource}`)).statusCode).toBe(403);
      expect((await customer.get(`/api/admin/${resource}/${id}`)).statusCode).toBe(403);
      expect(
        (await customer.post(`/api/admin/${resource}`, { product_id: product.id, option_group_id: group.id, name: 'Mine', production_days: 1 })).statusCode,
      ).toBe(403);
      expect((await customer.put(`/api/admin/${resource}/${id}`, { name: 'Mine', version: 1 })).statusCode).toBe(403);
      expect((await customer.delete(`/api/admin/${resource}/${id}`)).statusCode).toBe(403);
    }
    expect(ok<GroupRec>(await staff.get(`/api/admin/option-groups/${group.id}`)).name).toBe('Lamination');
    expect(ok<OptionRec>(await staff.get(`/api/admin/options/${option.id}`)).name).toBe('Matt');
    expect(await turnaroundsOf(product.id)).toEqual([turnaround]);
  });
});
