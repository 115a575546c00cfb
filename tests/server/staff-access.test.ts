import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { staffRoutes } from '../../src/server/lib/auth';
import { StaffCaller } from './helpers/staff-client';
import { customerCaller, startStaffApp, type StaffApp } from './helpers/staff-app';

/**
 * Every /api/admin route the app has — read from Fastify's own route table, so a route added later
 * (by any module) is checked too — answers 401 to a visitor and 403 to a signed-in customer, before
 * it looks at the request (a bad body or id must not tell a visitor anything).
 */
function staffRoutesOf(app: FastifyInstance): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    parents.length = depth;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    if (!path.startsWith('/api/admin')) continue;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) routes.push({ method, path: path.replace(/:[a-z_]+/gi, '1') });
  }
  return routes;
}

let app: StaffApp;
let routes: Array<{ method: string; path: string }>;
let visitor: StaffCaller;
let customer: StaffCaller;

beforeAll(async () => {
  app = await startStaffApp();
  routes = staffRoutesOf(app.t.app);
  visitor = new StaffCaller(app.baseUrl);
  await visitor.fetch('/api/health'); // the XSRF cookie, so that unsafe calls reach the auth check
  customer = await customerCaller(app);
});
afterAll(() => app.t.close());

function call(caller: StaffCaller, route: { method: string; path: string }) {
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return caller.fetch(route.path, {
    method: route.method,
    ...(hasBody ? { headers: { 'Content-Type': 'application/json' }, body: '{"role":"admin","id":"x"}' } : {}),
  });
}

describe('every staff route', () => {
  it('includes the users, settings and countries routes', () => {
    const list = routes.map((r) => `${r.method} ${r.path}`);
    expect(list).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users',
        'POST /api/admin/users',
        'GET /api/admin/users/1',
        'PUT /api/admin/users/1',
        'DELETE /api/admin/users/1',
        'POST /api/admin/users/1/logo',
        'DELETE /api/admin/users/1/logo',
        'GET /api/admin/settings',
        'GET /api/admin/settings/1',
        'PUT /api/admin/settings/1',
        'GET /api/admin/countries',
        'GET /api/admin/countries/1',
        'PUT /api/admin/countries/1',
      ]),
    );
  });

  it('answers 401 to a visitor', async () => {
    for (const route of routes) {
      const res = await call(visitor, route);
      expect({ route, status: res.status }).toEqual({ route, status: 401 });
      expect(await res.json()).toEqual({ message: 'You are not signed in.' });
    }
  });

  it('answers 403 to a customer', async () => {
    for (const route of routes) {
      const res = await call(customer, route);
      expect({ route, status: res.status }).toEqual({ route, status: 403 });
      expect(await res.json()).toEqual({ message: 'You are not allowed to do this.' });
    }
  });

  it('answers staff: every list passes the guard', async () => {
    for (const route of routes.filter((r) => r.method === 'GET' && !/\/1(\/|$)/.test(r.path))) {
      const res = await call(app.staff, route);
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
    }
  });

  it("refuses a customer through react-admin's own client with an HttpError 403", async () => {
    await expect(
      customer.dataProvider.getList('users', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(visitor.dataProvider.getOne('settings', { id: 1 })).rejects.toMatchObject({ status: 401 });
  });

  it('a staff member demoted meanwhile is refused on the next call', async () => {
    const other = await customerCaller(app);
    const { data } = await app.staff.dataProvider.getList('users', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: { email: other.email },
    });
    const { data: promoted } = await app.staff.dataProvider.update('users', { id: data[0].id, data: { role: 'admin' }, previousData: data[0] });
    expect((await other.fetch('/api/admin/settings')).status).toBe(200);
    await app.staff.dataProvider.update('users', { id: data[0].id, data: { role: 'user' }, previousData: promoted });
    expect((await other.fetch('/api/admin/settings')).status).toBe(403);
  });
});

describe('a plugin of staff routes', () => {
  it('refuses, at start-up, a route outside /api/admin/ (where the checks above would not find it)', async () => {
    const app = Fastify({ logger: false });
    void app.register(
      staffRoutes(async (staff) => {
        staff.get('/api/admin/fine', async () => ({}));
        staff.get('/api/orders/stray', async () => ({}));
      }),
    );
    await expect(app.ready()).rejects.toThrow('GET /api/orders/stray is a staff route outside /api/admin/');
  });
});
