import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER, newAccount, registerByApi, RUN, shoot, signedIn, tokenCookie } from './customer-support';

/**
 * Social sign-in in Chromium, against a real OpenID Connect provider on 127.0.0.1 (oidc-provider, started
 * by playwright.config.ts and configured as OAUTH_OIDC_* "Junction ID"): the button opens the
 * provider in a pop-up, the customer signs in and consents there, the pop-up closes and the page is
 * signed in at the page it was going to. A message from another origin is ignored.
 */
test.describe.configure({ mode: 'serial' });

const BUTTON = 'Continue with Junction ID';

/** The provider's own pages in the pop-up: its login form, then its consent page. */
async function signInAtProvider(popup: Page, login: string): Promise<void> {
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
}

test('button → pop-up → sign in and consent at the provider → signed in at the intended page', async ({ page, context }) => {
  const login = `social-${RUN}-${test.info().repeatEachIndex}`;
  await page.goto('/invoices');
  await expect(page).toHaveURL('/login');
  // The page that opens the pop-up keeps it within reach (and other sites' windows out).
  const response = await page.request.get('/login');
  expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  await shoot(page, 'login-social');

  await page.getByLabel('Remember me').check();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: BUTTON }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);

  // A message from the provider's origin (another origin than ours), though from the very pop-up: ignored.
  await popup.evaluate(() => window.opener.postMessage({ type: 'oauth', token: 'forged-token-from-elsewhere-0123456789' }, '*'));
  await page.waitForTimeout(300);
  expect(await tokenCookie(context)).toBeUndefined();
  await expect(page).toHaveURL('/login');

  const closed = popup.waitForEvent('close');
  await signInAtProvider(popup, login);
  await closed;

  await expect(page).toHaveURL('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const cookie = await tokenCookie(context);
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // "Remember me" chosen: the 365-day cookie.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

  // The new account has no address yet: ordering asks for it first, then goes on.
  await page.goto('/create');
  await expect(page).toHaveURL('/account/profile?complete=1');
  await expect(page.getByText('Before your first order, please complete your details')).toBeVisible();
  await expect(page.getByLabel(/^E-mail address/)).toHaveValue(`${login}@example.test`);
  await expect(page.getByRole('region', { name: 'Sign-in methods' })).toContainText('Junction ID');
  await page.getByLabel(/^Address line 1/).fill('3 Provider Lane');
  await page.getByLabel(/^Town or city/).fill('York');
  await page.getByLabel(/^Postcode/).fill('YO1 7HH');
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page).toHaveURL('/create');

  // Its one way to sign in cannot be unlinked.
  await page.goto('/account/profile');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods).toContainText('Your account has no password');
  await methods.getByRole('button', { name: 'Unlink Junction ID' }).click();
  await expect(methods.getByText(/only way you can sign in/)).toBeVisible();
  await expect(methods).toContainText(`${login}@example.test`);
});

test('a blocked pop-up: the page itself goes to the provider and comes back signed in, at the intended page', async ({ page, context }) => {
  const login = `blocked-${RUN}-${test.info().repeatEachIndex}`;
  // A browser that blocks the pop-up: window.open answers null.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/prices');
  await expect(page).toHaveURL('/login');
  // The page came back with a one-time code (never a token) in its address.
  const back = page.waitForURL(/\/login\?oauth=[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: BUTTON }).click();
  await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await signInAtProvider(page, login);
  await back;

  await expect(page).toHaveURL('/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
  // Signed in without "Remember me": a session cookie.
  expect((await tokenCookie(context))?.expires).toBe(-1);
});

test('a password account links the provider from its profile, signs in with it, and unlinks it', async ({ page, context }) => {
  const login = `linker-${RUN}-${test.info().repeatEachIndex}`;
  // An account of its own: one left linked by a test that failed half-way is no other test's (nor its retry's) start.
  const who = newAccount('Linda');
  await registerByApi(who);
  await signedIn(page, who);
  await page.goto('/account/profile');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  // Exact: "Unlink Junction ID" contains the name too.
  const link = methods.getByRole('button', { name: 'Link Junction ID', exact: true });
  await expect(link).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await link.click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  await signInAtProvider(popup, login);
  await closed;
  await expect(methods.getByRole('status')).toHaveText('Junction ID is linked: you can sign in with it from now on.');
  await expect(methods).toContainText(`${login}@example.test`);
  await shoot(page, 'profile-sign-in-methods');

  // Signed out of the app (the provider's own session stays), the provider now signs in to this same account.
  await context.clearCookies({ domain: 'localhost' });
  await page.goto('/login');
  const again = page.waitForEvent('popup');
  await page.getByRole('button', { name: BUTTON }).click();
  const second = await again;
  // The provider remembers its session and the consent given: the pop-up comes straight back (or asks again). A
  // pop-up that closes while its form is waited for ends that wait with an error, which may come before the close
  // event: then too it was not asked.
  const secondClosed = second.waitForEvent('close');
  const asked = await Promise.race([
    secondClosed.then(() => false),
    second
      .locator('input[name="login"], button:has-text("Continue")')
      .first()
      .waitFor()
      .then(
        () => true,
        (error: unknown) => {
          if (second.isClosed()) return false;
          throw error;
        },
      ),
  ]);
  if (asked) await signInAtProvider(second, login);
  await secondClosed;
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Welcome, ${who.firstname}`) })).toBeVisible();

  await page.goto('/account/profile');
  await methods.getByRole('button', { name: 'Unlink Junction ID' }).click();
  await expect(methods.getByRole('status')).toHaveText('Junction ID is no longer linked to your account.');
  await expect(link).toBeVisible();
});

test('an existing e-mail is not linked silently: the provider sign-in says to use the password', async ({ page, context }) => {
  // Registration offers the provider too, above the form.
  await page.goto('/register');
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
  await shoot(page, 'register-social');

  await page.goto('/login');
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: BUTTON }).click();
  const popup = await opened;
  const closed = popup.waitForEvent('close');
  // A provider account whose verified address is the demo customer's (a login that is an address is that address).
  await signInAtProvider(popup, CUSTOMER.email.toUpperCase());
  await closed;
  await expect(page.getByRole('alert')).toContainText('already exists');
  expect(await tokenCookie(context)).toBeUndefined();
});
