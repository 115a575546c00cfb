import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { dataDirOf } from '../../playwright.config';
import { Api, newAccount, registerByApi, setSetting, waitForMail } from './customer-support';

/**
 * In Chromium: the staff area on the built app with the demo data. Demo accounts are only
 * read here (other specs rely on them); what these tests change they create, or put back.
 */
const STAFF = { email: 'admin@printjunction.test', password: 'PJT-admin-demo' };
const CUSTOMER = { email: 'tom@cornercafe.test', password: 'PJT-customer-demo' };
const SHOTS = 'test-results/screenshots';
const WIDTHS = [1280, 375] as const;

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel(/^E-mail address/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function signedInAsStaff(browser: Browser, at = '/admin'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto('/login');
  await signIn(page, STAFF);
  await expect(page).toHaveURL('/');
  await page.goto(at);
  return page;
}

/** The screen at both widths, as test-results/screenshots/staff-area-<name>-<width>.png. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(400); // let react-admin swap list layouts for the width
    await page.screenshot({ path: path.join(SHOTS, `staff-area-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The newest mail to `to` in this worker's server's outbox, decoded from quoted-printable. */
function mailTo(to: string): string {
  const dir = path.join(dataDirOf(), 'outbox');
  const texts = readdirSync(dir)
    .sort()
    .map((file) =>
      readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  const mail = texts.reverse().find((text) => text.includes(`To: ${to}`));
  if (!mail) throw new Error(`No mail to ${to} in ${dir}`);
  return mail;
}

const grid = (page: Page) => page.locator('table tbody');

test('a signed-out visitor opening the staff area signs in at the customer login and lands on /admin', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/admin/users');
  await expect(page).toHaveURL('/login');
  await signIn(page, STAFF);
  await expect(page).toHaveURL('/admin/users');
  await expect(grid(page).getByText('Jane Okafor')).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff area' })).toBeVisible();
  const tiles = page.getByRole('navigation', { name: 'Staff areas' }).getByRole('link');
  await expect(tiles).toHaveCount(9);
  for (const name of ['Users', 'Stock', 'Products', 'Delivery', 'Orders', 'Batches', 'Royal Mail', 'Resolution Centre', 'Settings']) {
    await expect(tiles.filter({ has: page.getByRole('heading', { name, exact: true }) })).toHaveCount(1);
  }
  // Every tile's icon is a real image.
  for (const img of await tiles.locator('img').all()) expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await shoot(page, 'dashboard');
  // Every area is built now (the Resolution Centre last): its tile leads to its list, not to a "not built yet" page.
  await tiles.filter({ has: page.getByRole('heading', { name: 'Resolution Centre', exact: true }) }).click();
  await expect(page).toHaveURL('/admin/tickets');
  await expect(page.getByRole('tab', { name: /^Waiting for staff/, selected: true })).toBeVisible();
  await expect(page.getByText('This part of the staff area is not built yet.')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('searches users, filters by role and opens one at /admin/users/{id}', async ({ browser }) => {
  const page = await signedInAsStaff(browser, '/admin/users');
  for (const name of ['Alex Morgan', 'Jane Okafor', 'Tom Baker']) await expect(grid(page).getByText(name)).toBeVisible();
  await shoot(page, 'users');
  const search = page.getByPlaceholder('Search users');
  await search.fill('inkwell');
  await expect(grid(page).locator('tr')).toHaveCount(1);
  await expect(grid(page)).toContainText('Jane Okafor');
  await search.fill('yo1 8rs'); // a postcode
  await expect(grid(page).locator('tr')).toHaveCount(1);
  await expect(grid(page)).toContainText('Tom Baker');
  await search.fill('');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Staff (admin)' }).click();
  await expect(grid(page)).toContainText('Alex Morgan');
  await expect(grid(page)).not.toContainText('Jane Okafor');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Clear value' }).click(); // shown as "All roles"
  await expect(grid(page)).toContainText('Jane Okafor');
  // Sorting by a column header is a server sort.
  await page.getByRole('button', { name: /^Sort by company/ }).click();
  await expect(page).toHaveURL(/sort=company_name/);
  const companies = () => grid(page).locator('td.column-company_name').allTextContents();
  await expect
    .poll(async () => {
      const shown = await companies();
      return shown.length > 2 && shown.every((c, i) => i === 0 || shown[i - 1] <= c);
    })
    .toBe(true);

  await grid(page).getByText('Jane Okafor').click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByLabel(/^Company/)).toHaveValue('Inkwell Design Studio');
  await expect(page.getByRole('tab')).toHaveText(['Details', 'Company', 'Logo', 'Orders', 'Prices', 'Products', 'Invoices']);
  await shoot(page, 'user-details');
  // Orders lists the demo customer's confirmed orders; Invoices the invoices of the dispatched ones.
  // Oldest first: other specs add orders of this customer's, which would push the demo's first off page 1.
  for (const [tab, text] of [
    ['Orders', 'INK-2041 spring menu'],
    ['Invoices', 'INV-000001'],
  ]) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/\\d+/${tab.toLowerCase()}$`));
    if (tab === 'Orders') await page.getByRole('button', { name: /^Sort by number/i }).click();
    await expect(page.getByText(text)).toBeVisible();
  }
  // The Invoices tab opens with what the customer owes and whether their orders on account are held.
  await expect(page.getByTestId('credit-position')).toContainText(
    /Credit limit: (none|£[\d,.]+) · Owing with the orders not yet invoiced: £[\d,.]+( in credit)?/,
  );
  await shoot(page, 'user-orders');
  await page.close();
});

test('adds a user at /admin/users/add, who sets a password from the e-mail and signs in', async ({ browser }) => {
  const page = await signedInAsStaff(browser, '/admin/users');
  await page.getByRole('link', { name: 'Add user' }).click();
  await expect(page).toHaveURL('/admin/users/add');
  const email = `priya.${Date.now()}@shah-print.test`;
  await page.getByLabel(/^First name/).fill('Priya');
  await page.getByLabel(/^Last name/).fill('Shah');
  await page.getByLabel(/^E-mail/).fill(CUSTOMER.email); // taken: the server's 422 shows beside the input
  await page.getByLabel(/^Company/).fill('Shah & Daughters Print');
  await page.getByLabel(/^Address line 1/).fill('8 Mill Lane');
  await page.getByLabel(/^Town/).fill('Bradford');
  await page.getByLabel(/^Postcode/).fill('bd1 2ab');
  // A new account starts in the United Kingdom.
  await expect(page.getByLabel(/^Country/)).toHaveValue('United Kingdom');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('An account with this e-mail address already exists')).toBeVisible();
  await shoot(page, 'user-add');

  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${email} has been e-mailed a link to set their password.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByLabel(/^Postcode/)).toHaveValue('BD1 2AB');

  const mail = mailTo(email);
  expect(mail).toContain('set your password');
  const link = /https?:\/\/[^\s]+\/password\/reset\/[A-Za-z0-9_-]+/.exec(mail)![0];

  const newcomer = await browser.newPage();
  await newcomer.goto(new URL(link).pathname);
  await newcomer.getByLabel(/^New password/).fill('Shah print 2025!');
  await newcomer.getByLabel(/^Repeat the new password/).fill('Shah print 2025!');
  await newcomer.getByRole('button', { name: 'Change my password' }).click();
  await expect(newcomer.getByText('Your password has been changed.')).toBeVisible();
  await newcomer.getByRole('link', { name: 'Log in', exact: true }).click();
  await signIn(newcomer, { email, password: 'Shah print 2025!' });
  await expect(newcomer).toHaveURL('/');
  await newcomer.close();
  await page.close();
});

test('edits a role, and a staff member cannot demote themself', async ({ browser }) => {
  const page = await signedInAsStaff(browser, '/admin/users');
  await page.getByPlaceholder('Search users').fill('shah');
  await expect(grid(page).locator('tr')).toHaveCount(1); // the search has run: a click now is not undone by it
  await grid(page).getByText('Priya Shah').first().click();
  await page.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'No access (awaiting approval)' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search users').fill('shah');
  await expect(grid(page).locator('tr').first()).toContainText('Awaiting approval');

  await page.getByPlaceholder('Search users').fill('admin@printjunction');
  await expect(grid(page).locator('tr')).toHaveCount(1);
  await grid(page).getByText('Alex Morgan').click();
  // Deleting oneself is not offered; demoting oneself is refused beside the input.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Customer', exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You cannot take away your own admin role. Ask another admin to do it.')).toBeVisible();
  await page.close();
});

test('uploads a logo, sees it resized, and removes it', async ({ browser }) => {
  const page = await signedInAsStaff(browser, '/admin/users');
  await page.getByPlaceholder('Search users').fill('shah');
  await expect(grid(page).locator('tr')).toHaveCount(1);
  await grid(page).getByText('Priya Shah').first().click();
  await page.getByRole('tab', { name: 'Logo' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+\/logo$/);
  await expect(page.getByText('No logo yet.')).toBeVisible();

  // Not an image, whatever its name says.
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await expect(page.getByRole('alert')).toContainText('This file is not a PNG, JPEG, WebP or GIF image.');

  // A 1600 × 400 PNG drawn by the browser itself.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#163a6b';
    ctx.fillRect(0, 0, 1600, 400);
    ctx.fillStyle = '#b9501a';
    ctx.fillRect(80, 80, 400, 240);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 160px sans-serif';
    ctx.fillText('SHAH', 560, 260);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await page.getByLabel('Logo file').setInputFiles({ name: 'shah-logo.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  const logo = page.getByRole('img', { name: 'Logo of Shah & Daughters Print' });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await expect(page.getByRole('button', { name: 'Replace logo' })).toBeVisible();
  // Said once, not once per view of the record.
  await expect(page.getByText('The logo has been saved.')).toHaveCount(1);
  await shoot(page, 'user-logo');

  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('No logo yet.')).toBeVisible();
  await page.close();
});

test('edits STATUS_TEXT at /admin/settings/{id}; the customer site shows the new banner', async ({ browser }) => {
  const page = await signedInAsStaff(browser, '/admin/settings');
  await expect(grid(page).locator('tr')).toHaveCount(18); // DESIGN's nine, the printer's telephone and e-mail, the order cut-off, how long a quote holds, bank details, credit hold days, Xero's codes, the proof price
  await shoot(page, 'settings');
  await grid(page).getByText('Status banner').click();
  await expect(page).toHaveURL(/\/admin\/settings\/\d+$/);
  const value = page.getByLabel('Value');
  const original = await value.inputValue();
  await expect(page.getByLabel('Public')).toBeChecked();
  await shoot(page, 'setting');
  try {
    await value.fill('Closed on Monday 25 August for the bank holiday.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/admin/settings');
    await expect(grid(page)).toContainText('Closed on Monday 25 August for the bank holiday.');

    await page.getByRole('link', { name: 'Customer site' }).click();
    await expect(page).toHaveURL('/');
    await page.reload();
    await expect(page.getByRole('status', { name: 'Service status' })).toHaveText('Closed on Monday 25 August for the bank holiday.');
  } finally {
    // Put the banner back: other specs read it.
    await page.goto('/admin/settings');
    await grid(page).getByText('Status banner').click();
    await page.getByLabel('Value').fill(original);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/admin/settings');
  }
  await page.close();
});

test('countries at /admin/delivery/countries: search, the active toggle, and editing in place', async ({ browser }) => {
  const page = await signedInAsStaff(browser, '/admin/delivery/countries');
  await expect(grid(page)).toContainText('Afghanistan');
  await shoot(page, 'countries');
  await page.getByPlaceholder('Country or ISO code').fill('antarct');
  await expect(grid(page).locator('tr')).toHaveCount(1);
  const toggle = page.getByLabel('Antarctica offered to customers');
  await toggle.click();
  await expect(page.getByText('Antarctica is no longer offered to customers.')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  const offered = async () => ((await (await page.request.get('/api/countries')).json()) as Array<{ code: string }>).some((c) => c.code === 'AQ');
  expect(await offered()).toBe(false);
  await toggle.click();
  await expect(toggle).toBeChecked();
  expect(await offered()).toBe(true);

  const rename = async (from: string, to: string) => {
    await grid(page).getByText(from, { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit country' });
    await dialog.getByLabel(/^Name/).fill(to);
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  };
  // An empty name is refused by the server, its message beside the input.
  const dialog = await rename('Antarctica', '');
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel(/^Name/).fill('Antarctic Territory');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Country or ISO code').fill('aq');
  await expect(grid(page)).toContainText('Antarctic Territory');
  await rename('Antarctic Territory', 'Antarctica'); // put it back
  await expect(page.getByRole('dialog', { name: 'Edit country' })).toBeHidden();
  await expect(grid(page)).toContainText('Antarctica');
  await page.close();
});

test('a customer opening /admin is sent home, and no customer page loads any of the staff area', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('.js')) scripts.push(res.url());
  });
  await page.goto('/login');
  await signIn(page, CUSTOMER);
  await expect(page).toHaveURL('/');
  for (const path of ['/orders', '/prices', '/account/profile', '/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // react-admin's code (its layout's class names) is in none of the scripts the customer pages loaded.
  for (const url of new Set(scripts)) {
    const body = await (await page.request.get(url)).text();
    expect({ url, staff: body.includes('RaLayout') }).toEqual({ url, staff: false });
  }
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await page.goto('/admin/users/1');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Customer site' })).toHaveCount(0);
  const direct = await page.request.get('/api/admin/users');
  expect(direct.status()).toBe(401); // the cookie is never a credential; with the token it would be 403
});

test('approves an account awaiting approval from the dashboard; the customer is e-mailed a sign-in link', async ({ browser }) => {
  const before = await setSetting('REGISTRATION_ROLE', 'none');
  try {
    const who = newAccount('Awaiting');
    await registerByApi(who);
    const page = await signedInAsStaff(browser, '/admin');
    await expect(page.getByText(/accounts? awaiting approval: they can sign in but not order/)).toBeVisible();
    await page.getByRole('link', { name: 'Review' }).click();
    await expect(page).toHaveURL(/\/admin\/users\?filter=/);
    await expect(page.getByRole('button', { name: /awaiting approval/i })).toHaveAttribute('aria-pressed', 'true');
    await grid(page).getByText(`${who.firstname} ${who.lastname}`, { exact: true }).click();
    await page.getByLabel(/^Company/).fill(''); // a customer needs none
    await page.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Customer', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved.')).toBeVisible();
    const mail = await waitForMail(who.email, 'has been approved');
    expect(mail).toMatch(/\/login/);
    // The list does not keep the filter for the next visit.
    await page.goto('/admin/users');
    await expect(page.getByRole('button', { name: /awaiting approval/i })).toHaveAttribute('aria-pressed', 'false');
    await page.close();
  } finally {
    await setSetting('REGISTRATION_ROLE', before);
  }
});

test('two staff members edit one stock: the later save is refused, keeps what was typed, and saves after Reload', async ({ browser }) => {
  const api = await Api.as(STAFF);
  const name = `Concurrency test stock ${Date.now()}`;
  const stock = await api.json<{ id: number }>('POST', '/api/admin/stock', {
    name,
    type: 'Silk',
    sheet_cost: '0.0450',
    single_cost: '0.0300',
    double_cost: '0.0550',
    active: false,
  });
  const ann = await signedInAsStaff(browser, `/admin/stock/${stock.id}`);
  const bob = await signedInAsStaff(browser, `/admin/stock/${stock.id}`);
  try {
    await expect(ann.getByLabel(/^Name/)).toHaveValue(name);
    await expect(bob.getByLabel(/^Name/)).toHaveValue(name);

    // Ann saves first.
    await ann.getByLabel(/^Type/).fill('Gloss');
    const saved = ann.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/api/admin/stock/${stock.id}`));
    await ann.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);

    // Bob, on the page he opened before, is told; what he typed stays.
    await bob.getByLabel(/^Name/).fill(`${name} (Bob)`);
    await bob.getByRole('button', { name: 'Save' }).click();
    const notice = bob.getByRole('alert').filter({ hasText: 'changed by someone else' });
    await expect(notice).toContainText('Someone else changed this stock since you opened it');
    await expect(bob.getByLabel(/^Name/)).toHaveValue(`${name} (Bob)`);
    await expect(bob.getByLabel(/^Type/)).toHaveValue('Silk');
    await shoot(bob, 'stale-notice');
    await bob.setViewportSize({ width: 375, height: 812 });
    expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await bob.setViewportSize({ width: 1280, height: 900 });

    // Reload: Ann's change in the field Bob left alone, Bob's in the one he typed; then his save goes through.
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(bob.getByText(/^Reloaded\./)).toBeVisible();
    await expect(bob.getByLabel(/^Type/)).toHaveValue('Gloss');
    await expect(bob.getByLabel(/^Name/)).toHaveValue(`${name} (Bob)`);
    await shoot(bob, 'stale-reloaded');
    const second = bob.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/api/admin/stock/${stock.id}`));
    await bob.getByRole('button', { name: 'Save' }).click();
    expect((await second).status()).toBe(200);
    const now = await api.json<{ name: string; type: string }>('GET', `/api/admin/stock/${stock.id}`);
    expect(now).toMatchObject({ name: `${name} (Bob)`, type: 'Gloss' });
  } finally {
    await api.send('DELETE', `/api/admin/stock/${stock.id}`);
    await api.close();
    await ann.close();
    await bob.close();
  }
});
