import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { stockCreateSchema, stockUpdateSchema, StockRecord } from '../../../shared/api/catalogue';
import type { Db } from '../../db/client';
import { columnValues, insertValues, qualified } from '../../db/columns';
import { products, productsStock, stock, type StockRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { presentStock } from './present';
import { nextSortOrder, reorderCatalogue } from './reorder';
import { bumpCatalogueVersion } from './catalogue-version';

type StockCreate = z.output<typeof stockCreateSchema>;
type StockUpdate = z.output<typeof stockUpdateSchema>;

/** How many products each stock is made for: a read-only column of the staff record. */
export const stockProductCount = sql<number>`(select count(*)::int from ${productsStock} where ${productsStock.stockId} = ${qualified(stock.id)})`;

const STOCK: RecordKind = { noun: 'stock', missing: 'No such stock.' };
const versioned = { table: stock, id: stock.id, version: stock.version };

/** The staff list of stock, in the printer's order by default. */
export const stockListSpec: ListSpec<StockRecord, { row: StockRow; count: number }> = {
  table: stock,
  select: { row: stock, count: stockProductCount },
  present: (rows) => rows.map((r) => presentStock(r.row, r.count)),
  id: stock.id,
  fields: fieldsOf(stock, { id: 'int', name: 'text', type: 'text', active: 'bool', sort_order: 'int' }),
  sortable: ['id', 'name', 'type', 'sort_order', 'active'],
  defaultSort: ['sort_order', 'ASC'],
  searchText: sql`lower(${stock.name} || ' ' || ${stock.type})`,
};

/** Staff rules for paper stock. Costs arrive validated and normalised by the shared schema. */
export function stockService(db: Db) {
  async function get(id: number, tx: Db = db): Promise<StockRecord> {
    const [row] = await tx.select({ row: stock, count: stockProductCount }).from(stock).where(eq(stock.id, id));
    if (!row) throw notFound('No such stock.');
    return presentStock(row.row, row.count);
  }

  return {
    list: stockListSpec,
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
        const [row] = await tx
          .insert(stock)
          .values(insertValues(stock, { ...input, sort_order: input.sort_order ?? (await nextSortOrder(tx, stock)) }))
          .returning();
        await bumpCatalogueVersion(tx);
        return presentStock(row, 0);
      });
    },

    async update(id: number, input: StockUpdate, version: number): Promise<StockRecord> {
      return db.transaction(async (tx) => {
        await claimVersion(tx, versioned, id, version, STOCK);
        const defined = columnValues(stock, input);
        if (Object.keys(defined).length) {
          await tx.update(stock).set(defined).where(eq(stock.id, id));
          await bumpCatalogueVersion(tx);
        }
        return get(id, tx);
      });
    },

    /** Deletes a stock no product is made on; otherwise 409 naming the products. Answers the deleted record. */
    async remove(id: number, version?: number): Promise<StockRecord> {
      return db.transaction(async (tx) => {
        await lockForDelete(tx, versioned, id, version, STOCK);
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

    reorder: (ids: number[]) => reorderCatalogue(db, stock, ids),
  };
}

export type StockService = ReturnType<typeof stockService>;
