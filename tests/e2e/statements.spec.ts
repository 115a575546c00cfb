import { expect, test } from '@playwright/test';
import { STAFF, expectAccessible, shoot, signedIn, signIn, TRADE } from './customer-support';

/**
 * In Chromium on the built app with the demo data (the trade customer's dispatched orders have
 * unpaid invoices): the customer reads a statement of the past year with its balances and what is
 * unpaid by age; a backwards period is refused beside the field; staff see the customer in the
 * aged-debt report.
 */
test('a customer reads their statement and staff see who owes what', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signedIn(page, TRADE);
  await page.goto('/invoices');
  const section = page.getByRole('region', { name: 'Statement', exact: true });
  await expect(section.getByRole('table', { name: 'Statement lines' })).toBeVisible();
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 360 * 86_400_000).toISOString().slice(0, 10);
  await section.getByLabel('From').fill(yearAgo);
  await section.getByLabel('To').fill(today.toISOString().slice(0, 10));
  const lines = section.getByRole('table', { name: 'Statement lines' });
  await expect(lines.getByRole('row', { name: /Invoice / }).first()).toBeVisible();
  await expect(lines).toContainText('Closing balance');
  await expect(section.getByLabel('Aged debt')).toContainText('Total unpaid');
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'statement');
  await expectAccessible(page, 'the invoices page with its statement');

  await section.getByLabel('To').fill('2020-01-01');
  await expect(section.getByText('The end date must be on or after the start date')).toBeVisible();

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/login');
  await signIn(staffPage, STAFF);
  await expect(staffPage).toHaveURL('/');
  await staffPage.goto('/admin/aged-debt');
  await expect(staffPage.getByRole('row', { name: /Inkwell/i })).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await shoot(staffPage, 'aged-debt', { area: 'staff' });
  await expectAccessible(staffPage, 'the aged-debt report');
  await staffContext.close();
});
