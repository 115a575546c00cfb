import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAccount } from '../../src/server/modules/accounts/operations';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await upsertAccount(t.database.db, { email: 'staff@example.test', password: 'staff password 1', role: 'admin' });
});
afterAll(() => t.close());
const fresh = () => new ApiClient(t.app);

describe('GET /api/settings/{name}', () => {
  it('answers a public setting to anyone', async () => {
    const res = await fresh().get('/api/settings/STATUS_TEXT');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'STATUS_TEXT', value: expect.stringMatching(/\w+/) });
    expect((await fresh().get('/api/settings/COMPANY_ADDRESS')).statusCode).toBe(200);
  });

  it('hides a staff-only setting from visitors and customers (404) and shows it to staff', async () => {
    expect((await fresh().get('/api/settings/ARTWORK_MAX_MB')).statusCode).toBe(404);
    const customer = fresh();
    await registerAs(customer);
    expect((await customer.get('/api/settings/ARTWORK_MAX_MB')).statusCode).toBe(404);
    const staff = fresh();
    await staff.login('staff@example.test', 'staff password 1');
    expect((await staff.get('/api/settings/ARTWORK_MAX_MB')).json()).toEqual({ name: 'ARTWORK_MAX_MB', value: '100' });
  });

  it('answers 404 for an unknown setting and 422 for a name that cannot be one', async () => {
    expect((await fresh().get('/api/settings/NO_SUCH_SETTING')).statusCode).toBe(404);
    const bad = await fresh().get('/api/settings/status-text');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toBeTruthy();
  });
});
