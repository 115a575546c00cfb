import { expect, test, type Page } from '@playwright/test';
import { TRADE, expectAccessible, shoot, signedIn, title } from './customer-support';

/**
 * Finding orders: the home page's search lands on All orders (every status, newest first, a status
 * chip per row), searchable by number, reference, product or postcode and by the days confirmed.
 * On the demo data: Jane's order 1 "INK-2041 spring menu" is Dispatched.
 */

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
/** A row's status chip as shown at this width (on a phone it rides under the reference). */
const chipOf = (page: Page, ref: string, status: string) => rowOf(page, ref).getByText(status, { exact: true }).filter({ visible: true });

test('a customer finds a dispatched order from the home search', async ({ page }) => {
  await signedIn(page, TRADE);
  await shoot(page, 'home');
  await page.getByLabel('Search your orders').fill('INK-2041');
  await page.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL('/orders?q=INK-2041');
  await expect(page.getByRole('heading', { level: 1, name: 'All orders' })).toBeVisible();
  const row = rowOf(page, 'INK-2041 spring menu');
  await expect(chipOf(page, 'INK-2041 spring menu', 'Dispatched')).toBeVisible();
  await expect(page.getByRole('table', { name: 'All orders' }).getByRole('row')).toHaveCount(2); // the header and the one order
  await row.getByRole('link', { name: /^#\d+$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByTestId('order-dates')).toHaveText(/^Dispatched \w{3} \d{1,2} \w{3}/);
});

test('All orders: every status with its chip, filters that work from the keyboard, and an empty search', async ({ page }) => {
  await signedIn(page, TRADE);
  await page.goto('/orders');
  await expect(page).toHaveTitle(title('Orders'));
  const table = page.getByRole('table', { name: 'All orders' });
  for (const [ref, status] of [
    ['INK-2041 spring menu', 'Dispatched'],
    ['INK-2052 open day', 'Processing'],
    ['INK-2055 gallery posters', 'Issues'],
    ['INK-2058 cards (new starters)', 'Pending'],
    ['INK-2039 wrong file', 'Cancelled'],
  ]) {
    await expect(chipOf(page, ref, status)).toBeVisible();
  }
  // No basket among them: baskets live at /create.
  await expect(table).not.toContainText('INK-2063');
  // A cancelled order shows no dispatch date.
  await expect(rowOf(page, 'INK-2039 wrong file').getByRole('cell').nth(5)).toHaveText('—');
  await shoot(page, 'orders-all');
  await expectAccessible(page, '/orders');

  // Every field has a label, and the keyboard reaches each and the Search button in turn.
  const search = page.getByRole('search', { name: 'Find orders' });
  for (const label of ['Search', 'Status', 'Confirmed from', 'Confirmed to']) await expect(search.getByLabel(label, { exact: true })).toBeVisible();
  await search.getByLabel('Search', { exact: true }).fill('poster');
  await search.getByLabel('Search', { exact: true }).press('Tab');
  await expect(search.getByLabel('Status')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(search.getByLabel('Confirmed from')).toBeFocused();
  for (let i = 0; i < 8 && !(await search.getByRole('button', { name: 'Search' }).evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(search.getByRole('button', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Enter');
  // By product: the posters' order, in Issues.
  await expect(page).toHaveURL('/orders?q=poster');
  await expect(rowOf(page, 'INK-2055 gallery posters')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // The status and the days narrow it; the status applies as soon as it is chosen.
  await search.getByLabel('Status').selectOption('dispatched');
  await expect(page).toHaveURL('/orders?status=dispatched&q=poster');
  await expect(page.getByText('No dispatched orders matching “poster”.')).toBeVisible();
  await page.goto('/orders?q=INK&from=2020-01-01&to=2020-01-31');
  await expect(page.getByText('No orders matching “INK”, confirmed from 1 Jan 2020 to 31 Jan 2020.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Clear the search' })).toBeVisible();
  await shoot(page, 'orders-empty');

  // Days the wrong way round: said beside the last day.
  await page.goto('/orders?from=2026-03-31&to=2026-03-01');
  await expect(search.getByLabel('Confirmed to')).toHaveAccessibleDescription('The last day must be on or after the first day');
  await shoot(page, 'orders-refused');
});
