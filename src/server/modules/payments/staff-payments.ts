import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StaffPayment, staffPaymentCreateSchema } from '../../../shared/api/staff-payments';
import type { z } from 'zod';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { allocateOldestFirst } from '../../../shared/domain/payments/allocation';
import type { PaymentMethod } from '../../../shared/domain/payments/terms';
import { formatPence } from '../../../shared/domain/pricing';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { invoices, paymentAllocations, payments, users, type PaymentRow, type UserRow } from '../../db/schema';
import { customerNameOf } from '../companies/billing';
import { unprocessable } from '../../lib/domain-errors';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { invoicePaid } from '../invoices/service';
import { retryHeldTradeOrders } from '../trade-api/held-orders';

export interface StaffPaymentsDeps {
  db: Db;
  /** Called in the payment's transaction with the invoices it paid: their PDFs are drawn again (PAID). */
  invoicesPaid: (tx: Db, invoiceIds: number[]) => Promise<void>;
}

/** The accounts that order and are invoiced (staff accounts and accounts awaiting approval do not). */
const PAYING_ROLES = ['user', 'trade'];

type PaymentListRow = PaymentRow & { customer: string; allocated: number };

/**
 * Payments as staff record and see them (DESIGN §2 "Payment terms, payments and credit control",
 * §3 `payments`): a payment received with what it pays — the invoices staff name, or the customer's
 * owing invoices oldest due first — in one transaction; what it does not pay is the customer's credit.
 */
export function staffPaymentsService({ db, invoicesPaid }: StaffPaymentsDeps) {
  const columns = {
    id: payments.id,
    userId: payments.userId,
    companyId: payments.companyId,
    amount: payments.amount,
    receivedOn: payments.receivedOn,
    method: payments.method,
    reference: payments.reference,
    orderId: payments.orderId,
    checkoutSessionId: payments.checkoutSessionId,
    recordedBy: payments.recordedBy,
    createdAt: payments.createdAt,
    customer: customerNameOf(payments.userId),
    allocated:
      sql<number>`(select coalesce(sum(${qualified(paymentAllocations.amount)}), 0) from ${paymentAllocations} where ${qualified(paymentAllocations.paymentId)} = ${qualified(payments.id)})`.mapWith(
        Number,
      ),
  };

  /** A page of payments with their allocations (one more query for the page). */
  async function present(rows: PaymentListRow[]): Promise<StaffPayment[]> {
    const ids = rows.map((r) => r.id);
    const parts = ids.length
      ? await db
          .select({
            paymentId: paymentAllocations.paymentId,
            invoiceId: paymentAllocations.invoiceId,
            number: invoices.number,
            amount: paymentAllocations.amount,
          })
          .from(paymentAllocations)
          .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
          .where(inArray(paymentAllocations.paymentId, ids))
          .orderBy(asc(paymentAllocations.id))
      : [];
    return rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      customer: r.customer,
      amount: r.amount,
      received_on: r.receivedOn,
      method: r.method as PaymentMethod,
      reference: r.reference,
      order_id: r.orderId,
      allocations: parts.filter((p) => p.paymentId === r.id).map((p) => ({ invoice_id: p.invoiceId, invoice_number: p.number, amount: p.amount })),
      allocated: r.allocated,
      unallocated: r.amount - r.allocated,
      recorded_by: r.recordedBy,
      created_at: r.createdAt.toISOString(),
    }));
  }

  const list: ListSpec<StaffPayment, PaymentListRow> = {
    table: payments,
    select: columns,
    present,
    fields: fieldsOf(payments, {
      id: 'int',
      user_id: 'int',
      order_id: 'int',
      method: { type: 'enum', values: ['card', 'bank_transfer', 'cheque', 'other'] },
      received_on: 'date',
      amount: 'int',
    }),
    searchText: sql`lower(${payments.reference})`,
    sortable: ['id', 'received_on', 'amount'],
    defaultSort: ['id', 'DESC'],
    id: payments.id,
  };

  async function get(id: number): Promise<StaffPayment | null> {
    const rows = await db.select(columns).from(payments).where(eq(payments.id, id));
    return rows.length ? (await present(rows))[0] : null;
  }

  /** The customer's invoices still owing, oldest due first, with what each has left to pay. */
  async function owingOf(tx: Db, userId: number) {
    const rows = await tx
      .select({ id: invoices.id, number: invoices.number, total: invoices.total, paid: invoicePaid })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), sql`${invoices.total} > ${invoicePaid}`))
      .orderBy(asc(invoices.dueDate), asc(invoices.date), asc(invoices.id));
    return rows.map((r) => ({ id: r.id, number: r.number, balance: r.total - r.paid }));
  }

  return {
    list,
    get,

    /**
     * Records a payment and what it pays, all or nothing. Staff's allocations are checked against the
     * customer's own invoices and their balances, and together may not pass the payment; without them
     * the payment pays the owing invoices oldest due first. Payments of one customer are made one at
     * a time (the customer's row is locked), so two never pay the same balance twice.
     */
    async create(input: z.output<typeof staffPaymentCreateSchema>, staff: UserRow): Promise<StaffPayment> {
      if (input.received_on > ukToday()) throw unprocessable({ received_on: 'The date received cannot be in the future' });
      // An empty list (a form whose allocations were left empty) asks for the automatic allocation too.
      const given = input.allocations?.length ? input.allocations : null;
      if (given) {
        const errors: Record<string, string> = {};
        const seen = new Set<number>();
        given.forEach((a, i) => {
          if (seen.has(a.invoice_id)) errors[`allocations.${i}.invoice_id`] = 'This invoice is allocated to twice: give it once';
          seen.add(a.invoice_id);
        });
        const sum = given.reduce((s, a) => s + a.amount, 0);
        if (sum > input.amount)
          errors.amount = `The allocations add up to ${formatPence(sum)}, more than the payment of ${formatPence(input.amount)}: allocate no more than was received`;
        if (Object.keys(errors).length) throw unprocessable(errors);
      }
      const id = await db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(and(eq(users.id, input.user_id), sql`${users.deletedAt} is null`))
          .for('update');
        if (!owner || !PAYING_ROLES.includes(owner.role)) throw unprocessable({ user_id: 'No such customer' });
        const owing = await owingOf(tx, owner.id);
        let allocations: { invoice_id: number; amount: number }[];
        if (given) {
          const byId = new Map(owing.map((o) => [o.id, o]));
          const errors: Record<string, string> = {};
          const theirs = new Set(
            given.length
              ? (
                  await tx
                    .select({ id: invoices.id })
                    .from(invoices)
                    .where(
                      and(
                        eq(invoices.userId, owner.id),
                        inArray(
                          invoices.id,
                          given.map((a) => a.invoice_id),
                        ),
                      ),
                    )
                ).map((r) => r.id)
              : [],
          );
          given.forEach((a, i) => {
            const invoice = byId.get(a.invoice_id);
            if (!theirs.has(a.invoice_id)) errors[`allocations.${i}.invoice_id`] = 'Not an invoice of this customer';
            else if (!invoice) errors[`allocations.${i}.amount`] = 'This invoice is paid already';
            else if (a.amount > invoice.balance)
              errors[`allocations.${i}.amount`] = `More than invoice ${invoice.number} has left to pay (${formatPence(invoice.balance)})`;
          });
          if (Object.keys(errors).length) throw unprocessable(errors);
          allocations = given;
        } else {
          allocations = allocateOldestFirst(input.amount, owing).allocations;
        }
        const [row] = await tx
          .insert(payments)
          .values({
            userId: owner.id,
            amount: input.amount,
            receivedOn: input.received_on,
            method: input.method,
            reference: input.reference,
            recordedBy: staff.id,
          })
          .returning({ id: payments.id });
        if (allocations.length)
          await tx.insert(paymentAllocations).values(allocations.map((a) => ({ paymentId: row.id, invoiceId: a.invoice_id, amount: a.amount })));
        await invoicesPaid(
          tx,
          allocations.map((a) => a.invoice_id),
        );
        // A payment may lift the account's credit hold: its held trade API orders try to confirm again now.
        await retryHeldTradeOrders(tx, { userId: owner.id });
        return row.id;
      });
      return (await get(id))!;
    },

    /** The customer's invoices still owing, oldest due first: what staff allocate a payment to. */
    async owing(userId: number) {
      return owingOf(db, userId);
    },
  };
}

export type StaffPaymentsService = ReturnType<typeof staffPaymentsService>;
