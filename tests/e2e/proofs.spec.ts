import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { dataDirOf } from '../../playwright.config';
import { formatDay } from '../../src/shared/domain/calendar/workingDays';
import { Api, expectAccessible, requiredOptionIds, shoot, signedIn, STAFF, TRADE, type ApiProduct } from './customer-support';
import { cardPdf } from './pdf';

/**
 * Proofs in Chromium on the built app: the customer asks for a proof of an item and confirms; the
 * proof job makes version 1; on the order page they ask for a change with new artwork; version 2
 * is made from it; they approve it and are shown the dispatch date counted from the approval. The
 * e-mail's link (/proof/{token}) opens the order at the item's proof, and staff see the versions.
 * Screenshots: test-results/screenshots/customer-proof-*-{1280,375}.png and staff-proof-*.
 */

interface ApiOrder {
  id: number;
  status: string;
  dispatch_due: string | null;
  items: Array<{
    id: number;
    artwork: { preflight: { status: string } } | null;
    proof: { status: string; version: number; comment: string | null; decided_by: string | null } | null;
  }>;
}

/** The proof job runs after the artwork's check: generous, on a machine shared by many. */
const PROOF_MADE = { timeout: 120_000 };

/** A confirmed order of the demo trade customer's: one box of business cards whose customer asked for a proof. */
async function orderWithProof(customer: Api): Promise<{ orderId: number; itemId: number }> {
  const products = await customer.json<ApiProduct[]>('GET', '/api/products');
  const cards = products.find((p) => p.name.startsWith('Business cards'))!;
  const order = await customer.json<ApiOrder>('POST', '/api/orders', { ref: 'Proof me' });
  const item = await customer.json<{ id: number }>('POST', `/api/orders/${order.id}/items`, {
    product_id: cards.id,
    stock_id: cards.stocks[0].id,
    qty: cards.stocks[0].quantities[0],
    sides: 'single',
    orientation: 'landscape',
    option_ids: requiredOptionIds(cards),
    proof_requested: true,
  });
  await customer.send('POST', `/api/orders/${order.id}/items/${item.id}/artwork`, undefined, {
    multipart: { file: { name: 'cards.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3) } },
  });
  await expect
    .poll(async () => (await customer.json<ApiOrder>('GET', `/api/orders/${order.id}`)).items[0].artwork?.preflight.status, { timeout: 60_000 })
    .toBe('pass');
  const [option] = await customer.json<Array<{ id: number }>>('GET', `/api/orders/${order.id}/delivery-options`);
  await customer.send('POST', `/api/orders/${order.id}/confirm`, { delivery_type_id: option.id }, { headers: { 'idempotency-key': `e2e-proofs-${order.id}` } });
  return { orderId: order.id, itemId: item.id };
}

/** The newest proof link e-mailed to `to` since `since` (ms), from this worker's e2e server's outbox. */
function newestProofLink(to: string, since: number): string | null {
  const dir = path.join(dataDirOf(), 'outbox');
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.eml') && statSync(path.join(dir, file)).mtimeMs >= since)
    .sort()
    .reverse();
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
    const link = /https?:\/\/[^\s"<>]+(\/proof\/[A-Za-z0-9_.~-]+)/.exec(text);
    if (link) return link[1];
  }
  return null;
}

const proofPanel = (page: Page, itemId: number) => page.getByTestId(`proof-${itemId}`);

test('a customer asks for a proof, asks for a change with new artwork, and approves the second proof', async ({ page, context }) => {
  test.setTimeout(360_000);
  const started = Date.now() - 1000;
  const customer = await Api.as(TRADE);
  try {
    const { orderId, itemId } = await orderWithProof(customer);
    await signedIn(page, TRADE);

    // The order page reads the order again while the proof is made, until version 1 is ready.
    await page.goto(`/orders/${orderId}`);
    const panel = proofPanel(page, itemId);
    await expect(page.getByTestId('awaiting-approval')).toContainText('Waiting for your approval');
    await expect(panel.getByRole('heading', { name: 'Proof · version 1' })).toBeVisible(PROOF_MADE);
    await expect(panel.getByRole('button', { name: 'Approve' })).toBeVisible(PROOF_MADE);
    await expect(panel).toContainText('Waiting for your approval');

    // The home page and the list say an order waits for the customer.
    await page.goto('/');
    await expect(page.getByText(/a proof for you to approve/)).toBeVisible();
    await page.goto('/orders?status=live');
    await expect(page.getByRole('row', { name: new RegExp(`#${orderId}`) }).getByText('Waiting for your approval')).toBeVisible();
    await page.goto(`/orders/${orderId}`);
    await expect(panel.getByRole('button', { name: 'Approve' })).toBeVisible();
    await shoot(page, 'proof-ready');
    await expectAccessible(page, 'the order page with a proof to approve');

    // "View proof" opens the PDF in a new tab; the PDF itself is the item's proof.
    const [tab] = await Promise.all([context.waitForEvent('page'), panel.getByRole('button', { name: /View proof version 1/ }).click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
    // The order page is the window in front again, as when the customer closes the PDF's tab.
    await page.bringToFront();
    const pdf = await customer.send('GET', `/api/orders/${orderId}/items/${itemId}/proof?version=1`);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Ask for changes: the comment is required (the server's word beside it), then new artwork goes with it.
    await panel.getByRole('button', { name: 'Ask for changes' }).click();
    const changes = page.getByRole('dialog', { name: 'Ask for changes to proof version 1' });
    await changes.getByRole('button', { name: 'Send' }).click();
    await expect(changes.getByRole('textbox', { name: /What should change\?/ })).toHaveAttribute('aria-invalid', 'true');
    await changes.getByRole('textbox', { name: /What should change\?/ }).fill('Please use our new logo');
    await changes
      .getByLabel('New artwork (PDF, optional)')
      .setInputFiles({ name: 'cards-v2.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3) });
    await expect(changes.getByTestId('changes-file')).toHaveText('cards-v2.pdf');
    await shoot(page, 'proof-changes-dialog', { fullPage: false });
    await expectAccessible(page, 'the ask-for-changes dialog');
    await changes.getByRole('button', { name: 'Send' }).click();
    await expect(changes).toBeHidden({ timeout: 60_000 });
    await expect(panel).toContainText('Please use our new logo');

    // The new artwork is checked and version 2 is made from it.
    await expect(panel.getByRole('heading', { name: 'Proof · version 2' })).toBeVisible(PROOF_MADE);
    await expect(panel.getByRole('button', { name: 'Approve' })).toBeVisible(PROOF_MADE);

    // The e-mail's link opens the order at the item's proof.
    let link: string | null = null;
    await expect.poll(() => (link = newestProofLink(TRADE.email, started)), { timeout: 30_000 }).not.toBeNull();
    await page.goto(link!);
    await expect(page).toHaveURL(`/orders/${orderId}?proof=${itemId}`);
    await expect(proofPanel(page, itemId).getByRole('heading', { name: 'Proof · version 2' })).toBeFocused();

    // Approve version 2: final; the dispatch date counted from the approval is shown.
    await proofPanel(page, itemId).getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve proof version 2?' });
    await expect(approve).toContainText('Approval is final: we print exactly this proof');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    // Keyboard: the button that opened the dialog went with the decision; focus is on the proof's heading, not the top of the page.
    await expect(proofPanel(page, itemId).getByRole('heading', { name: 'Proof · version 2' })).toBeFocused();
    const approved = await customer.json<ApiOrder>('GET', `/api/orders/${orderId}`);
    expect(approved.items[0].proof).toMatchObject({ status: 'approved', version: 2 });
    expect(approved.dispatch_due).not.toBeNull();
    const dispatch = `Dispatch ${formatDay(approved.dispatch_due!)}`;
    await expect(proofPanel(page, itemId).getByRole('status')).toContainText(`Thank you: proof version 2 is approved. ${dispatch}`);
    await expect(page.getByTestId('order-dates')).toContainText(dispatch);
    await expect(page.getByTestId('awaiting-approval')).toBeHidden();
    await expect(proofPanel(page, itemId)).toContainText('We print exactly this proof.');
    await shoot(page, 'proof-approved');
    await expectAccessible(page, 'the order page with its proof approved');

    // Staff see both versions, the change asked for and the approval.
    const staff = await Api.as(STAFF);
    try {
      const versions = await staff.json<Array<{ version: number; decision: string | null; comment: string | null }>>(
        'GET',
        `/api/admin/orders/${orderId}/items/${itemId}/proofs`,
      );
      expect(versions.map((v) => [v.version, v.decision])).toEqual([
        [2, 'approved'],
        [1, 'changes_requested'],
      ]);
    } finally {
      await staff.close();
    }
  } finally {
    await customer.close();
  }
});

test('staff see an order awaiting approval apart, with its proof versions', async ({ page }) => {
  test.setTimeout(240_000);
  const customer = await Api.as(TRADE);
  let ids: { orderId: number; itemId: number };
  try {
    ids = await orderWithProof(customer);
    await expect.poll(async () => (await customer.json<ApiOrder>('GET', `/api/orders/${ids.orderId}`)).items[0].proof?.status, PROOF_MADE).toBe('ready');
  } finally {
    await customer.close();
  }
  await signedIn(page, STAFF);
  await page.goto('/admin/orders');
  await page.getByRole('tab', { name: /^Awaiting approval/ }).click();
  const row = page.getByRole('row', { name: new RegExp(`#${ids.orderId}`) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Awaiting approval')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Waiting' })).toBeVisible();
  await shoot(page, 'proof-queue', { area: 'staff' });
  await row.click();
  const section = page.getByTestId(`staff-proof-${ids.itemId}`);
  await expect(section.getByRole('list', { name: 'Proof versions, newest first' }).getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Approve for the customer' })).toBeVisible();
  await shoot(page, 'proof-section', { area: 'staff' });
  await expectAccessible(page, 'the staff order page with a proof');
});
