import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, PHONE_MESSAGE, POSTCODE_MESSAGE } from '../../src/shared/api/fields';
import { upsertAccount } from '../../src/server/modules/accounts/operations';
import { createTestApp, type TestApp } from './helpers/app';
import { putAsRead } from './helpers/catalogue';
import { ApiClient, registerAs, registration, ukCountryId } from './helpers/client';

/**
 * One rule per contact field, wherever it is entered: each field's bad value is refused by every
 * route that takes it, with the same message on that field, and its good value is accepted there.
 * (A profile once took "abc" as a telephone number that starting an order then refused.)
 */

type Field = 'firstname' | 'lastname' | 'email' | 'telephone' | 'mobile' | 'address1' | 'town' | 'postcode';

/** Per field: a value every route must refuse, the message it is refused with, and a value every route must take. */
const RULES: Array<{ field: Field; bad: string; message: string; good: string }> = [
  { field: 'telephone', bad: 'abc', message: PHONE_MESSAGE, good: '0113 496 0000' },
  { field: 'telephone', bad: '0113 496', message: PHONE_MESSAGE, good: '+33 1 42 68 53 00' },
  { field: 'mobile', bad: 'call me', message: PHONE_MESSAGE, good: '07911 123456' },
  { field: 'email', bad: 'jo@', message: EMAIL_MESSAGE, good: 'Jo.Bloggs@Example.test' },
  { field: 'postcode', bad: 'LS1 1AA!', message: POSTCODE_MESSAGE, good: 'ls1 1aa' },
  { field: 'postcode', bad: '', message: 'Postcode is required', good: '75008' },
  { field: 'firstname', bad: '   ', message: 'First name is required', good: 'Jo' },
  { field: 'lastname', bad: '', message: 'Last name is required', good: 'Bloggs' },
  { field: 'address1', bad: '', message: 'Address line 1 is required', good: '1 Mill Lane' },
  { field: 'town', bad: 'x'.repeat(81), message: 'At most 80 characters', good: 'Leeds' },
];

let t: TestApp;
let customer: ApiClient;
let staff: ApiClient;
let gb: number;
let basketId: number;
let staffUserId: number;
let customerEmail: string;
const customerPassword = 'correct horse battery';

/** The contact fields as each route wants them: `at` is where the route names a field in its errors. */
interface Route {
  name: string;
  fields: readonly Field[];
  send(values: Record<string, unknown>): Promise<{ statusCode: number; json(): { errors?: Record<string, string> } }>;
  at(field: Field): string;
}

const contact = () => ({
  firstname: 'Jo',
  lastname: 'Bloggs',
  email: 'jo@example.test',
  telephone: '',
  address1: '1 Mill Lane',
  town: 'Leeds',
  postcode: 'LS1 1AA',
  country_id: gb,
});
const ALL: readonly Field[] = ['firstname', 'lastname', 'email', 'telephone', 'mobile', 'address1', 'town', 'postcode'];
const ADDRESS: readonly Field[] = ['firstname', 'lastname', 'email', 'telephone', 'address1', 'town', 'postcode'];

const routes = (): Route[] => [
  {
    name: 'POST /api/register',
    fields: ALL,
    send: (values) => new ApiClient(t.app).post('/api/register', { ...registration({}, gb), ...values }),
    at: (field) => field,
  },
  {
    name: 'PATCH /api/user (profile)',
    fields: ALL,
    send: (values) => customer.patch('/api/user', { ...contact(), email: customerEmail, ...values, current_password: customerPassword }),
    at: (field) => field,
  },
  {
    name: 'POST /api/orders (delivery contact)',
    fields: ADDRESS,
    send: (values) => customer.post('/api/orders', { ref: '', address: { ...contact(), ...values } }),
    at: (field) => `address.${field}`,
  },
  {
    name: 'PATCH /api/orders/{id} (delivery contact)',
    fields: ADDRESS,
    send: (values) => customer.patch(`/api/orders/${basketId}`, { address: { ...contact(), ...values } }),
    at: (field) => `address.${field}`,
  },
  {
    name: 'POST /api/admin/users',
    fields: ALL,
    send: (values) =>
      staff.post('/api/admin/users', { ...contact(), email: `new${Math.random().toString(36).slice(2, 9)}@example.test`, role: 'user', ...values }),
    at: (field) => field,
  },
  {
    name: 'PUT /api/admin/users/{id}',
    fields: ALL,
    send: (values) => putAsRead(staff, `/api/admin/users/${staffUserId}`, { ...contact(), email: 'kept@example.test', role: 'user', ...values }),
    at: (field) => field,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  customer = new ApiClient(t.app);
  customerEmail = (await registerAs(customer, { password: customerPassword, password_confirmation: customerPassword })).email;
  gb = await ukCountryId(customer);
  const basket = await customer.post('/api/orders', { ref: 'fields' });
  expect(basket.statusCode).toBe(201);
  basketId = basket.json().id;
  await upsertAccount(t.database.db, { email: 'staff@example.test', password: 'staff password 1', role: 'admin', firstname: 'Sal', lastname: 'Staff' });
  staff = new ApiClient(t.app);
  await staff.login('staff@example.test', 'staff password 1');
  const made = await staff.post('/api/admin/users', { ...contact(), email: 'kept@example.test', role: 'user' });
  expect(made.statusCode).toBe(201);
  staffUserId = made.json().id;
});
afterAll(() => t.close());

describe('each contact field follows one rule on every route that takes it', () => {
  for (const { field, bad, message, good } of RULES) {
    it(`${field}: "${bad.length > 20 ? `${bad.slice(0, 10)}…` : bad}" is refused with "${message}", "${good}" is taken`, async () => {
      for (const route of routes().filter((r) => r.fields.includes(field))) {
        const refused = await route.send({ [field]: bad });
        expect(refused.statusCode, `${route.name} with ${field} "${bad}"`).toBe(422);
        expect(refused.json().errors?.[route.at(field)], `${route.name}: the message on ${route.at(field)}`).toBe(message);

        const taken = await route.send({ [field]: good, ...(field === 'email' ? { email: `${Math.random().toString(36).slice(2, 9)}.${good}` } : {}) });
        expect(taken.statusCode, `${route.name} with ${field} "${good}": ${taken.statusCode === 422 ? JSON.stringify(taken.json().errors) : ''}`).toBeLessThan(
          300,
        );
      }
    });
  }

  it('the company settings take e-mail and telephone by the same rules', async () => {
    const settings = (await staff.get('/api/admin/settings?range=[0,99]')).json() as Array<{ id: number; name: string }>;
    const idOf = (name: string) => settings.find((s) => s.name === name)!.id;
    const put = (name: string, value: string) => putAsRead(staff, `/api/admin/settings/${idOf(name)}`, { value, description: name, public: false });
    for (const name of ['STAFF_EMAIL', 'COMPANY_EMAIL']) {
      const refused = await put(name, 'jo@');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ value: EMAIL_MESSAGE });
      expect((await put(name, 'desk@example.test')).statusCode).toBe(200);
    }
    const phone = await put('COMPANY_PHONE', 'abc');
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors).toEqual({ value: PHONE_MESSAGE });
    expect((await put('COMPANY_PHONE', '0113 496 0000')).statusCode).toBe(200);
  });

  it('a telephone number the profile took starts an order from the profile', async () => {
    expect(
      (await customer.patch('/api/user', { ...contact(), email: customerEmail, telephone: '0113 496 0000', current_password: customerPassword })).statusCode,
    ).toBe(200);
    const order = await customer.post('/api/orders', { ref: 'from the profile' });
    expect(order.statusCode).toBe(201);
    expect(order.json().address.telephone).toBe('0113 496 0000');
  });
});
