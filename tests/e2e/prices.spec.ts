import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * In Chromium on the built app with the demo data: staff keep the catalogue and a customer's
 * terms; customers see the prices at /prices. What these tests create carries a unique name.
 */
const STAFF = { email: 'admin@printjunction.test', password: 'PJT-admin-demo' };
const TRADE = { email: 'jane@inkwell-design.test', password: 'PJT-trade-demo' };
const CUSTOMER = { email: 'tom@cornercafe.test', password: 'PJT-customer-demo' };
const RUN = Date.now().toString(36).slice(-5);
const STOCK = `E2E Linen 300gsm ${RUN}`;
const PRODUCT = `E2E Square flyers ${RUN}`;
const SHOTS = 'test-results/screenshots';

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, who: { email: string; password: string }, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } });
  await page.goto('/login');
  await page.getByLabel(/^E-mail address/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');
  return page;
}

/** The customer's price table of one product and stock, as [quantity, single, double] rows (prices without their per-item line). */
async function priceRows(page: Page, product: string, stock: string): Promise<string[][]> {
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: product, exact: true }) });
  const table = section.getByRole('table', { name: stock });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => (c.querySelector('[data-testid="price"]') ?? c).textContent?.trim() ?? '')),
    );
}

/** Chooses a product in the customer's price list (a native select: one product is shown at a time). */
async function chooseProduct(page: Page, product: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: product });
}

/** The customer's product links on /prices. */
const productLinks = (page: Page) => page.getByRole('navigation', { name: 'Products' }).getByRole('link');

test('staff create a stock and a product, link them, enter margins and see the preview', async ({ browser }) => {
  const page = await signedIn(browser, STAFF);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/admin/stock/create');
  await page.getByLabel(/^Name/).fill(STOCK);
  await page.getByLabel(/^Type/).fill('Uncoated');
  await page.getByLabel(/^Sheet cost/).fill('-1');
  await page.getByLabel(/^Single-sided print/).fill('0.0250');
  await page.getByLabel(/^Double-sided print/).fill('0.0450');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must not be negative')).toBeVisible(); // the server's 422, beside the input
  await page.getByLabel(/^Sheet cost/).fill('0.05');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/stock\/\d+$/);
  await expect(page.getByLabel(/^Sheet cost/)).toHaveValue('0.0500');

  await page.goto('/admin/products/create');
  await page.getByLabel(/^Name/).fill(PRODUCT);
  await page.getByLabel(/^Items per sheet/).fill('10');
  await page.getByLabel(/^Weight per item/).fill('4.2');
  await page.getByLabel(/^Trim width/).fill('85');
  await page.getByLabel(/^Trim height/).fill('55');
  await page.getByRole('checkbox', { name: STOCK }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);

  await page.getByRole('tab', { name: 'Stock' }).click();
  await expect(page.getByText('No quantity breaks yet')).toBeVisible();
  await page.getByRole('link', { name: `Margins for ${STOCK}` }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\/stock\/\d+\/margins$/);
  await expect(page.getByRole('heading', { name: `${PRODUCT} on ${STOCK}`, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add a break' }).click();
  await page.getByLabel('Quantity of break 1').fill('250');
  await page.getByLabel('Margin of break 1').fill('100');
  // 250 / 10 = 25 sheets; single 25 × £0.075 = £1.875, ×2 = £3.75; double 25 × £0.095 × 2 = £4.75
  const first = page.getByTestId('margin-row').nth(0);
  await expect(first.getByTestId('preview-single')).toHaveText('£3.75');
  await expect(first.getByTestId('preview-double')).toHaveText('£4.75');
  await expect(first).toContainText('25');

  await page.getByRole('button', { name: 'Add a break' }).click();
  await page.getByLabel('Quantity of break 2').fill('250');
  await expect(page.getByText('This quantity is already a break')).toHaveCount(2); // both rows say so
  // Save stays available: pressing it with a problem says why instead of greying out.
  await expect(page.getByRole('button', { name: 'Save margins' })).toBeEnabled();
  await page.getByLabel('Quantity of break 2').fill('1000');
  await page.getByLabel('Margin of break 2').fill('50');
  const second = page.getByTestId('margin-row').nth(1);
  await expect(second.getByTestId('preview-single')).toHaveText('£11.25');
  await expect(second.getByTestId('preview-double')).toHaveText('£14.25');
  await page.getByRole('button', { name: 'Save margins' }).click();
  await expect(page.getByText('Saved 2 quantity breaks.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/prices-staff-margins-1280.png`, fullPage: true });

  await page.getByRole('link', { name: /Back to the product's stocks/ }).click();
  await expect(page.getByText('2 quantity breaks: 250, 1000')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/prices-staff-product-stock-1280.png`, fullPage: true });

  // A stock in use cannot be deleted: Delete explains why, with nothing to confirm.
  await page.goto('/admin/stock');
  await expect(page.getByText(STOCK)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/prices-staff-stock-1280.png`, fullPage: true });
  await page.getByText(STOCK).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const refusal = page.getByRole('dialog', { name: /cannot be deleted/ });
  await expect(refusal).toContainText('1 product is made on it');
  await expect(refusal.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await refusal.getByRole('button', { name: 'Close' }).click();
  expect(errors).toEqual([]);
  await page.close();
});

test('the customer sees those prices at /prices, readable at 375 px', async ({ browser }) => {
  const page = await signedIn(browser, CUSTOMER);
  await page.getByRole('link', { name: 'Prices' }).first().click();
  await expect(page).toHaveURL('/prices');
  await expect(productLinks(page).filter({ hasText: 'Business cards 85×55mm' })).toBeVisible();
  await expect(page.locator('main section h2')).toHaveCount(1); // one product at a time
  await page.screenshot({ path: `${SHOTS}/prices-customer-all-1280.png` });
  await chooseProduct(page, PRODUCT);
  await expect(page).toHaveURL(/product=\d+/);
  expect(await priceRows(page, PRODUCT, STOCK)).toEqual([
    ['250', '£3.75', '£4.75'],
    ['1,000', '£11.25', '£14.25'],
  ]);
  await page.screenshot({ path: `${SHOTS}/prices-customer-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/prices');
  await expect(page.locator('main section h2')).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/prices-customer-375.png`, fullPage: false });
  await page.close();
});

test("staff give the customer a 10 % discount and the customer's prices drop accordingly", async ({ browser }) => {
  const page = await signedIn(browser, STAFF);
  await page.goto('/admin/users');
  await page.getByText('Tom Baker').first().click();
  await page.getByRole('tab', { name: 'Prices' }).click();
  await page.getByRole('combobox', { name: 'Product' }).fill(PRODUCT);
  await page.getByRole('option', { name: PRODUCT }).click();
  await page.getByLabel('Discount %', { exact: true }).fill('150');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(page.getByText('The discount must be between 0 and 100 %')).toBeVisible();
  await page.getByLabel('Discount %', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(page.getByLabel(`Discount % on ${PRODUCT}`)).toHaveValue('10');
  await page.screenshot({ path: `${SHOTS}/prices-staff-user-prices-1280.png`, fullPage: true });
  await page.close();

  const customer = await signedIn(browser, CUSTOMER);
  await customer.goto('/prices');
  await chooseProduct(customer, PRODUCT);
  // £3.75 × 0.9 = £3.375 → £3.38; £4.75 × 0.9 = £4.275 → £4.28; £11.25 × 0.9 = £10.125 → £10.13; £14.25 × 0.9 = £12.825 → £12.83
  expect(await priceRows(customer, PRODUCT, STOCK)).toEqual([
    ['250', '£3.38', '£4.28'],
    ['1,000', '£10.13', '£12.83'],
  ]);
  await expect(customer.getByText('Includes your 10% discount')).toBeVisible();
  await customer.close();
});

test('a restricted product appears only for the linked customer', async ({ browser }) => {
  const restricted = 'Folded A4 leaflets (agency range)';
  const jane = await signedIn(browser, TRADE);
  await jane.goto('/prices');
  await expect(productLinks(jane).filter({ hasText: restricted })).toBeVisible();
  await jane.close();

  const tom = await signedIn(browser, CUSTOMER);
  await tom.goto('/prices');
  await expect(productLinks(tom).filter({ hasText: 'Business cards 85×55mm' })).toBeVisible();
  await expect(productLinks(tom).filter({ hasText: restricted })).toHaveCount(0);
  await tom.close();

  // Staff see who may order it on the customer's Products tab.
  const staff = await signedIn(browser, STAFF);
  await staff.goto('/admin/users');
  await staff.getByText('Jane Okafor').first().click();
  await staff.getByRole('tab', { name: 'Products' }).click();
  await expect(staff.getByRole('checkbox', { name: restricted })).toBeChecked();
  await staff.close();
});
