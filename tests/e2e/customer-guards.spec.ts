import { expect, test } from '@playwright/test';
import { CUSTOMER, TRADE, newAccount, registerByApi, setRole, shoot, signIn, signedIn, title, expectAccessible } from './customer-support';

/**
 * In Chromium: each guard of specification §2 turning a visitor away, and bringing them back
 * (the session-restore check, then auth, guest, admin and role guards), on the built app.
 */
test.describe.configure({ mode: 'serial' });

test('signed out on /orders?status=live → login, remembered in intended_url → after login back on /orders?status=live', async ({ page, context }) => {
  await page.goto('/orders?status=live');
  await expect(page).toHaveURL('/login');
  await expect(page).toHaveTitle(title('Log in'));
  const remembered = (await context.cookies()).find((cookie) => cookie.name === 'intended_url');
  expect(decodeURIComponent(remembered?.value ?? '')).toBe('/orders?status=live');

  await signIn(page, TRADE);
  await expect(page).toHaveURL('/orders?status=live');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pending' })).toHaveAttribute('aria-current', 'page');
  // The cookie is used once: the next login goes home.
  expect((await context.cookies()).find((cookie) => cookie.name === 'intended_url')).toBeUndefined();
});

test('every page behind the auth guard sends a signed-out visitor to login; public pages do not', async ({ page }) => {
  for (const path of [
    '/',
    '/account/profile',
    '/account/password',
    '/create',
    '/create/3',
    '/orders',
    '/orders/7',
    '/invoices',
    '/prices',
    '/tickets',
    '/tickets/2',
    '/admin',
    '/admin/users',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/login');
  }
  for (const path of ['/terms/terms', '/terms/privacy', '/unauthorized', '/nowhere']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(path);
  }
});

test('signed in, the guest pages (login, register, both password pages) send home', async ({ page }) => {
  await signedIn(page, CUSTOMER);
  for (const path of ['/login', '/register', '/password/reset', '/password/reset/0123456789abcdef0123456789abcdef']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tom' })).toBeVisible();
  }
  // A client-side navigation to /login is turned away just the same.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL('/');
});

test('a customer on /admin is sent home', async ({ page }) => {
  await signedIn(page, CUSTOMER);
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle(title('Home'));
  await page.getByRole('button', { name: 'Tom', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Administrator' })).toHaveCount(0);
});

test('an account with role none is sent to /unauthorized from every ordering page, which explains the approval', async ({ page }) => {
  const pending = newAccount('Nora');
  const id = await registerByApi(pending);
  await setRole(id, 'none'); // staff take the account back to "awaiting approval" (this also ends its sessions)

  await page.goto('/login');
  await signIn(page, pending);
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account is waiting for approval, so ordering is not open to you yet.')).toBeVisible();

  await page.goto('/prices');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page).toHaveTitle(title('Your account is awaiting approval'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is awaiting approval' })).toBeVisible();
  await expect(page.getByText('Thank you for registering, Nora.')).toBeVisible();
  await expect(page.getByText(/during working hours, Monday to Friday 08:30 to 17:00/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  // How to reach the printer: COMPANY_PHONE and COMPANY_EMAIL when seeded, else the company address.
  const reach = page.getByTestId('how-to-reach-us');
  await expect(reach).toBeVisible();
  await expect(reach.getByRole('link').or(reach.locator('address'))).not.toHaveCount(0);
  await shoot(page, 'unauthorized');
  await expectAccessible(page, '/unauthorized (awaiting approval)');

  for (const path of ['/create', '/create/1', '/orders?status=printing', '/orders/1', '/invoices', '/tickets', '/tickets/1']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/unauthorized');
  }
  // The bar offers only what the account may open: no New Order or order lists that would turn it away.
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar.getByRole('link')).toHaveText(['Home', 'Account approval']);
  await expect(page.getByRole('link', { name: 'New Order' })).toHaveCount(0);
  await bar.getByRole('link', { name: 'Account approval' }).click();
  await expect(page).toHaveURL('/unauthorized');
  // The profile is still theirs to keep up to date.
  await page.getByRole('link', { name: 'Update Profile' }).click();
  await expect(page).toHaveURL('/account/profile');
  await expect(page.getByLabel(/^First name/)).toHaveValue('Nora');

  // Once approved, the same pages open from the next page load (which fetches the user afresh).
  await setRole(id, 'user');
  await page.goto('/prices');
  await expect(page).toHaveURL('/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
});

test('the session survives a reload: the token cookie restores the user before the guards run', async ({ page }) => {
  await signedIn(page, TRADE);
  await page.goto('/account/profile');
  await expect(page).toHaveURL('/account/profile');
  await page.reload();
  await expect(page).toHaveURL('/account/profile');
  await expect(page.getByLabel(/^Company name/)).toHaveValue('Inkwell Design Studio');
  // A dead token (here: forged) is dropped quietly, and the visitor goes to login.
  await page.context().addCookies([{ name: 'token', value: 'not-a-real-token', domain: 'localhost', path: '/' }]);
  await page.goto('/invoices');
  await expect(page).toHaveURL('/login');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
  await expect(page.getByRole('dialog')).toHaveCount(0); // a failed restore is not an error to show
});
