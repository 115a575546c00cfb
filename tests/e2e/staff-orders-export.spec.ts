import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ORDERS_EXPORT_COLUMNS } from '../../src/shared/api/staff-exports';
import { STAFF, Api, expectAccessible, shoot, signIn } from './customer-support';

/**
 * In Chromium on the built app: on the demo trade customer's Orders tab, Export to Excel
 * opens its dialog (usable at 375 px); a backwards range is refused beside "To"; Dispatched only
 * downloads a spreadsheet the browser saves itself, whose rows are all dispatched orders.
 */
test('staff export a customer’s orders to Excel from the Orders tab', async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await Api.as(STAFF);
  const [jane] = await staff.json<Array<{ id: number }>>(
    'GET',
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: 'jane@inkwell-design.test' }))}`,
  );
  await staff.close();

  await page.goto('/login');
  await signIn(page, STAFF);
  await expect(page).toHaveURL('/');
  await page.goto(`/admin/users/${jane.id}/orders`);
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Inkwell Design Studio’s orders to Excel' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'export orders dialog');
  await shoot(page, 'user-orders-export', { fullPage: false, area: 'staff' });

  // The keyboard alone: the radio group, then the days.
  await dialog.getByRole('radio', { name: 'All orders' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Dispatched only' })).toBeChecked();
  await dialog.getByLabel(/^From/).fill('2030-02-01');
  await dialog.getByLabel(/^To/).fill('2030-01-01');
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByText('The last day must be on or after the first day')).toBeVisible();
  await expect(dialog.getByLabel(/^To/)).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel(/^From/).fill('');
  await dialog.getByLabel(/^To/).fill('');
  const saving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^Inkwell Design Studio-dispatched-orders-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(dialog).toBeHidden();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...ORDERS_EXPORT_COLUMNS]);
  const statuses: unknown[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) statuses.push(row.getCell(5).value);
  });
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Dispatched']));
});
