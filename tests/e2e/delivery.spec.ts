import { expect, test, type Page } from '@playwright/test';
import { STAFF, Api, expectAccessible, RUN, shoot, signIn } from './customer-support';

/**
 * In Chromium on the built app with the demo data: staff keep the delivery
 * catalogue — a delivery type with its countries and weight bands (prices in £, stored in pence),
 * and the closed days. What these tests create carries a unique name.
 */
const TYPE = `E2E Pallet courier ${RUN}`;
const CODE = `E2E-${RUN}`.toUpperCase();

test.describe.configure({ mode: 'serial' });
// Each test walks a whole screen at two widths, with axe: more than the default minute on a shared machine.
test.setTimeout(180_000);

interface TypeRec {
  id: number;
  name: string;
  code: string;
  carrier: string;
  transit_days: number;
  country_ids: number[];
  band_count: number;
}

async function api<T>(url: string): Promise<T> {
  const staff = await Api.as(STAFF);
  try {
    return await staff.json<T>('GET', url);
  } finally {
    await staff.close();
  }
}

/** The weight bands as the table shows them: [weight, price] per row. */
const bandRows = (page: Page) =>
  page
    .getByRole('table', { name: `Weight bands of ${TYPE}` })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) =>
        Array.from(r.querySelectorAll('td'))
          .slice(0, 2)
          .map((c) => c.textContent?.trim() ?? ''),
      ),
    );

let typeId: number;

/** Signed in as staff (the customer home page is not this test's business). */
async function signedIn(page: Page, who: typeof STAFF): Promise<void> {
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL('/');
}

test('staff add a delivery type, then its weight bands: £ shown, pence kept, a second band at a weight refused beside the field', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, STAFF);

  // The list, from the menu.
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: 'Delivery', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/delivery$/);
  await expect(page.getByRole('cell', { name: 'Royal Mail Tracked 24' })).toBeVisible();

  await page.getByRole('link', { name: 'Add a delivery type' }).click();
  await expect(page).toHaveURL(/\/admin\/delivery\/create$/);
  // A required field left empty: the server's 422, beside it.
  await page.getByLabel(/^Name/).fill(TYPE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Service code is required')).toBeVisible();

  await page.getByLabel(/^Service code/).fill(CODE);
  await page.getByRole('combobox', { name: /^Carrier/ }).click();
  await page.getByRole('option', { name: 'Courier' }).click();
  await page.getByLabel(/^Transit \(working days\)/).fill('2');
  await page.getByLabel('Takes large items').check();
  await page.getByRole('button', { name: 'UK only' }).click();
  await expect(page.getByTestId('countries-summary')).toHaveText('United Kingdom only.');
  await page.getByRole('button', { name: 'Save' }).click();

  // Saved: straight to its prices part, which says it has none yet.
  await expect(page).toHaveURL(/\/admin\/delivery\/\d+\/prices$/);
  typeId = Number(/\/delivery\/(\d+)\/prices/.exec(page.url())![1]);
  await expect(page.getByText(/No weight bands yet/)).toBeVisible();

  const weight = page.getByLabel('Weight up to (g)');
  const price = page.getByLabel('Price (£)');
  const add = page.getByRole('button', { name: 'Add band' });
  await weight.fill('5000');
  await price.fill('12.5');
  await add.click();
  await expect(page.getByRole('table', { name: `Weight bands of ${TYPE}` })).toBeVisible();
  await expect(weight).toHaveValue(''); // ready for the next
  await weight.fill('1,000');
  await price.fill('£8.95');
  await add.click();
  await expect(weight).toHaveValue('');
  await expect
    .poll(() => bandRows(page))
    .toEqual([
      ['1,000 g', '£8.95'],
      ['5,000 g', '£12.50'],
    ]);

  // What is not money is said beside the field before anything is sent.
  await weight.fill('2000');
  await price.fill('about a tenner');
  await add.click();
  await expect(page.getByText('Enter pounds and pence, e.g. 3.95')).toBeVisible();

  // The server's 422: a second band at 1,000 g, beside the weight.
  await weight.fill('1000');
  await price.fill('9.99');
  await add.click();
  await expect(page.getByText('This delivery type already has a band up to 1,000 g.')).toBeVisible();
  await expect.poll(() => bandRows(page)).toHaveLength(2);
  await expectAccessible(page, 'delivery prices with a 422');

  // A band edited in place.
  await page.getByRole('button', { name: 'Edit the band up to 5,000 g' }).click();
  const editPrice = page.getByLabel('Price (£) of the band up to 5,000 g');
  await expect(editPrice).toHaveValue('12.50');
  await editPrice.fill('13');
  await shoot(page, 'delivery-prices-editing', { area: 'staff' });
  await page.getByRole('button', { name: 'Save the band up to 5,000 g' }).click();
  await expect
    .poll(() => bandRows(page))
    .toEqual([
      ['1,000 g', '£8.95'],
      ['5,000 g', '£13.00'],
    ]);

  // Pence kept, and the type counts its bands.
  const bands = await api<Array<{ weight_upto: number; price: number }>>(
    `/api/admin/delivery-prices?filter=${encodeURIComponent(JSON.stringify({ delivery_type_id: typeId }))}&sort=${encodeURIComponent('["weight_upto","ASC"]')}`,
  );
  expect(bands.map((b) => [b.weight_upto, b.price])).toEqual([
    [1000, 895],
    [5000, 1300],
  ]);
  const type = await api<TypeRec>(`/api/admin/delivery-types/${typeId}`);
  expect(type).toMatchObject({ name: TYPE, code: CODE, carrier: 'courier', transit_days: 2, band_count: 2 });

  // A band removed, after a confirmation.
  await page.getByRole('button', { name: 'Delete the band up to 1,000 g' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => bandRows(page)).toEqual([['5,000 g', '£13.00']]);
  expect(errors).toEqual([]);
});

test('staff change the countries a type serves: the shortcuts, a search, one country unticked', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, STAFF);
  await page.goto(`/admin/delivery/${typeId}`);
  await expect(page.getByLabel(/^Name/)).toHaveValue(TYPE);
  await expect(page.getByTestId('countries-summary')).toHaveText('United Kingdom only.');

  await page.getByRole('button', { name: 'All active countries except the UK' }).click();
  await expect(page.getByTestId('countries-summary')).toHaveText(/^All \d+ active countries except United Kingdom\.$/);
  await page.getByLabel('Find a country').fill('fran');
  const france = page.getByRole('checkbox', { name: /^France/ });
  await expect(france).toBeChecked();
  await france.uncheck();
  await expect(page.getByTestId('countries-summary')).toHaveText(/^\d+ countries: /);
  await page.getByLabel('Find a country').fill('');
  await shoot(page, 'delivery-type-countries', { area: 'staff' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();

  const countries = await api<Array<{ id: number; code: string; active: boolean }>>(`/api/admin/countries?range=[0,999]`);
  const byCode = new Map(countries.map((c) => [c.code, c.id]));
  const type = await api<TypeRec>(`/api/admin/delivery-types/${typeId}`);
  expect(type.country_ids).not.toContain(byCode.get('FR'));
  expect(type.country_ids).not.toContain(byCode.get('GB'));
  expect(type.country_ids).toContain(byCode.get('DE'));
  expect(type.country_ids).toHaveLength(countries.filter((c) => c.active && c.code !== 'GB' && c.code !== 'FR').length);

  // The list shows it with its bands and countries.
  await page.goto('/admin/delivery');
  await page.getByPlaceholder('Name or service code').fill(CODE);
  const row = page.locator('tbody tr').filter({ hasText: TYPE });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Courier');
  await expect(row).toContainText('2 working days');
  expect(errors).toEqual([]);
});

test('staff add a closed day; a date already closed is refused beside Date', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, STAFF);
  const year = new Date().getFullYear();

  await page.goto('/admin');
  await page.getByRole('menuitem', { name: 'Closed days' }).click();
  await expect(page).toHaveURL(/\/admin\/delivery\/closed-days/);
  // This year's bank holidays, by date.
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveText(String(year));
  await expect(page.getByRole('cell', { name: 'Christmas Day' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a closed day' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a closed day' });
  await dialog.getByLabel(/^Date/).fill(`${year}-12-25`);
  await dialog.getByLabel(/^Name/).fill(`Stocktake ${RUN}`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(/is already a closed day\.$/)).toBeVisible();
  await expectAccessible(page, 'closed day dialog with a 422');

  // A Wednesday in July this year, unless that one is already closed.
  const july = new Date(Date.UTC(year, 6, 1));
  while (july.getUTCDay() !== 3) july.setUTCDate(july.getUTCDate() + 1);
  const date = july.toISOString().slice(0, 10);
  await dialog.getByLabel(/^Date/).fill(date);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('tbody tr').filter({ hasText: `Stocktake ${RUN}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/^Wed \d+ Jul \d{4}/);

  // Edited in place, then deleted.
  await row.click();
  const edit = page.getByRole('dialog', { name: 'Edit closed day' });
  await edit.getByLabel(/^Name/).fill(`Stocktake (moved) ${RUN}`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.locator('tbody tr').filter({ hasText: `Stocktake (moved) ${RUN}` })).toHaveCount(1);

  // Another year: none of this year's days.
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(year + 1) }).click();
  await expect(page.getByRole('cell', { name: /Stocktake/ })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Christmas Day' })).toBeVisible();
  await shoot(page, 'closed-days-next-year', { area: 'staff' });
  expect(errors).toEqual([]);
});
