import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentAllocations, payments, users } from '../../../src/server/db/schema';
import type { InvoiceList } from '../../../src/shared/api/invoices';
import type { StaffPayment } from '../../../src/shared/api/staff-payments';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { addCalendarDays } from '../../../src/shared/domain/payments/invoice-state';
import { createTestApp, type TestApp } from '../helpers/app';
import { ok, staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';

/*
 * Payments staff record (the `payments` resource): allocated to the invoices named, or to the
 * customer's owing invoices oldest due first, the rest left as credit; every bad allocation a 422
 * beside its field with nothing saved.
 */

let t: TestApp;
let staff: ApiClient;
let invoiceCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

/** A new customer: their client and id. */
async function newCustomer() {
  const client = new ApiClient(t.app);
  const { email } = await registerAs(client);
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, String(email)));
  return { client, id: row.id };
}

/** An invoice of the customer's, dated `daysAgo` days ago and due 30 days after. */
async function invoiceOf(userId: number, total: number, daysAgo: number) {
  const date = addCalendarDays(ukToday(), -daysAgo);
  const [row] = await db()
    .insert(invoices)
    .values({ number: `TEST-${process.pid}-${++invoiceCounter}`, userId, source: 'uploaded', date, dueDate: addCalendarDays(date, 30), total })
    .returning();
  return row;
}

const record = (body: object) => staff.post('/api/admin/payments', body);
const paymentBody = (userId: number, amount: number, extra: object = {}) => ({
  user_id: userId,
  amount,
  received_on: ukToday(),
  method: 'bank_transfer',
  reference: 'BACS 1234',
  ...extra,
});
const invoicesOf = async (client: ApiClient, query = '') => ok<InvoiceList>(await client.get(`/api/invoices?per_page=100${query}`)).data;
const savedPayments = async (userId: number) => (await db().select({ n: count() }).from(payments).where(eq(payments.userId, userId)))[0].n;

describe('a payment staff record', () => {
  it('pays the oldest due invoices first without allocations: one in full, the next in part', async () => {
    const { client, id } = await newCustomer();
    const newer = await invoiceOf(id, 5_000, 10);
    const older = await invoiceOf(id, 3_000, 40);
    const payment = ok<StaffPayment>(await record(paymentBody(id, 4_000)), 201);
    expect(payment).toMatchObject({ user_id: id, amount: 4_000, method: 'bank_transfer', reference: 'BACS 1234', allocated: 4_000, unallocated: 0 });
    expect(payment.allocations).toEqual([
      { invoice_id: older.id, invoice_number: older.number, amount: 3_000 },
      { invoice_id: newer.id, invoice_number: newer.number, amount: 1_000 },
    ]);
    const seen = await invoicesOf(client);
    // The older one was overdue (due 10 days ago) until paid.
    expect(seen.find((i) => i.id === older.id)).toMatchObject({ paid: 3_000, balance: 0, state: 'paid' });
    expect(seen.find((i) => i.id === newer.id)).toMatchObject({ paid: 1_000, balance: 4_000, state: 'part_paid' });
    expect((await invoicesOf(client, '&unpaid=1')).map((i) => i.id)).toEqual([newer.id]);
  });

  it('leaves what no owing invoice takes unallocated, as the customer’s credit; staff list it so', async () => {
    const { id } = await newCustomer();
    const only = await invoiceOf(id, 2_500, 5);
    const payment = ok<StaffPayment>(await record(paymentBody(id, 10_000, { method: 'cheque', reference: '000123' })), 201);
    expect(payment).toMatchObject({ allocated: 2_500, unallocated: 7_500, allocations: [{ invoice_id: only.id, amount: 2_500 }] });
    const listed = await staff.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ user_id: id }))}`);
    expect(ok<StaffPayment[]>(listed)).toMatchObject([{ id: payment.id, allocated: 2_500, unallocated: 7_500 }]);
    // A second payment with nothing owing is all credit (an empty list of allocations is the automatic one).
    expect(ok<StaffPayment>(await record(paymentBody(id, 500, { allocations: [] })), 201)).toMatchObject({ allocations: [], allocated: 0, unallocated: 500 });
  });

  it('pays a trade customer’s invoices too; an empty list of allocations pays the oldest first', async () => {
    const { id } = await newCustomer();
    await db().update(users).set({ role: 'trade' }).where(eq(users.id, id));
    const only = await invoiceOf(id, 1_200, 3);
    expect(ok<StaffPayment>(await record(paymentBody(id, 1_200, { allocations: [] })), 201)).toMatchObject({
      allocations: [{ invoice_id: only.id, amount: 1_200 }],
      unallocated: 0,
    });
  });

  it('allocates as staff say: part payments of chosen invoices, the rest credit', async () => {
    const { client, id } = await newCustomer();
    const a = await invoiceOf(id, 6_000, 50);
    const b = await invoiceOf(id, 4_000, 1);
    const payment = ok<StaffPayment>(await record(paymentBody(id, 5_000, { allocations: [{ invoice_id: b.id, amount: 4_000 }] })), 201);
    expect(payment).toMatchObject({ allocated: 4_000, unallocated: 1_000, allocations: [{ invoice_id: b.id, amount: 4_000 }] });
    const seen = await invoicesOf(client);
    expect(seen.find((i) => i.id === a.id)).toMatchObject({ paid: 0, balance: 6_000, state: 'overdue' });
    expect(seen.find((i) => i.id === b.id)).toMatchObject({ state: 'paid', balance: 0 });
  });

  describe('refuses bad input with a 422 beside the field, saving nothing', () => {
    it('an allocation to another customer’s invoice', async () => {
      const { id } = await newCustomer();
      const other = await newCustomer();
      const theirs = await invoiceOf(other.id, 1_000, 1);
      const res = await record(paymentBody(id, 1_000, { allocations: [{ invoice_id: theirs.id, amount: 1_000 }] }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'allocations.0.invoice_id': 'Not an invoice of this customer' });
      expect(await savedPayments(id)).toBe(0);
      expect(await db().select().from(paymentAllocations).where(eq(paymentAllocations.invoiceId, theirs.id))).toEqual([]);
    });

    it('allocations adding up to more than the payment', async () => {
      const { id } = await newCustomer();
      const a = await invoiceOf(id, 3_000, 1);
      const b = await invoiceOf(id, 3_000, 2);
      const res = await record(
        paymentBody(id, 4_000, {
          allocations: [
            { invoice_id: a.id, amount: 3_000 },
            { invoice_id: b.id, amount: 2_000 },
          ],
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.amount).toMatch(/add up to £50\.00, more than the payment of £40\.00/);
      expect(await savedPayments(id)).toBe(0);
    });

    it('an allocation over what an invoice has left to pay', async () => {
      const { id } = await newCustomer();
      const a = await invoiceOf(id, 3_000, 1);
      ok(await record(paymentBody(id, 1_000)), 201);
      const res = await record(paymentBody(id, 5_000, { allocations: [{ invoice_id: a.id, amount: 2_500 }] }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['allocations.0.amount']).toMatch(/More than invoice .* has left to pay \(£20\.00\)/);
      expect(await savedPayments(id)).toBe(1);
    });

    it('zero or negative amounts, a date in the future, a bad method or customer', async () => {
      const { id } = await newCustomer();
      const a = await invoiceOf(id, 3_000, 1);
      for (const amount of [0, -100, 12.5, '']) {
        const res = await record(paymentBody(id, amount as number));
        expect(res.statusCode, String(amount)).toBe(422);
        expect(res.json().errors.amount).toBeTruthy();
      }
      const zeroPart = await record(paymentBody(id, 1_000, { allocations: [{ invoice_id: a.id, amount: 0 }] }));
      expect(zeroPart.statusCode).toBe(422);
      expect(zeroPart.json().errors['allocations.0.amount']).toBeTruthy();
      const negativePart = await record(paymentBody(id, 1_000, { allocations: [{ invoice_id: a.id, amount: -5 }] }));
      expect(negativePart.statusCode).toBe(422);
      const future = await record(paymentBody(id, 1_000, { received_on: addCalendarDays(ukToday(), 1) }));
      expect(future.statusCode).toBe(422);
      expect(future.json().errors).toEqual({ received_on: 'The date received cannot be in the future' });
      const method = await record(paymentBody(id, 1_000, { method: 'bitcoin' }));
      expect(method.statusCode).toBe(422);
      expect(method.json().errors.method).toBeTruthy();
      const nobody = await record(paymentBody(2_000_000_000, 1_000));
      expect(nobody.statusCode).toBe(422);
      expect(nobody.json().errors).toEqual({ user_id: 'No such customer' });
      expect(await savedPayments(id)).toBe(0);
    });

    it('customers may not record payments', async () => {
      const { client, id } = await newCustomer();
      const res = await client.post('/api/admin/payments', paymentBody(id, 1_000));
      expect([401, 403]).toContain(res.statusCode);
      expect(await savedPayments(id)).toBe(0);
    });
  });
});
