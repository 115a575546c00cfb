import { and, asc, eq, ne } from 'drizzle-orm';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { companyOrders } from '../../db/company-scope';
import type { Db } from '../../db/client';
import { deliveryTypes, orderItems, orders, products, users, type OrderItemRow, type OrderRow, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/domain-errors';
import { NO_SUCH_ITEM, NO_SUCH_ORDER } from '../orders/queries';
import type { MailedProof } from './decision-mail';

/*
 * What a proof's decision and its reminders read of the order, in the caller's transaction: the
 * order and the item locked (the order first, as every writer of an order and its items locks
 * them), the order's items as its page numbers them, its account holder and its carrier.
 */

/** The order, locked: one the member `userId` sees (their company's), or any confirmed one for staff (null); 404 otherwise. */
export async function lockOrder(tx: Db, orderId: number, userId: number | null): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), userId === null ? ne(orders.status, 'basket') : companyOrders(userId)))
    .for('update');
  if (!row) throw notFound(userId === null ? `No such order: ${orderId}.` : NO_SUCH_ORDER);
  return row;
}

/** The order's item, locked; 404 when the order has no such item. */
export async function lockItem(tx: Db, orderId: number, itemId: number): Promise<OrderItemRow> {
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .for('update');
  if (!item) throw notFound(NO_SUCH_ITEM);
  return item;
}

/** The order's items as its page lists them (oldest first), with their products and proofs' states. */
async function itemLines(tx: Db, orderId: number) {
  return tx
    .select({ id: orderItems.id, productName: products.name, proofRequested: orderItems.proofRequested, proofStatus: orderItems.proofStatus })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/**
 * The proof as its e-mails name it, and how many of the order's items wait for approval now (read
 * after the caller's change). E-mails about proofs go to the account holder, never to a blind
 * order's delivery contact (the customer's own client).
 */
export async function mailedProof(
  tx: Db,
  order: OrderRow,
  itemId: number,
  version: number,
  holder?: Pick<UserRow, 'email' | 'firstname'>,
): Promise<{ proof: MailedProof; waiting: number }> {
  // One after another: `tx` is one connection, which runs one statement at a time.
  const lines = await itemLines(tx, order.id);
  const [owner] = holder ? [holder] : await tx.select({ email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, order.userId));
  const [type] =
    order.deliveryTypeId === null
      ? []
      : await tx.select({ carrier: deliveryTypes.carrier }).from(deliveryTypes).where(eq(deliveryTypes.id, order.deliveryTypeId));
  const index = lines.findIndex((line) => line.id === itemId);
  return {
    proof: {
      to: { email: owner?.email ?? order.email, firstname: owner?.firstname ?? order.firstname },
      orderId: order.id,
      ref: order.ref,
      itemNumber: index + 1,
      itemId,
      productName: lines[index]?.productName ?? '',
      version,
      carrier: (type?.carrier as Carrier | undefined) ?? null,
    },
    waiting: lines.filter((line) => line.proofRequested && line.proofStatus !== 'approved').length,
  };
}

/** `Proof v2 of item 1 (Cards)`: how a history row names a proof. */
export const proofLabel = (proof: Pick<MailedProof, 'version' | 'itemNumber' | 'productName'>) =>
  `Proof v${proof.version} of item ${proof.itemNumber} (${proof.productName})`;
