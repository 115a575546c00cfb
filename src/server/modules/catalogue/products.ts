import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { productCreateSchema, productUpdateSchema, ProductRecord } from '../../../shared/api/catalogue';
import type { Db } from '../../db/client';
import { columnValues, insertValues } from '../../db/columns';
import { products, productsStock, stock, type ProductRow } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { isForeignKeyViolation } from '../../db/errors';
import { presentProduct } from './present';
import { linkedInOrder, nextSortOrder, reorderCatalogue } from './reorder';
import { addStandardTurnaround, setDefaultTurnaroundDays } from './turnarounds';
import { bumpCatalogueVersion } from './catalogue-version';

type ProductCreate = z.output<typeof productCreateSchema>;
type ProductUpdate = z.output<typeof productUpdateSchema>;

/** The stock ids of each product, in the printer's stock order: one query for a whole page. */
export const stockIdsOf = (db: Db, productIds: number[]) =>
  linkedInOrder(db, { owner: productsStock.productId, linked: productsStock.stockId }, stock, productIds);

export async function presentProducts(db: Db, rows: ProductRow[]): Promise<ProductRecord[]> {
  const links = await stockIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentProduct(r, links.get(r.id) ?? []));
}

const PRODUCT: RecordKind = { noun: 'product', missing: 'No such product.' };
const versioned = { table: products, id: products.id, version: products.version };

/** Every id must name a stock; 422 on stock_ids otherwise. */
async function checkStockIds(tx: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = new Set((await tx.select({ id: stock.id }).from(stock).where(inArray(stock.id, ids))).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw unprocessable({ stock_ids: `Unknown stock: ${missing.join(', ')}` });
}

/** Staff rules for products and the stocks they are made on (the stock part of the product view). */
export function productsService(db: Db) {
  async function get(id: number, tx: Db = db): Promise<ProductRecord> {
    const [row] = await tx.select().from(products).where(eq(products.id, id));
    if (!row) throw notFound('No such product.');
    return (await presentProducts(tx, [row]))[0];
  }

  const list: ListSpec<ProductRecord, ProductRow> = {
    table: products,
    present: (rows) => presentProducts(db, rows),
    id: products.id,
    fields: fieldsOf(products, {
      id: 'int',
      name: 'text',
      multiplier: 'int',
      large_item: 'bool',
      restricted: 'bool',
      active: 'bool',
      sort_order: 'int',
      proof_required: 'bool',
    }),
    sortable: ['id', 'name', 'multiplier', 'sort_order', 'active', 'restricted'],
    defaultSort: ['sort_order', 'ASC'],
    searchText: sql`lower(${products.name} || ' ' || ${products.description})`,
  };

  return {
    list,
    get,

    async create(input: ProductCreate): Promise<ProductRecord> {
      return db.transaction(async (tx) => {
        await checkStockIds(tx, input.stock_ids);
        const [row] = await tx
          .insert(products)
          .values(insertValues(products, { ...input, sort_order: input.sort_order ?? (await nextSortOrder(tx, products)) }))
          .returning();
        if (input.stock_ids.length) await tx.insert(productsStock).values(input.stock_ids.map((stockId) => ({ productId: row.id, stockId })));
        // Every product has a default turnaround, whose days are the product's production days.
        await addStandardTurnaround(tx, row.id, row.productionDays);
        await bumpCatalogueVersion(tx);
        return get(row.id, tx);
      });
    },

    /** Changes the fields sent; `stock_ids`, when sent, is the whole new set (unlinking a stock drops its margins). */
    async update(id: number, input: ProductUpdate, version: number): Promise<ProductRecord> {
      return db.transaction(async (tx) => {
        await claimVersion(tx, versioned, id, version, PRODUCT);
        const defined = columnValues(products, input);
        if (Object.keys(defined).length) await tx.update(products).set(defined).where(eq(products.id, id));
        // The product's days are its default turnaround's: changed here, they are changed there.
        if (input.production_days !== undefined) await setDefaultTurnaroundDays(tx, id, input.production_days);
        await bumpCatalogueVersion(tx);
        if (input.stock_ids) {
          await checkStockIds(tx, input.stock_ids);
          const keep = input.stock_ids;
          await tx.delete(productsStock).where(and(eq(productsStock.productId, id), keep.length ? notInArray(productsStock.stockId, keep) : undefined));
          if (keep.length)
            await tx
              .insert(productsStock)
              .values(keep.map((stockId) => ({ productId: id, stockId })))
              .onConflictDoNothing();
        }
        return get(id, tx);
      });
    },

    /** Deletes a product with its stock links, margins and customer terms; answers the deleted record. */
    async remove(id: number, version?: number): Promise<ProductRecord> {
      try {
        return await db.transaction(async (tx) => {
          await lockForDelete(tx, versioned, id, version, PRODUCT);
          const record = await get(id, tx);
          await tx.delete(products).where(eq(products.id, id));
          await bumpCatalogueVersion(tx);
          return record;
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict('This product is on orders and cannot be deleted. Mark it inactive instead.');
        throw err;
      }
    },

    reorder: (ids: number[]) => reorderCatalogue(db, products, ids),
  };
}

export type ProductsService = ReturnType<typeof productsService>;
