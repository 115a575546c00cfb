import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '../server/helpers/pdf-text';
import { Api, expectAccessible, RUN, requiredOptionIds, shoot, signedIn, TRADE, type ApiProduct } from './customer-support';

/**
 * In Chromium on the built app with the demo data: the demo trade customer (a design studio) saves a
 * basket as a quote, downloads its PDF for their own client with a markup — refused beside the field
 * when the markup is not a percentage, then under their company with no word of the printer's — and
 * orders the quote into a new basket at the quoted prices.
 */
test('a customer saves a basket as a quote, downloads it for their client with a markup, and orders it', async ({ page }) => {
  test.setTimeout(180_000);
  const ref = `QUOTE-${RUN}`.toUpperCase();
  const api = await Api.as(TRADE);
  let basketId: number;
  try {
    const products = await api.json<ApiProduct[]>('GET', '/api/products');
    const cards = products.find((p) => p.name.startsWith('Business cards'))!;
    basketId = (await api.json<{ id: number }>('POST', '/api/orders', { ref })).id;
    await api.send('POST', `/api/orders/${basketId}/items`, {
      product_id: cards.id,
      stock_id: cards.stocks[0].id,
      qty: cards.stocks[0].quantities[0],
      sides: 'single',
      orientation: 'landscape',
      option_ids: requiredOptionIds(cards),
    });
    const [service] = await api.json<Array<{ id: number }>>('GET', `/api/orders/${basketId}/delivery-options`);
    await api.send('PATCH', `/api/orders/${basketId}`, { delivery_type_id: service.id });
  } finally {
    await api.close();
  }

  // Saved from the basket: no artwork is needed for a quote.
  await signedIn(page, TRADE);
  await page.goto(`/create/${basketId}`);
  await page.getByRole('button', { name: 'Save as quote' }).click();
  const saved = page.getByRole('alert').filter({ hasText: /Saved as quote Q-\d{6}/ });
  await expect(saved).toBeVisible();
  const number = /Q-\d{6}/.exec((await saved.textContent())!)![0];
  await saved.getByRole('link', { name: 'See your quotes' }).click();
  await expect(page).toHaveURL('/quotes');
  await expect(page).toHaveTitle(/^Quotes \|/);
  // Quotes are found where baskets are: the New Order page links to them.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Order' }).click();
  await page.getByTestId('quotes-link').getByRole('link', { name: 'Your quotes' }).click();
  await expect(page).toHaveURL('/quotes');

  const card = page.getByRole('article', { name: new RegExp(number) });
  await expect(card).toContainText(ref);
  await expect(card).toContainText(/Business cards/);
  await expect(card).toContainText('Valid');
  await shoot(page, 'quotes-list');
  await expectAccessible(page, 'the quotes page');

  // A markup that is not a percentage is refused beside the field, by the server's own words.
  const markup = card.getByLabel('Your markup %');
  await markup.fill('600');
  await card.getByRole('button', { name: 'PDF for my client' }).click();
  await expect(card.getByText(/A percentage from 0 to 500/)).toBeVisible();
  await expect(markup).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'quotes-markup-refused', { fullPage: false });

  // With 15 %: the client's PDF, by keyboard (Enter in the field sends it).
  await markup.fill('15');
  const [download] = await Promise.all([page.waitForEvent('download'), markup.press('Enter')]);
  expect(download.suggestedFilename()).toBe(`${number}-client.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/quote-for-client.pdf', pdf);
  const text = (await pdfText(pdf)).join('\n');
  expect(text).toContain('QUOTATION');
  expect(text).toMatch(/Inkwell/);
  expect(text).not.toMatch(/print\s*junction/i);
  expect(pdf.toString('latin1')).not.toMatch(/print\s*junction|PDFKit/i);
  await expect(markup).toHaveAttribute('aria-invalid', 'false');

  // The PDF for the customer themself, under the printer's name.
  const [own] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'PDF for us' }).click()]);
  expect(own.suggestedFilename()).toBe(`${number}.pdf`);
  expect((await pdfText(readFileSync((await own.path())!))).join('\n')).toMatch(/Print Junction/);

  // Ordered: a new basket whose item keeps the quoted price.
  await card.getByRole('button', { name: 'Order this quote' }).click();
  await expect(page).toHaveURL(/\/create\/\d+$/);
  expect(page.url()).not.toMatch(new RegExp(`/create/${basketId}$`));
  await expect(page.getByText(new RegExp(`Quoted price from ${number}, valid until`))).toBeVisible();
  await expect(page.getByRole('heading', { name: `Order ${ref}` })).toBeVisible();
  await shoot(page, 'quote-ordered-basket');
});
