import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signedIn, TRADE, WIDTHS } from './customer-support';
import { cardPdf } from './pdf';

/**
 * A whole basket with the keyboard only, in Chromium on the built app: start an order, add an item
 * (product, paper, quantity, sides), upload its artwork (the file picker itself is answered by the
 * test, reached by Enter on its button), change the delivery service with the arrow keys, open and
 * close a dialog, confirm. After every step, focus is on something meaningful: never <body>, which
 * would send the next Tab back to the top of the page. axe runs on each page at 1280 and 375 px.
 */

/** What has focus, as "TAG name-or-text", for messages; "BODY" when focus was lost. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    const name = active.getAttribute('aria-label') ?? (active as HTMLElement).innerText ?? '';
    return `${active.tagName} ${name.trim().slice(0, 60)}`;
  });

/** Focus has settled somewhere other than <body>. */
async function expectFocusKept(page: Page, step: string): Promise<void> {
  await expect.poll(() => focused(page), { message: `focus after ${step}` }).not.toBe('BODY');
}

/**
 * Presses Tab (Shift+Tab `backwards`) until `target` has focus, at most `limit` times, checking
 * that focus never falls to <body> on the way.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    expect(await focused(page), 'focus while tabbing').not.toBe('BODY');
  }
  throw new Error(`${String(target)} not reached in ${limit} presses of Tab; focus is on ${await focused(page)}`);
}

async function axeAtBothWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()!;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(250); // MUI's breakpoints settle
    await expectAccessible(page, `${name} at ${width} px`);
  }
  await page.setViewportSize(before);
}

test('a basket from start to confirmation with the keyboard only, focus never lost', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, TRADE);
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
  await axeAtBothWidths(page, 'the new order page');

  // Start the order: reference typed, the form sent with Enter.
  await tabTo(page, page.getByLabel('Your reference'));
  await page.keyboard.type('Keyboard cards');
  await tabTo(page, page.getByRole('button', { name: 'Start order' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/create\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Keyboard cards' })).toBeVisible();
  await expectFocusKept(page, 'starting the order');

  // The item: product and paper as they come, the second quantity, double-sided.
  const quantity = page.getByLabel('Quantity');
  await tabTo(page, page.getByLabel('Product'));
  await expect(page.getByLabel('Product')).toHaveValue(/\d+/);
  await tabTo(page, page.getByLabel('Paper'));
  await tabTo(page, quantity);
  const firstQty = await quantity.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(quantity).not.toHaveValue(firstQty);
  const chosenQty = await quantity.inputValue();
  await tabTo(page, page.getByRole('radio', { name: 'Single-sided' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Double-sided' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Double-sided' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Add to basket' }));
  await page.keyboard.press('Enter');

  // The new item's heading has focus; the form under it was reset.
  const article = page.locator('main article').first();
  const heading = article.getByRole('heading', { level: 3 });
  await expect(heading).toHaveText(/^1\. Business cards/);
  await expect(heading).toBeFocused();
  await expect(article).toContainText(`${Number(chosenQty).toLocaleString('en-GB')} · `);
  await expect(article).toContainText('double-sided');
  await axeAtBothWidths(page, 'the basket with an item');

  // Artwork: Enter on the button opens the file picker; focus stays on the button while the file is sent and checked.
  const uploadButton = article.getByRole('button', { name: 'Upload PDF' });
  await tabTo(page, uploadButton);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'both-sides.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3, 2) });
  await expect(article.getByText('Your artwork passed every check.')).toBeVisible({ timeout: 60_000 });
  await expect(article.getByRole('button', { name: 'Replace artwork' })).toBeFocused();
  await expect(article.getByRole('img', { name: 'Page 1 of both-sides.pdf' })).toBeVisible();
  await expect(article.getByRole('img', { name: 'Page 2 of both-sides.pdf' })).toBeVisible();
  await axeAtBothWidths(page, 'the basket with checked artwork');

  // A dialog gives focus back to what opened it: Escape, then Cancel.
  const change = page.getByRole('button', { name: 'Change the reference or delivery address' });
  await tabTo(page, change, { backwards: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reference and delivery address' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the address dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(change).toBeFocused();
  const remove = article.getByRole('button', { name: 'Remove item 1' });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const confirmRemoval = page.getByRole('dialog', { name: 'Remove this item?' });
  await expect(confirmRemoval).toBeVisible();
  // Focus moved into the dialog (MUI focuses the dialog itself; Tab goes on to its buttons).
  await expect.poll(() => confirmRemoval.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, confirmRemoval.getByRole('button', { name: 'Keep it' }));
  await page.keyboard.press('Enter');
  await expect(confirmRemoval).toBeHidden();
  await expect(remove).toBeFocused();

  // Delivery: one radio group; Tab enters it, the arrow keys move the choice, each saved with focus kept.
  const delivery = page.getByRole('radiogroup', { name: 'Choose a delivery service' });
  const services = delivery.getByRole('radio');
  expect(await services.count()).toBeGreaterThan(1);
  await tabTo(page, services.first());
  await page.keyboard.press('ArrowDown');
  await expect(services.nth(1)).toBeChecked();
  await expect(services.nth(1)).toBeFocused();
  const total = page.getByTestId('total-delivery');
  await expect(total).not.toHaveText('—');
  await page.keyboard.press('ArrowUp');
  await expect(services.first()).toBeChecked();
  await expect(services.first()).toBeFocused();
  await expectFocusKept(page, 'choosing a delivery service');
  await expect(page.getByText('Everything is ready.')).toBeVisible();

  // Confirm with Enter: the order's page, focus on its main region.
  const confirm = page.getByRole('button', { name: /^Confirm order — £/ });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expectFocusKept(page, 'confirming');
  await expect(page.getByRole('img', { name: 'Page 2 of both-sides.pdf' })).toBeVisible();
  await axeAtBothWidths(page, 'the confirmed order');
});
