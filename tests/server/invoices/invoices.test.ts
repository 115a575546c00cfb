import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffInvoice, InvoiceList } from '../../../src/shared/api/invoices';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import type { Item, Order } from '../../../src/shared/api/orders';
import { invoiceNumbers, invoices } from '../../../src/server/db/schema';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { FAKE_PDFS, makePdf } from '../artwork/fixtures';
import { pdfText } from '../helpers/pdf-text';
import { invoicePdf, type InvoiceContent } from '../../../src/server/modules/invoices/invoice-pdf';
import { putAsRead } from '../helpers/catalogue';
import {
  addFinishes,
  artworkChecked,
  CLEAN_CARD,
  confirmedOrder,
  customer,
  ok,
  pdf,
  seedDelivery,
  upload,
  type Catalogue,
  orderingApp,
} from '../orders/helpers';
import { royalMailTrackingNumber } from '../../../src/shared/domain/orders/tracking';

/** Invoices raised on dispatch (gapless, in the dispatch's transaction), their PDFs, uploads, statements. */
let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let other: ApiClient;
let cat: Catalogue;
let del: Awaited<ReturnType<typeof seedDelivery>>;
let finishes: Awaited<ReturnType<typeof addFinishes>>;

beforeAll(async () => {
  ({ t, staff, cat, shopper, del } = await orderingApp());
  other = (await customer(t)).client;
  finishes = await addFinishes(staff, cat.cards.id);
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const readOrder = async (id: number) => ok<StaffOrder>(await staff.get(`/api/admin/orders/${id}`));

/** A confirmed order moved to Processing, ready to dispatch. */
async function printed(client = shopper): Promise<Order> {
  const order = await confirmedOrder(t, client, cat, del.first.id);
  ok(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'printing', version: (await readOrder(order.id)).version }));
  return order;
}
const dispatch = async (id: number, tracking = 'AB123456785GB') =>
  staff.post(`/api/admin/orders/${id}/status`, { status: 'dispatched', tracking_number: tracking, version: (await readOrder(id)).version });
const invoiceOf = async (orderId: number) => (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0];

describe('an invoice raised on dispatch', () => {
  it('is numbered, says what the order was, renders a PDF with the total and the VAT number, and is linked from the dispatch e-mail', async () => {
    const order = await printed();
    ok(await dispatch(order.id));
    const invoice = await invoiceOf(order.id);
    expect(invoice).toMatchObject({ source: 'raised', userId: expect.any(Number), total: order.total, net: order.total_net, vat: order.total_vat });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    const mails = await t.outbox();
    const mail = mails.find((m) => m.text.includes(`Order ${order.id} is on its way`))!;
    expect(mail.text).toContain(`Your invoice ${invoice.number} is ready to download: http://localhost:3000/invoices`);

    // The customer's list and download.
    const list = ok<InvoiceList>(await shopper.get('/api/invoices'));
    expect(list.data.map((i) => i.number)).toContain(invoice.number);
    const res = await shopper.get(`/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="${invoice.number}.pdf"`);
    const text = (await pdfText(res.rawPayload)).join('\n');
    expect(text).toContain(invoice.number);
    expect(text).toContain('GB 123 4567 89'); // the seller's VAT number, from settings
    expect(text).toContain(`£${(order.total! / 100).toFixed(2)}`);
    expect(text).toContain('VAT at 20%');
    expect(text).toContain(`#${order.id}`);
    // The job rendered it once; the download used that file.
    await t.app.deps.jobs.drain();
    expect((await invoiceOf(order.id)).fileKey).toMatch(/^invoices\//);
  });

  it('answers 404 to another customer, and finds by invoice or order number', async () => {
    const order = await printed();
    ok(await dispatch(order.id));
    const invoice = await invoiceOf(order.id);
    expect((await other.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect(ok<InvoiceList>(await other.get('/api/invoices')).data.map((i) => i.id)).not.toContain(invoice.id);
    expect(ok<InvoiceList>(await shopper.get(`/api/invoices?q=${order.id}`)).data.map((i) => i.id)).toEqual([invoice.id]);
    expect(ok<InvoiceList>(await shopper.get(`/api/invoices?q=${invoice.number.toLowerCase()}`)).data.map((i) => i.id)).toEqual([invoice.id]);
  });

  // 100 on PostgreSQL (a pool of connections: real concurrency); PGlite has one connection, so fewer show the same.
  const CONCURRENT = process.env.TEST_DATABASE_URL ? 100 : 20;
  it(`numbers ${CONCURRENT} concurrent dispatches without a gap or a repeat`, async () => {
    const many: Order[] = [];
    for (let i = 0; i < CONCURRENT; i++) many.push(await printed());
    const [{ last: before }] = await db().select().from(invoiceNumbers);
    const answers = await Promise.all(many.map((o, i) => dispatch(o.id, royalMailTrackingNumber('AB', i + 1))));
    expect(answers.map((a) => a.statusCode)).toEqual(many.map(() => 200));
    const numbers = (await Promise.all(many.map((o) => invoiceOf(o.id)))).map((i) => Number(i.number.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: CONCURRENT }, (_, i) => before + 1 + i));
  }, 300_000);

  it('a dispatch that fails after numbering gives its number back: no gap', async () => {
    const order = await printed();
    const [{ last: before }] = await db().select().from(invoiceNumbers);
    // The database refuses the dispatch's history row, after the invoice was numbered and written.
    await db().execute(
      sql`create or replace function refuse_dispatch() returns trigger language plpgsql as $$ begin if new.to_status = 'dispatched' then raise exception 'disk full'; end if; return new; end $$`,
    );
    await db().execute(sql`create trigger refuse_dispatch before insert on order_events for each row execute function refuse_dispatch()`);
    try {
      const res = await dispatch(order.id);
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_dispatch on order_events`);
    }
    expect(await invoiceOf(order.id)).toBeUndefined();
    expect((await readOrder(order.id)).status).toBe('printing');
    ok(await dispatch(order.id));
    expect((await invoiceOf(order.id)).number).toBe(`INV-${String(before + 1).padStart(6, '0')}`);
  });
});

describe('an invoice’s lines', () => {
  /** The whole text of a PDF on one line, however its lines were broken. */
  const flat = async (file: Buffer) => (await pdfText(file)).join('\n').replace(/\s+/g, ' ');

  it('name each item’s finishes and turnaround as confirmed, kept with the invoice: a later rename changes nothing', async () => {
    const basket = ok<Order>(await shopper.post('/api/orders', { ref: 'FINISHES' }), 201);
    const card = (fields: Record<string, unknown>) =>
      shopper.post(`/api/orders/${basket.id}/items`, {
        product_id: cat.cards.id,
        stock_id: cat.silk.id,
        qty: 100,
        sides: 'single',
        orientation: 'landscape',
        ...fields,
      });
    const finished = ok<Item>(await card({ option_ids: [finishes.matt, finishes.rounded], turnaround_id: finishes.express }), 201);
    const plain = ok<Item>(await card({}), 201);
    for (const item of [finished, plain]) ok(await upload(shopper, basket.id, item.id, await pdf(CLEAN_CARD)));
    await artworkChecked(t, shopper, basket.id);
    ok(await shopper.patch(`/api/orders/${basket.id}`, { delivery_type_id: del.first.id }));
    ok(await shopper.request('POST', `/api/orders/${basket.id}/confirm`, {}, { headers: { 'idempotency-key': `finishes-${basket.id}` } }));
    ok(await staff.post(`/api/admin/orders/${basket.id}/status`, { status: 'printing', version: (await readOrder(basket.id)).version }));
    ok(await dispatch(basket.id));

    const invoice = await invoiceOf(basket.id);
    expect((invoice.content as InvoiceContent).lines.map((l) => l.choices)).toEqual([
      {
        options: [
          { group: 'Lamination', name: 'Matt gloss' },
          { group: 'Corners', name: 'Rounded' },
        ],
        turnaround: { name: 'Express' },
      },
      { options: [], turnaround: { name: 'Standard' } },
    ]);
    const text = await flat((await shopper.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload);
    // Each under its line's description, quantity and price.
    expect(text).toMatch(/Cards — Silk 350, single-sided 100 £[\d.]+ Lamination: Matt gloss; Corners: Rounded · Turnaround: Express Cards/);
    expect(text).toMatch(/Cards — Silk 350, single-sided 100 £[\d.]+ Turnaround: Standard Delivery/);

    // Renamed in the catalogue, and the PDF made again from what the invoice keeps: it says what was sold.
    ok(await putAsRead(staff, `/api/admin/options/${finishes.matt}`, { name: 'Matt film' }));
    await db().update(invoices).set({ fileKey: null, fileSize: null }).where(eq(invoices.id, invoice.id));
    const again = await flat((await shopper.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(again).toContain('Lamination: Matt gloss; Corners: Rounded · Turnaround: Express');
    expect(again).not.toContain('Matt film');
    ok(await putAsRead(staff, `/api/admin/options/${finishes.matt}`, { name: 'Matt gloss' }));
  });

  const content = (lines: InvoiceContent['lines']): InvoiceContent => ({
    seller: { name: 'Print Junction Trade Ltd', address: '1 Press Yard, Leeds LS1 1AA', vat_number: 'GB 123 4567 89', phone: '', email: '' },
    buyer: { company: 'Acme Print', name: 'Alex Smith', lines: ['2 Ink Lane', 'York', 'YO1 7HH'] },
    order: { id: 1042, ref: 'PO-7', confirmed_at: null, dispatched_at: null, tracking_number: null },
    lines,
    delivery: { name: 'Royal Mail Tracked 24', net: 395 },
    net: lines.reduce((n, l) => n + l.net, 395),
    vat: 0,
    vat_rate: 20,
    total: lines.reduce((n, l) => n + l.net, 395),
  });

  it('of an invoice raised before finishes were kept say nothing more than they did', async () => {
    const text = await flat(
      await invoicePdf({ number: 'INV-000001', date: '2025-03-10' }, content([{ description: 'Cards — Silk 350, single-sided', qty: 100, net: 1234 }])),
    );
    expect(text).toContain('Cards — Silk 350, single-sided 100 £12.34');
    expect(text).not.toMatch(/undefined|null|Turnaround|Finishes/);
  });

  it('run on to further pages, under their headings, with every line, its finishes and the totals', async () => {
    const long = {
      options: [
        { group: 'Lamination (both sides, before cutting)', name: 'Soft-touch velvet with spot UV varnish on the front' },
        { group: 'Corners', name: 'Rounded (6 mm radius)' },
        { group: 'Drilling', name: 'Two holes, 80 mm apart, for a ring binder' },
      ],
      turnaround: { name: 'Same day (confirmed before the cut-off)' },
    };
    const lines = Array.from({ length: 24 }, (_, i) => ({
      description: `Item ${i + 1}: Business Cards — Silk 400, double-sided`,
      qty: 500,
      net: 2000 + i,
      choices: long,
    }));
    const pages = await pdfText(await invoicePdf({ number: 'INV-000002', date: '2025-03-10' }, content(lines)));
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join('\n').replace(/\s+/g, ' ');
    for (let i = 1; i <= 24; i++) expect(text).toContain(`Item ${i}: Business Cards`);
    expect(text.match(/Soft-touch velvet with spot UV varnish on the front/g)).toHaveLength(24);
    expect(text.match(/Turnaround: Same day \(confirmed before the cut-off\)/g)).toHaveLength(24);
    // Each page after the first starts its lines under the headings again; the totals and the seller's line end the last.
    for (const page of pages.slice(1)) expect(page.replace(/\s+/g, ' ')).toMatch(/^Invoice INV-000002, continued Description Qty Net/);
    expect(pages.at(-1)!.replace(/\s+/g, ' ')).toMatch(/Total \(GBP\) £\d.*VAT number GB 123 4567 89/);
    for (const page of pages) expect(page).toContain('Print Junction Trade Ltd');
  });
});

describe('uploaded invoices and statements', () => {
  it('staff upload a PDF to a customer: listed beside the raised ones, marked uploaded; bad fields are named', async () => {
    const me = ok<{ id: number }>(await shopper.get('/api/user'));
    const pdf = Buffer.from(await makePdf([{ widthMm: 210, heightMm: 297, text: 'Sage invoice' }]));
    const form = (fields: Record<string, string>, file: Buffer | null = pdf) => {
      const boundary = `----pjt${Math.random().toString(16).slice(2)}`;
      const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      const head = Buffer.from(parts.join(''));
      const filePart = file
        ? Buffer.concat([
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sage-123.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
            file,
            Buffer.from('\r\n'),
          ])
        : Buffer.alloc(0);
      return {
        payload: Buffer.concat([head, filePart, Buffer.from(`--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const bad = form({ user_id: String(me.id), number: '', date: '2026-02-30', total: '12.345' }, Buffer.from('not a pdf'));
    const refused = await staff.request('POST', '/api/admin/invoices', bad.payload, { headers: bad.headers });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['date', 'file', 'number', 'total']);

    const good = form({ user_id: String(me.id), number: 'SAGE-2026-0042', date: '2026-11-02', total: '125.40' });
    const uploaded = ok<StaffInvoice>(await staff.request('POST', '/api/admin/invoices', good.payload, { headers: good.headers }), 201);
    expect(uploaded).toMatchObject({ number: 'SAGE-2026-0042', source: 'uploaded', total: 12540, order_id: null, date: '2026-11-02' });
    const again = await staff.request('POST', '/api/admin/invoices', good.payload, { headers: good.headers });
    expect(again.json().errors).toEqual({ number: 'An invoice with this number exists already' });

    const staffList = ok<StaffInvoice[]>(await staff.get(`/api/admin/invoices?filter=${encodeURIComponent(JSON.stringify({ user_id: me.id }))}`));
    expect(staffList.some((i) => i.source === 'uploaded') && staffList.some((i) => i.source === 'raised')).toBe(true);
    const theirs = await shopper.get(`/api/invoices/${uploaded.id}/pdf`);
    expect(theirs.rawPayload.equals(pdf)).toBe(true);
    expect((await other.get(`/api/invoices/${uploaded.id}/pdf`)).statusCode).toBe(404);

    // Only a file the PDF engine opens, starting with the signature, is kept as an invoice.
    for (const fake of Object.values(FAKE_PDFS)) {
      const sent = form({ user_id: String(me.id), number: 'SAGE-2026-0043', date: '2026-11-02', total: '10.00' }, fake);
      const res = await staff.request('POST', '/api/admin/invoices', sent.payload, { headers: sent.headers });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ file: expect.stringMatching(/^This file is not a PDF/) });
    }

    // The number names the customer's download: letters, digits, - and / only.
    for (const number of ['../../etc/passwd', 'INV..2026', 'INV_2026', 'INV 2026', 'INV"2026', '/INV-1', 'INV\\1']) {
      const sent = form({ user_id: String(me.id), number, date: '2026-11-02', total: '10.00' });
      const res = await staff.request('POST', '/api/admin/invoices', sent.payload, { headers: sent.headers });
      expect(res.statusCode, number).toBe(422);
      expect(res.json().errors, number).toEqual({ number: expect.stringMatching(/^Letters, digits, - and \/ only/) });
    }
    const slashed = form({ user_id: String(me.id), number: 'SAGE/2026/0044', date: '2026-11-02', total: '10.00' });
    const withSlashes = ok<StaffInvoice>(await staff.request('POST', '/api/admin/invoices', slashed.payload, { headers: slashed.headers }), 201);
    const download = await shopper.get(`/api/invoices/${withSlashes.id}/pdf`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="SAGE_2026_0044.pdf"; filename*=UTF-8''SAGE_2026_0044.pdf`);
  });

  it("a month's statement lists that month's invoices with their totals", async () => {
    const me = ok<{ id: number }>(await shopper.get('/api/user'));
    const month = new Date().toISOString().slice(0, 7);
    const mine = (await db().select().from(invoices).where(eq(invoices.userId, me.id))).filter((i) => i.date.startsWith(month));
    const res = await shopper.get(`/api/invoices/statement?month=${month}`);
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).join('\n');
    for (const invoice of mine) expect(text).toContain(invoice.number);
    expect(text).toContain(`£${(mine.reduce((n, i) => n + i.total, 0) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    expect((await shopper.get('/api/invoices/statement?month=2026-13')).statusCode).toBe(422);
    expect((await staff.get(`/api/admin/users/${me.id}/statement?month=${month}`)).statusCode).toBe(200);
  });
});
