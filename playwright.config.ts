import { defineConfig, devices } from '@playwright/test';

/**
 * The app under test: built, served by the real server on a fresh embedded database with demo data — one server per
 * worker, so that two workers never meet in one database, outbox or setting. Worker i has the app on E2E_PORT + i with
 * data dir test-results/e2e-data<suffix>-<i>, its OpenID Connect provider on E2E_PORT + 1000 + i and its Stripe
 * stand-in on E2E_PORT + 2000 + i. E2E_WORKERS sets how many (2 by default; 1 on a one-core machine); Playwright's
 * --workers would start workers without a server, so it is refused (workerIndex below).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(E2E_WORKERS) || E2E_WORKERS < 1) throw new Error(`E2E_WORKERS must be a whole number of at least 1, not ${process.env.E2E_WORKERS}`);
// Another port (E2E_PORT) gets its own data dirs and report, so two runs can share a machine (their ports E2E_PORT to
// E2E_PORT + E2E_WORKERS - 1 must not overlap).
const suffix = E2E_PORT === 3100 ? '' : `-${E2E_PORT}`;

/**
 * The worker this process is. Playwright sets TEST_PARALLEL_INDEX (0 to workers - 1, kept by a worker started again
 * after a failure) in each worker process before it evaluates this file again there (workerMain's _loadIfNeeded
 * loads the config afresh), so everything below computed from it — use.baseURL too — is the worker's own. The main
 * process, which lists the tests and starts the servers, has none and reads as 0.
 */
export function workerIndex(): number {
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  if (index >= E2E_WORKERS) throw new Error(`Worker ${index} has no app server: set E2E_WORKERS=${index + 1} rather than --workers`);
  return index;
}
export const appPort = (i = workerIndex()) => E2E_PORT + i;
export const appUrl = (i = workerIndex()) => `http://localhost:${appPort(i)}`;
/** Worker i's data dir: its database, files and outbox (<dir>/outbox, the .eml files specs read). */
export const dataDirOf = (i = workerIndex()) => `test-results/e2e-data${suffix}-${i}`;

// The OpenID Connect provider social sign-in is tested with (tests/e2e/oidc-provider-server.ts), beside each app.
const oidcPort = (i: number) => E2E_PORT + 1000 + i;
const oidcIssuer = (i: number) => `http://127.0.0.1:${oidcPort(i)}`;
const OIDC = { clientId: 'print-junction-e2e', clientSecret: 'an-e2e-client-secret-of-some-length' };

// The Stripe stand-in card payment is tested with (tests/e2e/stripe-stand-in-server.ts), beside each app. New accounts
// still get account terms (DEFAULT_PAYMENT_TERMS), so that the other specs order as before; the card spec makes its card customer.
const stripePort = (i: number) => E2E_PORT + 2000 + i;
const STRIPE = { secretKey: 'sk_test_e2e_stand_in_secret_key_0001', webhookSecret: 'whsec_ZTJlLXN0YW5kLWluLXdlYmhvb2stc2VjcmV0' };

// Debian's Chromium; Playwright never downloads a browser here. The flags keep it off the closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Worker i's three servers. Only the first app builds (`npm start` builds dist/ and dist-server/ when stale); the
 * others serve that build (`npm run serve`), since two builds at once would write one dist/. That relies on Playwright
 * starting webServers one after another, each up (its url answering) before the next starts: each is a plugin, and
 * its setup task (WebServerPlugin.setup: start the process, wait for the url) is awaited in TaskRunner's loop over
 * its tasks, in the order of this list (playwright/lib/runner: createPluginSetupTasks, TaskRunner.runDeferCleanup).
 */
function serversOf(
  i: number,
): Array<{ command: string; url: string; reuseExistingServer: boolean; timeout: number; stdout: 'pipe'; env: Record<string, string> }> {
  return [
    {
      command: 'npx tsx tests/e2e/oidc-provider-server.ts',
      url: `${oidcIssuer(i)}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { OIDC_PORT: String(oidcPort(i)), APP_URL: appUrl(i), OIDC_CLIENT_ID: OIDC.clientId, OIDC_CLIENT_SECRET: OIDC.clientSecret },
    },
    {
      command: 'npx tsx tests/e2e/stripe-stand-in-server.ts',
      url: `http://127.0.0.1:${stripePort(i)}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: {
        STRIPE_PORT: String(stripePort(i)),
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        WEBHOOK_URL: `http://127.0.0.1:${appPort(i)}/api/payments/stripe/webhook`,
      },
    },
    {
      command: `rm -rf ${dataDirOf(i)} && ${i === 0 ? 'npm start --silent' : 'npm run serve --silent'}`,
      url: `${appUrl(i)}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      env: {
        PORT: String(appPort(i)),
        APP_URL: appUrl(i),
        DATA_DIR: dataDirOf(i),
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '20',
        // A mail that cannot be delivered is given up on within seconds (tests/e2e/staff-mail.spec.ts), not two hours.
        MAIL_RETRY_BASE_MS: '20',
        // Social sign-in with the provider above (tests/e2e/social-signin.spec.ts).
        OAUTH_OIDC_ISSUER: oidcIssuer(i),
        OAUTH_OIDC_CLIENT_ID: OIDC.clientId,
        OAUTH_OIDC_CLIENT_SECRET: OIDC.clientSecret,
        OAUTH_OIDC_NAME: 'Junction ID',
        // Card payment through the stand-in above (tests/e2e/card-payment.spec.ts).
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_BASE: `http://127.0.0.1:${stripePort(i)}`,
        DEFAULT_PAYMENT_TERMS: 'account',
      },
    },
  ];
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e${suffix}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A file runs in one worker (serial groups stay together), on that worker's server.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-report${suffix}.json` }]],
  use: {
    baseURL: appUrl(),
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: each action with the page's DOM before and after, the network and the console.
    // Without the screencast: recording every frame as a JPEG, for every test though only failures keep it, was about
    // a quarter of the suite's CPU (Chromium's GPU and browser processes), which two workers on two cores share.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => serversOf(i)).flat(),
});
