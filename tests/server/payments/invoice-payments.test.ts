import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, paymentAllocations, payments, companies } from '../../../src/server/db/schema';
import { companyOfUser } from '../helpers/companies';
import type { InvoiceList, StaffInvoice } from '../../../src/shared/api/invoices';
import type { StaffPayment } from '../../../src/shared/api/staff-payments';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import type { Order } from '../../../src/shared/api/orders';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { addCalendarDays } from '../../../src/shared/domain/payments/invoice-state';
import type { TestApp } from '../helpers/app';
import type { ApiClient } from '../helpers/client';
import { confirmedOrder, ok, orderingApp, type Catalogue } from '../orders/helpers';
import { pdfText } from '../helpers/pdf-text';

/*
 * Invoices' due dates and states from their payments: an invoice raised on dispatch is due after
 * the customer's credit days, and one for an order paid by card is due on its date and paid at once.
 */

let t: TestApp;
let staff: ApiClient;
let shopper: ApiClient;
let cat: Catalogue;
let deliveryTypeId: number;

beforeAll(async () => {
  const app = await orderingApp();
  ({ t, staff, cat, shopper } = app);
  deliveryTypeId = app.del.first.id;
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const readOrder = async (id: number) => ok<StaffOrder>(await staff.get(`/api/admin/orders/${id}`));

/** The order confirmed, moved to Processing and dispatched: its invoice raised. */
async function dispatched(order: Order) {
  ok(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'printing', version: (await readOrder(order.id)).version }));
  ok(
    await staff.post(`/api/admin/orders/${order.id}/status`, {
      status: 'dispatched',
      tracking_number: 'AB123456785GB',
      version: (await readOrder(order.id)).version,
    }),
  );
  return (await db().select().from(invoices).where(eq(invoices.orderId, order.id)))[0];
}

const ownerOf = async (order: Order) => (await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, order.id)))[0].userId;
const customerInvoice = async (id: number) => ok<InvoiceList>(await shopper.get('/api/invoices?per_page=100')).data.find((i) => i.id === id)!;

describe('an invoice raised on dispatch', () => {
  it('is due after the customer’s credit days, and unpaid with its whole total left', async () => {
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    await db()
      .update(companies)
      .set({ creditDays: 14 })
      .where(companyOfUser(await ownerOf(order)));
    const row = await dispatched(order);
    expect(row.dueDate).toBe(addCalendarDays(ukToday(), 14));
    expect(await customerInvoice(row.id)).toMatchObject({ due_date: row.dueDate, paid: 0, balance: row.total, state: 'unpaid' });
  }, 60_000);

  it('for an order paid by card is due on its date and paid at once: the card payment allocated in the raising', async () => {
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    // As the payment provider's webhook leaves a card-paid order (its own tests drive that part).
    const [payment] = await db()
      .insert(payments)
      .values({ userId: await ownerOf(order), amount: order.total!, receivedOn: ukToday(), method: 'card', reference: `pi_${order.id}`, orderId: order.id })
      .returning();
    await db().update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));
    const row = await dispatched(order);
    expect(row.dueDate).toBe(row.date);
    expect(await db().select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, payment.id))).toMatchObject([
      { invoiceId: row.id, amount: row.total },
    ]);
    expect(await customerInvoice(row.id)).toMatchObject({ paid: row.total, balance: 0, state: 'paid' });
  }, 60_000);
});

/** The invoice's PDF as its customer downloads it, once the jobs (its drawing) have run: its text on one line. */
async function pdfOf(id: number) {
  await t.app.deps.jobs.drain();
  const res = await shopper.get(`/api/invoices/${id}/pdf`);
  expect(res.statusCode).toBe(200);
  return (await pdfText(res.rawPayload)).join('\n').replace(/\s+/g, ' ');
}

const fullDate = (civil: string) =>
  new Date(`${civil}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('the invoice PDF', () => {
  it('shows the due date, the terms and the bank details (a setting staff edit); drawn again with PAID once a payment pays it', async () => {
    const setting = ok<{ id: number; version: number }[]>(
      await staff.get(`/api/admin/settings?filter=${encodeURIComponent(JSON.stringify({ q: 'BANK_DETAILS' }))}`),
    )[0];
    ok(await staff.put(`/api/admin/settings/${setting.id}`, { value: 'Demo Bank plc · Sort code 11-22-33 · Account 87654321', version: setting.version }));
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    await db()
      .update(companies)
      .set({ creditDays: 30 })
      .where(companyOfUser(await ownerOf(order)));
    const row = await dispatched(order);
    const unpaid = await pdfOf(row.id);
    expect(unpaid).toContain(`Due date ${fullDate(row.dueDate)}`);
    expect(unpaid).toContain('Payment due within 30 days');
    expect(unpaid).toContain('Demo Bank plc · Sort code 11-22-33 · Account 87654321');
    expect(unpaid).not.toContain('PAID');

    const payment = ok<StaffPayment>(
      await staff.post('/api/admin/payments', {
        user_id: await ownerOf(order),
        amount: row.total,
        received_on: ukToday(),
        method: 'bank_transfer',
        allocations: [{ invoice_id: row.id, amount: row.total }],
      }),
      201,
    );
    expect(payment.unallocated).toBe(0);
    const paid = await pdfOf(row.id);
    expect(paid).toContain('PAID');
    expect(paid).toContain('Paid in full');
    expect(paid).toContain(`Due date ${fullDate(row.dueDate)}`);
    expect(ok<StaffInvoice>(await staff.get(`/api/admin/invoices/${row.id}`))).toMatchObject({ state: 'paid', paid: row.total, balance: 0 });
  }, 60_000);

  it('of an order paid by card says so, and is PAID from the start', async () => {
    const order = await confirmedOrder(t, shopper, cat, deliveryTypeId);
    await db()
      .insert(payments)
      .values({
        userId: await ownerOf(order),
        amount: order.total!,
        receivedOn: ukToday(),
        method: 'card',
        reference: `pi_pdf_${order.id}`,
        orderId: order.id,
      });
    await db().update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));
    const row = await dispatched(order);
    const text = await pdfOf(row.id);
    expect(text).toContain('Paid by card');
    expect(text).toContain('PAID');
  }, 60_000);
});
