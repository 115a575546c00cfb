import { expect, test } from '@playwright/test';
import { Api, newAccount, registerByApi, requiredOptionIds, shoot, signedIn, STAFF, type ApiProduct, type NewAccount } from './customer-support';
import { cardPdf } from './pdf';

/*
 * Card payment at checkout in the browser, through the Stripe stand-in playwright.config.ts starts
 * (tests/e2e/stripe-stand-in-server.ts): a card customer confirms, is sent to the payment page, pays,
 * comes back, and sees the order confirmed; a customer who comes back before the payment landed is
 * told it is awaited.
 */

interface ApiOrder {
  id: number;
  status: string;
  payment_status: string | null;
  total: number;
  items: Array<{ artwork: { preflight: { status: string } } | null }>;
}

/** A new customer on card terms (staff set them in the user's details, as the staff area does). */
async function cardCustomer(): Promise<NewAccount> {
  const who = newAccount('Carla');
  const id = await registerByApi(who);
  const staff = await Api.as(STAFF);
  try {
    const record = await staff.json<Record<string, unknown>>('GET', `/api/admin/users/${id}`);
    const saved = await staff.json<{ payment_terms: string }>('PUT', `/api/admin/users/${id}`, { ...record, payment_terms: 'card' });
    expect(saved.payment_terms).toBe('card');
  } finally {
    await staff.close();
  }
  return who;
}

/** A basket of business cards with clean artwork and a delivery service chosen: ready to confirm. */
async function readyBasket(who: NewAccount, ref: string): Promise<ApiOrder> {
  const api = await Api.as(who);
  try {
    const products = await api.json<ApiProduct[]>('GET', '/api/products');
    const cards = products.find((p) => p.name.startsWith('Business cards'))!;
    const order = await api.json<ApiOrder>('POST', '/api/orders', { ref });
    const item = await api.json<{ id: number }>('POST', `/api/orders/${order.id}/items`, {
      product_id: cards.id,
      stock_id: cards.stocks[0].id,
      qty: cards.stocks[0].quantities[0],
      sides: 'single',
      orientation: 'landscape',
      option_ids: requiredOptionIds(cards),
    });
    await api.send('POST', `/api/orders/${order.id}/items/${item.id}/artwork`, undefined, {
      multipart: { file: { name: 'cards.pdf', mimeType: 'application/pdf', buffer: await cardPdf(91, 61, 3) } },
    });
    await expect
      .poll(async () => (await api.json<ApiOrder>('GET', `/api/orders/${order.id}`)).items[0].artwork?.preflight.status, { timeout: 60_000 })
      .toBe('pass');
    const options = await api.json<Array<{ id: number; carrier: string }>>('GET', `/api/orders/${order.id}/delivery-options`);
    return await api.json<ApiOrder>('PATCH', `/api/orders/${order.id}`, { delivery_type_id: options.find((o) => o.carrier === 'royalmail')!.id });
  } finally {
    await api.close();
  }
}

test('a card customer pays on the payment page, comes back and sees the order confirmed', async ({ page }) => {
  const who = await cardCustomer();
  const basket = await readyBasket(who, 'Card run');
  const amount = `£${(basket.total / 100).toFixed(2)}`;
  await signedIn(page, who);

  await page.goto(`/create/${basket.id}`);
  const pay = page.getByRole('button', { name: `Pay by card — ${amount}` });
  await expect(pay).toBeVisible();
  await pay.click();

  // Stripe's page (the stand-in): the amount is the frozen total.
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { name: `Pay ${amount}` })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();

  // Back on the order page, confirmed by the payment's webhook.
  await expect(page).toHaveURL(`/orders/${basket.id}?payment=done`);
  await expect(page.getByText('Payment received, order confirmed')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${basket.id}` })).toBeVisible();
  await expect(page.getByText('Pending').first()).toBeVisible();
  const api = await Api.as(who);
  try {
    expect(await api.json<ApiOrder>('GET', `/api/orders/${basket.id}`)).toMatchObject({ status: 'live', payment_status: 'paid' });
  } finally {
    await api.close();
  }
  await shoot(page, 'card-payment-received');
});

test('a customer back before the payment landed is told it is awaited, and can go back to pay', async ({ page }) => {
  const who = await cardCustomer();
  const basket = await readyBasket(who, 'Card wait');
  const api = await Api.as(who);
  let checkoutUrl: string;
  try {
    const answer = await api.json<{ checkout_url: string; order: ApiOrder }>(
      'POST',
      `/api/orders/${basket.id}/confirm`,
      {},
      { headers: { 'idempotency-key': `e2e-wait-${basket.id}` } },
    );
    expect(answer.order.payment_status).toBe('pending');
    checkoutUrl = answer.checkout_url;
  } finally {
    await api.close();
  }
  await signedIn(page, who);
  await page.goto(`/orders/${basket.id}?payment=done`);
  await expect(page.getByText('Waiting for the payment…')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the payment page' })).toHaveAttribute('href', checkoutUrl);
  // The basket itself cannot be edited meanwhile: its address leads here.
  await page.goto(`/create/${basket.id}`);
  await expect(page).toHaveURL(`/orders/${basket.id}`);
  await expect(page.getByText('Waiting for the payment…')).toBeVisible();
  await shoot(page, 'card-payment-waiting');
});
