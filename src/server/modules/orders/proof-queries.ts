import { sql, type SQL } from 'drizzle-orm';
import { orderItems } from '../../db/schema';

/**
 * The order (named by `orderId`, a column or value of the caller's statement) has an item whose
 * proof waits for its customer's approval: not yet made, ready, or sent back for changes. Read on
 * `order_items_awaiting_proof_idx`. One condition for the customer's list and counts, the staff
 * queue and the batch run, so that they never disagree about which orders wait.
 */
export function awaitsApproval(orderId: SQL | number): SQL {
  return sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orderId} and ${orderItems.proofRequested} and ${orderItems.proofStatus} is distinct from 'approved')`;
}
