import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logOut, RUN, shoot, signedIn, signIn, TRADE, uniqueEmail, waitForMail, WIDTHS } from './customer-support';
import { cardPdf } from './pdf';

/**
 * In Chromium on the built app with the demo data: the demo trade customer (their company's owner)
 * invites a buyer with an approval limit of £10; the buyer accepts from the e-mailed link, builds a
 * basket of business cards and confirms it: above the limit, it waits for an owner. The owner opens
 * the link of the e-mail asking for approval, signs in, sees the order waiting and approves it: the
 * order is confirmed (Pending), its history naming the approval. The buyer is removed again at the
 * end (the demo company keeps its one member); the approved order stays the company's.
 * Screenshots: test-results/screenshots/customer-order-awaiting-approval-{1280,375}.png (the owner's view).
 */

const OWNER_NAME = 'Jane Okafor';
const BUYER = { firstname: 'Bea', lastname: 'Approval', password: `buyer ${RUN} password` };
const BUYER_NAME = `${BUYER.firstname} ${BUYER.lastname}`;

/** The path of the first link to `pattern` in a mail (the links carry the app's own address). */
function linkIn(mail: string, pattern: RegExp): string {
  const link = new RegExp(`https?://\\S+${pattern.source}`).exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  return new URL(link!).pathname;
}

async function inviteBuyer(page: Page, email: string): Promise<string> {
  await signedIn(page, TRADE);
  await page.goto('/account/company');
  await page.getByRole('button', { name: 'Invite a colleague' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel(/^E-mail address/).fill(email);
  await dialog.getByRole('radio', { name: /^Buyer/ }).check();
  await dialog.getByLabel(/^Approval limit/).fill('10');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`We have e-mailed an invitation to ${email}.`)).toBeVisible();
  const invitation = linkIn(await waitForMail(email, 'invites you to join'), /\/invitations\/[A-Za-z0-9_-]+/);
  await logOut(page, 'Jane');
  return invitation;
}

test('an owner invites a buyer, the buyer orders above their limit, the owner approves from the e-mailed link', async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('approval-buyer');
  const invitation = await inviteBuyer(page, email);

  // The buyer joins from the link, with a password, and is signed in as a member with the £10 limit.
  await page.goto(invitation);
  await page.getByLabel(/^First name/).fill(BUYER.firstname);
  await page.getByLabel(/^Last name/).fill(BUYER.lastname);
  await page.getByLabel(/^Password/).fill(BUYER.password);
  await page.getByLabel(/^Repeat the password/).fill(BUYER.password);
  await page.getByRole('button', { name: 'Accept and join' }).click();
  await expect(page).toHaveURL('/account/company');
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: email })).toContainText('Approval limit £10.00');

  // A basket of business cards, clean artwork, a delivery service, confirmed: above £10 it waits.
  const ref = `E2E approval ${RUN}`;
  await page.goto('/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
  await page.getByLabel('Your reference').fill(ref);
  await page.getByRole('button', { name: 'Start order' }).click();
  await expect(page).toHaveURL(/\/create\/\d+$/);
  // The largest quantity: well above £10 before VAT.
  const price = page.getByTestId('live-price');
  await expect(price).toHaveText(/^£[\d,]+\.\d\d$/);
  const quantity = page.getByLabel('Quantity');
  const quantities = await quantity.locator('option').allTextContents();
  expect(quantities.length).toBeGreaterThan(1);
  await quantity.selectOption({ index: quantities.length - 1 });
  await expect(price).toHaveText(/^£[\d,]+\.\d\d$/);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  const item = page.locator('main article').first();
  await expect(item).toContainText('Business cards');
  await item.locator('input[type=file]').setInputFiles({ name: 'cards.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3) });
  await expect(item.getByText('Your artwork passed every check.')).toBeVisible({ timeout: 30_000 });
  const delivery = page.getByRole('radiogroup', { name: 'Choose a delivery service' });
  await delivery.getByRole('radio').first().click();
  await expect(delivery.getByRole('radio').first()).toBeChecked();
  await expect(page.getByTestId('total-total')).toHaveText(/^£[\d,]+\.\d\d$/);
  // Above the limit, the basket says so before it is sent: the button sends it for approval.
  await expect(page.getByTestId('approval-notice')).toContainText('above your approval limit of £10.00');
  await page.getByRole('button', { name: /^Send for approval/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for approval by an owner' });
  await expect(waiting).toContainText(`Sent for approval by ${BUYER_NAME}`);
  await expect(waiting).toContainText('above the approval limit of £10.00');
  await expect(waiting).toContainText('It is not confirmed until an owner of your company approves it');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0); // a buyer cannot approve their own order
  await logOut(page, BUYER.firstname);

  // The owner is e-mailed a signed link of their own; signed out, it leads through sign-in to the order.
  const request = await waitForMail(TRADE.email, `Order ${id} from ${BUYER_NAME} waits for your approval`);
  expect(request).toContain('above their approval limit of £10.00');
  const approvalLink = linkIn(request, /\/approval-links\/[A-Za-z0-9_.-]+/);
  const orderPath = `/orders/${id}`;
  await page.goto(approvalLink);
  await expect(page).toHaveURL('/login');
  await signIn(page, TRADE);
  await expect(page).toHaveURL(orderPath);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
  await expect(page.getByText(`Reference: ${ref}`)).toBeVisible();
  await expect(waiting).toContainText(`Sent for approval by ${BUYER_NAME}`);
  await expect(waiting).toContainText('Approve it to confirm it');
  // What the owner approves: the items with their artwork and its check, where it goes, and what it costs.
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items).toContainText('Business cards');
  await expect(items.getByText(/passed every check/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' }).locator('address')).not.toBeEmpty();
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('£');
  const approve = page.getByRole('button', { name: 'Approve' });
  await expect(approve).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
  await shoot(page, 'order-awaiting-approval');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect(approve).toBeVisible();
    await expectAccessible(page, `the order waiting for approval at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The list of what waits has it.
  await page.getByRole('link', { name: 'All orders awaiting approval' }).click();
  await expect(page).toHaveURL('/orders?status=approval');
  await expect(page.getByRole('row').filter({ hasText: ref })).toBeVisible();
  await page.goto(orderPath);

  // Approved: on account terms the order is confirmed, and its history names the approval.
  await approve.click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for approval by an owner' })).toHaveCount(0);
  const main = page.locator('main');
  await expect(main.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(main.locator('ol')).toContainText('Basket → Pending');
  await expect(main.locator('ol')).toContainText(`Approved by ${OWNER_NAME}: order confirmed`);
  await expect(main.locator('ol')).toContainText(`Sent for approval by ${BUYER_NAME}`);
  await page.reload();
  await expect(main.locator('ol')).toContainText(`Approved by ${OWNER_NAME}: order confirmed`);
  await page.goto('/orders?status=approval');
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting approval' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ref })).toHaveCount(0);

  // The e-mail's link, followed again, says the order was decided, and opens it.
  await page.goto(approvalLink);
  await expect(page.getByText(`Order ${id} has already been approved`)).toBeVisible();
  await shoot(page, 'approval-link-decided');
  await expectAccessible(page, 'an approval link of an order already approved');
  await page.getByRole('link', { name: `Open order ${id}` }).click();
  await expect(page).toHaveURL(orderPath);

  // The demo company as it was: the buyer removed (their order stays the company's).
  await page.goto('/account/company');
  await page.getByRole('button', { name: `Remove ${BUYER_NAME}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${BUYER_NAME}?` });
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  await page.goto(orderPath);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
});
