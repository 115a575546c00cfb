import { and, eq } from 'drizzle-orm';
import type { CreditReleaseAnswer } from '../../../shared/api/staff-orders';
import type { Db } from '../../db/client';
import { orderEvents, orders, type UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/domain-errors';
import { retryHeldTradeOrders } from '../trade-api/held-orders';
import { withNewVersion } from './order-version';

/**
 * Staff let one basket's next confirmation on account pass the credit hold (DESIGN §2 "Payment
 * terms, payments and credit control"): at the version they read, with a history row naming who and
 * why and no change of status. Confirming the basket uses the release up (a trade API order held
 * for credit tries to confirm itself again at once). Only a basket: an order
 * already confirmed has nothing to release (409); no such basket is 404.
 */
export async function releaseCreditHold(db: Db, id: number, input: { reason: string; version: number }, staff: UserRow): Promise<CreditReleaseAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound(`No such order: ${id}.`);
    if (row.status !== 'basket') throw conflict(`Order ${id} is already confirmed: there is no hold to release.`);
    if (row.paymentStatus === 'pending') throw conflict(`Order ${id} is being paid by card: it is not held.`);
    if (row.version !== input.version) throw conflict(`The customer changed basket ${id} since you opened it: look at it again.`);
    const at = new Date();
    const [updated] = await tx
      .update(orders)
      .set(withNewVersion({ creditReleasedAt: at, creditReleasedBy: staff.id }))
      .where(and(eq(orders.id, id), eq(orders.version, input.version)))
      .returning({ version: orders.version });
    await tx.insert(orderEvents).values({
      orderId: id,
      actor: 'staff',
      actorUserId: staff.id,
      fromStatus: 'basket',
      toStatus: 'basket',
      note: `Credit hold released for this order: ${input.reason}`,
    });
    await retryHeldTradeOrders(tx, { orderId: id });
    return { id, version: updated.version, credit_released_at: at.toISOString() };
  });
}
