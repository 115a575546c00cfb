import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, stock } from '../../db/schema';
import { unprocessable } from '../../lib/errors';

/**
 * The printer's own order of a list: `ids` first in the order given, every other row after them in
 * its current order; sort_order becomes 1, 2, 3… One statement, in the caller's transaction.
 */
export async function reorderRows(tx: Db, table: typeof stock | typeof products, ids: number[]): Promise<void> {
  const current = await tx.select({ id: table.id }).from(table).orderBy(asc(table.sortOrder), asc(table.id)).for('update');
  const known = new Set(current.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw unprocessable({ ids: `Unknown id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` });
  const given = new Set(ids);
  const order = [...ids, ...current.map((r) => r.id).filter((id) => !given.has(id))];
  if (!order.length) return;
  const values = sql.join(
    order.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${table} set sort_order = o.pos from (values ${values}) as o(id, pos) where ${table.id} = o.id`);
}

/** The next sort_order at the end of the list. */
export async function nextSortOrder(tx: Db, table: typeof stock | typeof products): Promise<number> {
  const [row] = await tx.select({ max: sql<number>`coalesce(max(${table.sortOrder}), 0)::int` }).from(table);
  return (row?.max ?? 0) + 1;
}

export const byId = (table: typeof stock | typeof products, id: number) => eq(table.id, id);
