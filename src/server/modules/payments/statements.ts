import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import type { AgedDebtRow, StatementAnswer } from '../../../shared/api/statements';
import type { CivilDate } from '../../../shared/domain/calendar/workingDays';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { AGED_DEBT_BUCKETS, AGED_DEBT_LABELS, agedDebtOf, statementOf, type StatementEntry } from '../../../shared/domain/payments/statement';
import { PAYMENT_METHOD_LABELS } from '../../../shared/api/staff-payments';
import { toCsv } from '../../../shared/domain/csv';
import type { Db } from '../../db/client';
import { companies, invoices, paymentAllocations, paymentRefunds, payments, users } from '../../db/schema';
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

/** The invoices still owing, with their balance and due date; of one company or of all. */
async function owingInvoices(db: Db, companyId?: number) {
  const rows = await db
    .select({ companyId: invoices.companyId, dueDate: invoices.dueDate, total: invoices.total, paid: invoicePaid })
    .from(invoices)
    .where(and(companyId === undefined ? undefined : eq(invoices.companyId, companyId), sql`${invoices.total} > ${invoicePaid}`));
  return rows.map((r) => ({ companyId: r.companyId, due_date: r.dueDate, balance: r.total - r.paid }));
}

/** Pence per company: payments, less what they refunded and what is allocated to invoices. */
async function creditByCompany(db: Db): Promise<Map<number, number>> {
  const [received, refunded, allocated] = await Promise.all([
    db
      .select({ companyId: payments.companyId, amount: sum(payments.amount).mapWith(Number) })
      .from(payments)
      .groupBy(payments.companyId),
    db
      .select({ companyId: payments.companyId, amount: sum(paymentRefunds.amount).mapWith(Number) })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .groupBy(payments.companyId),
    db
      .select({ companyId: payments.companyId, amount: sum(paymentAllocations.amount).mapWith(Number) })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .groupBy(payments.companyId),
  ]);
  const credit = new Map<number, number>();
  const add = (rows: { companyId: number; amount: number }[], sign: number) => {
    for (const r of rows) credit.set(r.companyId, (credit.get(r.companyId) ?? 0) + sign * r.amount);
  };
  add(received, 1);
  add(refunded, -1);
  add(allocated, -1);
  return credit;
}

export function statementsService({ db }: { db: Db }) {
  return {
    /**
     * The statement of `from`–`to` of the customer's company (its terms and credit are the company's,
     * so every member's invoices and payments are on it), and what it owes today by age. The
     * company's only: every query is by the company of the account.
     */
    async statement(userId: number, from: CivilDate, to: CivilDate, today: CivilDate = ukToday()): Promise<StatementAnswer> {
      const [account] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
      const companyId = account.companyId;
      const [invoiceRows, paymentRows, refundRows, owing] = await Promise.all([
        db.select({ date: invoices.date, number: invoices.number, total: invoices.total }).from(invoices).where(eq(invoices.companyId, companyId)),
        db
          .select({ date: payments.receivedOn, method: payments.method, reference: payments.reference, amount: payments.amount })
          .from(payments)
          .where(eq(payments.companyId, companyId)),
        db
          .select({ at: paymentRefunds.createdAt, reference: paymentRefunds.reference, amount: paymentRefunds.amount })
          .from(paymentRefunds)
          .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
          .where(eq(payments.companyId, companyId)),
        owingInvoices(db, companyId),
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

    /**
     * Every customer company that owes on an invoice or holds credit: what it owes by age, today. A
     * company's row is shown as its first owner (the account staff open; the one its invoices went to
     * before it had colleagues).
     */
    async agedDebt(today: CivilDate = ukToday()): Promise<AgedDebtRow[]> {
      const [owing, credit] = await Promise.all([owingInvoices(db), creditByCompany(db)]);
      const ids = new Set([...owing.map((o) => o.companyId), ...[...credit].filter(([, amount]) => amount > 0).map(([id]) => id)]);
      if (!ids.size) return [];
      const customers = await db
        .selectDistinctOn([users.companyId], {
          id: users.id,
          companyId: users.companyId,
          firstname: users.firstname,
          lastname: users.lastname,
          company: companies.name,
          email: users.email,
          terms: companies.paymentTerms,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(inArray(users.companyId, [...ids]))
        .orderBy(users.companyId, sql`${users.deletedAt} is null desc`, sql`${users.companyRole} = 'owner' desc`, users.id);
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
          owing.filter((o) => o.companyId === c.companyId),
          today,
        ),
        credit: Math.max(0, credit.get(c.companyId) ?? 0),
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
