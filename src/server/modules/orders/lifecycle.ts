import type { Order } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import type { OrderRow, UserRow } from '../../db/schema';
import { conflict, unprocessable } from '../../lib/domain-errors';
import { artworkBlocker } from './assessment';
import { deleteFiles, type OrdersContext } from './context';
import { presentOrder } from './present';
import * as q from './queries';
import { moveOrders, type Move } from './transitions';

/*
 * A confirmed order in the customer's hands (DESIGN §2 "Orders"): cancelled while Pending,
 * resubmitted from a hold once its artwork is replaced, and reordered into a new basket.
 */

/** The columns a reorder copies from the order it repeats: its delivery contact, address and service. */
/** A reorder goes to the same client the same way: blind if the order was. */
const COPIED_COLUMNS = [...q.DELIVERY_ADDRESS_COLUMNS, 'deliveryTypeId', 'blindDispatch'] as const;

/** The customer's move of their order, locked in the transaction: the order as it leaves it. */
async function moveOne(ctx: OrdersContext, tx: Db, order: OrderRow, move: Move): Promise<OrderRow> {
  const [moved] = await moveOrders(tx, ctx, [order], move);
  return moved.row;
}

/** A paid order cancelled is refunded: its payment status says so from the cancellation on, and the refund job (queued with it) does it. */
export const refundingMove = (order: Pick<OrderRow, 'paymentStatus'>): Pick<Move, 'set'> =>
  order.paymentStatus === 'paid' ? { set: { paymentStatus: 'refunding' } } : {};

export async function cancelOrder(ctx: OrdersContext, user: UserRow, id: number): Promise<Order> {
  const row = await ctx.db.transaction(async (tx) => {
    const order = await q.ownOrder(tx, user, id, true);
    const moved = await moveOne(ctx, tx, order, {
      to: 'cancelled',
      actor: 'customer',
      actorUserId: user.id,
      note: 'Cancelled by the customer',
      ...refundingMove(order),
    });
    if (order.paymentStatus === 'paid') await ctx.queueRefund(tx, order.id);
    return moved;
  });
  return presentOrder(ctx, user, row);
}

/** problem → live, once the artwork was replaced after the hold and every item passes. */
export async function resubmitOrder(ctx: OrdersContext, user: UserRow, id: number): Promise<Order> {
  const row = await ctx.db.transaction(async (tx) => {
    const order = await q.ownOrder(tx, user, id, true);
    if (order.status !== 'problem') throw conflict(`Order ${order.id} is not on hold: there is nothing to resubmit.`);
    const heldAt = await q.lastHeldAt(tx, id);
    const items = await q.itemRowsOf(tx, id);
    const errors: Record<string, string> = {};
    items.forEach((item, i) => {
      const problem = artworkBlocker(item);
      if (problem) errors[`items.${item.id}`] = `Item ${i + 1}: ${problem}`;
    });
    if (!items.some((i) => heldAt && i.artworkUploadedAt && i.artworkUploadedAt > heldAt)) {
      errors.items ??= 'Replace the artwork the hold is about before resubmitting; for anything else, reply to us and we will release the order.';
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
    return moveOne(ctx, tx, order, {
      to: 'live',
      actor: 'customer',
      actorUserId: user.id,
      note: 'Artwork replaced and resubmitted',
      set: { problemText: null },
    });
  });
  return presentOrder(ctx, user, row);
}

/** A new basket with a confirmed order's items and artwork, at today's prices; items no longer orderable say so in it. */
export async function reorder(ctx: OrdersContext, user: UserRow, id: number): Promise<Order> {
  const source = await q.ownOrder(ctx.db, user, id);
  if (source.status === 'basket') throw conflict('A basket cannot be reordered: confirm it first.');
  const items = await q.itemRowsOf(ctx.db, id);
  const copies = items.map((item) => ({ item, artwork: item.artworkKey ? `artwork/${crypto.randomUUID()}.pdf` : null }));
  await Promise.all(copies.map(({ item, artwork }) => (artwork ? ctx.files.copy(item.artworkKey!, artwork) : undefined)));
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const created = await q.insertOrder(
        tx,
        { userId: user.id, ref: source.ref, ...Object.fromEntries(COPIED_COLUMNS.map((k) => [k, source[k]])) },
        `Reorder of order ${source.id}`,
      );
      for (const { item, artwork } of copies) {
        const copyId = await q.insertItemCopy(tx, created.id, item, artwork);
        // Checked again: the product's size may have changed since.
        if (artwork) await ctx.queueArtworkCheck(tx, copyId, artwork);
      }
      return created;
    });
    return presentOrder(ctx, user, row);
  } catch (err) {
    await deleteFiles(
      ctx,
      copies.map((c) => c.artwork),
    );
    throw err;
  }
}
