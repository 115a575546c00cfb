import { generatePath } from 'react-router-dom';

/**
 * Route names → paths (specification §2), and route() to build them. It imports no page, layout
 * or guard, so anyone may import it: pages, layouts, guards and the staff area's authProvider.
 * The route table (routes.tsx) adds titles, guards, layouts and pages to these rows.
 */

// prettier-ignore
/** The customer app's named pages. */
export const CUSTOMER_PATHS = [
  { path: '/',                      name: 'home' },
  { path: '/login',                 name: 'login' },
  { path: '/register',              name: 'register' },
  { path: '/password/reset',        name: 'password.request' },
  { path: '/password/reset/:token', name: 'password.reset' },
  { path: '/terms/privacy',         name: 'privacy' },
  { path: '/terms/terms',           name: 'terms' },
  { path: '/account/profile',       name: 'account.profile' },
  { path: '/account/password',      name: 'account.password' },
  { path: '/account/addresses',     name: 'account.addresses' },
  { path: '/account/api',           name: 'account.api' },
  { path: '/account/company',       name: 'account.company' },
  { path: '/invitations/:token',    name: 'invitation' },
  { path: '/create',                name: 'create.index' },
  { path: '/create/:id',            name: 'create.items' },
  { path: '/orders',                name: 'orders.index' },
  { path: '/orders/:id',            name: 'orders.view' },
  { path: '/proof/:token',          name: 'proof.link' },
  { path: '/approval-links/:token', name: 'approval.link' },
  { path: '/invoices',              name: 'invoices.index' },
  { path: '/quotes',                name: 'quotes.index' },
  { path: '/prices',                name: 'prices' },
  { path: '/tickets',               name: 'tickets.index' },
  { path: '/tickets/:id',           name: 'tickets.view' },
  { path: '/unauthorized',          name: 'unauthorized' },
] as const satisfies readonly { path: string; name: string }[];

// prettier-ignore
/** The staff area's paths (specification §2), named so that route('admin.users.view', { id }) works. */
export const ADMIN_ROUTES = [
  { path: '/admin',                         name: 'admin.index' },
  { path: '/admin/users',                   name: 'admin.users.index' },
  { path: '/admin/users/add',               name: 'admin.users.add' },
  { path: '/admin/users/:id',               name: 'admin.users.view' },
  { path: '/admin/stock',                   name: 'admin.stock.index' },
  { path: '/admin/stock/:id',               name: 'admin.stock.view' },
  { path: '/admin/products',                name: 'admin.products.index' },
  { path: '/admin/products/:id',            name: 'admin.products.view' },
  { path: '/admin/products/:productid/stock/:stockid/margins' }, // unnamed in the specification
  { path: '/admin/delivery',                name: 'admin.delivery.index' },
  { path: '/admin/delivery/countries',      name: 'admin.delivery.countries' },
  { path: '/admin/delivery/:id',            name: 'admin.delivery.view' },
  { path: '/admin/orders',                  name: 'admin.orders.index' },
  { path: '/admin/orders/:id',              name: 'admin.orders.view' },
  { path: '/admin/batches',                 name: 'admin.batches.index' },
  { path: '/admin/royalmail',               name: 'admin.royalmail.index' },
  { path: '/admin/tickets',                 name: 'admin.tickets.index' },
  { path: '/admin/tickets/:id',             name: 'admin.tickets.view' },
  { path: '/admin/settings',                name: 'admin.settings.index' },
  { path: '/admin/settings/:id',            name: 'admin.settings.view' },
] as const satisfies readonly { path: string; name?: string }[];

type NameOf<Row> = Row extends { name: infer Name extends string } ? Name : never;
export type CustomerRouteName = (typeof CUSTOMER_PATHS)[number]['name'];
export type RouteName = CustomerRouteName | NameOf<(typeof ADMIN_ROUTES)[number]>;
export type RouteParams = Record<string, string | number>;
export type RouteQuery = Record<string, string | number | boolean | null | undefined>;

const PATHS_BY_NAME: ReadonlyMap<string, string> = new Map(
  [...CUSTOMER_PATHS, ...ADMIN_ROUTES].flatMap((row) => ('name' in row ? [[row.name, row.path] as const] : [])),
);

/** The row of a customer page by name, for the route table: `{ path, name }`. */
export function named<Name extends CustomerRouteName>(name: Name): Extract<(typeof CUSTOMER_PATHS)[number], { name: Name }> {
  const row = CUSTOMER_PATHS.find((entry) => entry.name === name);
  if (!row) throw new Error(`Unknown route name "${name}"`);
  return row as Extract<(typeof CUSTOMER_PATHS)[number], { name: Name }>;
}

/**
 * The path of a named route, e.g. route('orders.view', { id: 5 }) → '/orders/5' and
 * route('orders.index', {}, { status: 'live' }) → '/orders?status=live'. Empty query values are left out.
 */
export function route(name: RouteName, params: RouteParams = {}, query: RouteQuery = {}): string {
  const pattern = PATHS_BY_NAME.get(name);
  if (!pattern) throw new Error(`Unknown route name "${name}"`);
  const path = generatePath(pattern, Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
