import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_EXPORT_COLUMNS } from '../../../src/shared/api/staff-exports';
import type { DownloadLink } from '../../../src/shared/api/staff-production';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import type { Item, Order } from '../../../src/shared/api/orders';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { orderItems, orders } from '../../../src/server/db/schema';
import { ukStartOfDay } from '../../../src/shared/domain/calendar/workingDays';
import { makePdf } from '../artwork/fixtures';
import { createTestApp, type TestApp } from '../helpers/app';
import { staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';
import {
  addFinishes,
  artworkChecked,
  CLEAN_CARD,
  basketWithCard,
  confirmedOrder,
  customer,
  ok,
  pdf,
  seedCatalogue,
  seedDelivery,
  upload,
  type Catalogue,
} from '../orders/helpers';

let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof seedDelivery>>;
let acme: ApiClient;
let acmeId: number;
let other: ApiClient;
/** Acme's orders: March 10th (one item), March 31st UK time (two items), April 2nd (dispatched). */
let march10: Order;
let march31: Order;
let april2: Order;
let basket: Order;
let dispatchedOn: string;
let finishes: Awaited<ReturnType<typeof addFinishes>>;

const db = () => t.database.db;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportUrl = (userId: number, query = '') => `/api/admin/users/${userId}/orders.xlsx${query}`;
const day = (date: string) => new Date(`${date}T00:00:00Z`);

async function sheetOf(res: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0];
}

/** The rows under the header, as arrays of cell values (column A first). */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** Confirms an order with a second item (250 double-sided, matt gloss laminated with rounded corners, on Express) beside the first card. */
async function twoItemOrder(): Promise<Order> {
  const { order, item } = await basketWithCard(acme, cat);
  const second = ok<Item>(
    await acme.post(`/api/orders/${order.id}/items`, {
      product_id: cat.cards.id,
      stock_id: cat.silk.id,
      qty: 250,
      sides: 'double',
      orientation: 'landscape',
      option_ids: [finishes.matt, finishes.rounded],
      turnaround_id: finishes.express,
    }),
    201,
  );
  ok(await upload(acme, order.id, item.id, await pdf(CLEAN_CARD)));
  ok(await upload(acme, order.id, second.id, await makePdf([CLEAN_CARD, CLEAN_CARD])));
  await artworkChecked(t, acme, order.id);
  ok(await acme.patch(`/api/orders/${order.id}`, { delivery_type_id: del.first.id, ref: 'PO-TWO' }));
  return ok<Order>(await acme.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `two-items-${order.id}` } }));
}

const confirmAt = (id: number, at: string) =>
  db()
    .update(orders)
    .set({ confirmedAt: new Date(at) })
    .where(eq(orders.id, id));

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  cat = await seedCatalogue(staff);
  const first = await customer(t);
  del = await seedDelivery(t, first.gbId);
  other = first.client;
  acme = new ApiClient(t.app);
  await registerAs(acme, { company_name: 'Acme Print', firstname: 'Alex' });
  acmeId = ok<{ id: number }>(await acme.get('/api/user')).id;
  finishes = await addFinishes(staff, cat.cards.id);

  march10 = await confirmedOrder(t, acme, cat, del.first.id);
  // Confirmed before finishes and turnarounds were recorded: none are frozen on its item.
  await db().update(orderItems).set({ choicesSaved: null }).where(eq(orderItems.orderId, march10.id));
  march31 = await twoItemOrder();
  april2 = await confirmedOrder(t, acme, cat, del.first.id);
  // 23:30 GMT on March 30th 2025 is 00:30 BST on the 31st: the UK day is the 31st.
  await confirmAt(march10.id, '2025-03-10T10:00:00Z');
  await confirmAt(march31.id, '2025-03-30T23:30:00Z');
  await confirmAt(april2.id, '2025-04-02T09:00:00Z');
  // April 2nd's order is dispatched, as staff do it: to Processing, then Dispatched with its tracking number.
  const printing = ok<StaffOrder>(
    await staff.post(`/api/admin/orders/${april2.id}/status`, { status: 'printing', version: (await readOrder(april2.id)).version }),
  );
  ok(await staff.post(`/api/admin/orders/${april2.id}/status`, { status: 'dispatched', tracking_number: 'AB123456785GB', version: printing.version }));
  dispatchedOn = ukToday();
  // Neither a basket of Acme's nor another customer's order is exported.
  basket = (await basketWithCard(acme, cat)).order;
  await confirmedOrder(t, other, cat, del.first.id);
}, 120_000);
afterAll(() => t?.close());

async function readOrder(id: number): Promise<StaffOrder> {
  return ok<StaffOrder>(await staff.get(`/api/admin/orders/${id}`));
}

describe('a customer’s orders as a spreadsheet', () => {
  it('has one row per item of the customer’s confirmed orders, with a bold frozen header, real dates and money in pounds', async () => {
    const res = await staff.get(exportUrl(acmeId));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Acme Print-orders-to-${ukToday()}.xlsx"; filename*=UTF-8''Acme%20Print-orders-to-${ukToday()}.xlsx`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const sheet = await sheetOf(res);
    expect(sheet.name).toBe('Orders');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...ORDERS_EXPORT_COLUMNS]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(6).width).toBeGreaterThanOrEqual(20);

    const rows = rowsOf(sheet);
    const items = [march10, march31, march31, april2].map((o, i) => ({ order: o, item: o === march31 ? o.items[i - 1] : o.items[0] }));
    expect(rows.map((r) => r[0])).toEqual([march10.id, march31.id, march31.id, april2.id]);
    expect(rows.some((r) => r[0] === basket.id)).toBe(false);
    const status = { [march10.id]: 'Pending', [march31.id]: 'Pending', [april2.id]: 'Dispatched' };
    const confirmedDay = { [march10.id]: '2025-03-10', [march31.id]: '2025-03-31', [april2.id]: '2025-04-02' };
    // As frozen at confirmation: none for March 10th's (confirmed before they were recorded), the default turnaround for a plain card.
    const choices = [
      [undefined, undefined], // empty cells
      [undefined, 'Standard'],
      ['Lamination: Matt gloss; Corners: Rounded', 'Express'],
      [undefined, 'Standard'],
    ];
    items.forEach(({ order, item }, i) => {
      expect(rows[i]).toEqual([
        order.id,
        day(confirmedDay[order.id]),
        order === april2 ? day(dispatchedOn) : undefined, // an empty cell
        order.ref,
        status[order.id],
        'Cards',
        'Silk 350',
        item.qty,
        item.sides === 'double' ? 'Double-sided' : 'Single-sided',
        ...choices[i],
        item.price! / 100,
        order.delivery_cost! / 100,
        order.total_vat! / 100,
        order.total! / 100,
      ]);
    });
    // The second order's two items, each at its own price; the order's figures on both rows.
    expect(rows[2].slice(7, 12)).toEqual([250, 'Double-sided', 'Lamination: Matt gloss; Corners: Rounded', 'Express', march31.items[1].price! / 100]);
    expect(march31.items[0].price).not.toBe(march31.items[1].price);
    // Money has a £ format, dates a day format; they are numbers and dates, not text.
    const money = sheet.getRow(2).getCell(ORDERS_EXPORT_COLUMNS.indexOf('Order total (£)') + 1);
    expect(typeof money.value).toBe('number');
    expect(money.numFmt).toContain('£');
    expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy');
  });

  it('holds a reference that looks like a formula as text, never as a formula', async () => {
    const hostile = '=HYPERLINK("http://evil.test","x")';
    await db().update(orders).set({ ref: hostile }).where(eq(orders.id, march10.id));
    try {
      const sheet = await sheetOf(await staff.get(exportUrl(acmeId)));
      const cell = sheet.getRow(2).getCell(ORDERS_EXPORT_COLUMNS.indexOf('Reference') + 1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(hostile);
      expect(cell.formula).toBeUndefined();
    } finally {
      await db().update(orders).set({ ref: march10.ref }).where(eq(orders.id, march10.id));
    }
  });

  it('keeps only dispatched orders when asked', async () => {
    const res = await staff.get(exportUrl(acmeId, '?dispatched=1'));
    expect(res.headers['content-disposition']).toContain(`filename="Acme Print-dispatched-orders-to-${ukToday()}.xlsx"`);
    const sheet = await sheetOf(res);
    expect(sheet.name).toBe('Dispatched orders');
    expect(rowsOf(sheet).map((r) => r[0])).toEqual([april2.id]);
    expect(rowsOf(await sheetOf(await staff.get(exportUrl(acmeId, '?dispatched=0'))))).toHaveLength(4);
  });

  it('keeps the orders confirmed between the two days, both included, on UK dates', async () => {
    const ids = async (query: string) => rowsOf(await sheetOf(await staff.get(exportUrl(acmeId, query)))).map((r) => r[0]);
    expect(await ids('?from=2025-03-31&to=2025-03-31')).toEqual([march31.id, march31.id]);
    expect(await ids('?from=2025-03-11&to=2025-04-01')).toEqual([march31.id, march31.id]);
    expect(await ids('?from=2025-03-10&to=2025-03-30')).toEqual([march10.id]);
    expect(await ids('?from=2025-04-02')).toEqual([april2.id]);
    expect(await ids('?to=2025-03-10')).toEqual([march10.id]);
    expect(await ids('?from=2025-04-02&dispatched=1')).toEqual([april2.id]);
    expect(await ids('?from=2025-05-01&to=2025-05-31')).toEqual([]);
    const named = await staff.get(exportUrl(acmeId, '?from=2025-03-01&to=2025-03-31'));
    expect(named.headers['content-disposition']).toContain('filename="Acme Print-orders-2025-03-01-2025-03-31.xlsx"');
    // An empty range is still a spreadsheet: the header alone.
    const empty = await sheetOf(await staff.get(exportUrl(acmeId, '?from=2025-05-01&to=2025-05-31')));
    expect(empty.rowCount).toBe(1);
  });

  it('knows where a UK day begins, in winter and in summer time', () => {
    expect(ukStartOfDay('2025-01-15').toISOString()).toBe('2025-01-15T00:00:00.000Z');
    expect(ukStartOfDay('2025-03-31').toISOString()).toBe('2025-03-30T23:00:00.000Z');
    expect(ukStartOfDay('2025-03-30').toISOString()).toBe('2025-03-30T00:00:00.000Z'); // the clocks go forward at 01:00
    expect(ukStartOfDay('2025-10-26').toISOString()).toBe('2025-10-25T23:00:00.000Z'); // they go back at 02:00 BST
    expect(ukStartOfDay('2025-10-27').toISOString()).toBe('2025-10-27T00:00:00.000Z');
  });

  it('says beside each field what is wrong with the filters (422)', async () => {
    const bad = await staff.get(exportUrl(acmeId, '?from=2025-02-30&to=31/03/2025&dispatched=yes'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      from: expect.stringMatching(/first day as a date/),
      to: expect.stringMatching(/last day as a date/),
      dispatched: expect.stringMatching(/all orders or dispatched orders only/),
    });
    const backwards = await staff.get(exportUrl(acmeId, '?from=2025-04-01&to=2025-03-01'));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: 'The last day must be on or after the first day' });
    const body = await staff.post(`/api/admin/users/${acmeId}/orders-export`, { from: '2025-04-01', to: '2025-03-01' });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({ to: 'The last day must be on or after the first day' });
  });

  it('answers 404 for no such user, and 403 to a customer', async () => {
    const missing = await staff.get(exportUrl(4_000_000));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No such user/);
    expect((await staff.post('/api/admin/users/4000000/orders-export', {})).statusCode).toBe(404);
    expect((await acme.get(exportUrl(acmeId))).statusCode).toBe(403);
    expect((await acme.post(`/api/admin/users/${acmeId}/orders-export`, {})).statusCode).toBe(403);
  });
});

describe('the signed link the browser follows', () => {
  it('streams the same file without a session, for one minute, and only with the filters it was made for', async () => {
    const link = ok<DownloadLink>(await staff.post(`/api/admin/users/${acmeId}/orders-export`, { dispatched: false, from: '2025-03-01', to: '2025-03-31' }));
    expect(link.url).toMatch(new RegExp(`^/api/downloads/orders-xlsx/${acmeId}\\?dispatched=0&from=2025-03-01&to=2025-03-31&expires=\\d+&signature=`));
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(61_000);

    const followed = await t.app.inject({ method: 'GET', url: link.url });
    expect(followed.headers['content-disposition']).toContain('filename="Acme Print-orders-2025-03-01-2025-03-31.xlsx"');
    expect(rowsOf(await sheetOf(followed)).map((r) => r[0])).toEqual([march10.id, march31.id, march31.id]);

    const changed = [
      link.url.replace('dispatched=0', 'dispatched=1'),
      link.url.replace('from=2025-03-01', 'from=2024-01-01'),
      link.url.replace('&to=2025-03-31', ''),
      link.url.replace(`/orders-xlsx/${acmeId}?`, `/orders-xlsx/${acmeId + 1}?`),
    ];
    for (const url of changed) expect({ url, status: (await t.app.inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 403 });
    const expired = await t.app.inject({ method: 'GET', url: link.url.replace(/expires=\d+/, 'expires=1000') });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
    expect((await t.app.inject({ method: 'GET', url: `/api/downloads/orders-xlsx/${acmeId}?dispatched=0` })).statusCode).toBe(422);

    // With no filters: every order, and `dispatched=1` alone signs only that.
    const all = ok<DownloadLink>(await staff.post(`/api/admin/users/${acmeId}/orders-export`, {}));
    expect(rowsOf(await sheetOf(await t.app.inject({ method: 'GET', url: all.url })))).toHaveLength(4);
    const sent = ok<DownloadLink>(await staff.post(`/api/admin/users/${acmeId}/orders-export`, { dispatched: true }));
    expect(rowsOf(await sheetOf(await t.app.inject({ method: 'GET', url: sent.url }))).map((r) => r[0])).toEqual([april2.id]);
  });
});
