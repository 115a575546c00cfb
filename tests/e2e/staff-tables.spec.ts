import { expect, test } from '@playwright/test';
import { STAFF, Api, expectAccessible, shoot, signedIn, WIDTHS } from './customer-support';
import { processingOrder } from './orders-support';

/**
 * Two wide staff tables in Chromium on the built app: the margins table fits its card at 1280 px
 * (every column, Remove included, inside the card), and the Royal Mail list keeps its recipient
 * readable at 375 px. Screenshots: test-results/screenshots/staff-margins-table-*.png, staff-royalmail-list-*.png.
 */

test('the margins table fits its card at 1280 px, Remove visible on every row', async ({ page }) => {
  const staff = await Api.as(STAFF);
  let path: string;
  try {
    const products = await staff.json<Array<{ id: number; stock_ids: number[] }>>('GET', `/api/admin/products?range=[0,99]`);
    const product = products.find((p) => p.stock_ids.length > 0)!;
    path = `/admin/products/${product.id}/stock/${product.stock_ids[0]}/margins`;
  } finally {
    await staff.close();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, STAFF);
  await page.goto(path);
  const table = page.getByRole('table', { name: 'Quantity breaks' });
  await expect(table.getByTestId('margin-row').first()).toBeVisible();
  // Nothing scrolls inside the table's box: no column is cut off at its edge.
  const clipped = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
  expect(clipped).toBeLessThanOrEqual(0);
  const box = (await table.boundingBox())!;
  const removes = table.getByRole('button', { name: /^Remove break / });
  expect(await removes.count()).toBeGreaterThan(0);
  for (const remove of await removes.all()) {
    await expect(remove).toBeVisible();
    const button = (await remove.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await shoot(page, 'margins-table', { area: 'staff' });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `the margins page at ${width} px`);
  }
});

test('the Royal Mail list keeps the recipient readable at 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await Api.as(STAFF);
  try {
    await processingOrder(`E2E-RM-${Date.now().toString(36)}`, staff);
  } finally {
    await staff.close();
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await signedIn(page, STAFF);
  await page.goto('/admin/royalmail');
  const cell = page.locator('td.column-recipient').first();
  await expect(cell).toBeVisible();
  const { width } = (await cell.boundingBox())!;
  expect(width, 'the recipient column at 375 px').toBeGreaterThanOrEqual(180);
  // The order number and (nearly all of) its recipient are on screen together; the rest of the row scrolls in its box.
  await expect(page.locator('td.column-id').first()).toBeInViewport();
  await expect(cell).toBeInViewport({ ratio: 0.8 });
  await shoot(page, 'royalmail-list', { area: 'staff' });
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w, height: 900 });
    await expectAccessible(page, `the Royal Mail page at ${w} px`);
  }
});
