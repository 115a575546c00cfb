import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminOrderSchema, adminOrderSummarySchema, type AdminOrder, type AdminOrderSummary } from '../../../shared/api/admin-orders';
import type { ConfirmedOrderStatus } from '../../../shared/domain/orders/statuses';
import { ukDateTime } from '../../../shared/domain/calendar/workingDays';
import type { Db } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { fieldsOf, type ListSpec } from '../../lib/rest-list';
import type { OrdersService } from './service';
import { qualified } from '../../db/columns';

const summaryColumns = {
  id: orders.id,
  ref: orders.ref,
  status: orders.status,
  userId: orders.userId,
  total: orders.total,
  dispatchDue: orders.dispatchDue,
  trackingNumber: orders.trackingNumber,
  confirmedAt: orders.confirmedAt,
  createdAt: orders.createdAt,
  itemCount: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${qualified(orders.id)})::int`,
};
interface SummaryRow {
  id: number;
  ref: string;
  status: string;
  userId: number;
  total: number | null;
  dispatchDue: string | null;
  trackingNumber: string | null;
  confirmedAt: Date | null;
  createdAt: Date;
  itemCount: number;
}

/** Past its dispatch date (UK) and neither dispatched nor cancelled. */
export const isOverdue = (status: string, dispatchDue: string | null, now = new Date()) =>
  dispatchDue !== null && (status === 'live' || status === 'printing' || status === 'problem') && dispatchDue < ukDateTime(now).date;

/** The staff view of orders (read-only until the staff orders issue): confirmed orders with their customers. */
export function staffOrdersService(db: Db, orders_: OrdersService) {
  async function present(rows: SummaryRow[]): Promise<AdminOrderSummary[]> {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const people = ids.length
      ? await db.select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname, company: users.companyName }).from(users).where(inArray(users.id, ids))
      : [];
    const byId = new Map(people.map((p) => [p.id, p]));
    const now = new Date();
    return rows.map((r) => {
      const who = byId.get(r.userId);
      return {
        id: r.id,
        ref: r.ref,
        status: r.status as ConfirmedOrderStatus,
        user_id: r.userId,
        customer: who ? (who.company ? `${who.company} (${who.firstname} ${who.lastname})` : `${who.firstname} ${who.lastname}`) : '',
        email: who?.email ?? '',
        item_count: r.itemCount,
        total: r.total,
        dispatch_due: r.dispatchDue,
        overdue: isOverdue(r.status, r.dispatchDue, now),
        tracking_number: r.trackingNumber,
        confirmed_at: r.confirmedAt ? r.confirmedAt.toISOString() : null,
        created_at: r.createdAt.toISOString(),
      };
    });
  }

  const list: ListSpec<AdminOrderSummary, SummaryRow> = {
    table: orders,
    select: summaryColumns,
    present,
    fields: fieldsOf(orders, {
      id: 'int',
      user_id: 'int',
      status: { type: 'enum', values: ['live', 'printing', 'problem', 'dispatched', 'cancelled'] },
      created_at: 'date',
      dispatch_due: 'date',
    }),
    sortable: ['id', 'created_at', 'dispatch_due', 'status'],
    defaultSort: ['id', 'DESC'],
    // Number, reference, postcode, and the customer's name, company and e-mail.
    searchText: sql`lower(${orders.id}::text || ' ' || ${orders.ref} || ' ' || ${orders.postcode} || ' ' || coalesce((select ${users.searchText} from ${users} where ${users.id} = ${qualified(orders.userId)}), ''))`,
    scope: ne(orders.status, 'basket'),
    id: orders.id,
  };

  return {
    list,
    recordSchema: z.union([adminOrderSchema, adminOrderSummarySchema]),

    async get(id: number): Promise<AdminOrder | null> {
      const [row] = await db.select().from(orders).where(and(eq(orders.id, id), ne(orders.status, 'basket')));
      if (!row) return null;
      const [owner] = await db.select().from(users).where(eq(users.id, row.userId));
      const order = await orders_.present(owner, row);
      return {
        ...order,
        user: { id: owner.id, email: owner.email, company_name: owner.companyName, firstname: owner.firstname, lastname: owner.lastname },
        notes: row.notes,
      };
    },
  };
}

export type StaffOrdersService = ReturnType<typeof staffOrdersService>;
