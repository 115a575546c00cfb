import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { STAFF, Api, expectAccessible, RUN, shoot, signIn, TRADE } from './customer-support';
import { pendingOrder } from './orders-support';

/**
 * The Resolution Centre, the staff side, in Chromium on the built app with the demo data: a customer's ticket
 * (made through the API) waits under Waiting for staff; staff open it, reply with a PNG (shown as
 * a thumbnail that opens full size), the ticket waits for the customer; staff close it and reopen
 * it. Screenshots at 1280 and 375 px; axe-core finds no serious or critical violation.
 */
test.describe.configure({ mode: 'serial' });

interface Ticket {
  id: number;
  status: string;
}

/** One of the demo trade customer's orders (a new one when they have none) and a ticket about it. */
async function customerTicket(details: string): Promise<{ ticket: number; order: number }> {
  const api = await Api.as(TRADE);
  try {
    const { data } = await api.json<{ data: Array<{ id: number; status: string }> }>('GET', '/api/orders');
    const order = data.find((o) => o.status !== 'basket')?.id ?? (await pendingOrder(`E2E-TICKET-${RUN}`));
    const ticket = await api.json<Ticket>('POST', '/api/tickets', { reason: 'Print quality', details, order_id: order });
    expect(ticket.status).toBe('open');
    return { ticket: ticket.id, order };
  } finally {
    await api.close();
  }
}

/** A real PNG: a proof with a red band, 640 × 400. */
async function proofPng(): Promise<Buffer> {
  const band = await sharp({ create: { width: 640, height: 120, channels: 3, background: '#c62828' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 640, height: 400, channels: 3, background: '#f5f5f5' } })
    .composite([{ input: band, top: 140, left: 0 }])
    .png()
    .toBuffer();
}

async function staffSignedIn(page: Page) {
  await page.goto('/login');
  await signIn(page, STAFF);
  await expect(page).toHaveURL('/');
}

test('staff find a waiting ticket, reply with a picture, close and reopen it', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const words = `Smudged ink ${RUN}`;
  const { ticket, order } = await customerTicket(`${words}: the cards of this order have smudged ink on the back.`);

  // The dashboard counts what waits for staff.
  await staffSignedIn(page);
  await page.goto('/admin');
  const tile = page
    .getByRole('navigation', { name: 'Staff areas' })
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { name: 'Resolution Centre', exact: true }) });
  await expect(tile).toContainText(/\d+ waiting for staff\./);

  // The list opens on Waiting for staff; the search finds the ticket by the words of its details.
  await tile.click();
  await expect(page).toHaveURL(/\/admin\/tickets/);
  await expect(page.getByRole('tab', { name: /^Waiting for staff \(\d+\)$/, selected: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Search tickets/ }).fill(words);
  const row = page.getByRole('row', { name: new RegExp(`#${ticket}\\b`) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Waiting for staff (1)' })).toBeVisible();
  await expect(row.getByRole('link', { name: `Order ${order}` })).toHaveAttribute('href', `/admin/orders/${order}`);
  await expect(row.getByRole('link', { name: 'Inkwell Design Studio' })).toBeVisible();
  await expect(row).toContainText('the cards of this order have smudged ink'); // the last message's first words
  await expectAccessible(page, 'the tickets list');
  await shoot(page, 'tickets', { area: 'staff' });

  // The ticket: the customer, the order and the opening message.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/tickets/${ticket}$`));
  await expect(page.getByRole('heading', { level: 2, name: `Ticket ${ticket} — Print quality` })).toBeVisible();
  await expect(page).toHaveTitle(`Resolution Centre › Ticket ${ticket} — Print quality | Print Junction Trade`);
  await expect(page.getByRole('link', { name: `Order ${order}` })).toBeVisible();
  const thread = page.getByRole('list', { name: `Thread of ticket ${ticket}` });
  await expect(thread).toContainText(words);
  await expect(thread).toContainText('opened the ticket');

  // A reply with a picture: the ticket now waits for the customer; the picture shows as a thumbnail.
  await page.getByLabel('Reply to the customer').fill('Sorry about that: we are reprinting them today. Here is the proof of the new run.');
  await page.locator('input[type=file]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await proofPng() });
  await expect(page.getByRole('list', { name: 'Files to send' })).toContainText('proof.png');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Waiting for customer', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Reply to the customer')).toHaveValue('');
  await expect(thread.getByRole('article', { name: /^Staff message from / })).toContainText('we are reprinting them today');
  const thumbnail = thread.getByRole('img', { name: 'proof.png' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The thumbnail opens the picture full size, by keyboard; Escape closes it.
  await thread.getByRole('button', { name: 'proof.png' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'proof.png' });
  await expect(dialog.getByRole('img', { name: 'proof.png' })).toBeVisible();
  await expect.poll(() => dialog.getByRole('img', { name: 'proof.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await expectAccessible(page, 'the picture dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Again by a click, for its screenshots (resizing the window moves the focus out of it: closed by its button).
  await thread.getByRole('button', { name: 'proof.png' }).click();
  await expect(dialog.getByRole('img', { name: 'proof.png' })).toBeVisible();
  await shoot(page, 'ticket-picture', { area: 'staff', fullPage: false });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expectAccessible(page, 'the ticket');
  await shoot(page, 'ticket', { area: 'staff' });

  // Close: the reply gives way to the reopen; Reopen: the ticket waits for staff again.
  const actions = page.getByRole('group', { name: 'Ticket actions' });
  await actions.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('This ticket is closed — reopen it to reply.')).toBeVisible();
  await expect(page.getByLabel('Reply to the customer')).toHaveCount(0);
  await expect(thread).toContainText('closed the ticket');
  await shoot(page, 'ticket-closed', { area: 'staff' });
  await actions.getByRole('button', { name: 'Reopen ticket' }).click();
  await expect(page.getByText('Waiting for staff', { exact: true })).toBeVisible();
  await expect(thread).toContainText('reopened the ticket');
  await expect(page.getByLabel('Reply to the customer')).toBeVisible();

  // The list agrees: the ticket is back under Waiting for staff.
  await page.goto(`/admin/tickets?filter=${encodeURIComponent(JSON.stringify({ status: 'open', q: words }))}`);
  await expect(page.getByRole('row', { name: new RegExp(`#${ticket}\\b`) })).toHaveCount(1);
  expect(errors).toEqual([]);
});
