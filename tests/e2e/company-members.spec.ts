import { expect, test } from '@playwright/test';
import { Api, APP_NAME, expectAccessible, logOut, shoot, signedIn, STAFF, TRADE, uniqueEmail, waitForMail } from './customer-support';

/**
 * In Chromium on the built app with the demo data: the demo trade customer (their company's owner)
 * invites a buyer from /account/company; the invitation's link is read from the outbox; the buyer
 * sets their name and password on the link's page and lands signed in as a member; the link cannot
 * be used twice; the owner sees the buyer and removes them again (the demo company is left as it was).
 */
test('an owner invites a buyer, who accepts from the e-mailed link and is signed in as a member', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, TRADE);
  await page.getByRole('button', { name: 'Jane', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Company' }).click();
  await expect(page).toHaveURL('/account/company');
  await expect(page).toHaveTitle(`Company | ${APP_NAME}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Company/ })).toBeVisible();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem').filter({ hasText: TRADE.email })).toContainText('Owner');

  // The owner's own address is refused beside the field; a bad limit too.
  await page.getByRole('button', { name: 'Invite a colleague' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel(/^E-mail address/).fill(TRADE.email);
  await dialog.getByRole('radio', { name: /^Buyer/ }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('is already a member of your company')).toBeVisible();
  await dialog.getByLabel(/^Approval limit/).fill('lots');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText(/Enter a sum in pounds/)).toBeVisible();
  await expectAccessible(page, 'the invite dialog');

  const email = uniqueEmail('buyer');
  await dialog.getByLabel(/^E-mail address/).fill(email);
  await dialog.getByLabel(/^Approval limit/).fill('250');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`We have e-mailed an invitation to ${email}.`)).toBeVisible();
  const invitations = page.getByRole('list', { name: 'Open invitations' });
  await expect(invitations.getByRole('listitem').filter({ hasText: email })).toContainText('Buyer');
  await shoot(page, 'company-owner');
  await expectAccessible(page, 'the company page');

  const mail = await waitForMail(email, 'invites you to join');
  const link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  const invitationPath = new URL(link!).pathname;
  await logOut(page, 'Jane');

  // The invitee, signed out, opens the link: who invites, to what, as what.
  await page.goto(invitationPath);
  await expect(page).toHaveTitle(`Join a company | ${APP_NAME}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
  await expect(page.getByText(/invites you to join .* as buyer/)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel(/^Password/).fill('short');
  await page.getByRole('button', { name: 'Accept and join' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await shoot(page, 'invitation-errors');
  await expectAccessible(page, 'the invitation page');

  const password = 'buyer password 2026';
  await page.getByLabel(/^First name/).fill('Bea');
  await page.getByLabel(/^Last name/).fill('Buyer');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Repeat the password/).fill(password);
  await page.getByRole('button', { name: 'Accept and join' }).click();

  // Signed in as a member: the company page, read-only for a buyer.
  await expect(page).toHaveURL('/account/company');
  await expect(page.getByRole('button', { name: 'Bea', exact: true })).toBeVisible();
  await expect(members.getByRole('listitem').filter({ hasText: email })).toContainText('Approval limit £250.00');
  await expect(members.getByRole('listitem').filter({ hasText: TRADE.email })).toContainText('Owner');
  await expect(page.getByRole('button', { name: 'Invite a colleague' })).toHaveCount(0);
  await expect(page.getByText('Only an owner of your company can manage its members.')).toBeVisible();
  await shoot(page, 'company-buyer');
  await expectAccessible(page, 'the company page of a buyer');
  const me = await page.evaluate(async () => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|; )token=([^;]*)/)?.[1] ?? '');
    const res = await fetch('/api/user', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { email: string; company_role: string; approval_limit: number };
  });
  expect(me).toMatchObject({ email, company_role: 'buyer', approval_limit: 25_000 });

  // Used once: the link now says so.
  await logOut(page, 'Bea');
  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();
  await expect(page.getByText(/already been accepted/)).toBeVisible();
  await expectAccessible(page, 'a used invitation');

  // The owner removes the buyer again, after a confirmation.
  await signedIn(page, TRADE);
  await page.goto('/account/company');
  await page.getByRole('button', { name: 'Remove Bea Buyer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Bea Buyer?' });
  await expect(confirm).toContainText('signed out at once');
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(confirm).toBeHidden();
  await expect(members.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
});

test('staff see an account’s company and its members, and the way to move it to another', async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await Api.as(STAFF);
  const [jane] = await staff.json<Array<{ id: number }>>(
    'GET',
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: TRADE.email }))}&range=[0,0]`,
  );
  await staff.close();
  await signedIn(page, STAFF);
  await page.goto(`/admin/users/${jane.id}/company`);
  await expect(page.getByRole('tab', { name: 'Company', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inkwell Design Studio', exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Members of the company' });
  await expect(table.getByRole('row').filter({ hasText: TRADE.email })).toContainText('Owner');
  const move = page.getByRole('form', { name: 'Move to another company' });
  // Nothing chosen: said beside the picker, and nothing moves.
  await move.getByRole('button', { name: 'Move account' }).click();
  await expect(move.getByText('Choose a company')).toBeVisible();
  await move.getByRole('combobox', { name: /^Company/ }).fill('Corner');
  await expect(page.getByRole('option', { name: /Corner/ }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await shoot(page, 'user-company', { area: 'staff' });
  await expectAccessible(page, 'the staff Company part of an account');
});
