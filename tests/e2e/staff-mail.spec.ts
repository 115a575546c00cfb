import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDirOf } from '../../playwright.config';
import { STAFF, Api, expectAccessible, newAccount, registerByApi, RUN, shoot, signIn, waitForMail } from './customer-support';

/**
 * The mail outbox for staff: a message the server could not deliver is marked failed,
 * staff find it (the menu counts failed messages), read it with its links hidden, and resend it —
 * one from its page, the others a search finds from the list at once — and it goes out.
 *
 * Delivery is made to fail by putting a file where the server writes its .eml files (the e2e server
 * has no SMTP): every attempt fails, and with MAIL_RETRY_BASE_MS=20 (playwright.config.ts) the
 * message is given up on within seconds. The directory is put back before anything is resent.
 */

interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
}

const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}&range=[0,99]`;

/** Makes every delivery fail while `during` runs: a file stands where the outbox directory goes. */
async function withUndeliverableMail(during: () => Promise<void>): Promise<void> {
  const outbox = path.join(dataDirOf(), 'outbox');
  const kept = `${outbox}-kept-${RUN}`;
  if (existsSync(outbox)) renameSync(outbox, kept);
  writeFileSync(outbox, 'Not a directory: the e2e test of failed mail put this here.\n');
  try {
    await during();
  } finally {
    rmSync(outbox, { force: true });
    if (existsSync(kept)) renameSync(kept, outbox);
  }
}

test('staff see a failed message with its links hidden, resend it, and resend the failed ones a search finds', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const who = newAccount('Outbox');
  const staff = await Api.as(STAFF);
  const messagesTo = () => staff.json<Mail[]>('GET', `/api/admin/mail?${filter({ q: who.email })}`);
  try {
    await withUndeliverableMail(async () => {
      await registerByApi(who); // the welcome mail
      const visitor = await Api.open();
      await visitor.send('POST', '/api/password/email', { email: who.email }); // a reset mail: it carries a link
      await visitor.close();
      await expect
        .poll(async () => (await messagesTo()).map((m) => m.status), { message: 'both messages to be given up on', timeout: 90_000, intervals: [500] })
        .toEqual(['failed', 'failed']);
    });
    const [reset, welcome] = await messagesTo(); // newest first
    expect(reset.subject).toMatch(/^Reset your/);
    expect(welcome.subject).toMatch(/^Welcome/);
    expect(reset.attempts).toBe(8);
    expect(reset.last_error).toMatch(/EEXIST|ENOTDIR|exists|not a directory/i);

    // The menu counts the failed messages and leads to them.
    await page.goto('/login');
    await signIn(page, STAFF);
    await expect(page).toHaveURL('/');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    const menuEntry = page.getByRole('menuitem', { name: /^Mail outbox\s*\d+\s*failed$/ });
    await expect(menuEntry).toBeVisible();
    await menuEntry.click();
    await expect(page).toHaveURL(/\/admin\/mail\?filter=/);
    await expect(page.getByRole('button', { name: /^Failed \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Search mail by address or subject').fill(who.email);
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Reset your');
    await expect(rows.first()).toContainText('Failed');
    await expect(rows.first()).toContainText('8 attempts');
    await expect(rows.nth(1)).toContainText('Welcome');
    await page.waitForLoadState('networkidle'); // react-admin's fetch spinner (an unnamed progressbar) gone
    await expectAccessible(page, 'the failed mail list');
    await shoot(page, 'mail-failed', { area: 'staff' });

    // The reset message's page: why it failed, its words with the link hidden, and Resend.
    await rows.first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/mail/${reset.id}/show$`));
    await expect(page).toHaveTitle(`Mail outbox › ${reset.subject} | Print Junction Trade`);
    await expect(page.getByText('Every attempt to deliver this message failed')).toBeVisible();
    await expect(page.getByText(reset.last_error!)).toBeVisible();
    await expect(page.locator('pre', { hasText: 'Somebody asked to reset the password' })).toContainText('[link]');
    expect(await page.content()).not.toContain('/password/reset/');
    await page.waitForLoadState('networkidle'); // react-admin's fetch spinner (an unnamed progressbar) gone
    await expectAccessible(page, 'the failed message');
    await shoot(page, 'mail-message-failed', { area: 'staff' });

    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText(`The message to ${who.email} is queued again`)).toBeVisible();
    // The page follows the message while it is pending, until it has gone out.
    await expect(page.locator('.MuiChip-label', { hasText: /^Sent$/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0);
    expect(await page.content()).not.toContain('/password/reset/');
    const delivered = await waitForMail(who.email, '/password/reset/');
    expect(delivered).toMatch(/Subject: Reset your/);

    // Back in the list: the welcome is still failed; resend every failed message the search finds.
    await page.getByRole('link', { name: 'All mail' }).click();
    await expect(page).toHaveURL(/\/admin\/mail/);
    await page.goto(`/admin/mail?filter=${encodeURIComponent(JSON.stringify({ status: ['failed'], q: who.email }))}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Welcome');
    await page.getByRole('button', { name: 'Resend the failed one' }).click();
    const asking = page.getByRole('dialog', { name: 'Resend 1 failed message?' });
    await expect(asking).toContainText('the failed ones this search finds');
    await asking.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText('1 message is queued again.')).toBeVisible();
    await expect.poll(async () => (await messagesTo()).map((m) => m.status), { timeout: 20_000 }).toEqual(['sent', 'sent']);
    await waitForMail(who.email, 'Welcome');
    // No failed message of this account is left; the list says so.
    await page.reload();
    await expect(page.getByText(/No messages match/)).toBeVisible();
  } finally {
    await staff.close();
  }
  expect(errors).toEqual([]);
});
