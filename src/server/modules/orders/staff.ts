import { and, count, eq, inArray, lt, ne, not, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminOrderSchema,
  adminOrderSummarySchema,
  type AdminOrder,
  type AdminOrderCounts,
  type AdminOrderSummary,
  type BulkMoveResult,
  adminBulkMoveSchema,
  adminOrderMoveSchema,
  adminOrderUpdateSchema,
} from '../../../shared/api/admin-orders';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { isOverdue, OPEN_ORDER_STATUSES, ukToday } from '../../../shared/domain/orders/overdue';
import { CONFIRMED_ORDER_STATUSES, ORDER_STATUS_NAMES, type ConfirmedOrderStatus, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { checkTracking, type TrackedService } from '../../../shared/domain/orders/tracking';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { deliveryTypes, orderEvents, orderItems, orders, users, type OrderItemRow, type OrderRow, type UserRow } from '../../db/schema';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/errors';
import { fieldsOf, listQuery, type ListSpec, type ListQuerystring } from '../../lib/rest-list';
import type { InvoicesService } from '../invoices/service';
import type { MailOutbox } from '../mail/service';
import type { OrdersService } from './service';
import { allowedMove, applyMove, type MailLinks, type Move } from './transitions';
import { withNewVersion } from './version';

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
};
interface SummaryRow {
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
}

export interface StaffOrdersDeps extends MailLinks {
  db: Db;
  orders: OrdersService;
  outbox: MailOutbox;
  /** Raises each dispatched order's invoice, in the dispatch's transaction. */
  invoices: InvoicesService;
}

type MoveInput = z.output<typeof adminOrderMoveSchema>;
type BulkInput = z.output<typeof adminBulkMoveSchema>;
type UpdateInput = z.output<typeof adminOrderUpdateSchema>;

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();
/** An order past its dispatch day and still owing it (the `overdue` filter); today is the UK's. */
const overdueNow = () => and(inArray(orders.status, [...OPEN_ORDER_STATUSES]), lt(orders.dispatchDue, ukToday()))!;

/**
 * The staff side of orders (DESIGN §2 "Orders", §3 staff orders): the work queue with its search,
 * filters and counts; one order with its full history; every staff move of the transition table,
 * alone or in bulk, each in one transaction with its history row and the customer's e-mail; notes
 * and tracking. Every write carries the version it was read at: a stale one answers 409.
 */
export function staffOrdersService({ db, orders: customerOrders, outbox, invoices, ...links }: StaffOrdersDeps) {
  async function present(rows: SummaryRow[]): Promise<AdminOrderSummary[]> {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const people = ids.length
      ? await db
          .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname, company: users.companyName })
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
      };
    });
  }

  const list: ListSpec<AdminOrderSummary, SummaryRow> = {
    table: orders,
    select: summaryColumns,
    present,
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
    },
    sortable: ['id', 'created_at', 'dispatch_due', 'total', 'status'],
    // An order's id and its created_at rise together (both given when the basket is started), so the
    // date sorts by the primary key's order, which every status index ends with.
    sortBy: { created_at: orders.id },
    defaultSort: ['id', 'DESC'],
    // Each word: in the order's number, reference, postcode or delivery contact, or in its
    // customer's name, company or e-mail — two places, each with its own trigram index on PostgreSQL.
    // `= any(array(…))` makes the customers' ids one value the planner can look up in the orders'
    // user index beside the trigram one (`in (select …)` would filter every order instead).
    searchWord: (pattern) =>
      or(
        sql`${orders.searchText} like ${pattern}`,
        sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${users.searchText} like ${pattern} and ${users.deletedAt} is null))`,
      )!,
    scope: ne(orders.status, 'basket'),
    id: orders.id,
  };

  /** A confirmed order, locked for the change; a basket or no such id is 404. */
  async function lockConfirmed(tx: Db, id: number): Promise<OrderRow> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), ne(orders.status, 'basket')))
      .for('update');
    if (!row) throw notFound(`No such order: ${id}.`);
    return row;
  }

  function refuseStale(row: OrderRow, version: number): void {
    if (row.version !== version) {
      throw conflict(
        `Someone else changed order ${row.id} since you opened it: it is now ${ORDER_STATUS_NAMES[row.status as OrderStatus]}. ` +
          'Look at it as it is now; what you typed is kept.',
      );
    }
  }

  /** The order's delivery service, whose rule its tracking number follows. */
  async function serviceOf(tx: Db, row: OrderRow): Promise<TrackedService | null> {
    if (row.deliveryTypeId === null) return null;
    const [type] = await tx
      .select({ carrier: deliveryTypes.carrier, code: deliveryTypes.code, name: deliveryTypes.name })
      .from(deliveryTypes)
      .where(eq(deliveryTypes.id, row.deliveryTypeId));
    return type ? { ...type, carrier: type.carrier as Carrier } : null;
  }

  /** What a staff move sets besides the status, or the 409/422 that says why it cannot be made. */
  async function staffMove(
    tx: Db,
    row: OrderRow,
    input: { status: OrderStatus; note: string; problem_text: string; tracking_number?: string },
    staff: UserRow,
  ): Promise<Move> {
    const transition = allowedMove(row, input.status, 'staff');
    const move: Move = { to: input.status, actor: 'staff', actorUserId: staff.id, note: input.note };
    // The body's schema has already refused a move to Issues without its text (moveNeeds).
    if (transition.needsProblemText) {
      move.set = { problemText: input.problem_text };
    } else if (row.status === 'problem') {
      move.set = { problemText: null };
    }
    if (transition.takesTracking) {
      const service = await serviceOf(tx, row);
      const tracking = checkTracking(service, input.tracking_number ?? row.trackingNumber);
      if ('message' in tracking) throw unprocessable({ tracking_number: tracking.message });
      move.set = { ...move.set, trackingNumber: tracking.value, dispatchedAt: new Date() };
      move.service = service;
    }
    return move;
  }

  async function get(id: number): Promise<AdminOrder | null> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), ne(orders.status, 'basket')));
    if (!row) return null;
    const [[owner], events] = await Promise.all([
      db.select().from(users).where(eq(users.id, row.userId)),
      db
        .select({ event: orderEvents, firstname: users.firstname, lastname: users.lastname })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.actorUserId))
        .where(eq(orderEvents.orderId, id))
        .orderBy(orderEvents.id),
    ]);
    const order = await customerOrders.present(owner, row);
    return {
      ...order,
      user: { id: owner.id, email: owner.email, company_name: owner.companyName, firstname: owner.firstname, lastname: owner.lastname },
      notes: row.notes,
      overdue: isOverdue(row.status, row.dispatchDue),
      // Who made each move: a staff member or the customer by name; the system (a batch run) as such.
      events: events.map(({ event, firstname, lastname }) => ({
        id: event.id,
        from: event.fromStatus as OrderStatus | null,
        to: event.toStatus as OrderStatus,
        note: event.note,
        actor: event.actor as 'customer' | 'staff' | 'system',
        actor_name: firstname === null ? (event.actor === 'system' ? 'System' : null) : fullName({ firstname, lastname: lastname ?? '' }),
        at: event.at.toISOString(),
      })),
    };
  }

  async function fresh(id: number): Promise<AdminOrder> {
    const order = await get(id);
    if (!order) throw notFound(`No such order: ${id}.`);
    return order;
  }

  return {
    list,
    recordSchema: z.union([adminOrderSchema, adminOrderSummarySchema]),
    get,

    /** An item of a confirmed order (for its artwork and preview); anything else is 404. */
    async item(orderId: number, itemId: number): Promise<OrderItemRow> {
      const [found] = await db
        .select({ item: orderItems })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId), ne(orders.status, 'basket')));
      if (!found) throw notFound('No such item.');
      return found.item;
    },

    /** The orders in each status, and the overdue ones, under the list's other filters (its status filter is left out). */
    async counts(params: ListQuerystring): Promise<AdminOrderCounts> {
      const { status: _status, ...filter } = params.filter ?? {};
      const { where } = listQuery(list, { filter });
      const rows = await db
        .select({ status: orders.status, n: count(), overdue: sql<number>`(count(*) filter (where ${overdueNow()}))::int` })
        .from(orders)
        .where(where)
        .groupBy(orders.status);
      const counts: AdminOrderCounts = { live: 0, printing: 0, problem: 0, dispatched: 0, cancelled: 0, all: 0, overdue: 0 };
      for (const { status, n, overdue } of rows) {
        if (status in counts) counts[status as ConfirmedOrderStatus] = n;
        counts.all += n;
        counts.overdue += overdue;
      }
      return counts;
    },

    /** Staff notes and the tracking number, at the version they were read at. */
    async update(id: number, input: UpdateInput): Promise<AdminOrder> {
      await db.transaction(async (tx) => {
        const row = await lockConfirmed(tx, id);
        refuseStale(row, input.version);
        const set: Partial<typeof orders.$inferInsert> = {};
        if (input.notes !== undefined) set.notes = input.notes;
        if (input.tracking_number !== undefined && input.tracking_number !== (row.trackingNumber ?? '')) {
          if (row.status !== 'printing' && row.status !== 'dispatched') {
            throw unprocessable({ tracking_number: 'An order gets its tracking number when it is printed or dispatched' });
          }
          const tracking = checkTracking(await serviceOf(tx, row), input.tracking_number, row.status === 'dispatched');
          if ('message' in tracking) throw unprocessable({ tracking_number: tracking.message });
          set.trackingNumber = tracking.value;
        }
        await tx.update(orders).set(withNewVersion(set)).where(eq(orders.id, id));
      });
      return fresh(id);
    },

    /** One move of the transition table, at the version it was read at. */
    async move(id: number, input: MoveInput, staff: UserRow): Promise<AdminOrder> {
      await db.transaction(async (tx) => {
        const row = await lockConfirmed(tx, id);
        refuseStale(row, input.version);
        await applyMove(tx, { outbox, invoices }, links, row, await staffMove(tx, row, input, staff));
      });
      return fresh(id);
    },

    /**
     * The same move for many orders, each in its own transaction: those that may move do, the others
     * say why. Ids answer in the order given; a repeated id answers once.
     */
    async bulkMove(input: BulkInput, staff: UserRow): Promise<BulkMoveResult[]> {
      const results: BulkMoveResult[] = [];
      for (const id of new Set(input.ids)) {
        try {
          await db.transaction(async (tx) => {
            const row = await lockConfirmed(tx, id);
            await applyMove(tx, { outbox, invoices }, links, row, await staffMove(tx, row, input, staff));
          });
          results.push({ id, ok: true });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          results.push({ id, ok: false, message: error.errors ? Object.values(error.errors).join(' ') : error.message });
        }
      }
      return results;
    },
  };
}

export type StaffOrdersService = ReturnType<typeof staffOrdersService>;
