import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiOrders, jobs, orders } from '../../db/schema';

/** The queue of the tries to confirm an API order, one after each check of its artwork. */
export const TRADE_ORDER_CONFIRM_QUEUE = 'trade-order-confirm';
export const TRADE_ORDER_CONFIRM_ATTEMPTS = 5;

/**
 * An order placed through the trade API confirms itself; one held by its account's credit (its
 * `waiting_reason` said so) tries again an hour later. What lifts the hold — staff releasing that
 * basket, or a payment recorded for the account — calls this in its own transaction, so that the
 * held orders it frees try again now (the job runs once that transaction commits), not within the hour.
 */
export async function retryHeldTradeOrders(tx: Db, which: { orderId: number } | { userId: number }): Promise<void> {
  const named = 'orderId' in which ? sql`${orders.id} = ${which.orderId}` : sql`${orders.userId} = ${which.userId}`;
  await tx.execute(sql`
    insert into ${jobs} (queue, payload, max_attempts)
    select ${TRADE_ORDER_CONFIRM_QUEUE}, jsonb_build_object('orderId', ${orders.id}), ${TRADE_ORDER_CONFIRM_ATTEMPTS}
    from ${apiOrders} join ${orders} on ${orders.id} = ${apiOrders.orderId}
    where ${named} and ${orders.status} = 'basket' and ${apiOrders.waitingReason} is not null`);
}
