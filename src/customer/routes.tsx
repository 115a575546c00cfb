import type { ComponentType } from 'react';
import { createBrowserRouter, generatePath, type RouteObject } from 'react-router-dom';
import { CUSTOMER_ROUTE_ROLES } from '../shared/api/accounts-basics';
import {
  adminOnly as admin,
  authRequired as auth,
  guardsMiddleware,
  guestOnly as guest,
  role,
  sessionRestoreMiddleware,
  type Guard,
} from './guards';
import { AppShell } from './navigation/AppShell';
import { InitialLoading } from './navigation/InitialLoading';
import { TitledOutlet } from './navigation/TitledOutlet';
import { loadWithTimeout } from './navigation/lazyModule';
import type { RouteHandle } from './navigation/routeHandle';
import { RouteErrorBoundary } from './layouts/RouteErrorBoundary';

/** Which frame a page sits in: default (signed in), plain (signed out), public (either), none. */
type LayoutName = 'default' | 'plain' | 'public' | 'none';
type ModuleImport = () => Promise<{ default: ComponentType }>;

interface RouteRow {
  path: string;
  /** The specification's route name; route(name) builds the path. */
  name?: string;
  /** The page title; document.title is "<title> | <APP_NAME>". */
  title: string;
  /** Run in this order after the session-restore check that starts every navigation. */
  guards: readonly Guard[];
  layout: LayoutName;
  page: ModuleImport;
}

/** Customer pages (create, orders, invoices, prices, tickets): roles 'user,trade,admin'. */
const customer = role(CUSTOMER_ROUTE_ROLES.join(','));

// prettier-ignore
/** Every page of the customer app (specification §2). Pages and layouts load lazily. */
export const ROUTES = [
  { path: '/',                      name: 'home',             title: 'Home',                      guards: [auth],           layout: 'default', page: () => import('./pages/home/HomePage') },
  { path: '/login',                 name: 'login',            title: 'Log in',                    guards: [guest],          layout: 'plain',   page: () => import('./pages/auth/LoginPage') },
  { path: '/register',              name: 'register',         title: 'Open a trade account',      guards: [guest],          layout: 'plain',   page: () => import('./pages/auth/RegisterPage') },
  { path: '/password/reset',        name: 'password.request', title: 'Forgotten password',        guards: [guest],          layout: 'plain',   page: () => import('./pages/auth/PasswordRequestPage') },
  { path: '/password/reset/:token', name: 'password.reset',   title: 'Choose a new password',     guards: [guest],          layout: 'plain',   page: () => import('./pages/auth/PasswordResetPage') },
  { path: '/terms/privacy',         name: 'privacy',          title: 'Privacy notice',            guards: [],               layout: 'public',  page: () => import('./pages/terms/PrivacyPage') },
  { path: '/terms/terms',           name: 'terms',            title: 'Terms and conditions',      guards: [],               layout: 'public',  page: () => import('./pages/terms/TermsPage') },
  { path: '/account/profile',       name: 'account.profile',  title: 'Update Profile',            guards: [auth],           layout: 'default', page: () => import('./pages/account/ProfilePage') },
  { path: '/account/password',      name: 'account.password', title: 'Change Password',           guards: [auth],           layout: 'default', page: () => import('./pages/account/PasswordPage') },
  { path: '/create',                name: 'create.index',     title: 'New Order',                 guards: [auth, customer], layout: 'default', page: () => import('./pages/create/CreatePage') },
  { path: '/create/:id',            name: 'create.items',     title: 'Order items',               guards: [auth, customer], layout: 'default', page: () => import('./pages/create/CreateItemsPage') },
  { path: '/orders',                name: 'orders.index',     title: 'Orders',                    guards: [auth, customer], layout: 'default', page: () => import('./pages/orders/OrdersPage') },
  { path: '/orders/:id',            name: 'orders.view',      title: 'Order',                     guards: [auth, customer], layout: 'default', page: () => import('./pages/orders/OrderViewPage') },
  { path: '/invoices',              name: 'invoices.index',   title: 'Invoices',                  guards: [auth, customer], layout: 'default', page: () => import('./pages/invoices/InvoicesPage') },
  { path: '/prices',                name: 'prices',           title: 'Prices',                    guards: [auth, customer], layout: 'default', page: () => import('./pages/prices/PricesPage') },
  { path: '/tickets',               name: 'tickets.index',    title: 'Resolution Centre',         guards: [auth, customer], layout: 'default', page: () => import('./pages/tickets/TicketsPage') },
  { path: '/tickets/:id',           name: 'tickets.view',     title: 'Ticket',                    guards: [auth, customer], layout: 'default', page: () => import('./pages/tickets/TicketViewPage') },
  { path: '/unauthorized',          name: 'unauthorized',     title: 'Account awaiting approval', guards: [],               layout: 'public',  page: () => import('./pages/errors/UnauthorizedPage') },
  // The staff area is one lazily loaded route with its own layout; its pages are listed below.
  { path: '/admin/*',                                         title: 'Administration',            guards: [auth, admin],    layout: 'none',    page: () => import('../admin/App') },
  { path: '*',                                                title: 'Page not found',            guards: [],               layout: 'public',  page: () => import('./pages/errors/NotFoundPage') },
] as const satisfies readonly RouteRow[];

// prettier-ignore
/** The staff area's paths (specification §2), named here so route('admin.users.view', { id }) works. */
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
export type RouteName = NameOf<(typeof ROUTES)[number]> | NameOf<(typeof ADMIN_ROUTES)[number]>;
export type RouteParams = Record<string, string | number>;
export type RouteQuery = Record<string, string | number | boolean | null | undefined>;

const PATHS_BY_NAME: ReadonlyMap<string, string> = new Map(
  [...ROUTES, ...ADMIN_ROUTES].flatMap((row) => ('name' in row ? [[row.name, row.path] as const] : [])),
);

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

/** A lazy route module: the component, fetched with the specification's time-out. */
function lazyComponent(load: ModuleImport) {
  return async () => ({ Component: (await loadWithTimeout(load)).default });
}

const LAYOUTS: Record<Exclude<LayoutName, 'none'>, ModuleImport> = {
  default: () => import('./layouts/DefaultLayout'),
  plain: () => import('./layouts/PlainLayout'),
  public: () => import('./layouts/PublicLayout'),
};

function pageRoute(row: RouteRow): RouteObject {
  const handle: RouteHandle = { name: row.name, title: row.title };
  return {
    id: row.name ?? row.path,
    path: row.path,
    handle,
    middleware: row.guards.length > 0 ? [guardsMiddleware(row.guards)] : undefined,
    lazy: lazyComponent(row.page),
  };
}

/**
 * The React Router route objects for the table. The root's middleware restores the session on
 * every navigation, then each page's middleware runs its guards; loaders (later issues) run after.
 */
export function customerRoutes(): RouteObject[] {
  const rows: readonly RouteRow[] = ROUTES;
  const pagesIn = (layout: LayoutName) => rows.filter((row) => row.layout === layout).map(pageRoute);
  const layoutRoutes = (Object.keys(LAYOUTS) as (keyof typeof LAYOUTS)[]).map(
    (layout): RouteObject => ({ id: `layout:${layout}`, lazy: lazyComponent(LAYOUTS[layout]), children: pagesIn(layout) }),
  );
  return [
    {
      id: 'root',
      Component: AppShell,
      HydrateFallback: InitialLoading,
      ErrorBoundary: RouteErrorBoundary,
      middleware: [sessionRestoreMiddleware],
      children: [
        {
          // Errors of any page or layout render here, in place of the layouts: the error layout.
          id: 'pages',
          Component: TitledOutlet,
          ErrorBoundary: RouteErrorBoundary,
          children: [...layoutRoutes, ...pagesIn('none')],
        },
      ],
    },
  ];
}

export function createCustomerRouter() {
  return createBrowserRouter(customerRoutes());
}
