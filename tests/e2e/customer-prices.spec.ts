import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { changeSetting, CUSTOMER, expectAccessible, shoot, signedIn } from './customer-support';

/**
 * In Chromium on the built app with the demo data: the customer's price list shows one
 * product at a time, with links to each, per-item prices, an "inc. VAT" switch, a printable view, a
 * CSV download and filters that Back undoes.
 */
test.describe.configure({ mode: 'serial' });

/** Staff: makes a setting public or not; returns what it was. */
async function setPublic(name: string, value: boolean): Promise<boolean> {
  return (await changeSetting(name, { public: value })).public;
}

const products = (page: Page) => page.getByRole('navigation', { name: 'Products' }).getByRole('link');
const shownProduct = (page: Page) => page.locator('main section h2');
const firstPrice = (page: Page) => page.locator('main table [data-testid="price"]').first();
/** "£1,234.56" → 123456 pence. */
const pence = (text: string) => Number(text.replace(/[£,.]/g, ''));

let vatWasPublic = false;
test.beforeAll(async () => {
  vatWasPublic = await setPublic('VAT_RATE', true); // the switch needs the rate (public settings only for customers)
});
test.afterAll(async () => {
  await setPublic('VAT_RATE', vatWasPublic);
});

test('one product at a time, with links to every product; filters are history entries', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, CUSTOMER);
  // From a click on "Prices" in the bar (the app already running) to the first price on screen; how
  // fast is the `lighthouse` bench's (/prices signed in).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prices' }).click();
  await expect(firstPrice(page)).toBeVisible();
  // One product's tables, not the catalogue's: the page stays small.
  expect(await page.evaluate(() => document.querySelectorAll('main *').length)).toBeLessThan(3000);

  await expect(shownProduct(page)).toHaveCount(1);
  const names = await products(page).allTextContents();
  expect(names.length).toBeGreaterThan(1);
  await expect(products(page).first()).toHaveAttribute('aria-current', 'page');
  await expect(shownProduct(page)).toHaveText(names[0]);
  // Each price has its price per item beside it.
  expect(await page.locator('main table [data-testid="per-item"]').count()).toBe(await page.locator('main table [data-testid="price"]').count());
  await expect(page.locator('main table [data-testid="per-item"]').first()).toHaveText(/^(\d+\.\d\dp|£[\d,]+\.\d\d) each$/);
  // No paper is named twice ("350gsm Silk · Silk").
  for (const heading of await page.locator('main section h3').allTextContents()) {
    const [name, type] = heading.split(' · ');
    if (type) expect(name.toLowerCase(), heading).not.toContain(type.toLowerCase());
  }
  await shoot(page, 'prices-first');
  await expectAccessible(page, '/prices');

  // A product link shows that product alone; Back returns to the previous one.
  await products(page).nth(1).click();
  await expect(page).toHaveURL(/\/prices\?product=\d+$/);
  await expect(shownProduct(page)).toHaveText(names[1]);
  const productUrl = page.url();
  const paper = page.getByRole('combobox', { name: 'Paper' });
  const papers = await paper.locator('option').allTextContents();
  await paper.selectOption({ index: 1 });
  await expect(page).toHaveURL(/&stock=\d+$/);
  await expect(page.locator('main table')).toHaveCount(1);
  await expect(page.getByRole('table', { name: papers[1] })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(productUrl);
  await expect(paper).toHaveValue('all');
  await page.goBack();
  await expect(page).toHaveURL('/prices');
  await expect(shownProduct(page)).toHaveText(names[0]);

  // The search narrows the links and shows the first match; Back clears it.
  const word = names[1].split(/\s+/)[0];
  await page.getByRole('searchbox', { name: 'Search products' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
  await expect(products(page).first()).toContainText(word, { ignoreCase: true });
  for (const name of await products(page).allTextContents()) expect(name.toLowerCase()).toContain(word.toLowerCase());
  await expect(shownProduct(page)).toContainText(word, { ignoreCase: true });
  await page.goBack();
  await expect(page).toHaveURL('/prices');
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  await expect(products(page)).toHaveCount(names.length);
});

test('"inc. VAT" adds VAT at the VAT_RATE setting; Back switches it off again', async ({ page }) => {
  await signedIn(page, CUSTOMER);
  await page.goto('/prices');
  const net = pence((await firstPrice(page).textContent()) ?? '');
  // The switch's state is the address's (?vat=1): click, then the page follows the new address.
  await page.getByRole('switch', { name: 'inc. VAT' }).click();
  await expect(page).toHaveURL('/prices?vat=1');
  await expect(page.getByRole('switch', { name: 'inc. VAT' })).toBeChecked();
  await expect(page.getByText(/Prices include VAT at 20%/)).toBeVisible();
  const gross = pence((await firstPrice(page).textContent()) ?? '');
  expect(gross).toBe(net + Math.floor((net * 20 + 50) / 100)); // half-up to the penny
  await shoot(page, 'prices-vat');
  await page.goBack();
  await expect(page).toHaveURL('/prices');
  await expect(page.getByRole('switch', { name: 'inc. VAT' })).not.toBeChecked();
  expect(pence((await firstPrice(page).textContent()) ?? '')).toBe(net);
});

test('the CSV download holds the whole list; the printed page is the prices alone', async ({ page }) => {
  await signedIn(page, CUSTOMER);
  await page.goto('/prices');
  await expect(firstPrice(page)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^prices-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^Product,Paper,Quantity,Single-sided \(£ ex VAT\),Double-sided \(£ ex VAT\)/);
  // Every product of the list is in it, not only the one on screen.
  const names = await products(page).allTextContents();
  for (const name of names)
    expect(
      lines.some((line) => line.startsWith(name.includes(',') ? `"${name}` : `${name},`)),
      name,
    ).toBe(true);
  expect(lines.length).toBeGreaterThan(names.length);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Products' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await expect(page.locator('main table').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/customer-prices-print-1280.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });
});

test('a grid of quantities × turnarounds with dispatch dates and finishes in words; a price opens the items step with that item filled in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, CUSTOMER);
  await page.goto('/prices');
  const grid = page.locator('main table').first();
  await expect(firstPrice(page)).toBeVisible();
  // The demo products have several turnarounds: one column group each, with its dispatch date (or when it can be had).
  const groups = grid.locator('thead th[scope="colgroup"]');
  expect(await groups.count()).toBeGreaterThan(1);
  for (const text of await groups.allTextContents()) expect(text).toMatch(/Dispatch \w{3} \d{1,2} \w{3}|Order by \d\d:\d\d on a working day/);
  await expect(page.getByText(/Finishes are not included in the prices above/).first()).toBeVisible();
  await shoot(page, 'prices-grid');
  await expectAccessible(page, '/prices (grid)');

  // Keyboard: Tab reaches a price link; Enter follows it.
  const link = grid.getByRole('link').nth(3);
  const name = (await link.getAttribute('aria-label')) ?? '';
  const [, qty, sides] = /order ([\d,]+) (single|double)-sided/.exec(name) ?? [];
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/create(\/\d+)?\?product=\d+&stock=\d+&qty=\d+&sides=(single|double)&turnaround=\d+$/);
  if (/\/create\?/.test(page.url())) {
    // No basket yet: starting one carries the item on to its items step.
    await page.getByRole('button', { name: 'Start order' }).click();
    await expect(page).toHaveURL(/\/create\/\d+\?product=/);
  }
  await expect(page.getByLabel('Quantity')).toHaveValue(qty.replace(/,/g, ''));
  await expect(page.getByLabel(sides === 'double' ? 'Double-sided' : 'Single-sided')).toBeChecked();
  await shoot(page, 'prices-grid-ordered');
});
