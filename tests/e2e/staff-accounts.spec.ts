import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { VatSummary } from '../../src/shared/api/staff-accounts';
import { formatPence } from '../../src/shared/domain/pricing/format';
import { ukToday } from '../../src/shared/domain/orders/overdue';
import { Api, expectAccessible, shoot, signedIn, STAFF } from './customer-support';

/**
 * In Chromium on the built app with the demo data (its dispatched orders have invoices): staff open
 * Accounts from the menu, choose a custom period holding the demo's invoices, see boxes 1 and 6 as
 * the API sums them, and download the invoices as Xero's import.
 */
test('staff see the VAT boxes of a period and download its Xero invoice import', async ({ page }) => {
  test.setTimeout(120_000);
  const period = { from: '2000-01-01', to: ukToday() };
  const api = await Api.as(STAFF);
  const summary = await api.json<VatSummary>('GET', `/api/admin/exports/vat-summary?from=${period.from}&to=${period.to}`);
  await api.close();
  expect(summary.invoices).toBeGreaterThan(0);

  await signedIn(page, STAFF);
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await page.getByLabel('First day').fill(period.from);
  await page.getByLabel('Last day').fill(period.to);
  const boxes = page.getByTestId('vat-summary');
  await expect(boxes).toContainText(`Box 1 · VAT due on sales${formatPence(summary.output_vat)}`);
  await expect(boxes).toContainText(`Box 6 · Sales excluding VAT${formatPence(summary.net_sales)}`);
  await shoot(page, 'accounts', { area: 'staff' });
  await expectAccessible(page, 'the Accounts page');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Invoices for Xero (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`xero-invoices-${period.from}-${period.to}.csv`);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toMatch(/^\*ContactName,EmailAddress,.*,Currency,BrandingTheme$/);

  // A last day before the first is refused beside it, and nothing can be downloaded.
  await page.getByLabel('Last day').fill('2000-01-31');
  await page.getByLabel('First day').fill('2000-02-01');
  await expect(page.getByText('The last day must be on or after the first day')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invoices for Xero (CSV)' })).toBeDisabled();
});
