import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { STAFF, Api, expectAccessible, requiredOptionIds, shoot, signedIn, TRADE, WIDTHS, type ApiProduct } from './customer-support';
import { cardPdf } from './pdf';

/**
 * The customer's order page in Chromium on the built app: a dispatched order names its invoice
 * ("Invoice INV-…" downloads the PDF), and a double-sided item shows both pages of its artwork.
 * Screenshots: test-results/screenshots/customer-order-invoice-{1280,375}.png.
 */

interface Order {
  id: number;
  version: number;
  items: Array<{ id: number; artwork: { preflight: { status: string } } | null }>;
}

/** A double-sided box of business cards of the demo trade customer's, confirmed, printed and dispatched by staff. */
async function dispatchedDoubleSidedOrder(): Promise<number> {
  const customer = await Api.as(TRADE);
  const staff = await Api.as(STAFF);
  try {
    const products = await customer.json<ApiProduct[]>('GET', '/api/products');
    const cards = products.find((p) => p.name.startsWith('Business cards'))!;
    const order = await customer.json<Order>('POST', '/api/orders', { ref: 'Both sides' });
    const item = await customer.json<{ id: number }>('POST', `/api/orders/${order.id}/items`, {
      product_id: cards.id,
      stock_id: cards.stocks[0].id,
      qty: cards.stocks[0].quantities[0],
      sides: 'double',
      orientation: 'landscape',
      option_ids: requiredOptionIds(cards),
    });
    await customer.send('POST', `/api/orders/${order.id}/items/${item.id}/artwork`, undefined, {
      multipart: { file: { name: 'front-and-back.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3, 2) } },
    });
    await expect
      .poll(async () => (await customer.json<Order>('GET', `/api/orders/${order.id}`)).items[0].artwork?.preflight.status, { timeout: 60_000 })
      .toBe('pass');
    const [option] = await customer.json<Array<{ id: number }>>('GET', `/api/orders/${order.id}/delivery-options`);
    await customer.send(
      'POST',
      `/api/orders/${order.id}/confirm`,
      { delivery_type_id: option.id },
      { headers: { 'idempotency-key': `e2e-order-page-${order.id}` } },
    );
    for (const move of [{ status: 'printing' }, { status: 'dispatched' }]) {
      const { version } = await staff.json<{ version: number }>('GET', `/api/admin/orders/${order.id}`);
      await staff.send('POST', `/api/admin/orders/${order.id}/status`, { ...move, version });
    }
    return order.id;
  } finally {
    await customer.close();
    await staff.close();
  }
}

test('a dispatched order links its invoice and shows both pages of a double-sided item', async ({ page }) => {
  test.setTimeout(120_000);
  const id = await dispatchedDoubleSidedOrder();
  await signedIn(page, TRADE);
  await page.goto(`/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();

  // Front and back, each its own preview, captioned.
  const article = page.locator('main article').first();
  await expect(article.getByRole('img', { name: 'Page 1 of front-and-back.pdf' })).toBeVisible();
  await expect(article.getByRole('img', { name: 'Page 2 of front-and-back.pdf' })).toBeVisible();
  await expect(article.getByText('Page 1 (front)')).toBeVisible();
  await expect(article.getByText('Page 2 (back)')).toBeVisible();
  const sizes = await article
    .getByRole('img', { name: /^Page \d of front-and-back.pdf$/ })
    .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));
  expect(sizes).toEqual([1000, 1000]);

  // The invoice, by its number, downloads its PDF.
  const invoice = page.getByRole('button', { name: /^Invoice [A-Z]+-\d+$/ });
  await expect(invoice).toBeVisible();
  const number = (await invoice.textContent())!.replace('Invoice ', '').trim();
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await shoot(page, 'order-invoice');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(250);
    await expect(invoice).toBeVisible();
    await expectAccessible(page, `the order page at ${width} px`);
  }
});
