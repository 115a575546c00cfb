import { and, count, desc, eq } from 'drizzle-orm';
import { companyOrders, type Member } from '../../db/company-scope';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, type OrderItemRow, type OrderRow, type UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/domain-errors';
import type { OrdersContext } from './context';
import { previewFileKeys } from '../artwork/previews';
import type { OrderSnapshot } from './snapshot';
import { basketChanged, withNewVersion, type OrderColumns } from './order-version';

/*
 * The SQL of one customer's order: finding it (anyone else's is 404), and the writes of its basket,
 * items and copies. Rules live beside (basket.ts, confirm.ts, lifecycle.ts); every write here that
 * changes a basket moves its version on (order-version.ts).
 */

export const NO_SUCH_ORDER = 'No such order.';
export const NO_SUCH_ITEM = 'No such item.';
export const CONFIRMED = 'This order is confirmed: its items and delivery can no longer be changed.';
export const AWAITING_PAYMENT =
  'This order is waiting for its card payment, so it cannot be changed: pay on the payment page, or stop the payment to change the order.';
export const AWAITING_APPROVAL =
  'This order is waiting for approval by an owner of your company, so it cannot be changed: once an owner declines it, it is yours to change again.';

/** An order's delivery contact and address, as its columns: what a reorder and a quote copy. */
export const DELIVERY_ADDRESS_COLUMNS = [
  'firstname',
  'lastname',
  'companyName',
  'telephone',
  'email',
  'address1',
  'address2',
  'town',
  'county',
  'postcode',
  'countryId',
] as const;

/** An order the member sees (db/company-scope.ts), locked for the change when `lock`; anything else is 404. */
export async function ownOrder(executor: Db, user: Member, id: number, lock = false): Promise<OrderRow> {
  const query = executor
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), companyOrders(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_SUCH_ORDER);
  return row;
}

/** The member's own basket, locked for the change; a confirmed order is 409. */
export async function ownBasket(executor: Db, user: Member, id: number): Promise<OrderRow> {
  const row = await ownOrder(executor, user, id, true);
  if (row.status !== 'basket') throw conflict(CONFIRMED);
  if (row.paymentStatus === 'pending') throw conflict(AWAITING_PAYMENT);
  if (row.approvalRequestedAt !== null) throw conflict(AWAITING_APPROVAL);
  return row;
}

/** An item of the order, locked for the change when `lock`; anything else is 404. */
export async function ownItem(executor: Db, orderId: number, itemId: number, lock = true): Promise<OrderItemRow> {
  const query = executor
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  const [item] = lock ? await query.for('update') : await query;
  if (!item) throw notFound(NO_SUCH_ITEM);
  return item;
}

/** An order the member sees as one statement reads it (its items, history and invoice with it); anything else is 404. */
export async function ownSnapshot(ctx: Pick<OrdersContext, 'readSnapshot'>, user: Member, id: number): Promise<OrderSnapshot> {
  const found = await ctx.readSnapshot(user, id);
  if (!found) throw notFound(NO_SUCH_ORDER);
  return found;
}

/** The id of the customer's order a confirmation key confirmed, if any. */
export async function orderConfirmedWith(db: Db, user: Pick<UserRow, 'id'>, key: string): Promise<number | null> {
  const [other] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, user.id), eq(orders.confirmKey, key)));
  return other?.id ?? null;
}

/** A new order (a basket) with the history row of its start. */
export async function insertOrder(tx: Db, values: typeof orders.$inferInsert, note: string): Promise<OrderRow> {
  const [created] = await tx.insert(orders).values(values).returning();
  await tx.insert(orderEvents).values({ orderId: created.id, actor: 'customer', actorUserId: values.userId, fromStatus: null, toStatus: 'basket', note });
  return created;
}

/** The basket's own columns changed (reference, address, delivery service). */
export async function updateOrder(tx: Db, id: number, set: OrderColumns): Promise<OrderRow> {
  const [updated] = await tx.update(orders).set(withNewVersion(set)).where(eq(orders.id, id)).returning();
  return updated;
}

/** Deletes the order with its items; answers the files they named (to delete once this commits). */
export async function deleteOrder(tx: Db, id: number): Promise<Array<string | null>> {
  const items = await tx.select({ a: orderItems.artworkKey, p: orderItems.previewKey }).from(orderItems).where(eq(orderItems.orderId, id));
  await tx.delete(orders).where(eq(orders.id, id));
  return items.flatMap((i) => [i.a, ...previewFileKeys(i.p)]);
}

export async function countItems(tx: Db, orderId: number): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return n;
}

/** A new item of the basket: the basket changed. */
export async function insertItem(tx: Db, values: typeof orderItems.$inferInsert): Promise<number> {
  const [item] = await tx.insert(orderItems).values(values).returning({ id: orderItems.id });
  await basketChanged(tx, values.orderId);
  return item.id;
}

/** An item's columns changed: the basket changed. */
export async function updateItem(tx: Db, item: Pick<OrderItemRow, 'id' | 'orderId'>, set: Partial<typeof orderItems.$inferInsert>): Promise<void> {
  await tx.update(orderItems).set(set).where(eq(orderItems.id, item.id));
  await basketChanged(tx, item.orderId);
}

/** The item's artwork is to be checked again (in the transaction of the change that made it so). */
export async function markArtworkUnchecked(tx: Db, itemId: number): Promise<void> {
  await tx.update(orderItems).set({ preflightStatus: 'pending', preflight: null, warningsAccepted: false }).where(eq(orderItems.id, itemId));
}

/** An item removed: the basket changed. */
export async function deleteItem(tx: Db, item: Pick<OrderItemRow, 'id' | 'orderId'>): Promise<void> {
  await tx.delete(orderItems).where(eq(orderItems.id, item.id));
  await basketChanged(tx, item.orderId);
}

/** A copy of another order's item in a new basket (a reorder), with its own copy of the artwork file if it had one. */
export async function insertItemCopy(tx: Db, orderId: number, item: OrderItemRow, artwork: string | null): Promise<number> {
  const [copy] = await tx
    .insert(orderItems)
    .values({
      orderId,
      productId: item.productId,
      stockId: item.stockId,
      qty: item.qty,
      sides: item.sides,
      // Priced by today's catalogue in the new basket: an option or turnaround no longer offered says so there.
      optionIds: item.optionIds,
      turnaroundId: item.turnaroundId,
      orientation: item.orientation,
      notes: item.notes,
      // The same proof as before, at today's price (a proof's state starts again at the new confirmation).
      proofRequested: item.proofRequested,
      artworkName: item.artworkName,
      artworkSize: item.artworkSize,
      artworkKey: artwork,
      artworkUploadedAt: artwork ? new Date() : null,
      preflightStatus: artwork ? 'pending' : null,
    })
    .returning({ id: orderItems.id });
  return copy.id;
}

/** The order's items, oldest first. */
export async function itemRowsOf(executor: Db, orderId: number): Promise<OrderItemRow[]> {
  return executor.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
}

/** When the order was last put on hold (Issues), if ever. */
export async function lastHeldAt(tx: Db, orderId: number): Promise<Date | null> {
  const [held] = await tx
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'problem')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return held?.at ?? null;
}
