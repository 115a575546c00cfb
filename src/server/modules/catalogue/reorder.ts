import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { products, stock } from '../../db/schema';
import { unprocessable } from '../../lib/domain-errors';
import { bumpCatalogueVersion } from './catalogue-version';

/** The lists kept in the printer's own order (sort_order, then id). */
type Ordered = typeof stock | typeof products;

/**
 * The printer's own order of a list: `ids` first in the order given, every other row after them in
 * its current order; sort_order becomes 1, 2, 3… One statement, in the caller's transaction.
 */
export async function reorderRows(tx: Db, table: Ordered, ids: number[]): Promise<void> {
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
  // A row that moves is a changed record (its sort order is on its form): its version goes up.
  await tx.execute(
    sql`update ${table} set sort_order = o.pos, version = ${table.version} + 1 from (values ${values}) as o(id, pos) where ${table.id} = o.id and ${table.sortOrder} <> o.pos`,
  );
}

/** Staff reordering a catalogue list: `reorderRows` in a transaction of its own that also bumps the catalogue's version. */
export async function reorderCatalogue(db: Db, table: Ordered, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await reorderRows(tx, table, ids);
    await bumpCatalogueVersion(tx);
  });
}

/** The next sort_order at the end of the list. */
export async function nextSortOrder(tx: Db, table: Ordered): Promise<number> {
  const [row] = await tx.select({ max: sql<number>`coalesce(max(${table.sortOrder}), 0)::int` }).from(table);
  return (row?.max ?? 0) + 1;
}

/**
 * The ids of `table` each owner links to, in the printer's order of `table` (the stocks of each
 * product, the restricted products of each customer): one query for a whole page of owners.
 * `link` names the link table's columns: whose the link is, and the row of `table` it names.
 */
export async function linkedInOrder(
  db: Db,
  link: { owner: AnyPgColumn<{ data: number; notNull: true }>; linked: AnyPgColumn<{ data: number; notNull: true }> },
  table: Ordered,
  ownerIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ownerIds.map((id) => [id, []]));
  if (!ownerIds.length) return out;
  const rows = await db
    .select({ owner: link.owner, linked: link.linked })
    .from(link.owner.table)
    .innerJoin(table, eq(table.id, link.linked))
    .where(inArray(link.owner, ownerIds))
    .orderBy(asc(table.sortOrder), asc(table.id));
  for (const r of rows) out.get(r.owner)?.push(r.linked);
  return out;
}
