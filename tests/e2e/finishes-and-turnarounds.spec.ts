import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, shoot, signedIn, TRADE } from './customer-support';
import { cardPdf } from './pdf';

/**
 * In Chromium on the built app with the demo data: a trade customer clicks a business-card price in
 * the price grid, adds matt lamination and rounded corners, switches to Express, sees the price and
 * the dispatch date follow each choice with no request to the server, and confirms: the order keeps
 * the finishes and the turnaround chosen.
 */

const item = (page: Page, n: number) => page.locator('main article').nth(n);

/** "£1,234.56" or "about £1,234.56" → 123456 pence. */
const pence = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** Chooses the option of a finish's select whose name starts with `name`. */
async function chooseFinish(page: Page, group: string, name: string) {
  const select = page.getByLabel(group, { exact: true });
  const value = await select.locator('option', { hasText: new RegExp(`^${name}`) }).getAttribute('value');
  await select.selectOption(value!);
}

test('a grid price opens the item; lamination, rounded corners and Express change price and date live; the order keeps them', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, TRADE);
  // A basket of its own: a price in the grid goes into the customer's newest basket.
  await page.goto('/create');
  await page.getByLabel('Your reference').fill('E2E finishes');
  await page.getByRole('button', { name: 'Start order' }).click();
  await expect(page).toHaveURL(/\/create\/\d+$/);
  const basket = page.url();
  await page.goto('/prices');
  await expect(page.getByText('Choose a price to add it to your basket “E2E finishes”.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Business cards 85×55mm' }).click();
  await expect(page.locator('main section h2')).toHaveText('Business cards 85×55mm');
  await page
    .locator('main table')
    .first()
    .getByRole('link', { name: /: order 250 single-sided.*Standard/ })
    .click();
  // The price goes into that basket (waited for: the click navigates).
  await page.waitForURL((url) => url.href.startsWith(`${basket}?`));
  await expect(page).toHaveURL(/\/create\/\d+\?product=\d+&stock=\d+&qty=250&sides=single&turnaround=\d+$/);
  await expect(page.getByLabel('Quantity')).toHaveValue('250');
  await expect(page.getByRole('radio', { name: /^Standard/ })).toBeChecked();

  const price = page.getByTestId('live-price');
  const dispatch = page.getByTestId('live-dispatch');
  await expect(price).toHaveText(/£[\d,]+\.\d\d$/);
  const standard = { price: pence(await price.textContent()), dispatch: await dispatch.textContent() };

  // Every change is priced in the page, from the price list it already has: no request per change.
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) requests.push(request.url());
  });

  await chooseFinish(page, 'Lamination', 'Matt');
  await expect(price).not.toHaveText(new RegExp(`${(standard.price / 100).toFixed(2)}$`));
  const laminated = { price: pence(await price.textContent()), dispatch: await dispatch.textContent() };
  expect(laminated.price).toBeGreaterThan(standard.price);
  expect(laminated.dispatch).not.toBe(standard.dispatch); // a day more for the lamination

  await chooseFinish(page, 'Corners', 'Rounded');
  await expect(price).not.toHaveText(new RegExp(`${(laminated.price / 100).toFixed(2)}$`));
  const rounded = pence(await price.textContent());
  expect(rounded).toBeGreaterThan(laminated.price);

  await page.getByRole('radio', { name: /^Express/ }).check();
  await expect(price).not.toHaveText(new RegExp(`${(rounded / 100).toFixed(2)}$`));
  const express = { price: pence(await price.textContent()), dispatch: await dispatch.textContent() };
  expect(express.price).toBeGreaterThan(rounded); // +35 %
  expect(express.dispatch).not.toBe(laminated.dispatch); // a working day sooner
  expect(requests).toEqual([]);
  await shoot(page, 'finishes-item');
  await expectAccessible(page, '/create/{id} (finishes)');

  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(item(page, 0)).toContainText('Business cards');
  await expect(item(page, 0).getByTestId('item-options')).toHaveText('Lamination: Matt, both sides · Corners: Rounded (4 mm radius)');
  await expect(item(page, 0).getByTestId('item-turnaround')).toHaveText('Turnaround: Express (1 working day)');
  // The basket's price is the server's: the same as the page worked out.
  expect(pence(await item(page, 0).getByTestId('item-price').textContent())).toBe(express.price);

  await item(page, 0)
    .locator('input[type=file]')
    .setInputFiles({ name: 'card.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3) });
  await expect(item(page, 0).getByText('Your artwork passed every check.')).toBeVisible({ timeout: 30_000 });
  const delivery = page.getByRole('radiogroup', { name: 'Choose a delivery service' });
  await delivery.getByRole('radio').first().click();
  await expect(delivery.getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: /^Confirm order/ }).click();

  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.locator('main ol')).toContainText('Basket → Pending');
  await expect(page.getByTestId('item-options')).toHaveText('Lamination: Matt, both sides · Corners: Rounded (4 mm radius)');
  await expect(page.getByTestId('item-turnaround')).toHaveText('Turnaround: Express (1 working day)');
  expect(pence(await page.getByTestId('item-price').textContent())).toBe(express.price);
  await shoot(page, 'finishes-order');
});
