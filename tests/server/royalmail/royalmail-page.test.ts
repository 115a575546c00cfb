import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder, BulkMoveResult } from '../../../src/shared/api/staff-orders';
import type { RoyalMailOrder, RoyalMailPushResult, TrackingImport } from '../../../src/shared/api/staff-production';
import { CLICK_AND_DROP_COLUMNS } from '../../../src/shared/domain/delivery/royalmail';
import type { Order } from '../../../src/shared/api/orders';
import { deliveryTypes, orders } from '../../../src/server/db/schema';
import { royalMailTrackingNumber } from '../../../src/shared/domain/orders/tracking';
import { createTestApp, type TestApp } from '../helpers/app';
import { staffClient } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { confirmedOrder, customer, multipart, ok, seedCatalogue, seedDelivery, type Catalogue } from '../orders/helpers';
import { MOCK_FAILING_POSTCODE, startClickAndDropMock, type ClickAndDropMock } from './click-and-drop-mock';

/**
 * The Royal Mail page's calls (DESIGN §2 "Dispatch: the Royal Mail page", §3) on the real app and
 * database, with Click & Drop played by a mock built from Royal Mail's YAML: the list, the CSV
 * export, the push, the tracking file, and marking the orders Dispatched.
 */
const API_KEY = 'rm-app-test-key-1234';
let mock: ClickAndDropMock;
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof seedDelivery>>;

beforeAll(async () => {
  mock = await startClickAndDropMock({ apiKey: API_KEY });
  t = await createTestApp({ royalMail: { apiUrl: mock.url, apiKey: API_KEY } });
  staff = await staffClient(t);
  cat = await seedCatalogue(staff);
  const first = await customer(t);
  shopper = first.client;
  del = await seedDelivery(t, first.gbId);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

const db = () => t.database.db;
const readOrder = async (id: number) => ok<StaffOrder>(await staff.get(`/api/admin/orders/${id}`));

/** A confirmed order moved to Processing (as a batch run would), by Royal Mail unless told otherwise. */
async function processing(deliveryTypeId = del.first.id, address: Partial<typeof orders.$inferInsert> = {}): Promise<Order> {
  const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
  const { version } = await readOrder(order.id);
  ok(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'printing', version }));
  if (Object.keys(address).length) await db().update(orders).set(address).where(eq(orders.id, order.id));
  return order;
}

describe('the Royal Mail page', () => {
  let a: Order;
  let b: Order;
  let failing: Order;
  let courier: Order;
  let pending: Order;

  beforeAll(async () => {
    a = await processing(del.first.id, { address1: '12 "Mill" Yard, Unit 4', companyName: 'Ink & Co' });
    b = await processing();
    failing = await processing(del.first.id, { postcode: MOCK_FAILING_POSTCODE });
    courier = await processing(del.courier.id);
    pending = await confirmedOrder(t, shopper, cat, del.first.id);
  }, 60_000);

  it('lists the Processing orders going by Royal Mail, with weight, package format and service code', async () => {
    const res = await staff.get('/api/admin/royalmail?sort=["id","ASC"]&range=[0,99]');
    expect(res.headers['content-range']).toBe('royalmail 0-2/3');
    const rows = res.json() as RoyalMailOrder[];
    expect(rows.map((r) => r.id)).toEqual([a.id, b.id, failing.id]);
    expect(rows[0]).toMatchObject({
      weight: 200,
      package_size: 'largeLetter',
      service_code: 'TPN24',
      service_name: 'Royal Mail Tracked 24',
      country_code: 'GB',
      tracking_number: null,
      royalmail_order_id: null,
    });
    expect((await staff.get(`/api/admin/royalmail/${courier.id}`)).statusCode).toBe(404);
    expect(ok<{ push_enabled: boolean; waiting: number }>(await staff.get('/api/admin/royalmail/status'))).toEqual({ push_enabled: true, waiting: 3 });
  });

  it('exports the Click & Drop order-import CSV: the columns DESIGN names, RFC 4180 quoting, CRLF lines', async () => {
    const res = await staff.post('/api/admin/royalmail/export', { ids: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="click-and-drop-\d{4}-\d\d-\d\d\.csv"/);
    const text = res.body;
    expect(text.split('\r\n')[0]).toBe(
      'Order reference,First name,Last name,Company name,Address line 1,Address line 2,City,County,Postcode,Country,Email,Phone,Weight (kg),Package size,Service code,Sub-total,Shipping cost,Total,Currency code,Sender trading name,Sender phone,Sender email',
    );
    // The mandatory columns of DESIGN §2, and the others it lists.
    for (const column of [
      'Address line 1',
      'City',
      'Postcode',
      'First name',
      'Company name',
      'Order reference',
      'Package size',
      'Service code',
      'Country',
      'Email',
      'Phone',
      'Sub-total',
      'Shipping cost',
      'Total',
      'Currency code',
    ]) {
      expect(CLICK_AND_DROP_COLUMNS.map(([name]) => name)).toContain(column);
    }
    expect(text).toContain('"12 ""Mill"" Yard, Unit 4"');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, first, second] = parse(text) as string[][];
    const row = Object.fromEntries(header.map((name, i) => [name, first[i]]));
    const order = await readOrder(a.id);
    expect(row).toMatchObject({
      'Order reference': String(a.id),
      'Company name': 'Ink & Co',
      'Address line 1': '12 "Mill" Yard, Unit 4',
      Postcode: order.address.postcode,
      Country: 'GB',
      'Weight (kg)': '0.2',
      'Package size': 'Large letter',
      'Service code': 'TPN24',
      'Shipping cost': '3.95',
      Total: (order.total! / 100).toFixed(2),
      'Sub-total': ((order.total_net! - 395) / 100).toFixed(2),
      'Currency code': 'GBP',
    });
    expect(second[0]).toBe(String(b.id));

    const refused = await staff.post('/api/admin/royalmail/export', { ids: [a.id, courier.id, pending.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.ids).toContain(`orders ${courier.id}, ${pending.id}`);
  });

  it('writes no cell a spreadsheet would run as a formula; a phone number of digits and + stays as typed for Royal Mail', async () => {
    const hostile = await processing(del.first.id, {
      firstname: '=HYPERLINK("http://evil.test","x")',
      lastname: '-Smith',
      companyName: '+Plus Ltd',
      address1: '@SUM(A1:A9)',
      town: '\tTabbed',
      telephone: '+44 (0)20 7946-0000',
    });
    const injected = await processing(del.first.id, { telephone: "=cmd|' /C calc'!A0" });
    const text = (await staff.post('/api/admin/royalmail/export', { ids: [hostile.id, injected.id] })).body;
    const [header, first, second] = parse(text) as string[][];
    const row = Object.fromEntries(header.map((name, i) => [name, first[i]]));
    expect(row).toMatchObject({
      'First name': `'=HYPERLINK("http://evil.test","x")`,
      'Last name': "'-Smith",
      'Company name': "'+Plus Ltd",
      'Address line 1': "'@SUM(A1:A9)",
      City: "'\tTabbed",
      Phone: '+44 (0)20 7946-0000',
      'Order reference': String(hostile.id),
    });
    expect(Number(row.Total)).toBeGreaterThan(0);
    expect(second[header.indexOf('Phone')]).toBe("'=cmd|' /C calc'!A0");
    // Nothing the staff member opens starts a formula.
    for (const cell of [...first, ...second]) expect(cell).not.toMatch(/^[=@\t\r]|^-(?!\d)|^\+(?![\d (])/);
    await db()
      .update(orders)
      .set({ status: 'cancelled' })
      .where(inArray(orders.id, [hostile.id, injected.id]));
  });

  it('pushes to Click & Drop: stores the tracking numbers, leaves a refused order as it was, and never sends an order twice', async () => {
    const sentBefore = mock.requests.length;
    const results = ok<RoyalMailPushResult[]>(await staff.post('/api/admin/royalmail/push', { ids: [a.id, failing.id] }));
    expect(mock.invalid).toEqual([]);
    expect(mock.requests.length).toBe(sentBefore + 1);
    const sent = mock.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect((sent.body as { items: Array<{ orderReference: string }> }).items.map((i) => i.orderReference)).toEqual([String(a.id), String(failing.id)]);
    expect(results[0]).toMatchObject({ id: a.id, ok: true, tracking_number: expect.stringMatching(/^RM\d{9}GB$/), royalmail_order_id: expect.any(Number) });
    expect(results[1]).toMatchObject({ id: failing.id, ok: false, message: expect.stringContaining('Postcode not recognised') });
    const stored = await readOrder(a.id);
    expect(stored).toMatchObject({ status: 'printing', tracking_number: results[0].tracking_number });
    const untouched = await readOrder(failing.id);
    expect(untouched.tracking_number).toBeNull();

    const again = ok<RoyalMailPushResult[]>(await staff.post('/api/admin/royalmail/push', { ids: [a.id] }));
    expect(again[0]).toMatchObject({ ok: false, message: expect.stringContaining('Already in Click & Drop') });
    expect(mock.requests.length).toBe(sentBefore + 1);
  });

  it('says why when Click & Drop fails as a whole, and changes nothing', async () => {
    mock.failNext(500);
    const res = await staff.post('/api/admin/royalmail/push', { ids: [b.id] });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/\S/);
    expect((await readOrder(b.id)).tracking_number).toBeNull();
  });

  it('checks a tracking file line by line and applies nothing until confirmed; then the good lines', async () => {
    await db().update(orders).set({ ref: 'PO-SHARED' }).where(eq(orders.id, b.id));
    const csv = [
      'Order reference,Tracking number',
      `${b.id},rr 1234 5678 5gb`,
      'PO-SHARED-NOT,AB123456785GB',
      `${pending.id},AB123456785GB`,
      `${failing.id},not-a-number!`,
      `${b.id},CD123456785GB`,
      `,AB123456785GB`,
    ].join('\r\n');
    const preview = ok<TrackingImport>(await staff.request('POST', '/api/admin/royalmail/tracking', csv, { headers: { 'content-type': 'text/csv' } }));
    expect(preview).toMatchObject({ rows: 6, applied: false, good: [{ row: 2, order_id: b.id, tracking_number: 'RR123456785GB', replaces: null }] });
    expect(preview.errors).toEqual([
      { row: 3, message: 'No order with the reference "PO-SHARED-NOT"' },
      { row: 4, message: `Order ${pending.id} is Pending: only Processing and Dispatched orders take a tracking number` },
      { row: 5, message: expect.stringContaining('two letters, nine digits and GB') },
      { row: 6, message: `Order ${b.id} is on line 2 already` },
      { row: 7, message: 'No order number or reference' },
    ]);
    expect((await readOrder(b.id)).tracking_number).toBeNull();

    // By reference, as a file upload, applied.
    const file = multipart('file', 'tracking.csv', Buffer.from(`PO-SHARED,RR123456785GB\r\n`), 'text/csv');
    const applied = ok<TrackingImport>(await staff.request('POST', '/api/admin/royalmail/tracking?apply=1', file.payload, { headers: file.headers }));
    expect(applied).toMatchObject({ rows: 1, applied: true, errors: [], good: [{ row: 1, order_id: b.id, tracking_number: 'RR123456785GB' }] });
    expect((await readOrder(b.id)).tracking_number).toBe('RR123456785GB');

    const empty = await staff.request('POST', '/api/admin/royalmail/tracking', '', { headers: { 'content-type': 'text/csv' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.file).toMatch(/empty/);
    const wrongField = multipart('upload', 'tracking.csv', Buffer.from('1,AB1\r\n'), 'text/csv');
    expect((await staff.request('POST', '/api/admin/royalmail/tracking', wrongField.payload, { headers: wrongField.headers })).json().errors.file).toMatch(
      /Choose the CSV/,
    );
  });

  it('marks the orders Dispatched with their tracking numbers, through the staff orders move (mail included)', async () => {
    const results = ok<BulkMoveResult[]>(await staff.post('/api/admin/orders/status', { ids: [a.id, b.id, failing.id], status: 'dispatched' }));
    expect(results).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: true },
      { id: failing.id, ok: false, message: expect.stringContaining('tracking number is required') },
    ]);
    const dispatched = await readOrder(b.id);
    expect(dispatched).toMatchObject({ status: 'dispatched', tracking_number: 'RR123456785GB' });
    const mails = await t.outbox();
    expect(mails.some((m) => m.text.includes(`Order ${b.id} is on its way`) && m.text.includes('RR123456785GB'))).toBe(true);
    // The customer sees it.
    const mine = ok<Order>(await shopper.get(`/api/orders/${b.id}`));
    expect(mine).toMatchObject({ status: 'dispatched', tracking_number: 'RR123456785GB' });
    const left = ok<RoyalMailOrder[]>(await staff.get('/api/admin/royalmail'));
    expect(left.map((r) => r.id)).toEqual([failing.id]);
  });
});

describe("tracking numbers follow the order's service", () => {
  let untracked: Order;
  let tracked: Order;
  const UNTRACKED_SERVICE = 'Royal Mail 48 (2nd class)';

  beforeAll(async () => {
    // An order going by an untracked service (Royal Mail 48): made as a tracked one, then moved to it.
    const [rm48] = await db()
      .insert(deliveryTypes)
      .values({ code: 'CRL48', name: UNTRACKED_SERVICE, carrier: 'royalmail', transitDays: 2, sortOrder: 9 })
      .returning();
    untracked = await processing();
    await db().update(orders).set({ deliveryTypeId: rm48.id }).where(eq(orders.id, untracked.id));
    tracked = await processing();
  }, 60_000);

  it('the import preview reports a number the service cannot have on its row, and applying leaves it out', async () => {
    const good = royalMailTrackingNumber('QX', 47395281); // QX473952811GB
    const csv = ['Order reference,Tracking number', `${untracked.id},bad tracking`, `${tracked.id},AB123456789GB`, `${tracked.id},${good}`].join('\r\n');
    for (const apply of [false, true]) {
      const answer = ok<TrackingImport>(
        await staff.request('POST', `/api/admin/royalmail/tracking${apply ? '?apply=1' : ''}`, csv, { headers: { 'content-type': 'text/csv' } }),
      );
      expect(answer.errors).toEqual([
        { row: 2, message: `${UNTRACKED_SERVICE} is not a tracked service: it takes no tracking number` },
        { row: 3, message: expect.stringContaining('check digit') },
      ]);
      expect(answer.good).toEqual([{ row: 4, order_id: tracked.id, tracking_number: 'QX473952811GB', replaces: null }]);
    }
    expect((await readOrder(untracked.id)).tracking_number).toBeNull();
    expect((await readOrder(tracked.id)).tracking_number).toBe('QX473952811GB');
  });

  it('the staff order edit refuses it with a 422 on the field, and takes a valid one', async () => {
    const edit = async (id: number, tracking_number: string) =>
      staff.put(`/api/admin/orders/${id}`, { tracking_number, version: (await readOrder(id)).version });
    const none = await edit(untracked.id, 'bad tracking');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ tracking_number: `${UNTRACKED_SERVICE} is not a tracked service: it takes no tracking number` });
    const typo = await edit(tracked.id, 'QX473952812GB');
    expect(typo.statusCode).toBe(422);
    expect(typo.json().errors.tracking_number).toMatch(/check digit/);
    const shape = await edit(tracked.id, 'bad tracking');
    expect(shape.json().errors.tracking_number).toMatch(/two letters, nine digits and GB/);
    expect((await readOrder(untracked.id)).tracking_number).toBeNull();
    const fine = await edit(tracked.id, 'ab 1234 5678 5gb');
    expect(fine.statusCode).toBe(200);
    expect(fine.json().tracking_number).toBe('AB123456785GB');
  });

  it('an untracked order is dispatched without a number, and its e-mail carries no tracking link', async () => {
    const move = await staff.post(`/api/admin/orders/${untracked.id}/status`, {
      status: 'dispatched',
      tracking_number: 'BADTRACKING',
      version: (await readOrder(untracked.id)).version,
    });
    expect(move.statusCode).toBe(422);
    expect(move.json().errors.tracking_number).toMatch(/not a tracked service/);
    const sent = ok<StaffOrder>(
      await staff.post(`/api/admin/orders/${untracked.id}/status`, { status: 'dispatched', version: (await readOrder(untracked.id)).version }),
    );
    expect(sent).toMatchObject({ status: 'dispatched', tracking_number: null });
    const mail = (await t.outbox()).find((m) => m.text.includes(`Order ${untracked.id} is on its way`));
    expect(mail?.text).toBeDefined();
    expect(mail!.text).not.toMatch(/Tracking number|royalmail\.com/);
  });
});

describe('without Click & Drop set up, or with a key it refuses', () => {
  it('export still works; push says what to set', async () => {
    const bare = await createTestApp();
    try {
      const client = await staffClient(bare);
      expect(ok<{ push_enabled: boolean }>(await client.get('/api/admin/royalmail/status')).push_enabled).toBe(false);
      const res = await client.post('/api/admin/royalmail/push', { ids: [1] });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('ROYALMAIL_API_KEY');
    } finally {
      await bare.close();
    }
  });

  it('a refused key answers 502 with the advice, and the key is not in it', async () => {
    const wrong = await createTestApp({ royalMail: { apiUrl: mock.url, apiKey: 'not-the-key-0000' } });
    try {
      const client = await staffClient(wrong);
      const wrongCat = await seedCatalogue(client);
      const buyer = await customer(wrong);
      const wrongDel = await seedDelivery(wrong, buyer.gbId);
      const order = await confirmedOrder(wrong, buyer.client, wrongCat, wrongDel.first.id);
      const { version } = ok<StaffOrder>(await client.get(`/api/admin/orders/${order.id}`));
      ok(await client.post(`/api/admin/orders/${order.id}/status`, { status: 'printing', version }));
      const res = await client.post('/api/admin/royalmail/push', { ids: [order.id] });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('Royal Mail refused the API key');
      expect(res.body).not.toContain('not-the-key-0000');
    } finally {
      await wrong.close();
    }
  });
});
