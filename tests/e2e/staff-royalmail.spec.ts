import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { STAFF, Api, expectAccessible, RUN, shoot, signIn, signedIn, TRADE } from './customer-support';
import { processingOrder } from './orders-support';

/**
 * The Royal Mail page in Chromium on the built app: staff select printed orders going by
 * Royal Mail, export them as Click & Drop's CSV (the downloaded file is read), import the tracking
 * numbers Click & Drop gave (every line checked first, a bad one listed, nothing stored until
 * confirmed), and mark them Dispatched; the customer sees the tracking number.
 */
async function staffSignedIn(page: Page) {
  await page.goto('/login');
  await signIn(page, STAFF);
  await expect(page).toHaveURL('/');
}

test('staff export orders for Click & Drop, import their tracking numbers and mark them dispatched; the customer sees tracking', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const staff = await Api.as(STAFF);
  const refA = `E2E-RM-A-${RUN}`;
  const refB = `E2E-RM-B-${RUN}`;
  let a: number;
  let b: number;
  try {
    a = await processingOrder(refA, staff);
    b = await processingOrder(refB, staff);
  } finally {
    await staff.close();
  }

  await staffSignedIn(page);
  await page.goto('/admin/royalmail');
  await expect(page).toHaveTitle(/^Royal Mail \|/);
  await expect(page.getByText(/Click & Drop is not connected/)).toBeVisible();
  const rowA = page.getByRole('row', { name: new RegExp(refA) });
  const rowB = page.getByRole('row', { name: new RegExp(refB) });
  await expect(rowA).toContainText('Large letter');
  await expect(rowA).toContainText('TPN24');
  await rowA.getByRole('checkbox').check();
  await rowB.getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Send to Click & Drop' })).toBeDisabled();
  await shoot(page, 'royalmail-selected', { area: 'staff' });
  await expectAccessible(page, 'the Royal Mail page');

  // The export: Click & Drop's import file, one line per selected order.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^click-and-drop-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^Order reference,First name,Last name,Company name,Address line 1,/);
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual([String(a), String(b)].sort());

  // Click & Drop's tracking numbers come back as a file: checked line by line, stored once confirmed.
  // (The selection's toolbar covers the page's own while rows are selected.)
  await rowA.getByRole('checkbox').uncheck();
  await rowB.getByRole('checkbox').uncheck();
  await page.getByRole('button', { name: 'Import tracking numbers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import tracking numbers' });
  const file = ['Order reference,Tracking number', `${a},ab 1234 5678 5gb`, `${refB},CD123456785GB`, `NOT-AN-ORDER-${RUN},EF123456785GB`].join('\r\n');
  await dialog.getByLabel('Tracking file (CSV)').setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(dialog.getByRole('status')).toHaveText('3 lines read: 2 good, 1 with a problem.');
  await expect(dialog.getByRole('table', { name: 'Lines not imported' })).toContainText(`No order with the reference "NOT-AN-ORDER-${RUN}"`);
  await expect(dialog.getByRole('table', { name: 'Tracking numbers to store' })).toContainText('AB123456785GB');
  await shoot(page, 'royalmail-tracking-import', { area: 'staff', fullPage: false });
  await expectAccessible(page, 'the tracking import dialog');
  await dialog.getByRole('button', { name: 'Store 2 tracking numbers' }).click();
  await expect(dialog.getByRole('table', { name: 'Tracking numbers stored' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(rowA).toContainText('AB123456785GB');
  await expect(rowB).toContainText('CD123456785GB');

  // Mark both dispatched: the orders move, and leave the page.
  await rowA.getByRole('checkbox').check();
  await rowB.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Mark dispatched' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark 2 orders Dispatched' });
  await confirm.getByRole('button', { name: 'Mark dispatched' }).click();
  await expect(confirm.getByRole('status')).toHaveText('2 of 2 orders marked dispatched.');
  await confirm.getByRole('button', { name: 'Close' }).click();
  await expect(rowA).toHaveCount(0);
  await expect(rowB).toHaveCount(0);

  // The customer sees the tracking number and Royal Mail's link.
  const customer = await browser.newContext();
  const theirs = await customer.newPage();
  await signedIn(theirs, TRADE);
  await theirs.goto(`/orders/${a}`);
  await expect(theirs.getByRole('link', { name: 'AB123456785GB' })).toHaveAttribute(
    'href',
    /royalmail\.com\/track-your-item#\/tracking-results\/AB123456785GB/,
  );
  await customer.close();
});
