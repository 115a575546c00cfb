import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import type { AgedDebtRow, StatementAnswer } from '../../../shared/api/statements';
import type { CivilDate } from '../../../shared/domain/calendar/workingDays';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { AGED_DEBT_BUCKETS, AGED_DEBT_LABELS, agedDebtOf, statementOf, type StatementEntry } from '../../../shared/domain/payments/statement';
import { PAYMENT_METHOD_LABELS } from '../../../shared/api/staff-payments';
import { toCsv } from '../../../shared/domain/csv';
import type { Db } from '../../db/client';
import { invoices, paymentAllocations, paymentRefunds, payments, users } from '../../db/schema';
import { invoicePaid } from '../invoices/service';
import { currentHold } from './credit';
import type { PaymentMethod } from '../../../shared/domain/payments/terms';

/*
 * Statements and aged debt (DESIGN §2 "Payment terms, payments and credit control"), read from the
 * invoices, payments and refunds as they stand; the arithmetic is the shared rule
 * (shared/domain/payments/statement.ts), so the customer's page and the staff report agree.
 */

/** The sorts of the staff report: its columns of money, and who. */
export const AGED_DEBT_SORTS = ['id', 'name', 'company', 'total', 'credit', ...AGED_DEBT_BUCKETS] as const;
export type AgedDebtSort = (typeof AGED_DEBT_SORTS)[number];

/** The invoices still owing, with their balance and due date; of one customer or of all. */
async function owingInvoices(db: Db, userId?: number) {
  const rows = await db
    .select({ userId: invoices.userId, dueDate: invoices.dueDate, total: invoices.total, paid: invoicePaid })
    .from(invoices)
    .where(and(userId === undefined ? undefined : eq(invoices.userId, userId), sql`${invoices.total} > ${invoicePaid}`));
  return rows.map((r) => ({ userId: r.userId, due_date: r.dueDate, balance: r.total - r.paid }));
}

/** Pence per customer: payments, less what they refunded and what is allocated to invoices. */
async function creditByCustomer(db: Db, userIds?: number[]): Promise<Map<number, number>> {
  const only = userIds ? inArray(payments.userId, userIds) : undefined;
  const [received, refunded, allocated] = await Promise.all([
    db
      .select({ userId: payments.userId, amount: sum(payments.amount).mapWith(Number) })
      .from(payments)
      .where(only)
      .groupBy(payments.userId),
    db
      .select({ userId: payments.userId, amount: sum(paymentRefunds.amount).mapWith(Number) })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(only)
      .groupBy(payments.userId),
    db
      .select({ userId: payments.userId, amount: sum(paymentAllocations.amount).mapWith(Number) })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(only)
      .groupBy(payments.userId),
  ]);
  const credit = new Map<number, number>();
  const add = (rows: { userId: number; amount: number }[], sign: number) => {
    for (const r of rows) credit.set(r.userId, (credit.get(r.userId) ?? 0) + sign * r.amount);
  };
  add(received, 1);
  add(refunded, -1);
  add(allocated, -1);
  return credit;
}

export function statementsService({ db }: { db: Db }) {
  return {
    /** The customer's statement of `from`–`to`, and what they owe today by age. Theirs only: every query is by their id. */
    async statement(userId: number, from: CivilDate, to: CivilDate, today: CivilDate = ukToday()): Promise<StatementAnswer> {
      const [invoiceRows, paymentRows, refundRows, owing] = await Promise.all([
        db.select({ date: invoices.date, number: invoices.number, total: invoices.total }).from(invoices).where(eq(invoices.userId, userId)),
        db
          .select({ date: payments.receivedOn, method: payments.method, reference: payments.reference, amount: payments.amount })
          .from(payments)
          .where(eq(payments.userId, userId)),
        db
          .select({ at: paymentRefunds.createdAt, reference: paymentRefunds.reference, amount: paymentRefunds.amount })
          .from(paymentRefunds)
          .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
          .where(eq(payments.userId, userId)),
        owingInvoices(db, userId),
      ]);
      const entries: StatementEntry[] = [
        ...invoiceRows.map((r): StatementEntry => ({ kind: 'invoice', date: r.date, reference: r.number, amount: r.total })),
        ...paymentRows.map((r): StatementEntry => ({
          kind: 'payment',
          date: r.date,
          reference: [PAYMENT_METHOD_LABELS[r.method as PaymentMethod] ?? r.method, r.reference].filter(Boolean).join(' '),
          amount: r.amount,
        })),
        // A refund is dated the UK day it was made.
        ...refundRows.map((r): StatementEntry => ({ kind: 'refund', date: ukToday(r.at), reference: `Refund ${r.reference}`, amount: r.amount })),
      ];
      return { ...statementOf(entries, from, to), aged_on: today, aged_debt: agedDebtOf(owing, today) };
    },

    /** Every customer who owes on an invoice or holds credit: what they owe by age, today. */
    async agedDebt(today: CivilDate = ukToday()): Promise<AgedDebtRow[]> {
      const [owing, credit] = await Promise.all([owingInvoices(db), creditByCustomer(db)]);
      const ids = new Set([...owing.map((o) => o.userId), ...[...credit].filter(([, amount]) => amount > 0).map(([id]) => id)]);
      if (!ids.size) return [];
      const customers = await db
        .select({
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          company: users.companyName,
          email: users.email,
          terms: users.paymentTerms,
        })
        .from(users)
        .where(inArray(users.id, [...ids]));
      // Credit control holds only orders on account: the same rule and position as a confirmation meets.
      const holds = new Map(
        await Promise.all(customers.filter((c) => c.terms === 'account').map(async (c) => [c.id, (await currentHold(db, c.id)).reason] as const)),
      );
      return customers.map((c) => ({
        id: c.id,
        name: `${c.firstname} ${c.lastname}`.trim(),
        company: c.company,
        email: c.email,
        ...agedDebtOf(
          owing.filter((o) => o.userId === c.id),
          today,
        ),
        credit: Math.max(0, credit.get(c.id) ?? 0),
        on_hold_reason: holds.get(c.id) ?? null,
      }));
    },
  };
}

export type StatementsService = ReturnType<typeof statementsService>;

/** The aged-debt report as a spreadsheet: pounds with pence, one row per customer. */
export function agedDebtCsv(rows: readonly AgedDebtRow[]): string {
  const pounds = (pence: number) => (pence / 100).toFixed(2);
  return toCsv(
    [
      ['Customer', 'Company', 'E-mail', ...AGED_DEBT_BUCKETS.map((b) => AGED_DEBT_LABELS[b]), 'Total owed', 'Credit', 'On hold'],
      ...rows.map((r) => [
        r.name,
        r.company,
        r.email,
        ...AGED_DEBT_BUCKETS.map((b) => pounds(r[b])),
        pounds(r.total),
        pounds(r.credit),
        r.on_hold_reason ?? '',
      ]),
    ],
    { bom: true },
  );
}
