import { expect, test } from '@playwright/test';
import { STAFF, Api, expectAccessible, shoot, signedIn, signIn, TRADE } from './customer-support';

/**
 * In Chromium on the built app with the demo data (its dispatched orders have invoices, unpaid):
 * staff record a bank transfer for the trade customer, paying the oldest invoice first; the
 * customer sees that invoice paid at /invoices, and the Unpaid filter leaves it out.
 */
test('staff record a payment that pays the oldest invoice; the customer sees it paid', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const api = await Api.as(STAFF);
  const [jane] = await api.json<Array<{ id: number; company_name: string }>>(
    'GET',
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: TRADE.email }))}`,
  );
  const owing = await api.json<Array<{ number: string; balance: number }>>(
    'GET',
    `/api/admin/invoices?filter=${encodeURIComponent(JSON.stringify({ user_id: jane.id, unpaid: true }))}&sort=${encodeURIComponent('["due_date","ASC"]')}`,
  );
  await api.close();
  expect(owing.length).toBeGreaterThan(0);
  const oldest = owing[0];

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/login');
  await signIn(staffPage, STAFF);
  await expect(staffPage).toHaveURL('/');
  await staffPage.goto('/admin/payments/create');
  await staffPage.getByRole('combobox', { name: /Customer/ }).fill(TRADE.email.split('@')[0]);
  await staffPage.getByRole('option', { name: new RegExp(TRADE.email) }).click();
  const unpaid = staffPage.getByRole('table', { name: 'Unpaid invoices' });
  await expect(unpaid.getByRole('row', { name: new RegExp(oldest.number) })).toBeVisible();
  await staffPage
    .getByLabel(/^Amount/)
    .first()
    .fill((oldest.balance / 100).toFixed(2));
  await staffPage.getByLabel(/^Reference/).fill('BACS E2E');
  await shoot(staffPage, 'payment-record', { area: 'staff' });
  await expectAccessible(staffPage, 'the record-a-payment page');
  await staffPage.getByRole('button', { name: 'Save' }).click();
  await expect(staffPage).toHaveURL(/\/admin\/payments$/);
  const row = staffPage.getByRole('row', { name: /BACS E2E/ });
  await expect(row).toContainText(oldest.number);
  await shoot(staffPage, 'payments', { area: 'staff' });
  await staffContext.close();

  await signedIn(page, TRADE);
  await page.goto('/invoices');
  // The invoices table's row (the statement below it names the invoice too).
  const invoicesTable = page.getByRole('table', { name: 'Your invoices' });
  await expect(invoicesTable.getByRole('row', { name: new RegExp(oldest.number) })).toContainText('Paid');
  await shoot(page, 'invoices-states');
  await page.getByLabel('Unpaid only').click();
  await expect(page).toHaveURL(/unpaid=1/);
  await expect(invoicesTable.getByRole('row', { name: new RegExp(oldest.number) })).toHaveCount(0);
  await expectAccessible(page, 'the invoices page, unpaid only');
});
