import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/** The first row of a raw query. */
export const firstRow = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0];

/** On the demo catalogue: the first trade customer, and a business card's smallest break (product, stock, qty), for seeded orders. */
export async function demoOrderParts(db: Db): Promise<{ customer: number; product: number; stock: number; qty: number }> {
  const { customer } = await firstRow<{ customer: number }>(db, sql`select id as customer from users where role = 'trade' order by id limit 1`);
  const item = await firstRow<{ product: number; stock: number; qty: number }>(
    db,
    sql`
    select m.product_id as product, m.stock_id as stock, m.qty from stock_margins m join products p on p.id = m.product_id
    where p.trim_width_mm = 85 order by m.qty limit 1`,
  );
  return { customer, ...item };
}
