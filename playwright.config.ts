import { defineConfig, devices } from '@playwright/test';

/** The app under test: built, served by the real server on a fresh embedded database with demo data. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// Another port (E2E_PORT) gets its own data dir and report, so two runs can share a machine.
const suffix = E2E_PORT === 3100 ? '' : `-${E2E_PORT}`;
export const E2E_DATA_DIR = `test-results/e2e-data${suffix}`;
// Specs read the server's outbox from here; workers inherit the environment.
process.env.E2E_DATA_DIR ??= E2E_DATA_DIR;

// The OpenID Connect provider social sign-in is tested with (tests/e2e/oidc-provider-server.ts), beside the app.
export const E2E_OIDC_PORT = E2E_PORT + 1000;
const OIDC = { issuer: `http://127.0.0.1:${E2E_OIDC_PORT}`, clientId: 'print-junction-e2e', clientSecret: 'an-e2e-client-secret-of-some-length' };

// The Stripe stand-in card payment is tested with (tests/e2e/stripe-stand-in-server.ts), beside the app. New accounts
// still get account terms (DEFAULT_PAYMENT_TERMS), so that the other specs order as before; the card spec makes its card customer.
export const E2E_STRIPE_PORT = E2E_PORT + 2000;
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

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e${suffix}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: `test-results/e2e-report${suffix}.json` }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx tests/e2e/oidc-provider-server.ts',
      url: `${OIDC.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { OIDC_PORT: String(E2E_OIDC_PORT), APP_URL: `http://localhost:${E2E_PORT}`, OIDC_CLIENT_ID: OIDC.clientId, OIDC_CLIENT_SECRET: OIDC.clientSecret },
    },
    {
      command: 'npx tsx tests/e2e/stripe-stand-in-server.ts',
      url: `http://127.0.0.1:${E2E_STRIPE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: {
        STRIPE_PORT: String(E2E_STRIPE_PORT),
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        WEBHOOK_URL: `http://127.0.0.1:${E2E_PORT}/api/payments/stripe/webhook`,
      },
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && npm start --silent`,
      url: `http://localhost:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        APP_URL: `http://localhost:${E2E_PORT}`,
        DATA_DIR: E2E_DATA_DIR,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '20',
        // A mail that cannot be delivered is given up on within seconds (tests/e2e/staff-mail.spec.ts), not two hours.
        MAIL_RETRY_BASE_MS: '20',
        // Social sign-in with the provider above (tests/e2e/social-signin.spec.ts).
        OAUTH_OIDC_ISSUER: OIDC.issuer,
        OAUTH_OIDC_CLIENT_ID: OIDC.clientId,
        OAUTH_OIDC_CLIENT_SECRET: OIDC.clientSecret,
        OAUTH_OIDC_NAME: 'Junction ID',
        // Card payment through the stand-in above (tests/e2e/card-payment.spec.ts).
        STRIPE_SECRET_KEY: STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
        STRIPE_API_BASE: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
        DEFAULT_PAYMENT_TERMS: 'account',
      },
    },
  ],
});
