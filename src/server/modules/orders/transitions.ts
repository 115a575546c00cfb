import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import { findTransition, type OrderActor, type OrderTransition } from '../../../shared/domain/orders/transitions';
import { trackingUrl } from '../../../shared/domain/orders/tracking';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { formatDay } from '../../../shared/domain/calendar/workingDays';
import { formatPence } from '../../../shared/domain/pricing';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, type InvoiceRow, type OrderRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { InvoicesService } from '../invoices/service';
import type { MailOutbox } from '../mail/service';
import { bare } from '../../db/columns';
import type { OrderHistoryEntry } from './basket';

export interface Move {
  to: OrderStatus;
  actor: OrderActor;
  actorUserId?: number | null;
  note?: string;
  /** Columns the move sets besides status, version and updated_at (frozen totals, problem text…). */
  set?: Partial<typeof orders.$inferInsert>;
  /** The order's carrier, for the tracking link in the dispatch e-mail. */
  carrier?: Carrier | null;
  /** Prices frozen on the order's items by the same statement (a confirmation). */
  itemPrices?: ReadonlyArray<{ id: number; price: number }>;
}

/** What a move may set off besides itself: the customer's e-mail, and (on dispatch) the invoice. */
export interface MoveEffects {
  outbox: MailOutbox;
  /** Needed by the moves that raise an invoice (to Dispatched); other callers may leave it out. */
  invoices?: Pick<InvoicesService, 'raise'>;
}

export interface MailLinks {
  appUrl: string;
  appName: string;
}

/**
 * Applies one move of the transition table (shared/domain) to a locked order row, in the caller's
 * transaction: the status change, its history row and — when the table says so — the customer's
 * e-mail in the outbox. A move the table does not allow for this actor answers 409.
 */
export async function applyMove(tx: Db, effects: MoveEffects, links: MailLinks, row: OrderRow, move: Move): Promise<OrderRow> {
  const transition = allowedMove(row, move.to, move.actor);
  const built = moveStatement(tx, row, move);
  if (transition.raisesInvoice) {
    // The dispatch e-mail names the invoice, which is numbered from the moved order.
    if (!effects.invoices) throw new Error(`A move to ${move.to} raises an invoice: pass the invoices service`);
    const updated = built.after((await tx.with(...built.ctes).select().from(built.moved))[0]);
    const invoice = await effects.invoices.raise(tx, updated);
    if (transition.mailsCustomer && updated.email) await effects.outbox.queue(tx, orderMail(updated, links, move.carrier, row.status as OrderStatus, invoice));
    return updated;
  }
  const updated = built.after((await movedWithMail(tx, effects, links, row, move, transition, built))[0]);
  await releaseFromBatch(tx, row, move.to);
  return updated;
}

/**
 * The same move of an order as read at its `version`, without a lock: one statement, which is its
 * own transaction, applies it only if the order is still at that version (optimistic: nothing
 * changed it since it was read and judged). Resolves the order after the move and the history row
 * it wrote, or null when the order has changed meanwhile (read it again). Only for the moves that
 * are one statement: none that raises an invoice or releases items from a batch.
 */
export async function applyMoveIfUnchanged(db: Db, effects: MoveEffects, links: MailLinks, row: OrderRow, move: Move): Promise<{ row: OrderRow; event: OrderHistoryEntry } | null> {
  const transition = allowedMove(row, move.to, move.actor);
  if (transition.raisesInvoice || (row.status === 'problem' && move.to === 'live')) throw new Error(`The move of order ${row.id} to ${move.to} is more than one statement: lock the order and use applyMove`);
  const built = moveStatement(db, row, move, row.version);
  const [written] = await movedWithMail(db, effects, links, row, move, transition, built);
  return written ? { row: built.after(written), event: built.event } : null;
}

/**
 * One statement of CTEs: the order moved, its history row and its items' frozen prices (each only if
 * the order was), returning only what the database makes — the order after the move is the row read
 * with what the move set (building and reading back every column costs more). With `ifVersion`, the
 * order moves only if it is still at that version.
 */
function moveStatement(executor: Db, row: OrderRow, move: Move, ifVersion?: number) {
  // The history row's time is the order's updated_at: the answer shows it without reading it back.
  const updatedAt = new Date();
  const moved = executor.$with('moved').as(
    executor
      .update(orders)
      .set({ ...move.set, status: move.to, version: sql`${orders.version} + 1`, updatedAt })
      .where(ifVersion === undefined ? eq(orders.id, row.id) : and(eq(orders.id, row.id), eq(orders.version, ifVersion)))
      .returning({ id: orders.id, version: orders.version }),
  );
  const event: OrderHistoryEntry = { actor: move.actor, fromStatus: row.status, toStatus: move.to, note: move.note ?? '', at: updatedAt };
  const history = executor.$with('history', {}).as(
    sql`insert into ${orderEvents} (${bare(orderEvents.orderId)}, ${bare(orderEvents.actor)}, ${bare(orderEvents.actorUserId)}, ${bare(orderEvents.fromStatus)}, ${bare(orderEvents.toStatus)}, ${bare(orderEvents.note)}, ${bare(orderEvents.at)})
      select ${bare(orders.id)}, ${event.actor}, ${move.actorUserId ?? null}::int, ${event.fromStatus}, ${event.toStatus}, ${event.note}, ${updatedAt.toISOString()}::timestamptz from ${sql.identifier('moved')}`,
  );
  const after = (written: { version: number }): OrderRow => ({ ...row, ...move.set, status: move.to, version: written.version, updatedAt });
  return { moved, ctes: [moved, history, ...frozenPrices(executor, move.itemPrices)], after, event };
}

/** Runs the move's statement with, when the table says so, the customer's e-mail about the order as the move leaves it. */
function movedWithMail(executor: Db, effects: MoveEffects, links: MailLinks, row: OrderRow, move: Move, transition: OrderTransition, built: ReturnType<typeof moveStatement>) {
  const expected = built.after({ version: row.version + 1 });
  const mail = transition.mailsCustomer && expected.email ? effects.outbox.queuedWith(executor, orderMail(expected, links, move.carrier, row.status as OrderStatus), 'moved') : [];
  return executor.with(...built.ctes, ...mail).select().from(built.moved);
}

/** A confirmation's items priced as they are frozen: one update, in the move's statement, if the order moved. */
function frozenPrices(executor: Db, prices: Move['itemPrices']) {
  if (!prices?.length) return [];
  const cases = sql.join(
    prices.map((item) => sql`when ${item.id}::int then ${item.price}::int`),
    sql` `,
  );
  return [
    executor
      .$with('priced')
      .as(
        executor
          .update(orderItems)
          .set({ priceSaved: sql`case ${orderItems.id} ${cases} end` })
          .where(and(inArray(orderItems.id, prices.map((item) => item.id)), sql`exists (select from ${sql.identifier('moved')})`)),
      ),
  ];
}

/**
 * The same move of many locked orders at once, in the caller's transaction (a batch run moves
 * hundreds to Processing): one update, one insert of their history rows, and each e-mail the table
 * asks for. Every order must be allowed the move, or nothing is applied (409).
 */
export async function applyMoveToMany(tx: Db, outbox: MailOutbox, links: MailLinks, rows: readonly OrderRow[], move: Omit<Move, 'set' | 'carrier'>): Promise<void> {
  if (!rows.length) return;
  const transitions = rows.map((row) => allowedMove(row, move.to, move.actor));
  // Invoices are raised one dispatch at a time (applyMove): no bulk move of many orders raises one.
  if (transitions.some((t) => t.raisesInvoice)) throw new Error(`A move to ${move.to} raises invoices: move each order with applyMove`);
  const ids = rows.map((row) => row.id);
  const updated = await tx
    .update(orders)
    .set({ status: move.to, version: sql`${orders.version} + 1`, updatedAt: new Date() })
    .where(inArray(orders.id, ids))
    .returning();
  await tx
    .insert(orderEvents)
    .values(rows.map((row) => ({ orderId: row.id, actor: move.actor, actorUserId: move.actorUserId ?? null, fromStatus: row.status, toStatus: move.to, note: move.note ?? '' })));
  const byId = new Map(updated.map((row) => [row.id, row]));
  for (const [i, row] of rows.entries()) {
    const now = byId.get(row.id)!;
    if (transitions[i].mailsCustomer && now.email) await outbox.queue(tx, orderMail(now, links, null, row.status as OrderStatus));
  }
}

/**
 * A held order released to Pending goes to the press again (its artwork may have been replaced):
 * its items leave the batch that had them, which keeps them in its record (batch_items).
 */
async function releaseFromBatch(tx: Db, row: OrderRow, to: OrderStatus): Promise<void> {
  if (row.status === 'problem' && to === 'live') await tx.update(orderItems).set({ batchId: null }).where(eq(orderItems.orderId, row.id));
}

/** The table's move of this order to `to` by `actor`, or the 409 that names the order's status. */
export function allowedMove(row: Pick<OrderRow, 'id' | 'status'>, to: OrderStatus, actor: OrderActor): OrderTransition {
  const transition = findTransition(row.status as OrderStatus, to, actor);
  if (!transition) {
    throw conflict(`Order ${row.id} is ${ORDER_STATUS_NAMES[row.status as OrderStatus] ?? row.status}: it cannot be moved to ${ORDER_STATUS_NAMES[to]}.`);
  }
  return transition;
}

/** The customer's e-mail about the order's new status (live, problem, dispatched). */
export function orderMail(order: OrderRow, { appUrl, appName }: MailLinks, carrier?: Carrier | null, from?: OrderStatus, invoice?: Pick<InvoiceRow, 'number'>): { to: string; subject: string; text: string } {
  const link = `${appUrl}/orders/${order.id}`;
  const ref = order.ref ? ` (your reference ${order.ref})` : '';
  const hello = `Hello ${order.firstname},\n\n`;
  const sign = `\n\n${appName}`;
  switch (order.status) {
    case 'live':
      if (from === 'problem') {
        return {
          to: order.email,
          subject: `Order ${order.id} is off hold and back in the queue`,
          text: `${hello}Order ${order.id}${ref} is no longer on hold: it is waiting for production again.\n\nFollow it here: ${link}${sign}`,
        };
      }
      return {
        to: order.email,
        subject: `Order ${order.id} confirmed — dispatch ${order.dispatchDue ? formatDay(order.dispatchDue) : 'date to follow'}`,
        text:
          `${hello}Thank you: order ${order.id}${ref} is confirmed and waiting for production.\n\n` +
          (order.dispatchDue ? `We will dispatch it on ${formatDay(order.dispatchDue)}` + (order.deliveryDue ? `; expected delivery ${formatDay(order.deliveryDue)}.` : '.') + '\n' : '') +
          (order.total !== null ? `Total: ${formatPence(order.total)} including VAT (${formatPence(order.totalVat ?? 0)}).\n` : '') +
          `\nFollow it here: ${link}${sign}`,
      };
    case 'problem':
      return {
        to: order.email,
        subject: `Order ${order.id} is on hold — we need something from you`,
        text: `${hello}We have put order ${order.id}${ref} on hold:\n\n${order.problemText ?? ''}\n\nWhat to do next is on the order's page: ${link}${sign}`,
      };
    case 'dispatched': {
      const follow = trackingUrl(carrier, order.trackingNumber);
      return {
        to: order.email,
        subject: `Order ${order.id} is on its way`,
        text:
          `${hello}Order ${order.id}${ref} was dispatched today.` +
          (order.trackingNumber ? `\nTracking number: ${order.trackingNumber}` : '') +
          (follow ? `\nFollow the parcel: ${follow}` : '') +
          (invoice ? `\n\nYour invoice ${invoice.number} is ready to download: ${appUrl}/invoices` : '') +
          `\n\nDetails: ${link}${sign}`,
      };
    }
    default:
      return { to: order.email, subject: `Order ${order.id}: ${ORDER_STATUS_NAMES[order.status as OrderStatus]}`, text: `${hello}Order ${order.id}${ref} is now ${ORDER_STATUS_NAMES[order.status as OrderStatus]}.\n\n${link}${sign}` };
  }
}
