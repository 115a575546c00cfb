import type { ComponentType } from 'react';
import { createBrowserRouter, matchPath, type LoaderFunction, type MiddlewareFunction, type RouteObject } from 'react-router-dom';
import { getAuthState } from '../shared/auth';
import { CUSTOMER_ROUTE_ROLES } from '../shared/api/accounts-basics';
import type { User } from '../shared/api/accounts';
import { standingHeading } from './guards/accountStanding';
import {
  adminOnly as admin,
  authRequired as auth,
  guardsMiddleware,
  guestOnly as guest,
  profileComplete as complete,
  role,
  sessionRestoreMiddleware,
  type Guard,
} from './guards';
import { AppShell } from './navigation/AppShell';
import { InitialLoading } from './navigation/InitialLoading';
import { TitledOutlet } from './navigation/TitledOutlet';
import { loadWithTimeout } from './navigation/lazyModule';
import type { RouteHandle } from './navigation/routeHandle';
import { loadSettingText } from './api/settings';
import type { PlainLayoutData } from './layouts/PlainLayout';
import { RouteErrorBoundary } from './layouts/RouteErrorBoundary';
import { named } from './paths';

/** Which frame a page sits in: default (signed in), plain (signed out), public (either), none. */
type LayoutName = 'default' | 'plain' | 'public' | 'none';
type ModuleImport = () => Promise<{ default: ComponentType }>;
/** Starts a page's data in the query cache; resolves when it has arrived (or failed). */
type PageData = () => Promise<void>;

interface RouteRow {
  path: string;
  /** The specification's route name; route(name) builds the path. */
  name?: string;
  /** The page title; document.title is "<title> | <APP_NAME>". */
  title: string;
  /** A page that speaks to who is looking names itself after it (its heading and tab say the same). */
  titleFor?: (user: User | null) => string;
  /** Run in this order after the session-restore check that starts every navigation. */
  guards: readonly Guard[];
  layout: LayoutName;
  page: ModuleImport;
  /** The page's data, started by the route's loader beside the page's code (after the guards). */
  data?: PageData;
}

/** Customer pages (create, orders, invoices, prices, tickets): roles 'user,trade,admin'. */
const customer = role(CUSTOMER_ROUTE_ROLES.join(','));

// The pages' data. The api modules (and react-query with them) are imported lazily, so that the
// signed-out pages do not load them; they arrive in parallel with the page's code.
const orderCounts: PageData = () => import('./api/orders').then((api) => api.prefetchOrderCounts());
const priceList: PageData = () => import('./api/prices').then((api) => api.prefetchPriceList());
const countries: PageData = () => import('./api/countries').then((api) => api.prefetchCountries());
// The social sign-in buttons (none when no provider is configured), known before the page renders so they do not shift it.
const socialProviders: PageData = () => import('./api/oauth').then((api) => api.prefetchProviders());
const approval: PageData = () => import('./api/registration').then((api) => api.prefetchApprovalRequired());
const countriesAndProviders: PageData = () => Promise.all([countries(), socialProviders(), approval()]).then(() => undefined);
const orderingData: PageData = () => import('./api/orders').then((api) => api.prefetchOrderingData());
const defaultLayoutSettings: PageData = () => import('./api/settingHooks').then((api) => api.prefetchDefaultLayoutSettings());

// prettier-ignore
/** Every page of the customer app (specification §2). Pages and layouts load lazily. */
export const ROUTES = [
  { ...named('home'),               title: 'Home',                      guards: [auth],           layout: 'default', page: () => import('./pages/home/HomePage'),                data: orderCounts },
  { ...named('login'),              title: 'Log in',                    guards: [guest],          layout: 'plain',   page: () => import('./pages/auth/LoginPage'),              data: socialProviders },
  { ...named('register'),           title: 'Open a trade account',      guards: [guest],          layout: 'plain',   page: () => import('./pages/auth/RegisterPage'),           data: countriesAndProviders },
  { ...named('password.request'),   title: 'Forgotten password',        guards: [guest],          layout: 'plain',   page: () => import('./pages/auth/PasswordRequestPage') },
  { ...named('password.reset'),     title: 'Choose a new password',     guards: [guest],          layout: 'plain',   page: () => import('./pages/auth/PasswordResetPage') },
  { ...named('privacy'),            title: 'Privacy notice',            guards: [],               layout: 'public',  page: () => import('./pages/terms/PrivacyPage') },
  { ...named('terms'),              title: 'Terms and conditions',      guards: [],               layout: 'public',  page: () => import('./pages/terms/TermsPage') },
  { ...named('account.profile'),    title: 'Update Profile',            guards: [auth],           layout: 'default', page: () => import('./pages/account/ProfilePage'),          data: countries },
  { ...named('account.password'),   title: 'Change Password',           guards: [auth],           layout: 'default', page: () => import('./pages/account/PasswordPage') },
  { ...named('account.addresses'),  title: 'Address Book',              guards: [auth, customer], layout: 'default', page: () => import('./pages/account/AddressesPage'),        data: countries },
  { ...named('account.api'),        title: 'Trade API',                 guards: [auth, customer], layout: 'default', page: () => import('./pages/account/ApiPage') },
  { ...named('account.company'),    title: 'Company',                   guards: [auth, customer], layout: 'default', page: () => import('./pages/account/CompanyPage') },
  { ...named('invitation'),         title: 'Join a company',            guards: [],               layout: 'public',  page: () => import('./pages/auth/InvitationPage') },
  { ...named('create.index'),       title: 'New Order',                 guards: [auth, customer, complete], layout: 'default', page: () => import('./pages/create/CreatePage'),   data: countries },
  { ...named('create.items'),       title: 'Order items',               guards: [auth, customer, complete], layout: 'default', page: () => import('./pages/create/CreateItemsPage'), data: orderingData },
  { ...named('orders.index'),       title: 'Orders',                    guards: [auth, customer], layout: 'default', page: () => import('./pages/orders/OrdersPage') },
  { ...named('orders.view'),        title: 'Order',                     guards: [auth, customer], layout: 'default', page: () => import('./pages/orders/OrderViewPage') },
  { ...named('proof.link'),         title: 'Your proof',                guards: [auth, customer], layout: 'default', page: () => import('./pages/orders/ProofLinkPage') },
  { ...named('approval.link'),      title: 'Order waiting for approval', guards: [auth, customer], layout: 'default', page: () => import('./pages/orders/ApprovalLinkPage') },
  { ...named('invoices.index'),     title: 'Invoices',                  guards: [auth, customer], layout: 'default', page: () => import('./pages/invoices/InvoicesPage') },
  { ...named('quotes.index'),       title: 'Quotes',                    guards: [auth, customer], layout: 'default', page: () => import('./pages/quotes/QuotesPage') },
  { ...named('prices'),             title: 'Prices',                    guards: [auth, customer], layout: 'default', page: () => import('./pages/prices/PricesPage'),            data: priceList },
  { ...named('tickets.index'),      title: 'Resolution Centre',         guards: [auth, customer], layout: 'default', page: () => import('./pages/tickets/TicketsPage') },
  { ...named('tickets.view'),       title: 'Ticket',                    guards: [auth, customer], layout: 'default', page: () => import('./pages/tickets/TicketViewPage') },
  { ...named('unauthorized'),       title: 'Account awaiting approval', guards: [],               layout: 'public',  page: () => import('./pages/errors/UnauthorizedPage'),       titleFor: standingHeading, data: approval },
  // The staff area is one lazily loaded route with its own layout; its pages are named in paths.ts.
  { path: '/admin/*',                title: 'Administration',            guards: [auth, admin],    layout: 'none',    page: () => import('../admin/App') },
  { path: '*',                      title: 'Page not found',            guards: [],               layout: 'public',  page: () => import('./pages/errors/NotFoundPage') },
] as const satisfies readonly RouteRow[];

/** A lazy route module: the component, fetched with the specification's time-out. */
function lazyComponent(load: ModuleImport) {
  return async () => ({ Component: (await loadWithTimeout(load)).default });
}

const LAYOUTS: Record<Exclude<LayoutName, 'none'>, ModuleImport> = {
  default: () => import('./layouts/DefaultLayout'),
  plain: () => import('./layouts/PlainLayout'),
  public: () => import('./layouts/PublicLayout'),
};

/**
 * The loaders of the layouts. The signed-in and public layouts read their settings through the
 * query cache (the signed-in one starts them here, beside its code); the plain one has none
 * (react-query stays off /login) and starts its banner here.
 */
const LAYOUT_LOADERS: Partial<Record<keyof typeof LAYOUTS, LoaderFunction>> = {
  default: startPageData(defaultLayoutSettings),
  plain: (): PlainLayoutData => ({ statusText: loadSettingText('STATUS_TEXT') }),
};

/**
 * A page's loader: starts its data and returns at once, so the navigation waits for nothing but the
 * page's code and the page shows its own loading state. Loaders run after every route's middleware,
 * so a visitor the guards turn away never asks. A failed start is the page's to show, not the loader's.
 */
function startPageData(data: PageData): LoaderFunction {
  return () => {
    startData(data);
    return null;
  };
}

function startData(data: PageData): void {
  data().catch((error: unknown) => console.error('The page data could not be started', error));
}

/**
 * The root's middleware. A reload with a token restores the session (GET /api/user) before any
 * guard judges; a signed-in page's data (its layout's and its own) starts beside it rather than one
 * round trip later. The guards still decide whether the page shows; a visitor without a token asks
 * for nothing; a guess the guards turn away costs a refused request and no dialog (nobody counts
 * as signed in until the user has loaded).
 */
function restoreSessionWithPageData(rows: readonly RouteRow[]): MiddlewareFunction {
  return async (args, next) => {
    const { user, token } = getAuthState();
    if (!user && token) {
      const { pathname } = new URL(args.request.url);
      const row = rows.find((r) => r.guards.includes(auth) && matchPath(r.path, pathname));
      if (row?.layout === 'default') startData(defaultLayoutSettings);
      if (row?.data) startData(row.data);
    }
    return sessionRestoreMiddleware(args, next);
  };
}

function pageRoute(row: RouteRow): RouteObject {
  const handle: RouteHandle = { name: row.name, title: row.title, titleFor: row.titleFor };
  return {
    id: row.name ?? row.path,
    path: row.path,
    handle,
    middleware: row.guards.length > 0 ? [guardsMiddleware(row.guards)] : undefined,
    loader: row.data ? startPageData(row.data) : undefined,
    lazy: lazyComponent(row.page),
  };
}

/**
 * The React Router route objects for the table. The root's middleware restores the session on
 * every navigation, then each page's middleware runs its guards; the loaders run after them all.
 */
export function customerRoutes(): RouteObject[] {
  const rows: readonly RouteRow[] = ROUTES;
  const pagesIn = (layout: LayoutName) => rows.filter((row) => row.layout === layout).map(pageRoute);
  const layoutRoutes = (Object.keys(LAYOUTS) as (keyof typeof LAYOUTS)[]).map((layout): RouteObject => ({
    id: `layout:${layout}`,
    loader: LAYOUT_LOADERS[layout],
    lazy: lazyComponent(LAYOUTS[layout]),
    children: pagesIn(layout),
  }));
  return [
    {
      id: 'root',
      Component: AppShell,
      HydrateFallback: InitialLoading,
      ErrorBoundary: RouteErrorBoundary,
      middleware: [restoreSessionWithPageData(rows)],
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
