import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

/** Columns of an order a change may set; its version is always the one this file gives. */
export type OrderColumns = Partial<Omit<typeof orders.$inferInsert, 'id' | 'version'>>;

/**
 * What every write to an order sets: the caller's columns, with `version` moved on and `updated_at`
 * (now, unless the caller gives the time it recorded). The one place the version moves: a
 * confirmation moves an order only if it is still at the version it read, and staff write at the
 * version they opened, so any change to the order, its items or their artwork that did not come
 * through here could be overwritten or confirmed unseen. `tx.update(orders).set(withNewVersion({ … }))`.
 */
export function withNewVersion<T extends object = OrderColumns>(set: T = {} as T) {
  return { updatedAt: new Date(), ...set, version: sql`${orders.version} + 1` };
}

/** Records on the order that its basket changed (an item added, edited or removed): a new version. */
export async function basketChanged(executor: Db, orderId: number): Promise<void> {
  await executor.update(orders).set(withNewVersion()).where(eq(orders.id, orderId));
}
