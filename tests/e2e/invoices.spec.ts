import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { STAFF, Api, expectAccessible, RUN, shoot, signedIn, signIn, TRADE } from './customer-support';
import { cardPdf } from './pdf';

/**
 * In Chromium on the built app with the demo data (its dispatched orders have invoices):
 * the customer downloads the invoice of a dispatched order from /invoices; staff upload an invoice
 * from their accounting package to the customer's account, and the customer sees it too.
 */
test('the customer downloads an invoice; staff upload one and the customer sees it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signedIn(page, TRADE);
  await page.goto('/invoices');
  await expect(page).toHaveTitle(/^Invoices \|/);
  const table = page.getByRole('table', { name: 'Your invoices' });
  const first = table.getByRole('row').nth(1);
  const number = (await first.locator('strong').first().textContent())!.trim();
  expect(number).toMatch(/^INV-\d{6}$/);
  await shoot(page, 'invoices-list');
  await expectAccessible(page, 'the invoices page');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `PDF of invoice ${number}` }).click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Staff upload one from the accounting package.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/login');
  await signIn(staffPage, STAFF);
  await expect(staffPage).toHaveURL('/');
  const api = await Api.as(STAFF);
  const [jane] = await api.json<Array<{ id: number }>>('GET', `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: TRADE.email }))}`);
  await api.close();
  await staffPage.goto(`/admin/users/${jane.id}/invoices`);
  await staffPage.getByRole('button', { name: 'Upload an invoice' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Upload an invoice' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Choose the invoice PDF.')).toBeVisible();
  const uploaded = `SAGE-${RUN}`.toUpperCase();
  await dialog.getByLabel(/^Invoice number/).fill(uploaded);
  await dialog.getByLabel(/^Total/).fill('125.4');
  await dialog.getByLabel(/^Invoice PDF/).setInputFiles({ name: 'sage.pdf', mimeType: 'application/pdf', buffer: await cardPdf(210, 297) });
  await shoot(staffPage, 'user-invoice-upload', { area: 'staff', fullPage: false });
  await expectAccessible(staffPage, 'the upload dialog');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toHaveCount(0);
  const row = staffPage.getByRole('row', { name: new RegExp(uploaded) });
  await expect(row).toContainText('Uploaded');
  await expect(row).toContainText('£125.40');
  await shoot(staffPage, 'user-invoices', { area: 'staff' });
  await staffContext.close();

  await page.reload();
  // The invoices table's row (the statement below it names the invoice too).
  await expect(page.getByRole('table', { name: 'Your invoices' }).getByRole('row', { name: new RegExp(uploaded) })).toContainText('From our accounts');
});
