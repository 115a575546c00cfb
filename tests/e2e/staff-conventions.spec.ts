import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { STAFF, Api, APP_NAME, newAccount, registerByApi, signIn, TRADE } from './customer-support';
import { readyBatch } from './orders-support';

/**
 * The staff conventions, one row per staff screen: the tab title names the page and the
 * record; a form asks before unsaved edits are lost; a list row opens by keyboard; nothing scrolls
 * sideways at 375 px; axe-core finds no serious or critical violation. A later resource joins by
 * adding its row to SCREENS. Screenshots: test-results/screenshots/staff-<name>-<width>.png.
 */

interface Ids {
  jane: number;
  stock: { id: number; name: string };
  product: { id: number; name: string; stockId: number; stockName: string };
  statusText: number;
  mail: { id: number; subject: string };
  delivery: { id: number; name: string };
  order: number;
  batch: number;
  ticket: { id: number; reason: string };
}

interface Screen {
  name: string;
  path: (ids: Ids) => string;
  /** The tab title before " | <APP_NAME>". */
  title: (ids: Ids) => string;
  /** A list: its first row, focused and Enter pressed, leads here (a URL) or opens this dialog (a name). */
  rowOpens?: RegExp | { dialog: string };
  /** A form: typing into this field and leaving by the menu asks first. */
  edit?: { label: RegExp | string; value: string };
}

const SCREENS: Screen[] = [
  { name: 'dashboard', path: () => '/admin', title: () => 'Dashboard' },
  { name: 'users', path: () => '/admin/users', title: () => 'Users', rowOpens: /\/admin\/users\/\d+$/ },
  { name: 'user-add', path: () => '/admin/users/add', title: () => 'Users › Add a user', edit: { label: /^First name/, value: 'Half-typed' } },
  { name: 'user', path: (ids) => `/admin/users/${ids.jane}`, title: () => 'Users › Jane Okafor', edit: { label: /^Town/, value: 'Salford' } },
  { name: 'user-prices', path: (ids) => `/admin/users/${ids.jane}/prices`, title: () => 'Users › Jane Okafor' },
  { name: 'user-products', path: (ids) => `/admin/users/${ids.jane}/products`, title: () => 'Users › Jane Okafor' },
  { name: 'user-invoices', path: (ids) => `/admin/users/${ids.jane}/invoices`, title: () => 'Users › Jane Okafor' },
  { name: 'stock', path: () => '/admin/stock', title: () => 'Stock', rowOpens: /\/admin\/stock\/\d+$/ },
  {
    name: 'stock-view',
    path: (ids) => `/admin/stock/${ids.stock.id}`,
    title: (ids) => `Stock › ${ids.stock.name}`,
    edit: { label: /^Type/, value: 'Changed' },
  },
  { name: 'products', path: () => '/admin/products', title: () => 'Products', rowOpens: /\/admin\/products\/\d+$/ },
  {
    name: 'product',
    path: (ids) => `/admin/products/${ids.product.id}`,
    title: (ids) => `Products › ${ids.product.name}`,
    edit: { label: /^Description/, value: 'Changed' },
  },
  { name: 'product-stock', path: (ids) => `/admin/products/${ids.product.id}/stock`, title: (ids) => `Products › ${ids.product.name}` },
  {
    name: 'margins',
    path: (ids) => `/admin/products/${ids.product.id}/stock/${ids.product.stockId}/margins`,
    title: (ids) => `Products › ${ids.product.name} › Margins on ${ids.product.stockName}`,
    edit: { label: 'Margin of break 1', value: '77' },
  },
  { name: 'settings', path: () => '/admin/settings', title: () => 'Settings', rowOpens: /\/admin\/settings\/\d+$/ },
  {
    name: 'setting',
    path: (ids) => `/admin/settings/${ids.statusText}`,
    title: () => 'Settings › Status banner',
    edit: { label: 'Value', value: 'Half-typed banner' },
  },
  { name: 'delivery', path: () => '/admin/delivery', title: () => 'Delivery', rowOpens: /\/admin\/delivery\/\d+$/ },
  { name: 'delivery-add', path: () => '/admin/delivery/create', title: () => 'Delivery › Add a delivery type', edit: { label: /^Name/, value: 'Half-typed' } },
  {
    name: 'delivery-type',
    path: (ids) => `/admin/delivery/${ids.delivery.id}`,
    title: (ids) => `Delivery › ${ids.delivery.name}`,
    edit: { label: /^Service code/, value: 'CHANGED' },
  },
  { name: 'delivery-prices', path: (ids) => `/admin/delivery/${ids.delivery.id}/prices`, title: (ids) => `Delivery › ${ids.delivery.name}` },
  { name: 'countries', path: () => '/admin/delivery/countries', title: () => 'Countries', rowOpens: { dialog: 'Edit country' } },
  { name: 'closed-days', path: () => '/admin/delivery/closed-days', title: () => 'Closed days', rowOpens: { dialog: 'Edit closed day' } },
  // The Processing tab: the Pending one the list opens on is empty once a batch (staff-batches.spec) has taken every waiting order.
  {
    name: 'orders',
    path: () => `/admin/orders?filter=${encodeURIComponent('{"status":"printing"}')}`,
    title: () => 'Orders',
    rowOpens: /\/admin\/orders\/\d+$/,
  },
  { name: 'order', path: (ids) => `/admin/orders/${ids.order}`, title: (ids) => `Orders › Order ${ids.order}`, edit: { label: /^Notes/, value: 'Half-typed' } },
  { name: 'batches', path: () => '/admin/batches', title: () => 'Batches', rowOpens: /\/admin\/batches\/\d+\/show$/ },
  { name: 'batch', path: (ids) => `/admin/batches/${ids.batch}/show`, title: (ids) => `Batches › Batch ${ids.batch}` },
  // Its rows do not open (each links its order); a row is selected for the actions.
  { name: 'royalmail', path: () => '/admin/royalmail', title: () => 'Royal Mail' },
  // The list opens on Waiting for staff: the ticket below waits there.
  { name: 'tickets', path: () => '/admin/tickets', title: () => 'Resolution Centre', rowOpens: /\/admin\/tickets\/\d+$/ },
  {
    name: 'ticket',
    path: (ids) => `/admin/tickets/${ids.ticket.id}`,
    title: (ids) => `Resolution Centre › Ticket ${ids.ticket.id} — ${ids.ticket.reason}`,
    edit: { label: 'Reply to the customer', value: 'Half-typed' },
  },
  { name: 'mail', path: () => '/admin/mail', title: () => 'Mail outbox', rowOpens: /\/admin\/mail\/\d+\/show$/ },
  { name: 'mail-message', path: (ids) => `/admin/mail/${ids.mail.id}/show`, title: (ids) => `Mail outbox › ${ids.mail.subject}` },
  { name: 'not-found', path: () => '/admin/no-such-page', title: () => 'Page not found' },
];

const SHOTS = 'test-results/screenshots';
let ids: Ids;

// Each screen is its own test: one that fails does not hide the others.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(240_000); // a batch may have to be made (an order's artwork checked, its ZIP written)
  const api = await Api.as(STAFF);
  try {
    const q = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`;
    const [jane] = await api.json<Array<{ id: number }>>('GET', `/api/admin/users?${q({ q: 'jane@inkwell' })}`);
    const products = await api.json<Array<{ id: number; name: string; stock_ids: number[] }>>('GET', `/api/admin/products?${q({})}`);
    const product = products.find((p) => p.stock_ids.length > 0)!;
    const stocks = await api.json<Array<{ id: number; name: string }>>('GET', `/api/admin/stock?${q({})}`);
    const productStock = stocks.find((s) => s.id === product.stock_ids[0])!;
    const [statusText] = await api.json<Array<{ id: number }>>('GET', `/api/admin/settings?${q({ q: 'STATUS_TEXT' })}`);
    const [delivery] = await api.json<Array<{ id: number; name: string }>>(
      'GET',
      `/api/admin/delivery-types?${q({})}&sort=${encodeURIComponent('["sort_order","ASC"]')}`,
    );
    // The outbox has a message to list and show: a registration's welcome.
    const mailbox = newAccount('Mailbox');
    await registerByApi(mailbox);
    const [mail] = await api.json<Array<{ id: number; subject: string }>>('GET', `/api/admin/mail?${q({ q: mailbox.email })}`);
    // A Pending order if any is left (a batch run by an earlier spec takes them all), else the newest.
    const [order] = [
      ...(await api.json<Array<{ id: number }>>('GET', `/api/admin/orders?${q({ status: 'live' })}`)),
      ...(await api.json<Array<{ id: number }>>('GET', `/api/admin/orders?${q({})}`)),
    ];
    const batch = await readyBatch(api);
    const ticket = (await api.json<Array<{ id: number; reason: string }>>('GET', `/api/admin/tickets?${q({ status: 'open' })}`))[0] ?? (await waitingTicket());
    ids = {
      jane: jane.id,
      stock: stocks[0],
      product: { id: product.id, name: product.name, stockId: productStock.id, stockName: productStock.name },
      statusText: statusText.id,
      delivery,
      mail,
      order: order.id,
      batch,
      ticket: { id: ticket.id, reason: ticket.reason },
    };
  } finally {
    await api.close();
  }
});

/** A ticket of the demo trade customer's, waiting for staff (when the demo data has none open). */
async function waitingTicket(): Promise<{ id: number; reason: string }> {
  const customer = await Api.as(TRADE);
  try {
    return await customer.json<{ id: number; reason: string }>('POST', '/api/tickets', { reason: 'Delivery', details: 'The parcel has not arrived yet.' });
  } finally {
    await customer.close();
  }
}

async function signedInPage(page: Page): Promise<void> {
  await page.goto('/login');
  await signIn(page, STAFF);
  await expect(page).toHaveURL('/');
}

/** Serious and critical axe-core findings, as "rule: target" lines. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${v.help}`));
}

for (const screen of SCREENS) {
  test(`staff screen "${screen.name}" follows the conventions`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signedInPage(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(screen.path(ids));
    await page.waitForLoadState('networkidle');

    // Title: the page and the record, then the application.
    await expect(page).toHaveTitle(`${screen.title(ids)} | ${APP_NAME}`);
    // Every staff page has one h1 (the app bar's title).
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    // The user-menu button's name is the name it shows.
    await expect(page.getByRole('button', { name: 'Alex Morgan', exact: true })).toBeVisible();

    // Accessibility, then no sideways scrolling at phone width, with a screenshot at each width.
    expect(await axeProblems(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.waitForTimeout(400); // MUI breakpoints and react-admin's list layouts settle
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${screen.name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `staff-${screen.name}-${width}.png`), fullPage: true });
      if (width === 375) expect(await axeProblems(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(300);

    if (screen.rowOpens) {
      const row = page.locator('table tbody tr').first();
      await expect(row).toHaveAttribute('tabindex', '0');
      await row.focus();
      await page.keyboard.press('Enter');
      if (screen.rowOpens instanceof RegExp) await expect(page).toHaveURL(screen.rowOpens);
      else await expect(page.getByRole('dialog', { name: screen.rowOpens.dialog })).toBeVisible();
    }

    if (screen.edit) {
      const field = page.getByLabel(screen.edit.label).first();
      await field.fill(screen.edit.value);
      const before = page.url();
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss(); // stay
      });
      await page.getByRole('menuitem', { name: 'Dashboard' }).click();
      await expect.poll(() => asked).toEqual([expect.stringContaining('not saved')]);
      expect(page.url()).toBe(before);
      await expect(field).toHaveValue(screen.edit.value);
      // Leaving after all: the prompt's OK goes.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('menuitem', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(/\/admin\/?$/);
    }
    expect(errors).toEqual([]);
  });
}
