import { expect, test } from '@playwright/test';
import { Api, expectAccessible, newAccount, registerByApi, requiredOptionIds, shoot, signedIn, title, type ApiProduct } from './customer-support';

/**
 * In Chromium on the built app: a customer whose integration placed orders through the trade API (one
 * live, one sandbox) that still wait for their artwork. /create lists under "Your baskets" only the
 * basket they built in the browser; the API's orders are apart, below, each with its key's name (and
 * the sandbox's chip), and one opens on its basket page, which says it came from the trade API.
 * Screenshots and axe at 1280 and 375 px. A new account of its own, so that the demo's baskets are untouched.
 */
test("/create keeps the trade API's orders waiting for artwork apart from the browser's baskets", async ({ page }) => {
  test.setTimeout(180_000);
  const who = newAccount('Reseller');
  await registerByApi(who);
  const api = await Api.as(who);
  let sandboxId: number;
  try {
    const products = await api.json<ApiProduct[]>('GET', '/api/products');
    const cards = products.find((p) => p.name.startsWith('Business cards'))!;
    const item = {
      product_id: cards.id,
      stock_id: cards.stocks[0].id,
      qty: cards.stocks[0].quantities[0],
      sides: 'single',
      orientation: 'landscape',
      option_ids: requiredOptionIds(cards),
    };
    const basket = await api.json<{ id: number }>('POST', '/api/orders', { ref: 'Flyers for the fair' });
    await api.send('POST', `/api/orders/${basket.id}/items`, item);
    const [delivery] = await api.json<Array<{ id: number }>>('GET', `/api/orders/${basket.id}/delivery-options`);
    const keyOf = async (name: string, mode: 'live' | 'test') => (await api.json<{ key: string }>('POST', '/api/account/api-keys', { name, mode })).key;
    // The end client's address, in the account's own country.
    const address = {
      firstname: 'Ann',
      lastname: 'Client',
      company_name: 'Client Ltd',
      telephone: '0113 496 0000',
      email: 'ann@example.com',
      address1: '1 High Street',
      address2: '',
      town: 'Leeds',
      county: '',
      postcode: 'LS1 1AA',
      country_id: (await api.json<{ country_id: number }>('GET', '/api/user')).country_id,
    };
    const place = async (key: string, ref: string) => {
      const answer = await api.request.post('/api/v1/orders', {
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': `e2e-${ref}` },
        data: { external_ref: ref, items: [item], address, delivery_type_id: delivery.id },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    await place(await keyOf('Web shop', 'live'), 'SHOP-1001');
    sandboxId = await place(await keyOf('Web shop sandbox', 'test'), 'SHOP-TEST-7');
  } finally {
    await api.close();
  }

  await signedIn(page, who);
  await page.goto('/create');
  await expect(page).toHaveTitle(title('New Order'));
  const baskets = page.getByRole('table', { name: 'Your baskets' });
  await expect(baskets.getByRole('row', { name: /Flyers for the fair/ })).toBeVisible();
  await expect(baskets).not.toContainText('SHOP-');
  const fromApi = page.getByRole('table', { name: 'Orders from the trade API waiting for artwork' });
  await expect(page.getByRole('heading', { level: 2, name: 'Orders from the trade API waiting for artwork' })).toBeVisible();
  const live = fromApi.getByRole('row', { name: /SHOP-1001/ });
  const sandbox = fromApi.getByRole('row', { name: /SHOP-TEST-7/ });
  await expect(live).toContainText('API key “Web shop”');
  await expect(live).not.toContainText('Sandbox');
  await expect(sandbox).toContainText('API key “Web shop sandbox”');
  await expect(sandbox).toContainText('Sandbox');
  await shoot(page, 'create-api-orders');
  await expectAccessible(page, 'the baskets with the trade API orders');

  await sandbox.getByRole('link', { name: 'Open SHOP-TEST-7' }).click();
  await expect(page).toHaveURL(`/create/${sandboxId!}`);
  const notice = page.getByTestId('from-trade-api');
  await expect(notice).toContainText('This order came from the trade API');
  await expect(notice).toContainText('API key “Web shop sandbox”');
  await expect(notice).toContainText('SHOP-TEST-7');
  await expect(notice).toContainText('Sandbox');
  await expect(page.getByRole('heading', { level: 2, name: 'Items' })).toBeVisible();
  await shoot(page, 'basket-from-api');
  await expectAccessible(page, 'a basket from the trade API');
});
