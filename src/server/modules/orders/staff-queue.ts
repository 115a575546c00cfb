import { and, count, eq, inArray, lt, ne, not, or, sql } from 'drizzle-orm';
import type { StaffOrderCounts, StaffOrderSummary } from '../../../shared/api/staff-orders';
import { isOverdue, OPEN_ORDER_STATUSES, ukToday } from '../../../shared/domain/orders/overdue';
import { CONFIRMED_ORDER_STATUSES, type ConfirmedOrderStatus } from '../../../shared/domain/orders/statuses';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { orderItems, orders, users } from '../../db/schema';
import { accountCompanyName, accountsMatching } from '../companies/billing';
import { fieldsOf, listQuery, type ListParams, type ListSpec } from '../../lib/list-query';
import { awaitsApproval } from './proof-queries';

/*
 * The staff's work queue of orders (DESIGN §3 staff orders): the list react-admin pages, sorts,
 * filters and searches (lib/rest-list.ts runs it), its rows with their customers, and the counts per
 * status under the same filters.
 */

const summaryColumns = {
  id: orders.id,
  ref: orders.ref,
  status: orders.status,
  userId: orders.userId,
  postcode: orders.postcode,
  total: orders.total,
  dispatchDue: orders.dispatchDue,
  trackingNumber: orders.trackingNumber,
  confirmedAt: orders.confirmedAt,
  createdAt: orders.createdAt,
  version: orders.version,
  itemCount: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${qualified(orders.id)})::int`,
  /**
   * Since when a Pending order waits for its customer's approval of a proof: the oldest waiting
   * item's proof state (made, ready, sent back), or its confirmation before any proof was made; null
   * for an order that waits for none.
   */
  awaitingSince: sql<Date | null>`case when ${awaitingApproval()} then coalesce((select min(${orderItems.proofStatusAt}) from ${orderItems}
    where ${orderItems.orderId} = ${qualified(orders.id)} and ${orderItems.proofRequested} and ${orderItems.proofStatus} is distinct from 'approved'), ${orders.confirmedAt}) end`.mapWith(
    orders.confirmedAt,
  ),
};
export interface SummaryRow {
  id: number;
  ref: string;
  status: string;
  userId: number;
  postcode: string;
  total: number | null;
  dispatchDue: string | null;
  trackingNumber: string | null;
  confirmedAt: Date | null;
  createdAt: Date;
  version: number;
  itemCount: number;
  awaitingSince: Date | null;
}

/** A person's name as the queue shows it. */
export const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();
/** A Pending order with a proof that waits for its customer's approval: not printed until approved (the `awaiting_approval` filter). */
function awaitingApproval() {
  return and(eq(orders.status, 'live'), awaitsApproval(qualified(orders.id)))!;
}
/** An order past its dispatch day and still owing it (the `overdue` filter); today is the UK's. */
const overdueNow = () => and(inArray(orders.status, [...OPEN_ORDER_STATUSES]), lt(orders.dispatchDue, ukToday()))!;

async function presentSummaries(db: Db, rows: SummaryRow[]): Promise<StaffOrderSummary[]> {
  const ids = [...new Set(rows.map((r) => r.userId))];
  const people = ids.length
    ? await db
        .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname, company: accountCompanyName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const today = ukToday();
  return rows.map((r) => {
    const who = byId.get(r.userId);
    const name = who ? fullName(who) : '';
    return {
      id: r.id,
      ref: r.ref,
      status: r.status as ConfirmedOrderStatus,
      user_id: r.userId,
      customer: who ? (who.company ? `${who.company} (${name})` : name) : '',
      company: who ? who.company || name : '',
      email: who?.email ?? '',
      postcode: r.postcode,
      item_count: r.itemCount,
      total: r.total,
      dispatch_due: r.dispatchDue,
      overdue: isOverdue(r.status, r.dispatchDue, today),
      tracking_number: r.trackingNumber,
      confirmed_at: r.confirmedAt ? r.confirmedAt.toISOString() : null,
      created_at: r.createdAt.toISOString(),
      version: r.version,
      awaiting_approval: r.awaitingSince !== null,
      awaiting_approval_since: r.awaitingSince ? r.awaitingSince.toISOString() : null,
    };
  });
}

/** The confirmed orders as the staff list reads them (baskets are the customers' own). */
export function staffOrderList(db: Db): ListSpec<StaffOrderSummary, SummaryRow> {
  return {
    table: orders,
    select: summaryColumns,
    present: (rows) => presentSummaries(db, rows),
    fields: {
      ...fieldsOf(orders, {
        id: 'int',
        user_id: 'int',
        status: { type: 'enum', values: CONFIRMED_ORDER_STATUSES },
        created_at: 'date',
        dispatch_due: 'date',
        total: 'int',
      }),
      overdue: { column: orders.dispatchDue, type: 'bool', where: (on: boolean) => (on ? overdueNow() : not(sql`coalesce(${overdueNow()}, false)`)) },
      // Pending orders waiting for a proof's approval: staff see them apart, with how long they have waited.
      awaiting_approval: { column: orders.id, type: 'bool', where: (on: boolean) => (on ? awaitingApproval() : not(awaitingApproval())) },
      // The sandbox's orders (placed with a test API key): never work for staff, so listed apart.
      sandbox: { column: orders.test, type: 'bool', where: (on: boolean) => eq(orders.test, on) },
    },
    defaultFilter: { sandbox: false },
    sortable: ['id', 'created_at', 'dispatch_due', 'total', 'status'],
    // An order's id and its created_at rise together (both given when the basket is started), so the
    // date sorts by the primary key's order, which every status index ends with.
    sortBy: { created_at: orders.id },
    defaultSort: ['id', 'DESC'],
    // Each word: in the order's number, reference, postcode or delivery contact, or in its
    // customer's name, company or e-mail — two places, each with its own trigram index on PostgreSQL.
    // `= any(array(…))` makes the customers' ids one value the planner can look up in the orders'
    // user index beside the trigram one (`in (select …)` would filter every order instead).
    searchWord: (pattern) => or(sql`${orders.searchText} like ${pattern}`, sql`${orders.userId} = any(array${accountsMatching(pattern)})`)!,
    scope: ne(orders.status, 'basket'),
    id: orders.id,
  };
}

/** The orders in each status, and the overdue ones, under the list's other filters (its status filter is left out). */
export async function countStaffOrders(db: Db, list: ListSpec<StaffOrderSummary, SummaryRow>, params: ListParams): Promise<StaffOrderCounts> {
  const { status: _status, ...filter } = params.filter ?? {};
  const { where } = listQuery(list, { filter });
  const rows = await db
    .select({
      status: orders.status,
      n: count(),
      overdue: sql<number>`(count(*) filter (where ${overdueNow()}))::int`,
      awaiting: sql<number>`(count(*) filter (where ${awaitingApproval()}))::int`,
    })
    .from(orders)
    .where(where)
    .groupBy(orders.status);
  const counts: StaffOrderCounts = { live: 0, printing: 0, problem: 0, dispatched: 0, cancelled: 0, all: 0, overdue: 0, awaiting_approval: 0 };
  for (const { status, n, overdue, awaiting } of rows) {
    if (status in counts) counts[status as ConfirmedOrderStatus] = n;
    counts.all += n;
    counts.overdue += overdue;
    counts.awaiting_approval += awaiting;
  }
  return counts;
}
