import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, shoot, signedIn, TRADE } from './customer-support';
import { cardPdf } from './pdf';

/**
 * In Chromium on the built app with the demo data: a trade customer builds
 * a basket of two business-card items, uploads a clean PDF and one without bleed, sees prices,
 * preflight, delivery and dispatch dates, accepts the warning, confirms and lands on the order under
 * Pending with its history; reorders it, confirms the copy and cancels it.
 */
test.describe.configure({ mode: 'serial' });

const item = (page: Page, n: number) => page.locator('main article').nth(n);

async function upload(page: Page, n: number, name: string, buffer: Buffer) {
  await item(page, n).locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer });
}

async function chooseFirstDelivery(page: Page) {
  const delivery = page.getByRole('radiogroup', { name: 'Choose a delivery service' });
  await expect(delivery).toBeVisible();
  await delivery.getByRole('radio').first().click(); // controlled: checked once the server has saved the choice
  await expect(delivery.getByRole('radio').first()).toBeChecked();
}

test('build a basket, check artwork, choose delivery, confirm; reorder and cancel', async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page, TRADE);

  // /create: the baskets and the new-order form, the address from the profile.
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
  await expect(page.getByLabel(/^Postcode/)).not.toHaveValue('');
  await page.getByLabel('Your reference').fill('E2E cards');
  await page.getByRole('button', { name: 'Start order' }).click();
  await expect(page).toHaveURL(/\/create\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order E2E cards' })).toBeVisible();

  // The price follows the choice.
  const price = page.getByTestId('live-price');
  await expect(price).toHaveText(/^£[\d,]+\.\d\d$/);
  const first = await price.textContent();
  const quantity = page.getByLabel('Quantity');
  const quantities = await quantity.locator('option').allTextContents();
  expect(quantities.length).toBeGreaterThan(1);
  await quantity.selectOption({ index: 1 });
  await expect(price).not.toHaveText(first ?? '');
  await quantity.selectOption({ index: 0 });
  await expect(price).toHaveText(first ?? '');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(item(page, 0)).toContainText('Business cards');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.locator('main article')).toHaveCount(2);

  // Artwork: one clean (91×61 mm with a TrimBox 3 mm inside), one without bleed (85×55 mm).
  await upload(page, 0, 'clean.pdf', await cardPdf(91, 61, 3));
  await upload(page, 1, 'no-bleed.pdf', await cardPdf(85, 55));
  await expect(item(page, 0).getByText('Your artwork passed every check.')).toBeVisible({ timeout: 30_000 });
  await expect(item(page, 1).getByText(/please read the warnings/)).toBeVisible({ timeout: 30_000 });
  await expect(item(page, 0).getByRole('img', { name: 'Page 1 of clean.pdf' })).toBeVisible();

  // Delivery: a service with its cost and dates.
  await chooseFirstDelivery(page);
  await expect(page.getByText(/dispatch \w{3} \d{1,2} \w{3}, estimated delivery \w{3} \d{1,2} \w{3}/).first()).toBeVisible();
  const confirm = page.getByRole('button', { name: /^Confirm order/ });
  await expect(confirm).toBeDisabled(); // the warning is not accepted yet
  await expect(page.getByRole('list', { name: 'Before you confirm' })).toContainText('accept these warnings');
  await item(page, 1).getByLabel('I accept these warnings').check();
  await expect(item(page, 1).getByLabel('I accept these warnings')).toBeChecked();
  await expect(confirm).toBeEnabled();
  await expect(page.getByTestId('total-total')).toHaveText(/^£[\d,]+\.\d\d$/);
  await shoot(page, 'create-items');
  await expectAccessible(page, '/create/{id}');

  await confirm.click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.locator('main').getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.locator('main ol')).toContainText('Basket → Pending');
  await expect(page.getByTestId('order-dates')).toContainText(/^Dispatch \w{3} \d{1,2} \w{3}/);
  await shoot(page, 'order');
  await expectAccessible(page, '/orders/{id}');

  // The list of Pending orders has it.
  await page.goto('/orders?status=live');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending' })).toBeVisible();
  const id = orderUrl.split('/').pop()!;
  await expect(page.getByRole('link', { name: `#${id}` })).toBeVisible();
  await shoot(page, 'orders');
  await expectAccessible(page, '/orders');

  // Reorder → a new basket with the same items; confirm it, then cancel that order.
  await page.goto(orderUrl);
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page).toHaveURL(/\/create\/\d+$/);
  await expect(page.locator('main article')).toHaveCount(2);
  await expect(item(page, 1).getByText(/please read the warnings/)).toBeVisible({ timeout: 30_000 });
  const accept = item(page, 1).getByLabel('I accept these warnings');
  if (!(await accept.isChecked())) await accept.check();
  await chooseFirstDelivery(page);
  await page.getByRole('button', { name: /^Confirm order/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  expect(page.url()).not.toBe(orderUrl);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.locator('main ol')).toContainText('Pending → Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The baskets page, empty of this run's baskets (both confirmed).
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Your baskets' })).toBeVisible();
  await shoot(page, 'create');
  await expectAccessible(page, '/create');
});

test('an order held in Issues: download the artwork, replace it, resubmit; a basket’s address changed', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, TRADE);

  // The demo's held order: A3 posters sent without bleed.
  await page.goto('/orders?status=problem');
  await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
  await page
    .getByRole('row', { name: /INK-2055/ })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole('alert').first()).toContainText('Resubmit');
  const resubmit = page.getByRole('button', { name: 'Resubmit' });
  await expect(resubmit).toBeVisible();

  // The PDF as uploaded comes back under its own name.
  const downloadButton = page.getByRole('button', { name: /\.pdf \(.+\), download$/ }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Resubmitting before replacing the artwork is refused with the reason.
  await resubmit.click();
  await expect(page.getByRole('alert').filter({ hasText: /before resubmitting|^Item 1/ })).toBeVisible();
  await expect(page.locator('main ol')).not.toContainText('Issues → Pending');

  // A corrected PDF: A3 (297×420 mm) with 3 mm bleed on every side, then Resubmit.
  await upload(page, 0, 'posters-with-bleed.pdf', await cardPdf(303, 426, 3));
  await expect(item(page, 0).getByText('Your artwork passed every check.')).toBeVisible({ timeout: 60_000 });
  // The preview is the new file's (dark blue), not the held one's (yellow) from the browser's cache.
  const preview = item(page, 0).getByRole('img', { name: 'Page 1 of posters-with-bleed.pdf' });
  const centre = () =>
    preview.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const [r, , b] = context.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
      return b > r ? 'blue' : 'not blue';
    });
  await expect.poll(centre, { timeout: 10_000 }).toBe('blue');
  await resubmit.click();
  await expect(page.locator('main ol')).toContainText('Issues → Pending');
  await expect(page.getByRole('button', { name: 'Resubmit' })).toHaveCount(0);
  await shoot(page, 'order-resubmitted');

  // A basket's reference and address change in a dialog; the delivery services follow.
  await page.goto('/create');
  await page.getByLabel('Your reference').fill('E2E address change');
  await page.getByRole('button', { name: 'Start order' }).click();
  await expect(page).toHaveURL(/\/create\/\d+$/);
  await page.getByRole('button', { name: 'Change the reference or delivery address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reference and delivery address' });
  await dialog.getByLabel('Your reference').fill('E2E moved');
  await dialog.getByLabel(/^Town or city/).fill('York');
  await dialog.getByLabel(/^Postcode/).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel(/^Postcode/)).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel(/^Postcode/).fill('YO1 7HH');
  await shoot(page, 'basket-address-dialog');
  await expectAccessible(page, '/create/{id} address dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  // The basket started from the customer's default saved address, which may name a county between the town and the postcode.
  await expect(page.getByTestId('basket-address')).toContainText(/, York, (.+, )?YO1 7HH,/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order E2E moved' })).toBeVisible();
});
