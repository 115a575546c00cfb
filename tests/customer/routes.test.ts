import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/customer/routes';
import { ADMIN_ROUTES, route, type RouteName } from '../../src/customer/paths';

// The specification's tables (§2), path and name, with {param} written as :param.
const CUSTOMER_TABLE = [
  ['/', 'home'],
  ['/login', 'login'],
  ['/register', 'register'],
  ['/password/reset', 'password.request'],
  ['/password/reset/:token', 'password.reset'],
  ['/terms/privacy', 'privacy'],
  ['/terms/terms', 'terms'],
  ['/account/profile', 'account.profile'],
  ['/account/password', 'account.password'],
  ['/create', 'create.index'],
  ['/create/:id', 'create.items'],
  ['/orders', 'orders.index'],
  ['/orders/:id', 'orders.view'],
  ['/invoices', 'invoices.index'],
  ['/prices', 'prices'],
  ['/tickets', 'tickets.index'],
  ['/tickets/:id', 'tickets.view'],
] as const;

const ADMIN_TABLE = [
  ['/admin', 'admin.index'],
  ['/admin/users', 'admin.users.index'],
  ['/admin/users/add', 'admin.users.add'],
  ['/admin/users/:id', 'admin.users.view'],
  ['/admin/stock', 'admin.stock.index'],
  ['/admin/stock/:id', 'admin.stock.view'],
  ['/admin/products', 'admin.products.index'],
  ['/admin/products/:id', 'admin.products.view'],
  ['/admin/delivery', 'admin.delivery.index'],
  ['/admin/delivery/countries', 'admin.delivery.countries'],
  ['/admin/delivery/:id', 'admin.delivery.view'],
  ['/admin/orders', 'admin.orders.index'],
  ['/admin/orders/:id', 'admin.orders.view'],
  ['/admin/batches', 'admin.batches.index'],
  ['/admin/royalmail', 'admin.royalmail.index'],
  ['/admin/tickets', 'admin.tickets.index'],
  ['/admin/tickets/:id', 'admin.tickets.view'],
  ['/admin/settings', 'admin.settings.index'],
  ['/admin/settings/:id', 'admin.settings.view'],
] as const;

const rowOf = (path: string) => ROUTES.find((row) => row.path === path);
const guardsOf = (path: string) => rowOf(path)?.guards.map((guard) => guard.guardName);

describe('the route table', () => {
  it.each(CUSTOMER_TABLE)('has %s named %s, with a title', (path, name) => {
    const row = rowOf(path);
    expect(row && 'name' in row ? row.name : undefined).toBe(name);
    expect(row?.title).toBeTruthy();
  });

  it.each(ADMIN_TABLE)('names the staff path %s %s', (path, name) => {
    expect(ADMIN_ROUTES.find((row) => row.path === path)).toEqual({ path, name });
  });

  it('lists the unnamed margins page, /unauthorized, the staff area and a catch-all', () => {
    expect(ADMIN_ROUTES.some((row) => row.path === '/admin/products/:productid/stock/:stockid/margins' && !('name' in row))).toBe(true);
    expect(rowOf('/unauthorized')).toBeDefined();
    expect(rowOf('/admin/*')?.layout).toBe('none');
    expect(rowOf('*')?.title).toBe('Page not found');
  });

  it('gives each page the guards of the specification', () => {
    for (const path of ['/login', '/register', '/password/reset', '/password/reset/:token']) expect(guardsOf(path)).toEqual(['guest']);
    for (const path of ['/terms/privacy', '/terms/terms', '/unauthorized', '*']) expect(guardsOf(path)).toEqual([]);
    for (const path of ['/', '/account/profile', '/account/password']) expect(guardsOf(path)).toEqual(['auth']);
    for (const path of ['/orders', '/orders/:id', '/invoices', '/quotes', '/prices', '/tickets', '/tickets/:id']) {
      expect(guardsOf(path)).toEqual(['auth', 'role:user,trade,admin']);
    }
    // Ordering also needs the account's name and address (a social sign-in opens an account without them).
    for (const path of ['/create', '/create/:id']) expect(guardsOf(path)).toEqual(['auth', 'role:user,trade,admin', 'profile-complete']);
    expect(guardsOf('/admin/*')).toEqual(['auth', 'admin']);
  });

  it('declares the paths the guards send people to', () => {
    expect([route('home'), route('login'), route('unauthorized')]).toEqual(['/', '/login', '/unauthorized']);
  });
});

describe('route()', () => {
  it('builds a path from a name and its params', () => {
    expect(route('orders.view', { id: 5 })).toBe('/orders/5');
    expect(route('password.reset', { token: 'abc def' })).toBe('/password/reset/abc%20def');
    expect(route('admin.users.view', { id: 12 })).toBe('/admin/users/12');
    expect(route('login')).toBe('/login');
  });

  it('adds a query, leaving out empty values', () => {
    expect(route('orders.index', {}, { status: 'live' })).toBe('/orders?status=live');
    expect(route('orders.index', {}, { q: 'flyers & cards', status: undefined, page: '' })).toBe('/orders?q=flyers+%26+cards');
  });

  it('refuses an unknown name or a missing param', () => {
    expect(() => route('nope' as RouteName)).toThrow(/Unknown route name/);
    expect(() => route('orders.view')).toThrow();
  });
});
