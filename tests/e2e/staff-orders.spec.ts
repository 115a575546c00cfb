import { expect, test, type Page } from '@playwright/test';
import { STAFF, Api, expectAccessible, RUN, shoot, signIn, signedIn, TRADE, type Login } from './customer-support';
import { pendingOrder } from './orders-support';
import { cardPdf } from './pdf';

/**
 * In Chromium on the built app with the demo data: staff find a new Pending order by its
 * reference, hold it in Issues with a text; the customer sees the text, replaces the artwork and
 * resubmits; staff move it to Processing and then Dispatched with a Royal Mail tracking number; the
 * customer sees it under Dispatched with the tracking number and the history. Then two colleagues
 * edit the staff notes at once: the second is told and keeps what they typed.
 */
test.describe.configure({ mode: 'serial' });

async function staffSignedIn(page: Page, who: Login = STAFF) {
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL('/');
}

/** Makes a move from the order's page through its dialog. */
async function move(page: Page, button: string, fill: Record<string, string> = {}) {
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: /^Move to/ }).click();
  await expect(dialog).toHaveCount(0);
}

test('staff run a new order through Issues and back to Dispatched; the customer follows it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const ref = `E2E-STAFF-${RUN}`;
  const orderId = await pendingOrder(ref);

  // Staff find it in the Pending tab by its reference, and open it by keyboard.
  await staffSignedIn(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/, selected: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Search orders/ }).fill(ref);
  const row = page.getByRole('row', { name: new RegExp(ref) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
  await shoot(page, 'orders-search', { area: 'staff' });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 2, name: `Order ${orderId}` })).toBeVisible();

  // Issues needs its text: refused without, then made with it.
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Hold with a problem' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Move to Issues' }).click();
  await expect(dialog.getByLabel(/^What the customer must do/)).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'order-hold-dialog', { area: 'staff', fullPage: false });
  await expectAccessible(page, 'the hold dialog');
  await dialog.getByLabel(/^What the customer must do/).fill('The logo is blurred: please upload it again at 300 ppi.');
  await dialog.getByRole('button', { name: 'Move to Issues' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('On hold — the customer was told:')).toBeVisible();
  await expect(page.getByRole('list', { name: `History of order ${orderId}` })).toContainText('Pending → Issues');

  // The customer sees the text, replaces the artwork and resubmits.
  const customer = await browser.newContext();
  const theirs = await customer.newPage();
  await signedIn(theirs, TRADE);
  await theirs.goto(`/orders/${orderId}`);
  await expect(theirs.getByText('The logo is blurred: please upload it again at 300 ppi.')).toBeVisible();
  await theirs
    .locator('main article')
    .first()
    .locator('input[type=file]')
    .setInputFiles({ name: 'cards-300ppi.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3) });
  // The held file passed its checks too: wait for the new one's own result, not the old one's.
  await expect(theirs.locator('main article').first().getByRole('img', { name: 'Page 1 of cards-300ppi.pdf' })).toBeVisible({ timeout: 60_000 });
  await expect(theirs.locator('main article').first().getByText('Your artwork passed every check.')).toBeVisible();
  await theirs.getByRole('button', { name: 'Resubmit' }).click();
  await expect(theirs.locator('main ol')).toContainText('Issues → Pending');

  // Staff see the resubmission by the customer's name, then move it on.
  await page.reload();
  const history = page.getByRole('list', { name: `History of order ${orderId}` });
  await expect(history).toContainText('Issues → Pending');
  await expect(history).toContainText('Jane Okafor (customer)');
  await move(page, 'Move to Processing', { 'Note for the history (optional)': 'Batch E2E' });
  await expect(history).toContainText('Pending → Processing');

  // Dispatched needs a Royal Mail tracking number the carrier would give.
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Mark dispatched' }).click();
  const dispatch = page.getByRole('dialog');
  await dispatch.getByLabel(/^Tracking number/).fill('NOT A ROYAL MAIL NUMBER 123');
  await dispatch.getByRole('button', { name: 'Move to Dispatched' }).click();
  await expect(dispatch.getByText(/At most 13 characters/)).toBeVisible();
  // The right shape with a mistyped digit: its check digit gives it away.
  await dispatch.getByLabel(/^Tracking number/).fill('AB123456789GB');
  await dispatch.getByRole('button', { name: 'Move to Dispatched' }).click();
  await expect(dispatch.getByText(/check digit/)).toBeVisible();
  await dispatch.getByLabel(/^Tracking number/).fill('ab 1234 5678 5gb');
  await dispatch.getByRole('button', { name: 'Move to Dispatched' }).click();
  await expect(dispatch).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'AB123456785GB' })).toHaveAttribute('href', /royalmail\.com\/track-your-item#\/tracking-results\/AB123456785GB/);
  await expect(page.getByRole('group', { name: 'Status actions' })).toHaveCount(0);
  await shoot(page, 'order-dispatched', { area: 'staff' });
  await expectAccessible(page, '/admin/orders/{id} dispatched');

  // The customer finds it under Dispatched, with the tracking number and the whole history.
  await theirs.goto('/orders?status=dispatched');
  await expect(theirs.getByRole('row', { name: new RegExp(ref) })).toContainText('AB123456785GB');
  await theirs.goto(`/orders/${orderId}`);
  await expect(theirs.getByRole('link', { name: 'AB123456785GB' })).toHaveAttribute('href', /royalmail\.com\/track-your-item/);
  await expect(theirs.locator('main ol')).not.toContainText('Batch E2E'); // staff's note on a move is theirs
  for (const move of ['Basket → Pending', 'Pending → Issues', 'Issues → Pending', 'Pending → Processing', 'Processing → Dispatched']) {
    await expect(theirs.locator('main ol')).toContainText(move);
  }
  await shoot(theirs, 'order-dispatched');
  await customer.close();
});

test('two colleagues edit the staff notes at once: the second is told, sees the order as it is, and keeps what they typed', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const orderId = await pendingOrder(`E2E-NOTES-${RUN}`);
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await staffSignedIn(page);
  await staffSignedIn(colleague);
  await page.goto(`/admin/orders/${orderId}`);
  await colleague.goto(`/admin/orders/${orderId}`);

  await page.getByLabel('Notes (staff only)').fill('Rush: the customer’s event is on Friday.');
  await colleague.getByLabel('Notes (staff only)').fill('Check the stock is in before printing.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The staff notes have been saved.')).toBeVisible();

  await colleague.getByRole('button', { name: 'Save' }).click();
  const warning = colleague.getByRole('alert').filter({ hasText: 'Someone else changed order' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Rush: the customer’s event is on Friday.');
  await expect(colleague.getByLabel('Notes (staff only)')).toHaveValue('Check the stock is in before printing.');
  await shoot(colleague, 'order-notes-conflict', { area: 'staff' });

  // Saving again, now that they have seen the other's notes, keeps theirs.
  await colleague.getByLabel('Notes (staff only)').fill('Rush: the customer’s event is on Friday. Check the stock is in before printing.');
  await colleague.getByRole('button', { name: 'Save' }).click();
  await expect(colleague.getByText('The staff notes have been saved.')).toBeVisible();
  await expect(warning).toHaveCount(0);
  await colleagueContext.close();
});

test('a bulk move answers order by order', async ({ page }) => {
  test.setTimeout(180_000);
  const [a, b] = [await pendingOrder(`E2E-BULK-A-${RUN}`), await pendingOrder(`E2E-BULK-B-${RUN}`)];
  const staff = await Api.as(STAFF);
  await staffSignedIn(page);
  await page.goto('/admin/orders');
  // This run's two only (a retry's first attempt left its own): every word must match.
  await page.getByRole('textbox', { name: /^Search orders/ }).fill(`E2E-BULK- ${RUN}`);
  await expect(page.getByRole('row', { name: /E2E-BULK-/ })).toHaveCount(2);
  await page
    .getByRole('row', { name: new RegExp(`E2E-BULK-A-${RUN}`) })
    .getByRole('checkbox')
    .check();
  await page
    .getByRole('row', { name: new RegExp(`E2E-BULK-B-${RUN}`) })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Move to…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 2 orders' });
  await dialog.getByRole('combobox', { name: /^Move to/ }).click();
  await page.getByRole('option', { name: 'Processing' }).click();
  await dialog.getByLabel('Note for the history (optional)').fill('Batch E2E bulk');
  // A colleague cancels one of them while the dialog is open.
  const { version } = await staff.json<{ version: number }>('GET', `/api/admin/orders/${b}`);
  await staff.send('POST', `/api/admin/orders/${b}/status`, { status: 'cancelled', note: 'Customer rang', version });
  await dialog.getByRole('button', { name: 'Move to Processing' }).click();
  await expect(dialog.getByRole('status')).toContainText('1 of 2 orders moved. 1 could not be moved:');
  await expect(dialog.getByRole('list', { name: 'Orders not moved' })).toContainText(`Order ${b} is Cancelled: it cannot be moved to Processing.`);
  await shoot(page, 'orders-bulk-results', { area: 'staff', fullPage: false });
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect((await staff.json<{ status: string }>('GET', `/api/admin/orders/${a}`)).status).toBe('printing');
  await staff.close();
});

test('the Overdue button shows every overdue order, flagged, whatever its status', async ({ page }) => {
  await staffSignedIn(page);
  await page.goto('/admin/orders');
  await page.getByRole('button', { name: /^Overdue \(\d+\)$/ }).click();
  await expect(page.getByRole('tab', { name: /^All \(\d+\)$/, selected: true })).toBeVisible();
  // The demo's "Table talkers": placed a week ago, still Processing.
  const row = page.getByRole('row', { name: /Table talkers/ });
  await expect(row).toContainText('Overdue');
  await expect(row).toContainText('Processing');
  await expect(page.getByRole('button', { name: /^Overdue/ })).toHaveAttribute('aria-pressed', 'true');
});
