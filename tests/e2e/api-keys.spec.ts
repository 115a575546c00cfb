import { expect, test } from '@playwright/test';
import { APP_NAME, BASE_URL, expectAccessible, RUN, shoot, signedIn, TRADE } from './customer-support';

/**
 * In Chromium on the built app with the demo data: the demo trade customer makes a test key on
 * /account/api, sees it once (and it opens the trade API), revokes it (and it no longer does); the
 * developer documentation at /developers renders the trade API's reference with nothing fetched
 * from another origin.
 */
test('a customer makes a test API key, sees it once, and revokes it', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedIn(page, TRADE);
  // Found from the account menu.
  await page.getByRole('button', { name: 'Jane', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Trade API' }).click();
  await expect(page).toHaveURL('/account/api');
  await expect(page).toHaveTitle(`Trade API | ${APP_NAME}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Trade API' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'the developer documentation' })).toHaveAttribute('href', '/developers');

  // A name is needed: said beside the field.
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('A name is required')).toBeVisible();

  const name = `Shop ${RUN}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: /^Test/ }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText(/will not be shown again/)).toBeVisible();
  const key = await shown.getByLabel(/Your new test key/).inputValue();
  expect(key).toMatch(/^pjt_test_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectAccessible(page, 'the new key dialog');

  const works = await request.get(`${BASE_URL}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
  expect(works.status()).toBe(200);
  expect(await works.json()).toMatchObject({ mode: 'test' });

  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  // Shown once: the list names it by its first characters only.
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(`${key.slice(0, 13)}…`);
  await expect(row).toContainText('Test');
  await expect(page.locator('body')).not.toContainText(key);
  await page.reload();
  await expect(row).toContainText(/last used/);
  await shoot(page, 'account-api');
  await expectAccessible(page, 'the Trade API page');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  const refused = await request.get(`${BASE_URL}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
});

test('/developers renders the trade API reference from this server alone', async ({ page }) => {
  test.setTimeout(120_000);
  const elsewhere: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(BASE_URL) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/developers');
  await expect(page).toHaveURL(/\/developers\/(#.*)?$/);
  await expect(page).toHaveTitle(`${APP_NAME}: the trade API`);
  await expect(page.getByRole('heading', { name: `${APP_NAME}: the trade API` }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Getting started' }).first()).toBeVisible();
  await shoot(page, 'developers', { fullPage: false });
  // Each part of the API in the reference's index, its operations under it.
  for (const tag of ['products', 'quotes', 'invoices']) await expect(page.getByRole('link', { name: tag, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'quotes', exact: true }).click();
  await expect(page.getByText('Price items and save a binding quote').first()).toBeVisible();
  expect(elsewhere).toEqual([]);
  expect(problems.filter((p) => /Content Security Policy|Refused/.test(p))).toEqual([]);
});
