import { expect, test, type Page } from '@playwright/test';
import { STAFF, CUSTOMER, TRADE, SEEDED_COMPANY_ADDRESS, SEEDED_STATUS_TEXT, expectAccessible, shoot, signedIn, title } from './customer-support';

/**
 * In Chromium on the built app: every path of the route table loads with its title and its
 * page, in the layout it belongs to; the navigation bar, account menu, footer and banner are the
 * specification's; a screenshot of every page at 1280 and 375 px.
 */
test.describe.configure({ mode: 'serial' });

interface PageCase {
  path: string;
  /** The route table's title: document.title is "<title> | Print Junction Trade". */
  title: string;
  /** The page's own h1 (some name the record or the visitor). */
  heading: string | RegExp;
  /** The screenshot's name: customer-<shot>-<width>.png. */
  shot: string;
  /** Built without MUI (src/customer/mui-free): loading it adds no MUI/emotion styles (the first page's bundle budget). */
  plain?: boolean;
}

const SIGNED_OUT: PageCase[] = [
  { path: '/login', title: 'Log in', heading: 'Log in', shot: 'login', plain: true },
  { path: '/register', title: 'Open a trade account', heading: 'Open a trade account', shot: 'register', plain: true },
  { path: '/password/reset', title: 'Forgotten password', heading: 'Forgotten password', shot: 'password-request', plain: true },
  {
    path: '/password/reset/0123456789abcdef0123456789abcdef',
    title: 'Choose a new password',
    heading: 'Choose a new password',
    shot: 'password-reset',
    plain: true,
  },
  { path: '/terms/privacy', title: 'Privacy notice', heading: 'Privacy notice', shot: 'privacy-signed-out' },
  { path: '/terms/terms', title: 'Terms and conditions', heading: 'Terms and conditions', shot: 'terms-signed-out' },
  { path: '/unauthorized', title: 'Please sign in', heading: 'Please sign in', shot: 'unauthorized-signed-out' },
  { path: '/no/such/page', title: 'Page not found', heading: 'Page not found', shot: 'not-found-signed-out' },
];

const SIGNED_IN: PageCase[] = [
  { path: '/', title: 'Home', heading: 'Welcome, Tom', shot: 'home' },
  { path: '/account/profile', title: 'Update Profile', heading: 'Update Profile', shot: 'profile' },
  { path: '/account/password', title: 'Change Password', heading: 'Change Password', shot: 'password' },
  { path: '/account/addresses', title: 'Address Book', heading: 'Address Book', shot: 'addresses' },
  { path: '/create', title: 'New Order', heading: 'New Order', shot: 'create' },
  // Demo order 1 is another customer's: the pages say so, as the server answers 404.
  { path: '/create/1', title: 'Order items', heading: 'Basket not found', shot: 'create-items' },
  { path: '/orders', title: 'Orders', heading: 'All orders', shot: 'orders' },
  { path: '/orders?status=problem', title: 'Orders', heading: 'Issues', shot: 'orders-issues' },
  { path: '/orders/1', title: 'Order', heading: 'Order not found', shot: 'order' },
  { path: '/invoices', title: 'Invoices', heading: 'Invoices', shot: 'invoices' },
  { path: '/quotes', title: 'Quotes', heading: 'Quotes', shot: 'quotes-empty' },
  { path: '/prices', title: 'Prices', heading: 'Prices', shot: 'prices' },
  { path: '/tickets', title: 'Resolution Centre', heading: 'Resolution Centre', shot: 'tickets' },
  { path: '/tickets/2', title: 'Ticket', heading: 'Ticket #2 — Delivery', shot: 'ticket' }, // the demo's ticket of Tom's
  { path: '/terms/privacy', title: 'Privacy notice', heading: 'Privacy notice', shot: 'privacy' },
  { path: '/terms/terms', title: 'Terms and conditions', heading: 'Terms and conditions', shot: 'terms' },
  { path: '/unauthorized', title: 'Your account is approved', heading: 'Your account is approved', shot: 'unauthorized-approved' },
  { path: '/no/such/page', title: 'Page not found', heading: 'Page not found', shot: 'not-found' },
];

/** The staff area's paths (specification §2) with sample ids; the staff app itself is tested in staff-area.spec.ts. */
const STAFF_PATHS = [
  '/admin',
  '/admin/users',
  '/admin/users/add',
  '/admin/users/1',
  '/admin/stock',
  '/admin/stock/1',
  '/admin/products',
  '/admin/products/1',
  '/admin/products/1/stock/1/margins',
  '/admin/delivery',
  '/admin/delivery/countries',
  '/admin/delivery/1',
  '/admin/orders',
  '/admin/orders/1',
  '/admin/batches',
  '/admin/royalmail',
  '/admin/tickets',
  '/admin/tickets/1',
  '/admin/settings',
  '/admin/settings/1',
];

const banner = (page: Page) => page.getByRole('status', { name: 'Service status' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const year = new Date().getFullYear();

function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('signed out: every public and guest path loads with its title, in the centred layout with the banner', async ({ page }) => {
  test.setTimeout(240_000); // a screenshot at two widths and an axe run per page
  const errors = watchForErrors(page);
  for (const row of SIGNED_OUT) {
    await page.goto(row.path);
    await expect(page).toHaveURL(row.path);
    await expect(page.getByRole('heading', { level: 1, name: row.heading })).toBeVisible();
    await expect(page).toHaveTitle(title(row.title));
    await expect(banner(page)).toHaveText(SEEDED_STATUS_TEXT);
    // The plain layout: logo, card, copyright with this year and the legal links; no navigation bar.
    await expect(mainNav(page)).toHaveCount(0);
    await expect(page.getByText(`© ${year} Print Junction Trade`, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy notice' }).last()).toHaveAttribute('href', '/terms/privacy');
    await expect(page.getByRole('link', { name: 'Terms and conditions' }).last()).toHaveAttribute('href', '/terms/terms');
    // The guest pages load no MUI: emotion, which styles every MUI component, has added no styles.
    // (The public pages are MUI's, which shows that the check can see it.)
    const emotionStyles = await page.locator('style[data-emotion]').count();
    if (row.plain) expect(emotionStyles, `${row.path} loaded MUI`).toBe(0);
    else expect(emotionStyles, `${row.path} shows MUI components`).toBeGreaterThan(0);
    await shoot(page, row.shot);
    await expectAccessible(page, `${row.path} (signed out)`);
  }
  expect(errors).toEqual([]);
});

test('signed in as a customer: every customer path loads with its title, in the layout with bar and footer', async ({ page }) => {
  test.setTimeout(360_000); // a screenshot at two widths and an axe run per page
  const errors = watchForErrors(page);
  await signedIn(page, CUSTOMER);
  for (const row of SIGNED_IN) {
    await page.goto(row.path); // a full load each time: the session is restored from the token cookie
    await expect(page).toHaveURL(row.path);
    await expect(page.getByRole('heading', { level: 1, name: row.heading })).toBeVisible();
    await expect(page).toHaveTitle(title(row.title));
    await expect(banner(page)).toHaveText(SEEDED_STATUS_TEXT);
    await expect(mainNav(page).getByRole('link', { name: 'New Order' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${year} Print Junction Trade. All rights reserved.`);
    await shoot(page, row.shot);
    await expectAccessible(page, row.path);
  }
  expect(errors).toEqual([]);
});

test('the navigation bar, account menu, logo and footer are the specification’s', async ({ page }) => {
  await signedIn(page, CUSTOMER);
  const links = mainNav(page).getByRole('link');
  await expect(links).toHaveText(['New Order', 'Pending', 'Processing', 'Issues', 'Dispatched', 'Cancelled', 'Invoices', 'Prices', 'Resolution Centre']);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    '/create',
    '/orders?status=live',
    '/orders?status=printing',
    '/orders?status=problem',
    '/orders?status=dispatched',
    '/orders?status=cancelled',
    '/invoices',
    '/prices',
    '/tickets',
  ]);
  await expect(page.getByRole('link', { name: 'Print Junction Trade home' })).toHaveAttribute('href', '/');

  // The status entries lead to their lists; the current one is marked.
  await mainNav(page).getByRole('link', { name: 'Dispatched' }).click();
  await expect(page).toHaveURL('/orders?status=dispatched');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatched' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Dispatched' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Print Junction Trade home' }).click();
  await expect(page).toHaveURL('/');

  // The account menu works from the keyboard: Enter opens it, arrows move, Escape closes.
  const account = page.getByRole('button', { name: 'Tom', exact: true });
  await account.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Update Profile', 'Change Password', 'Company', 'Address Book', 'Trade API', 'Logout']); // no Administrator for a customer
  await expect(menu.getByRole('menuitem', { name: 'Update Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Change Password' })).toBeFocused();
  await shoot(page, 'account-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  await expect(page).toHaveURL('/account/password');

  // Footer: working hours, the COMPANY_ADDRESS setting, the copyright with this year, legal links.
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Monday to Friday 08:30 to 17:00');
  await expect(footer.locator('address')).toHaveText(SEEDED_COMPANY_ADDRESS);
  await expect(footer).toContainText(`© ${year} Print Junction Trade. All rights reserved.`);
  await expect(footer.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/terms/privacy');
  await footer.getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL('/terms/terms');
  await expect(page).toHaveTitle(title('Terms and conditions'));
});

test('at 375 px the bar and the account menu fold into a drawer that works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedIn(page, TRADE);
  await expect(mainNav(page)).toBeHidden();
  const opener = page.getByRole('button', { name: 'Open menu' });
  await opener.click();
  const drawer = page.getByRole('presentation').filter({ has: page.getByRole('navigation', { name: 'Main' }) });
  await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(9);
  await expect(drawer.getByRole('list', { name: 'Your account' })).toContainText("Jane's account");
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true); // focus moved into the drawer
  await page.waitForTimeout(400); // the slide-in has ended
  await page.screenshot({ path: 'test-results/screenshots/customer-drawer-375.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await opener.click();
  await drawer.getByRole('link', { name: 'Issues' }).click();
  await expect(page).toHaveURL('/orders?status=problem');
  await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
  await expect(drawer).toBeHidden();
});

test('keyboard focus is plainly visible on buttons and links', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/^E-mail address/).focus();
  const ring = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { tag: document.activeElement?.textContent?.trim(), outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
  await page.keyboard.press('Tab'); // password
  await page.keyboard.press('Tab'); // Remember me
  await page.keyboard.press('Tab'); // Forgotten your password?
  expect(await ring()).toEqual({ tag: 'Forgotten your password?', outline: 'solid 3px' });
  await page.keyboard.press('Tab'); // Log in
  expect(await ring()).toEqual({ tag: 'Log in', outline: 'solid 3px' });
  await shoot(page, 'login-focus', { fullPage: false });
});

test('a staff member is let into every staff path, and sees Administrator in the account menu', async ({ page }) => {
  await signedIn(page, STAFF);
  await page.getByRole('button', { name: 'Alex', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Administrator' })).toHaveAttribute('href', '/admin');
  await page.keyboard.press('Escape');
  for (const path of STAFF_PATHS) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Let in: still in the staff area (it may settle on another of its own pages), not sent home or to login.
    expect(new URL(page.url()).pathname, path).toMatch(/^\/admin(\/|$)/);
    await expect(mainNav(page)).toHaveCount(0); // the staff area's own layout, not the customer's
  }
});

test('a customer is sent home from every staff path', async ({ page }) => {
  await signedIn(page, CUSTOMER);
  for (const path of STAFF_PATHS) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tom' })).toBeVisible();
  }
});

test('layout: the banner keeps its height from "Loading..." to its text, and the footer starts below the fold', async ({ page }) => {
  test.setTimeout(180_000);
  // The banner's answer is held back, so the first paint shows "Loading...".
  let release = () => {};
  let held = Promise.resolve();
  await page.route('**/api/settings/STATUS_TEXT', async (route) => {
    await held;
    await route.continue();
  });
  for (const width of [375, 1280]) {
    held = new Promise<void>((resolve) => (release = resolve));
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/login');
    await expect(banner(page)).toHaveText('Loading...');
    const before = (await banner(page).boundingBox())!;
    const formTop = (await page.getByRole('heading', { level: 1, name: 'Log in' }).boundingBox())!.y;
    release();
    await expect(banner(page)).toHaveText(SEEDED_STATUS_TEXT);
    const after = (await banner(page).boundingBox())!;
    expect(after.height, `banner at ${width} px`).toBe(before.height);
    expect((await page.getByRole('heading', { level: 1, name: 'Log in' }).boundingBox())!.y, `the form moved at ${width} px`).toBe(formTop);
  }
  await page.unroute('**/api/settings/STATUS_TEXT');

  // Signed in: whatever a page shows while it loads, the footer is below the window.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, CUSTOMER);
  for (const path of ['/', '/prices', '/account/password', '/tickets']) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(path);
      const footer = (await page.getByRole('contentinfo').boundingBox())!;
      expect(footer.y, `footer of ${path} at ${width} px`).toBeGreaterThanOrEqual(width === 375 ? 812 : 900);
    }
  }
});
