import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { STAFF, Api, expectAccessible, RUN, shoot, signedIn, TRADE, waitForMail } from './customer-support';
import { pendingOrder } from './orders-support';

/**
 * In Chromium on the built app: a customer raises a ticket about an order with a photo,
 * staff answer, the customer sees the answer (and its e-mail), replies, closes and reopens.
 */
test('a customer settles a problem about an order in the Resolution Centre', async ({ page }) => {
  test.setTimeout(180_000);
  const orderId = await pendingOrder(`ticket-${RUN}`);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 40, b: 40 } } })
    .png()
    .toBuffer();

  await signedIn(page, TRADE);
  await page.goto(`/orders/${orderId}`);
  await page.getByRole('link', { name: 'Raise an issue about this order' }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets\\?new=1&order=${orderId}$`));
  const form = page.getByRole('region', { name: 'New ticket' });
  await expect(form.getByRole('combobox', { name: 'Order' })).toContainText(`#${orderId}`);

  // Sent empty: each message beside its field, focus on the first.
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(form.getByText('Choose what it is about')).toBeVisible();
  await expect(form.getByText('Tell us what happened')).toBeVisible();

  await form.getByRole('combobox', { name: /What is it about/ }).click();
  await page.getByRole('option', { name: 'Print quality' }).click();
  await form.getByRole('textbox', { name: /Details/ }).fill('The red is orange on the cards. Photo attached.');
  // A file of another type is refused as it is chosen, beside the chooser.
  await page.getByTestId('ticket-files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.getByRole('alert')).toHaveText('notes.txt: only PNG, JPEG or PDF files can be attached.');
  await page.getByTestId('ticket-files').setInputFiles({ name: 'cards.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByRole('list', { name: 'Files to send' })).toContainText('cards.png');
  await shoot(page, 'ticket-new');
  await expectAccessible(page, 'the new ticket form');
  await form.getByRole('button', { name: 'Open ticket' }).click();

  await expect(page).toHaveURL(/\/tickets\/\d+$/);
  const ticketId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket #${ticketId} — Print quality`);
  await expect(page.getByText('Waiting for us')).toBeVisible();
  const opening = page.getByRole('article').first();
  await expect(opening).toContainText('The red is orange on the cards.');
  await expect(opening.getByRole('img', { name: 'cards.png' })).toBeVisible();
  await opening.getByRole('button', { name: 'Open cards.png full size' }).click();
  await expect(page.getByRole('dialog', { name: 'cards.png' }).getByRole('img', { name: 'cards.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Staff answer.
  const staff = await Api.as(STAFF);
  await staff.send('POST', `/api/admin/tickets/${ticketId}/replies`, { body: `We will reprint order ${orderId} today.` });
  await staff.close();
  const mail = await waitForMail(TRADE.email, `We replied to your ticket ${ticketId}`);
  expect(mail).toContain(`> We will reprint order ${orderId} today.`);
  expect(mail).toContain(`/tickets/${ticketId}`);
  await page.reload();
  await expect(page.getByRole('article').nth(1)).toContainText(`We will reprint order ${orderId} today.`);
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();

  // The customer replies, closes, reopens.
  await page.getByRole('textbox', { name: 'Your reply' }).fill('Thank you!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('article').nth(2)).toContainText('Thank you!');
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
  await expect(page.getByText('Waiting for us')).toBeVisible();
  await shoot(page, 'ticket-thread');
  await expectAccessible(page, 'the ticket page');

  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('This ticket is closed.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);
  await expect(page.getByText('You closed the ticket')).toBeVisible();
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toBeVisible();
  await expect(page.getByText('You reopened the ticket')).toBeVisible();

  await page.goto('/tickets');
  const row = page.getByRole('row', { name: new RegExp(`#${ticketId} Print quality`) });
  await expect(row).toContainText('Waiting for us');
  await expect(row).toContainText('You wrote');
  await shoot(page, 'tickets-list');
  await expectAccessible(page, 'the tickets list');
});
