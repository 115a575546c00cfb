import { expect, test, type Page } from '@playwright/test';
import { Api, CUSTOMER, SEEDED_STATUS_TEXT, TRADE, setSetting, shoot, signIn, signedIn, title, tokenCookie } from './customer-support';

/**
 * In Chromium: the specification's error catalogue (§8) on the built app — the 401 dialog
 * after the server ended the session, the two 5xx dialogs, the error layout — and the status banner
 * following the STATUS_TEXT setting. The network is intercepted only to make the server fail in a
 * way it cannot be asked to (one answer each).
 */
test.describe.configure({ mode: 'serial' });

const swal = (page: Page) => page.locator('.swal2-popup');

test('401 while signed in: the session revoked on the server, then a navigation → "Token Expected" dialog → OK → login, and back after signing in', async ({
  page,
  context,
}) => {
  await signedIn(page, TRADE);
  const token = (await tokenCookie(context))?.value;
  expect(token).toBeTruthy();

  // The server forgets the session (as a logout elsewhere, or staff ending it), behind the page's back.
  const elsewhere = await Api.withToken(token!);
  await elsewhere.send('POST', '/api/logout');
  await elsewhere.close();

  // The next call with the dead token answers 401 while the page still thinks it is signed in.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Token Expected' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Token Expired');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await shoot(page, 'dialog-token-expired', { fullPage: false });

  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page).toHaveTitle(title('Log in'));
  expect(await tokenCookie(context)).toBeUndefined();
  await expect(swal(page)).toHaveCount(0);

  // Signing in again leads back to the page the dialog interrupted.
  await signIn(page, TRADE);
  await expect(page).toHaveURL('/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
});

test('401 dialog, Cancel: the dialog closes and the page stays (the session is not silently ended)', async ({ page, context }) => {
  await signedIn(page, CUSTOMER);
  const token = (await tokenCookie(context))?.value;
  const elsewhere = await Api.withToken(token!);
  await elsewhere.send('POST', '/api/logout');
  await elsewhere.close();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Token Expected' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/prices');
});

test('a 5xx answered with an HTML page shows that page full-screen, inert, without a confirm button', async ({ page }) => {
  const html =
    '<!doctype html><html><head><title>502</title></head><body><h1>Bad gateway</h1><p>The print server is restarting.</p>' +
    '<script>document.body.insertAdjacentHTML("beforeend", "<p>A script ran</p>")</script></body></html>';
  await page.route('**/api/countries', (route) => route.fulfill({ status: 502, contentType: 'text/html; charset=utf-8', body: html }), { times: 1 });
  await page.goto('/register');

  const dialog = page.getByRole('dialog', { name: 'Server error' });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe[title="Server error details"]');
  await expect(frame).toHaveAttribute('sandbox', ''); // no scripts, no forms, no navigation
  await expect(page.frameLocator('iframe[title="Server error details"]').getByRole('heading', { name: 'Bad gateway' })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Server error details"]').getByText('The print server is restarting.')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Server error details"]').getByText('A script ran')).toHaveCount(0); // its script did not run
  await expect(dialog.getByRole('button', { name: 'OK' })).toHaveCount(0);
  // Full-screen: the dialog fills the window.
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.width).toBeGreaterThan(viewport.width * 0.95);
  expect(box!.height).toBeGreaterThan(viewport.height * 0.9);
  await page.screenshot({ path: 'test-results/screenshots/customer-dialog-server-html-1280.png' });

  await dialog.getByRole('button', { name: /close/i }).click();
  await expect(dialog).toBeHidden();
  // The page itself says what failed, and works again once the server does.
  await expect(page.getByText('The list of countries could not be loaded. Reload the page to try again.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Country/).locator('option:checked')).toHaveText('United Kingdom');
});

test('a 5xx answered with JSON shows the "Error" dialog with "There has been an error" and OK; only one at a time', async ({ page }) => {
  await signedIn(page, CUSTOMER);
  await page.goto('/account/profile');
  await expect(page.getByLabel(/^First name/)).toHaveValue('Tom');
  await page.route(
    '**/api/user',
    (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.fallback()),
    { times: 1 },
  );

  await page.getByRole('button', { name: 'Save my profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('There has been an error');
  await expect(swal(page)).toHaveCount(1);
  await shoot(page, 'dialog-server-error', { fullPage: false });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  // The failure went back to the form too, in words for people; the next try works.
  await expect(page.getByText('Something went wrong on our side, and nothing was saved. Please try again in a moment.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save my profile' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await expect(swal(page)).toHaveCount(0);

  // Only one error dialog at a time: a second failure while one is open shows nothing new.
  const html = '<!doctype html><html><body><h1>Internal server error</h1></body></html>';
  await page.route(
    '**/api/user',
    (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'text/html', body: html }) : route.fallback()),
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Save my profile' }).click();
  const full = page.getByRole('dialog', { name: 'Server error' });
  await expect(full).toBeVisible();
  await page.route(
    '**/api/user',
    (route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.fallback()),
    { times: 1 },
  );
  const second = page.waitForResponse((response) => response.url().endsWith('/api/user') && response.request().method() === 'PATCH');
  await page.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit()); // behind the open dialog
  expect((await second).status()).toBe(500);
  await page.waitForTimeout(300);
  await expect(swal(page)).toHaveCount(1);
  await expect(full).toBeVisible(); // still the first dialog, not replaced by "There has been an error"
  await expect(page.getByText('There has been an error')).toHaveCount(0);
  await full.getByRole('button', { name: /close/i }).click();
  await expect(swal(page)).toHaveCount(0);
});

test('the status banner follows the STATUS_TEXT setting, signed out and signed in', async ({ page }) => {
  const changed = `Closed on Monday for the bank holiday — orders placed now ship on Tuesday. (${Date.now()})`;
  const before = await setSetting('STATUS_TEXT', changed);
  try {
    expect(before).toBe(SEEDED_STATUS_TEXT);
    const banner = page.getByRole('status', { name: 'Service status' });
    await page.goto('/login');
    await expect(banner).toHaveText(changed);
    await signIn(page, CUSTOMER);
    await expect(page).toHaveURL('/');
    await expect(banner).toHaveText(changed);
    await shoot(page, 'banner-changed');

    // An empty text takes the strip away in both layouts.
    await setSetting('STATUS_TEXT', '');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tom' })).toBeVisible();
    await expect(banner).toBeHidden();
  } finally {
    await setSetting('STATUS_TEXT', SEEDED_STATUS_TEXT);
  }
  await page.reload();
  await expect(page.getByRole('status', { name: 'Service status' })).toHaveText(SEEDED_STATUS_TEXT);
});

test('a page whose code cannot be loaded reloads once, then shows the error layout', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let attempts = 0;
  // Stands in for a deploy that replaced the chunk files: the terms page's chunk is gone.
  await page.route(/\/assets\/TermsPage-[^/]+\.js$/, (route) => {
    attempts++;
    return route.abort('failed');
  });
  // The page loads counted by their document requests: the router may ask for a failed chunk more
  // than once in one load, so the chunk's requests do not tell how often the browser reloaded.
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  await page.goto('/terms/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
  await expect(page.getByText('There has been a problem')).toBeVisible();
  await expect(page).toHaveTitle(title('Error'));
  expect(loads).toBe(2); // the first failure reloaded the browser; the second did not loop
  expect(attempts).toBeGreaterThanOrEqual(2); // each load asked for the missing chunk
  await shoot(page, 'error-layout');
  await page.unroute(/\/assets\/TermsPage-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  expect(errors).toEqual([]);
});
