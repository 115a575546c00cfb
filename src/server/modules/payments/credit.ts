import { and, eq, sql } from 'drizzle-orm';
import type { StaffCredit } from '../../../shared/api/staff-orders';
import { creditHoldOverdueDays, creditHoldReason, type CreditPosition } from '../../../shared/domain/payments/credit-hold';
import { ukToday } from '../../../shared/domain/orders/overdue';
import type { Db } from '../../db/client';
import { companies, orders, settings, users } from '../../db/schema';
import { notFound } from '../../lib/domain-errors';

/**
 * A customer's credit position (DESIGN §2 "Payment terms, payments and credit control") read in one
 * statement, in the caller's transaction. Terms and credit are the company's, so it is the position of
 * the account's whole company (every member's invoices, orders and payments): what its invoices still owe, plus the orders confirmed
 * and not yet invoiced (confirmed one by one, orders within the limit each would pass it together),
 * less what their payments hold unallocated (less refunds: a card-paid order's payment waits here for
 * its invoice, and so nets out its order), and the oldest owing invoice's due date.
 */
export async function creditPosition(db: Db, userId: number, today = ukToday()): Promise<CreditPosition> {
  const result = await db.execute(sql`
    with company as (
      select ${users.companyId} as id from ${users} where ${users.id} = ${userId}
    ), owing as (
      select i.due_date, i.total - coalesce((select sum(a.amount) from payment_allocations a where a.invoice_id = i.id), 0) as balance
      from invoices i where i.company_id = (select id from company)
    ), credit as (
      select p.amount
        - coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = p.id), 0)
        - coalesce((select sum(r.amount) from payment_refunds r where r.payment_id = p.id), 0) as unallocated
      from payments p where p.company_id = (select id from company)
    )
    select
      (select ${companies.creditLimit} from ${companies} where ${companies.id} = (select id from company)) as credit_limit,
      coalesce((select sum(balance) from owing where balance > 0), 0)
        + coalesce((select sum(${orders.total}) from ${orders} where ${orders.companyId} = (select id from company) and ${orders.status} in ('live', 'printing', 'problem')), 0) as owing,
      coalesce((select sum(unallocated) from credit where unallocated > 0), 0) as credit,
      (select min(due_date)::text from owing where balance > 0) as oldest_due,
      (select ${settings.value} from ${settings} where ${settings.name} = 'CREDIT_HOLD_OVERDUE_DAYS') as overdue_days`);
  const row = (
    result as unknown as {
      rows: Array<{
        credit_limit: number | string | null;
        owing: string | number;
        credit: string | number;
        oldest_due: string | null;
        overdue_days: string | null;
      }>;
    }
  ).rows[0];
  return {
    creditLimit: row.credit_limit === null ? null : Number(row.credit_limit),
    balance: Number(row.owing) - Number(row.credit),
    oldestUnpaidDue: row.oldest_due,
    overdueDays: creditHoldOverdueDays(row.overdue_days ?? undefined),
    today,
  };
}

/** Why the customer's orders on account are held just now (no order counted), or null. */
export async function currentHold(db: Db, userId: number): Promise<{ position: CreditPosition; reason: string | null }> {
  const position = await creditPosition(db, userId);
  return { position, reason: creditHoldReason(position, 0) };
}

/** What staff see on the customer's page: balance, limit, why they are held, and their baskets (to release one). */
export async function staffCredit(db: Db, userId: number): Promise<StaffCredit> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(`No such user: ${userId}.`);
  const { position, reason } = await currentHold(db, userId);
  const baskets = await db
    .select({ id: orders.id, version: orders.version, releasedAt: orders.creditReleasedAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'basket')))
    .orderBy(orders.id);
  return {
    balance: position.balance,
    credit_limit: position.creditLimit,
    on_hold_reason: reason,
    baskets: baskets.map((b) => ({ id: b.id, version: b.version, credit_released_at: b.releasedAt?.toISOString() ?? null })),
  };
}
