import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { stockCreateSchema, stockUpdateSchema, StockRecord } from '../../../shared/api/catalogue';
import type { Db } from '../../db/client';
import { products, productsStock, stock } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { presentStock } from './present';
import { nextSortOrder, reorderRows } from './reorder';
import { bumpCatalogueVersion } from './version';

type StockCreate = z.output<typeof stockCreateSchema>;
type StockUpdate = z.output<typeof stockUpdateSchema>;

/** How many products each stock is made for: a read-only column of the staff record. */
export const stockProductCount = sql<number>`(select count(*)::int from ${productsStock} where ${productsStock.stockId} = ${stock.id})`;

/** Staff rules for paper stock. Costs arrive validated and normalised by the shared schema. */
export function stockService(db: Db) {
  async function get(id: number, tx: Db = db): Promise<StockRecord> {
    const [row] = await tx.select({ row: stock, count: stockProductCount }).from(stock).where(eq(stock.id, id));
    if (!row) throw notFound('No such stock.');
    return presentStock(row.row, row.count);
  }

  return {
    get,

    async getMany(ids: number[]): Promise<StockRecord[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ row: stock, count: stockProductCount })
        .from(stock)
        .where(inArray(stock.id, ids))
        .orderBy(asc(stock.sortOrder), asc(stock.id));
      return rows.map((r) => presentStock(r.row, r.count));
    },

    async create(input: StockCreate): Promise<StockRecord> {
      return db.transaction(async (tx) => {
        const { sort_order, sheet_cost, single_cost, double_cost, ...rest } = input;
        const [row] = await tx
          .insert(stock)
          .values({ ...rest, sheetCost: sheet_cost, singleCost: single_cost, doubleCost: double_cost, sortOrder: sort_order ?? (await nextSortOrder(tx, stock)) })
          .returning();
        await bumpCatalogueVersion(tx);
        return presentStock(row, 0);
      });
    },

    async update(id: number, input: StockUpdate): Promise<StockRecord> {
      return db.transaction(async (tx) => {
        const changes: Partial<typeof stock.$inferInsert> = {
          name: input.name,
          type: input.type,
          sheetCost: input.sheet_cost,
          singleCost: input.single_cost,
          doubleCost: input.double_cost,
          active: input.active,
          sortOrder: input.sort_order,
        };
        const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
        if (Object.keys(defined).length) {
          const updated = await tx.update(stock).set(defined).where(eq(stock.id, id)).returning({ id: stock.id });
          if (!updated.length) throw notFound('No such stock.');
          await bumpCatalogueVersion(tx);
        }
        return get(id, tx);
      });
    },

    /** Deletes a stock no product is made on; otherwise 409 naming the products. Answers the deleted record. */
    async remove(id: number): Promise<StockRecord> {
      return db.transaction(async (tx) => {
        const record = await get(id, tx);
        const users = await tx
          .select({ name: products.name })
          .from(productsStock)
          .innerJoin(products, eq(products.id, productsStock.productId))
          .where(eq(productsStock.stockId, id))
          .orderBy(asc(products.sortOrder), asc(products.id));
        if (users.length) {
          const names = users.slice(0, 5).map((u) => u.name);
          const more = users.length > 5 ? ` and ${users.length - 5} more` : '';
          throw conflict(
            `“${record.name}” cannot be deleted: ${users.length === 1 ? 'a product is' : `${users.length} products are`} made on it (${names.join(', ')}${more}). Unlink it from ${users.length === 1 ? 'that product' : 'them'} first, or mark it inactive.`,
          );
        }
        await tx.delete(stock).where(eq(stock.id, id));
        await bumpCatalogueVersion(tx);
        return record;
      });
    },

    async reorder(ids: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        await reorderRows(tx, stock, ids);
        await bumpCatalogueVersion(tx);
      });
    },
  };
}

export type StockService = ReturnType<typeof stockService>;
