import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

// Import rules of the house (../shared/DESIGN.md §1, "Rules of the house").
//
// Project folders: eslint-plugin-boundaries resolves every import, export-from and dynamic import()
// to the file it names, then checks the file's folder against the table below. It sees
// `../../server/app` and `../domain` as the files they are, wherever the importing file sits.
// A relative import that resolves to no file is reported too ("…to entities of module with origin
// local"), so a moved file cannot slip past the table.
// Packages (react, react-admin…): no-restricted-imports on the bare name, which is unambiguous.
// tests/lint/boundaries.test.ts proves each rule fires on a violation and stays quiet on an allowed
// import.

const ROOT = import.meta.dirname;

/** Every folder of src/, as boundaries element types. The first descriptor that matches wins. */
const elements = [
  { type: 'server', pattern: 'src/server' },
  { type: 'shared-domain', pattern: 'src/shared/domain' },
  { type: 'shared-api', pattern: 'src/shared/api' },
  { type: 'shared-browser', pattern: 'src/shared/*' }, // http, auth, ui and any later browser-only folder
  { type: 'customer', pattern: 'src/customer' },
  { type: 'admin', pattern: 'src/admin' },
].map((e) => ({ partialMatch: false, stopMatching: true, ...e }));
/** Single files outside those folders. */
const files = [{ category: 'entry', pattern: 'src/main.tsx' }];

const el = (type, more = {}) => ({ element: { type, ...more } });
const to = (...types) => ({ to: el(types) });
const SHARED = ['shared-domain', 'shared-api', 'shared-browser'];

/** Who may import whom, inside src/. Anything not allowed here is an error. */
const policies = [
  // shared/domain: pure rules, imports nothing of the project but itself (and, by package rule, zod).
  { from: el('shared-domain'), allow: to('shared-domain') },
  // shared/api: the contracts, on the domain rules and nothing else of the project.
  { from: el('shared-api'), allow: to('shared-api', 'shared-domain') },
  // shared http/auth/ui: any of shared, never a browser area (customer, admin) nor the server.
  { from: el('shared-browser'), allow: to(...SHARED) },
  // The server: itself and the two folders that cross the line; never the browser areas.
  { from: el('server'), allow: to('server', 'shared-domain', 'shared-api') },
  // Customer app: itself and shared; the staff area only through the one lazy /admin/* route.
  { from: el('customer'), allow: to('customer', ...SHARED) },
  {
    from: el('customer', { fileInternalPath: 'routes.tsx' }),
    allow: { to: el('admin', { fileInternalPath: 'App.tsx' }), dependency: { nodeKind: 'dynamic-import' } },
  },
  // Staff area: itself and shared; of the customer app only paths.ts (route names → paths).
  { from: el('admin'), allow: to('admin', ...SHARED) },
  { from: el('admin'), allow: { to: el('customer', { fileInternalPath: 'paths.ts' }) } },
  // The HTML entry starts the customer app (which lazy-loads the staff area).
  { from: { file: { categories: 'entry' } }, allow: to('customer', ...SHARED) },
];

const adminOnly = {
  group: ['react-admin', 'react-admin/*', 'ra-*'],
  message: 'react-admin and ra-* stay inside src/admin so the customer bundle stays small.',
};
const browserOnly = {
  group: [
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    '@mui/*',
    'react-router',
    'react-router/*',
    'react-router-dom',
    'react-router-dom/*',
    '@tanstack/react-query',
    'react-admin',
    'react-admin/*',
    'ra-*',
  ],
  message: 'The server never imports React, MUI, react-router or react-admin.',
};
const onlyZod = {
  // Any package but zod and libphonenumber-js (the telephone rule); relative imports are boundaries' business.
  regex: '^(?!(zod|libphonenumber-js)(/|$)|\\.)',
  message: 'src/shared/domain and src/shared/api depend on nothing but zod, libphonenumber-js and each other.',
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// Services know no HTTP (DESIGN §1): only the files that speak HTTP may import Fastify. In a module,
// those are its route plugins — routes.ts (customer), staff-routes.ts (staff), <what>-routes.ts —
// and what they share, named *routes*.ts too (tickets/message-routes.ts, artwork/file-routes.ts). In lib/, the HTTP glue below.
// Every other server file (services, domain errors, list queries, jobs, mail, files…) takes plain values.
const httpOnly = {
  group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-type-provider-zod', 'fastify-type-provider-zod/*'],
  message: 'Services know no HTTP: only route plugins (routes.ts, staff-routes.ts, *routes*.ts) and lib/ HTTP glue import Fastify.',
};
const ROUTE_PLUGINS = ['src/server/modules/**/*routes*.ts'];
const HTTP_GLUE = [
  'auth', // the session hook, requireUser / requireAdmin
  'caching',
  'compression',
  'errors', // the one error handler: domain errors → statuses
  'logging', // Fastify's logger options
  'log-context', // each request's logger as the logger of its work
  'metrics', // the per-route request metrics
  'openapi',
  'rate-limit',
  'request-log',
  'rest-list', // the staff list protocol's routes (its SQL is lib/list-query.ts)
  'security-headers',
  'shutdown', // closes the HTTP server, then the rest
  'spa',
  'staff-resource', // a staff resource's routes, registered one way
  'trade-api', // the trade API's scope: key authentication, its routes registered one way
  'after-staff-writes', // forgets an instance's caches after a staff write
  'xsrf',
  'zod', // the type provider
].map((name) => `src/server/lib/${name}.ts`);

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'test-results', 'src/server/db/migrations', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      ...restrict(adminOnly),
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },

  // Project folders (resolved files).
  {
    files: ['src/**/*.{ts,tsx,js,jsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': ROOT,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-warnings': false,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies, checkUnknownLocals: true }],
      // Every file under src/ belongs to one of the folders above, so no import escapes the table.
      'boundaries/no-unknown-files': 'error',
    },
  },

  // Packages (bare names).
  { files: ['src/admin/**', 'tests/admin/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/server/**'], rules: restrict(browserOnly) },
  { files: ['src/server/modules/**', 'src/server/lib/**'], ignores: [...ROUTE_PLUGINS, ...HTTP_GLUE], rules: restrict(browserOnly, httpOnly) },
  { files: ['src/shared/domain/**', 'src/shared/api/**'], rules: restrict(adminOnly, onlyZod) },
);
