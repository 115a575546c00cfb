import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { readZip } from '../server/helpers/zip';
import { optionsText } from '../../src/shared/domain/pricing/choice-names';
import { STAFF, Api, expectAccessible, RUN, shoot, signIn, title } from './customer-support';
import { pendingOrder } from './orders-support';

/**
 * In Chromium on the built app: staff see what waits for the press, run a batch of every
 * stock from the dialog, land on the batch's page while its ZIP is made, and download it once
 * ready; the ZIP holds jobs.csv, the job sheet and one artwork file per item the page lists, and
 * the order made for this test is now Processing. Other specs share the database: a run takes every
 * waiting item, so the counts are read from the API and the order checked is this test's own.
 */
test.describe.configure({ mode: 'serial' });

interface Waiting {
  items: number;
  orders: number;
  stocks: Array<{ stock_id: number; name: string; items: number; orders: number }>;
  running: number | null;
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : `${one}s`}`;
const itemsOfOrders = (c: { items: number; orders: number }) => `${plural(c.items, 'item')} of ${plural(c.orders, 'order')}`;

async function staffSignedIn(page: Page) {
  await page.goto('/login');
  await signIn(page, STAFF);
  await expect(page).toHaveURL('/');
}

/** What waits, once no run (another spec's) is being made. */
async function waitingNow(staff: Api): Promise<Waiting> {
  await expect.poll(async () => (await staff.json<Waiting>('GET', '/api/admin/batches/waiting')).running, { timeout: 120_000 }).toBeNull();
  return staff.json<Waiting>('GET', '/api/admin/batches/waiting');
}

test('staff run a batch of every stock, download its ZIP, and its orders move to Processing', async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // What the customer tells production must reach the press.
  const notes = `Please match colours to INK-2041 (${RUN})`;
  const orderId = await pendingOrder(`E2E-BATCH-${RUN}`, { notes });
  const staff = await Api.as(STAFF);
  const waiting = await waitingNow(staff);
  expect(waiting.items).toBeGreaterThanOrEqual(1);

  // The dashboard's tile says what waits.
  await staffSignedIn(page);
  await page.goto('/admin');
  const tile = page
    .getByRole('navigation', { name: 'Staff areas' })
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { name: 'Batches', exact: true }) });
  await expect(tile).toContainText(`${itemsOfOrders(waiting)} waiting for the press.`);
  await tile.click();

  // The list: what waits, above the batches.
  await expect(page).toHaveURL('/admin/batches');
  await expect(page).toHaveTitle(title('Batches'));
  const panel = page.getByRole('region', { name: 'Waiting for the press' });
  await expect(panel).toContainText(`${itemsOfOrders(waiting)} ${waiting.items === 1 ? 'is' : 'are'} waiting for the press.`);
  await shoot(page, 'batches-waiting', { area: 'staff' });
  await expectAccessible(page, '/admin/batches');

  // The dialog: every stock (chosen) or one stock, each with its counts.
  await panel.getByRole('button', { name: 'Run a batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run a batch' });
  await expect(dialog.getByRole('radio', { name: `Every stock — ${itemsOfOrders(waiting)}` })).toBeChecked();
  for (const stock of waiting.stocks) await expect(dialog.getByRole('radio', { name: `${stock.name} — ${itemsOfOrders(stock)}` })).not.toBeChecked();
  await shoot(page, 'batch-run-dialog', { area: 'staff', fullPage: false });
  await expectAccessible(page, 'the Run a batch dialog');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();

  // The new batch's page, while its ZIP is made and once it is ready.
  await expect(page).toHaveURL(/\/admin\/batches\/\d+\/show$/);
  const batchId = Number(/\/admin\/batches\/(\d+)\/show$/.exec(page.url())![1]);
  await expect(page).toHaveTitle(title(`Batches › Batch ${batchId}`));
  await expect(page.getByRole('heading', { level: 2, name: `Batch ${batchId}` })).toBeVisible();
  const download = page.getByRole('button', { name: 'Download ZIP' });
  await expect(download).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  const items = page.getByRole('region', { name: `Items of batch ${batchId}` });
  await expect(items.locator('tbody tr:has([data-file-name])')).toHaveCount(waiting.items);
  const fileNames = (await items.locator('[data-file-name]').allTextContents()).map((name) => name.trim());
  expect(fileNames.filter((name) => name.startsWith(`${orderId}-`))).toHaveLength(1);
  await expect(items.getByRole('link', { name: `#${orderId}` })).toHaveAttribute('href', `/admin/orders/${orderId}`);
  // The item's notes are under its line (and, on a phone, on its card).
  await expect(items.locator('[data-press-notes]').filter({ hasText: notes })).toContainText(`Customer’s notes: ${notes}`);
  // Its finishes and turnaround, as confirmed, under its product (the demo's cards require Lamination and Corners).
  const ordered = (
    await staff.json<{ items: Array<{ options: Array<{ group: string; name: string }>; turnaround: { name: string } | null }> }>(
      'GET',
      `/api/admin/orders/${orderId}`,
    )
  ).items[0];
  expect(ordered.options.length).toBeGreaterThan(0);
  const choices = items.locator('tbody tr', { has: page.getByRole('link', { name: `#${orderId}` }) }).locator('[data-item-choices]');
  await expect(choices).toContainText(optionsText(ordered.options));
  await expect(choices).toContainText(`Turnaround: ${ordered.turnaround!.name}`);
  await shoot(page, 'batch-ready', { area: 'staff' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('table')).toHaveCount(0); // a card per item on a phone
  await expect(page.locator('li [data-press-notes]').filter({ hasText: notes })).toBeVisible();
  await expect(page.locator('li').filter({ hasText: notes }).locator('[data-item-choices]')).toContainText(optionsText(ordered.options));

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, '/admin/batches/{id}/show');

  // Download ZIP: the browser saves the file itself; it holds the sheets and one artwork per item listed.
  const saving = page.waitForEvent('download');
  await download.click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe(`batch-${batchId}.zip`);
  const zip = await readZip(await readFile(await saved.path()));
  // A blind order's delivery note goes in beside its artwork (another spec may have sent one blind).
  const deliveryNotes: string[] = [];
  for (const id of new Set(fileNames.map((name) => Number(name.split('-')[0])))) {
    if ((await staff.json<{ blind_dispatch: boolean }>('GET', `/api/admin/orders/${id}`)).blind_dispatch) deliveryNotes.push(`${id}-delivery-note.pdf`);
  }
  expect([...zip.keys()].sort()).toEqual(['job-sheet.pdf', 'jobs.csv', ...fileNames, ...deliveryNotes].sort());
  for (const name of deliveryNotes) expect(zip.get(name)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  for (const name of fileNames) {
    expect(name).toMatch(/^\d+-\d+-[a-z0-9-]+-[a-z0-9-]+-\d+-(single|double)\.pdf$/);
    expect(zip.get(name)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
  expect(zip.get('job-sheet.pdf')!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const csv = zip.get('jobs.csv')!.toString('utf8');
  expect(csv).toContain('File,Order,Item,Product,Stock,Qty,Sheets,Sides,Orientation,Trim size,Customer,Dispatch date,Notes,Accepted warnings');
  for (const name of fileNames) expect(csv).toContain(name);
  expect(csv).toContain(notes);
  await expect(page).toHaveURL(`/admin/batches/${batchId}/show`); // the page stays

  // The order made for this test is now Processing, the batch named in its history.
  await items.getByRole('link', { name: `#${orderId}` }).click();
  await expect(page).toHaveURL(`/admin/orders/${orderId}`);
  const history = page.getByRole('list', { name: `History of order ${orderId}` });
  await expect(history).toContainText('Pending → Processing');
  await expect(history).toContainText(`In batch ${batchId}`);
  await expect(page.getByText(`Customer’s notes: ${notes}`)).toBeVisible();
  await shoot(page, 'batch-order', { area: 'staff' });
  expect((await staff.json<{ status: string }>('GET', `/api/admin/orders/${orderId}`)).status).toBe('printing');

  // Back on the list: the batch is Ready with its ZIP; its button downloads without opening the row.
  await page.goto('/admin/batches');
  const row = page.locator('table tbody tr').filter({ has: page.locator('td.column-id', { hasText: new RegExp(`^${batchId}$`) }) });
  await expect(row).toContainText('Ready');
  await expect(row).toContainText('Every stock');
  await expect(row).toContainText('Alex Morgan');
  const again = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download ZIP' }).click();
  expect((await again).suggestedFilename()).toBe(`batch-${batchId}.zip`);
  await expect(page).toHaveURL('/admin/batches');

  // Nothing waits now (unless another spec confirmed an order meanwhile): the dialog says so and Run cannot be pressed.
  const after = await waitingNow(staff);
  if (!after.items) {
    await expect(panel).toContainText('Nothing waiting for the press');
    await panel.getByRole('button', { name: 'Run a batch' }).click();
    await expect(dialog.getByText('Nothing is waiting for the press')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await shoot(page, 'batches-done', { area: 'staff' });
  await staff.close();
  expect(errors).toEqual([]);
});
