import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invoices, paymentAllocations, payments, settings, users } from '../../../src/server/db/schema';
import { companyOfUser } from '../helpers/companies';
import type { InvoiceContent } from '../../../src/server/modules/invoices/invoice-pdf';
import { XERO_INVOICE_COLUMNS, type VatSummary } from '../../../src/shared/api/staff-accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { ok, staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';

/*
 * The accountant's exports of a period: the invoices dated in it as Xero's sales-invoice import (one
 * row per line and one for delivery, summing back to each invoice's net), the payments received in
 * it, and the VAT summary equal to the invoices' own stored net and VAT.
 */

let t: TestApp;
let staff: ApiClient;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

/** RFC 4180 records of a CSV body, each a list of its fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

async function newCustomer(company: string) {
  const client = new ApiClient(t.app);
  const { email } = await registerAs(client);
  const [row] = await db()
    .update(users)
    .set({ address1: '1 Print Street', town: 'Leeds', postcode: 'LS1 1AA' })
    .where(eq(users.email, String(email)))
    .returning({ id: users.id, email: users.email });
  await db().update(companies).set({ name: company }).where(companyOfUser(row.id));
  return { client, ...row };
}

/** A raised invoice of two lines and a delivery, dated `date`: its stored net is what its lines and delivery add up to. */
async function raisedInvoice(userId: number, date: string, lines: Array<{ qty: number; net: number; description?: string }>, delivery: number) {
  const net = lines.reduce((sum, l) => sum + l.net, 0) + delivery;
  const vat = Math.round(net * 0.2);
  const content: InvoiceContent = {
    seller: { name: 'Print Junction Trade Ltd', address: '', vat_number: '', phone: '', email: '' },
    buyer: { company: '', name: '', lines: [] },
    order: { id: 0, ref: `PO-${++counter}`, confirmed_at: null, dispatched_at: null, tracking_number: null },
    lines: lines.map((l) => ({ description: l.description ?? 'Business cards — 400gsm silk, double-sided', qty: l.qty, net: l.net, choices: null })),
    delivery: { name: 'Next day', net: delivery },
    net,
    vat,
    vat_rate: 20,
    total: net + vat,
  };
  const [row] = await db()
    .insert(invoices)
    .values({
      number: `XT-${process.pid}-${String(counter).padStart(4, '0')}`,
      userId,
      source: 'raised',
      date,
      dueDate: date,
      net,
      vat,
      total: net + vat,
      content,
    })
    .returning();
  return row;
}

const xeroCsv = async (from: string, to: string) => {
  const res = await staff.get(`/api/admin/exports/xero-invoices.csv?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return parseCsv(res.body);
};
const vatSummary = async (from: string, to: string) => ok<VatSummary>(await staff.get(`/api/admin/exports/vat-summary?from=${from}&to=${to}`));
const col = (name: (typeof XERO_INVOICE_COLUMNS)[number]) => XERO_INVOICE_COLUMNS.indexOf(name);

describe('the Xero sales-invoice export', () => {
  it('writes the template’s header and one row per line plus delivery, summing back to the invoice’s net', async () => {
    const who = await newCustomer('Acme Print Buyers');
    // 500 for £27.99 does not divide into whole pence: that line goes as one of £27.99.
    const inv = await raisedInvoice(
      who.id,
      '2031-01-15',
      [
        { qty: 250, net: 2_500 },
        { qty: 500, net: 2_799, description: 'Flyers — 170gsm gloss, single-sided' },
      ],
      795,
    );
    const [header, ...rows] = await xeroCsv('2031-01-01', '2031-01-31');
    expect(header).toEqual([
      '*ContactName',
      'EmailAddress',
      'POAddressLine1',
      'POAddressLine2',
      'POAddressLine3',
      'POAddressLine4',
      'POCity',
      'PORegion',
      'POPostalCode',
      'POCountry',
      '*InvoiceNumber',
      'Reference',
      '*InvoiceDate',
      '*DueDate',
      'InventoryItemCode',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      'Discount',
      '*AccountCode',
      '*TaxType',
      'TrackingName1',
      'TrackingOption1',
      'TrackingName2',
      'TrackingOption2',
      'Currency',
      'BrandingTheme',
    ]);
    const mine = rows.filter((r) => r[col('*InvoiceNumber')] === inv.number);
    expect(mine.map((r) => [r[col('*Description')], r[col('*Quantity')], r[col('*UnitAmount')]])).toEqual([
      ['Business cards — 400gsm silk, double-sided, 250', '250', '0.10'],
      ['Flyers — 170gsm gloss, single-sided, 500', '1', '27.99'],
      ['Next day', '1', '7.95'],
    ]);
    for (const r of mine) {
      expect(r).toHaveLength(XERO_INVOICE_COLUMNS.length);
      expect(r[col('*ContactName')]).toBe('Acme Print Buyers');
      expect(r[col('EmailAddress')]).toBe(who.email);
      expect(r[col('POAddressLine1')]).toBe('1 Print Street');
      expect(r[col('POPostalCode')]).toBe('LS1 1AA');
      expect(r[col('*InvoiceDate')]).toBe('15/01/2031');
      expect(r[col('*DueDate')]).toBe('15/01/2031');
      expect(r[col('*AccountCode')]).toBe('200');
      expect(r[col('*TaxType')]).toBe('20% (VAT on Income)');
      expect(r[col('Currency')]).toBe('GBP');
    }
    const pence = mine.reduce((sum, r) => sum + Math.round(Number(r[col('*Quantity')]) * Number(r[col('*UnitAmount')]) * 100), 0);
    expect(pence).toBe(inv.net);
  });

  it('takes the account code and tax type from the settings', async () => {
    const who = await newCustomer('Settings Test Ltd');
    const inv = await raisedInvoice(who.id, '2031-02-10', [{ qty: 100, net: 1_000 }], 0);
    await db().update(settings).set({ value: '4000' }).where(eq(settings.name, 'XERO_ACCOUNT_CODE'));
    await db().update(settings).set({ value: '20% (VAT on Income) B' }).where(eq(settings.name, 'XERO_TAX_TYPE'));
    try {
      const rows = (await xeroCsv('2031-02-10', '2031-02-10')).filter((r) => r[col('*InvoiceNumber')] === inv.number);
      // No delivery charged: no delivery row.
      expect(rows).toHaveLength(1);
      expect(rows[0][col('*AccountCode')]).toBe('4000');
      expect(rows[0][col('*TaxType')]).toBe('20% (VAT on Income) B');
    } finally {
      await db().update(settings).set({ value: '200' }).where(eq(settings.name, 'XERO_ACCOUNT_CODE'));
      await db().update(settings).set({ value: '20% (VAT on Income)' }).where(eq(settings.name, 'XERO_TAX_TYPE'));
    }
  });

  it('writes a customer’s name that looks like a formula as text', async () => {
    const who = await newCustomer('=HYPERLINK("http://evil.test","x")');
    const inv = await raisedInvoice(who.id, '2031-03-03', [{ qty: 100, net: 1_000, description: '@SUM(1+1)' }], 0);
    const res = await staff.get('/api/admin/exports/xero-invoices.csv?from=2031-03-03&to=2031-03-03');
    const [row] = parseCsv(res.body).filter((r) => r[col('*InvoiceNumber')] === inv.number);
    expect(row[col('*ContactName')]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(row[col('*Description')]).toMatch(/^'@SUM/);
  });

  it('leaves out invoices dated outside the period, and uploaded ones', async () => {
    const who = await newCustomer('Period Test Ltd');
    const before = await raisedInvoice(who.id, '2031-03-31', [{ qty: 1, net: 100 }], 0);
    const inside = await raisedInvoice(who.id, '2031-04-01', [{ qty: 1, net: 100 }], 0);
    const after = await raisedInvoice(who.id, '2031-05-01', [{ qty: 1, net: 100 }], 0);
    await db()
      .insert(invoices)
      .values({ number: `UP-${process.pid}`, userId: who.id, source: 'uploaded', date: '2031-04-15', dueDate: '2031-05-15', total: 999 });
    const numbers = (await xeroCsv('2031-04-01', '2031-04-30')).slice(1).map((r) => r[col('*InvoiceNumber')]);
    expect(numbers).toContain(inside.number);
    expect(numbers).not.toContain(before.number);
    expect(numbers).not.toContain(after.number);
    expect(numbers).not.toContain(`UP-${process.pid}`);
  });
});

describe('the VAT summary', () => {
  it('is the sum of the stored net and VAT of the invoices dated in the period, and of none outside it', async () => {
    const who = await newCustomer('VAT Test Ltd');
    const a = await raisedInvoice(who.id, '2032-01-01', [{ qty: 250, net: 2_499 }], 795);
    const b = await raisedInvoice(
      who.id,
      '2032-03-31',
      [
        { qty: 1000, net: 10_001 },
        { qty: 50, net: 333 },
      ],
      0,
    );
    await raisedInvoice(who.id, '2031-12-31', [{ qty: 1, net: 50_000 }], 0);
    await raisedInvoice(who.id, '2032-04-01', [{ qty: 1, net: 70_000 }], 0);
    const summary = await vatSummary('2032-01-01', '2032-03-31');
    expect(summary).toEqual({ from: '2032-01-01', to: '2032-03-31', invoices: 2, net_sales: a.net! + b.net!, output_vat: a.vat! + b.vat! });
    expect(await vatSummary('2033-01-01', '2033-03-31')).toEqual({ from: '2033-01-01', to: '2033-03-31', invoices: 0, net_sales: 0, output_vat: 0 });
  });
});

describe('the payments export', () => {
  it('lists the period’s payments with what each paid of which invoices', async () => {
    const who = await newCustomer('Payer Ltd');
    const inv = await raisedInvoice(who.id, '2033-06-01', [{ qty: 1, net: 1_000 }], 0);
    const [payment] = await db()
      .insert(payments)
      .values({ userId: who.id, amount: 1_500, receivedOn: '2033-06-05', method: 'bank_transfer', reference: 'BACS 42' })
      .returning();
    await db().insert(paymentAllocations).values({ paymentId: payment.id, invoiceId: inv.id, amount: 1_200 });
    await db().insert(payments).values({ userId: who.id, amount: 700, receivedOn: '2033-07-01', method: 'cheque', reference: 'outside' });
    const res = await staff.get('/api/admin/exports/payments.csv?from=2033-06-01&to=2033-06-30');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['Date', 'Customer', 'Method', 'Reference', 'Amount', 'Allocated', 'Unallocated', 'Invoices']);
    expect(rows).toEqual([['05/06/2033', 'Payer Ltd', 'Bank transfer', 'BACS 42', '15.00', '12.00', '3.00', `${inv.number} 12.00`]]);
  });
});

describe('a period asked for', () => {
  it.each(['xero-invoices.csv', 'payments.csv', 'vat-summary'])(
    '%s: this month without a period; one end alone or a bad period is 422 beside its field',
    async (path) => {
      expect((await staff.get(`/api/admin/exports/${path}`)).statusCode).toBe(200);
      const lastOnly = await staff.get(`/api/admin/exports/${path}?to=2031-03-01`);
      expect(lastOnly.statusCode).toBe(422);
      expect(lastOnly.json().errors).toEqual({ from: 'Give the first day of the period as a date, e.g. 2025-01-31' });
      const bad = await staff.get(`/api/admin/exports/${path}?from=2031-02-30&to=2031-03-01`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ from: 'Give the first day of the period as a date, e.g. 2025-01-31' });
      const backwards = await staff.get(`/api/admin/exports/${path}?from=2031-03-01&to=2031-02-01`);
      expect(backwards.statusCode).toBe(422);
      expect(Object.keys(backwards.json().errors)).toEqual(['to']);
    },
  );

  it.each(['xero-invoices.csv', 'payments.csv', 'vat-summary'])('%s: a customer gets 403, a visitor 401', async (path) => {
    const { client } = await newCustomer('Nosy Ltd');
    expect((await client.get(`/api/admin/exports/${path}?from=2031-01-01&to=2031-01-31`)).statusCode).toBe(403);
    expect((await new ApiClient(t.app).get(`/api/admin/exports/${path}?from=2031-01-01&to=2031-01-31`)).statusCode).toBe(401);
  });
});
