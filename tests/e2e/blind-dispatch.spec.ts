import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Api, expectAccessible, requiredOptionIds, RUN, shoot, signIn, signedIn, STAFF, TRADE, type ApiProduct } from './customer-support';
import { cardPdf } from './pdf';

/**
 * In Chromium on the built app with the demo data: a trade customer ticks "Blind dispatch" on a new
 * order at /create and sees it on the basket and, once confirmed, on the order; the profile offers it
 * as the account's default; staff see the order marked and save its delivery note.
 */
test.describe.configure({ mode: 'serial' });

interface Order {
  id: number;
  blind_dispatch: boolean;
  items: Array<{ id: number; artwork: { preflight: { status: string } } | null }>;
}

/** The basket made in the browser, given an item with clean artwork and confirmed through the API (the ordering spec covers those steps on screen). */
async function confirmThroughApi(orderId: number): Promise<void> {
  const api = await Api.as(TRADE);
  try {
    const products = await api.json<ApiProduct[]>('GET', '/api/products');
    const cards = products.find((p) => p.name.startsWith('Business cards'))!;
    const item = await api.json<{ id: number }>('POST', `/api/orders/${orderId}/items`, {
      product_id: cards.id,
      stock_id: cards.stocks[0].id,
      qty: cards.stocks[0].quantities[0],
      sides: 'single',
      orientation: 'landscape',
      option_ids: requiredOptionIds(cards),
    });
    await api.send('POST', `/api/orders/${orderId}/items/${item.id}/artwork`, undefined, {
      multipart: { file: { name: 'cards.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3) } },
    });
    await expect
      .poll(async () => (await api.json<Order>('GET', `/api/orders/${orderId}`)).items[0].artwork?.preflight.status, { timeout: 60_000 })
      .toBe('pass');
    const options = await api.json<Array<{ id: number; carrier: string }>>('GET', `/api/orders/${orderId}/delivery-options`);
    const royalMail = options.find((o) => o.carrier === 'royalmail')!;
    await api.send('POST', `/api/orders/${orderId}/confirm`, { delivery_type_id: royalMail.id }, { headers: { 'idempotency-key': `e2e-blind-${orderId}` } });
  } finally {
    await api.close();
  }
}

async function staffSignedIn(page: Page) {
  await page.goto('/login');
  await signIn(page, STAFF);
  await expect(page).toHaveURL('/');
}

let orderId = 0;

test('the customer ticks blind dispatch on /create and sees it on the basket and the order', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, TRADE);
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
  const blind = page.getByRole('checkbox', { name: 'Blind dispatch' });
  await expect(blind).not.toBeChecked(); // the demo account's default is off
  await expect(page.getByText('The parcel carries no printer branding; a delivery note under your company goes in.')).toBeVisible();
  await page.getByLabel('Your reference').fill(`E2E blind ${RUN}`);
  await blind.check();
  await expect(blind).toBeChecked();
  await shoot(page, 'create-blind-dispatch');
  await expectAccessible(page, '/create');
  await page.getByRole('button', { name: 'Start order' }).click();
  await expect(page).toHaveURL(/\/create\/\d+$/);
  orderId = Number(/\/create\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('blind-dispatch')).toContainText('Blind dispatch');

  // Changing the details keeps it, and it can be unticked and ticked again there.
  await page.getByRole('button', { name: 'Change the reference or delivery address' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: 'Blind dispatch' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await confirmThroughApi(orderId);
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByTestId('blind-dispatch')).toContainText('Blind dispatch');
  await shoot(page, 'order-blind-dispatch');
});

test('the profile offers blind dispatch as the account’s default', async ({ page }) => {
  await signedIn(page, TRADE);
  await page.goto('/account/profile');
  const fallback = page.getByRole('checkbox', { name: 'Blind dispatch by default' });
  await expect(fallback).toBeVisible();
  await expect(fallback).not.toBeChecked();
  await expect(page.getByText(/a delivery note under your company goes in/)).toBeVisible();
  await shoot(page, 'profile-blind-dispatch');
});

test('staff see the order marked and save its delivery note', async ({ page }) => {
  test.setTimeout(120_000);
  expect(orderId).toBeGreaterThan(0);
  await staffSignedIn(page);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: `Order ${orderId}` })).toBeVisible();
  await expect(page.getByText('Blind dispatch', { exact: true }).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Delivery note of order ${orderId}` }).click()]);
  expect(download.suggestedFilename()).toBe(`${orderId}-delivery-note.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Its information names the customer's company, never the printer.
  expect(pdf.toString('latin1')).toContain('(Inkwell Design');
  expect(pdf.toString('latin1')).not.toMatch(/Print\s*Junction/i);
  await shoot(page, 'order-blind-dispatch', { area: 'staff' });
  await expectAccessible(page, '/admin/orders/{id}');
});
