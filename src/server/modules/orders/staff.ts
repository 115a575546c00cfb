import { and, eq, ne } from 'drizzle-orm';
import { asPlacer } from '../../db/company-scope';
import { z } from 'zod';
import {
  staffOrderSchema,
  staffOrderSummarySchema,
  type StaffOrder,
  type BulkMoveResult,
  staffBulkMoveSchema,
  staffOrderMoveSchema,
  staffOrderUpdateSchema,
} from '../../../shared/api/staff-orders';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { isOverdue } from '../../../shared/domain/orders/overdue';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { checkTracking, type TrackedService } from '../../../shared/domain/orders/tracking';
import type { Db } from '../../db/client';
import { deliveryTypes, orderEvents, orderItems, orders, users, type OrderItemRow, type OrderRow, type UserRow } from '../../db/schema';
import { companyById } from '../companies/billing';
import { conflict, DomainError, notFound, unprocessable } from '../../lib/domain-errors';
import type { JobQueue } from '../../lib/jobs';
import type { ListParams } from '../../lib/list-query';
import type { InvoicesService } from '../invoices/service';
import type { OrdersService } from './service';
import { countStaffOrders, fullName, staffOrderList } from './staff-queue';
import { allowedMove, moveOrders, type Move } from './transitions';
import { withNewVersion } from './order-version';
import type { WebhookEventsEmitter } from '../webhooks/emit';
import { refundingMove } from './lifecycle';

export interface StaffOrdersDeps {
  db: Db;
  orders: OrdersService;
  /** The job queue: a move that e-mails the customer writes its order-mail job (transitions.ts). */
  jobs: JobQueue;
  /** Raises each dispatched order's invoice, in the dispatch's transaction. */
  invoices: InvoicesService;
  /** Queues the refund of a paid order just cancelled (the payments module's job), in the caller's transaction. */
  queueRefund(tx: Db, orderId: number): Promise<void>;
  /** The webhook events of staff's moves (a hold, a dispatch, a cancellation), in the move's transaction. */
  webhookEvents: WebhookEventsEmitter;
}

type MoveInput = z.output<typeof staffOrderMoveSchema>;
type BulkInput = z.output<typeof staffBulkMoveSchema>;
type UpdateInput = z.output<typeof staffOrderUpdateSchema>;

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

/** One confirmed order as staff see it: the customer's view, with its customer, staff notes and the full history by name. */
async function staffOrder({ db, orders: customerOrders }: StaffOrdersDeps, id: number): Promise<StaffOrder | null> {
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
  const order = await customerOrders.present(asPlacer(owner, row), row);
  return {
    ...order,
    user: {
      id: owner.id,
      email: owner.email,
      company_name: (await companyById(db, row.companyId))?.name ?? '',
      firstname: owner.firstname,
      lastname: owner.lastname,
    },
    notes: row.notes,
    overdue: isOverdue(row.status, row.dispatchDue),
    test: row.test,
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

async function freshStaffOrder(deps: StaffOrdersDeps, id: number): Promise<StaffOrder> {
  const order = await staffOrder(deps, id);
  if (!order) throw notFound(`No such order: ${id}.`);
  return order;
}

/** An item of a confirmed order (for its artwork and preview); anything else is 404. */
async function confirmedItem(db: Db, orderId: number, itemId: number): Promise<OrderItemRow> {
  const [found] = await db
    .select({ item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId), ne(orders.status, 'basket')));
  if (!found) throw notFound('No such item.');
  return found.item;
}

/** Staff notes and the tracking number, at the version they were read at. */
async function updateStaffFields(deps: StaffOrdersDeps, id: number, input: UpdateInput): Promise<StaffOrder> {
  await deps.db.transaction(async (tx) => {
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
  return freshStaffOrder(deps, id);
}

/** The staff move of one order, locked, in the caller's transaction; at the version it was read at when `version` is given. */
async function moveLocked(deps: StaffOrdersDeps, tx: Db, id: number, input: MoveInput | BulkInput, staff: UserRow, version?: number): Promise<void> {
  const row = await lockConfirmed(tx, id);
  if (version !== undefined) refuseStale(row, version);
  const move = await staffMove(tx, row, input, staff);
  const refund = input.status === 'cancelled' ? refundingMove(row).set : undefined;
  await moveOrders(tx, deps, [row], refund ? { ...move, set: { ...move.set, ...refund } } : move);
  if (refund) await deps.queueRefund(tx, row.id);
}

/**
 * The same move for many orders, each in its own transaction: those that may move do, the others
 * say why. Ids answer in the order given; a repeated id answers once.
 */
async function bulkMove(deps: StaffOrdersDeps, input: BulkInput, staff: UserRow): Promise<BulkMoveResult[]> {
  const results: BulkMoveResult[] = [];
  for (const id of new Set(input.ids)) {
    try {
      await deps.db.transaction((tx) => moveLocked(deps, tx, id, input, staff));
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ id, ok: false, message: error.errors ? Object.values(error.errors).join(' ') : error.message });
    }
  }
  return results;
}

/**
 * The staff side of orders (DESIGN §2 "Orders", §3 staff orders): the work queue with its search,
 * filters and counts (staff-queue.ts); one order with its full history; every staff move of the
 * transition table, alone or in bulk, each in one transaction with its history row and the job
 * that e-mails the customer; notes and tracking. Every write carries the version it was read at: a stale
 * one answers 409.
 */
export function staffOrdersService(deps: StaffOrdersDeps) {
  const list = staffOrderList(deps.db);
  return {
    list,
    recordSchema: z.union([staffOrderSchema, staffOrderSummarySchema]),
    get: (id: number) => staffOrder(deps, id),
    item: (orderId: number, itemId: number) => confirmedItem(deps.db, orderId, itemId),
    /** The orders in each status, and the overdue ones, under the list's other filters (its status filter is left out). */
    counts: (params: ListParams) => countStaffOrders(deps.db, list, params),
    update: (id: number, input: UpdateInput) => updateStaffFields(deps, id, input),
    /** One move of the transition table, at the version it was read at. */
    async move(id: number, input: MoveInput, staff: UserRow): Promise<StaffOrder> {
      await deps.db.transaction((tx) => moveLocked(deps, tx, id, input, staff, input.version));
      return freshStaffOrder(deps, id);
    },
    bulkMove: (input: BulkInput, staff: UserRow) => bulkMove(deps, input, staff),
  };
}

export type StaffOrdersService = ReturnType<typeof staffOrdersService>;
