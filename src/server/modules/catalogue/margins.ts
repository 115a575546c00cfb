import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { marginCreateSchema, MarginPair, MarginRecord, marginRowsSchema, marginUpdateSchema } from '../../../shared/api/catalogue';
import type { Db } from '../../db/client';
import { products, productsStock, stockMargins, type StockMarginRow } from '../../db/schema';
import { notFound, uniqueAsFieldError, unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, nextVersion, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { presentMargin } from './present';
import type { ProductsService } from './products';
import { bumpCatalogueVersion } from './catalogue-version';
import type { StockService } from './stock';

type MarginCreate = z.output<typeof marginCreateSchema>;
type MarginUpdate = z.output<typeof marginUpdateSchema>;
type MarginRows = z.output<typeof marginRowsSchema>['rows'];

const DUPLICATE_QTY = 'This quantity is already a break for this product and stock';

const MARGIN: RecordKind = { noun: 'margin', missing: 'No such margin.' };
const versioned = { table: stockMargins, id: stockMargins.id, version: stockMargins.version };
/** The margins page saves a pair's whole table of breaks: its version is the pair link's. */
const PAIR: RecordKind = { noun: 'table of margins', missing: 'This stock is not linked to the product.' };
const pairVersioned = { table: productsStock, id: productsStock.productId, version: productsStock.marginsVersion };

/** Any change to one of a pair's breaks changes the pair's table: a margins page open on it is then stale. */
async function bumpPairVersion(tx: Db, productId: number, stockId: number): Promise<void> {
  await tx
    .update(productsStock)
    .set({ marginsVersion: nextVersion(productsStock.marginsVersion) })
    .where(and(eq(productsStock.productId, productId), eq(productsStock.stockId, stockId)));
}

/** 422 unless the product exists and the stock is linked to it (margins exist only for linked pairs). */
async function checkPair(tx: Db, productId: number, stockId: number): Promise<void> {
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw unprocessable({ product_id: 'Unknown product' });
  const [link] = await tx
    .select({ stockId: productsStock.stockId })
    .from(productsStock)
    .where(and(eq(productsStock.productId, productId), eq(productsStock.stockId, stockId)))
    .for('update');
  if (!link) throw unprocessable({ stock_id: 'This stock is not linked to the product: link it on the product first' });
}

async function checkQtyFree(tx: Db, productId: number, stockId: number, qty: number, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: stockMargins.id })
    .from(stockMargins)
    .where(
      and(
        eq(stockMargins.productId, productId),
        eq(stockMargins.stockId, stockId),
        eq(stockMargins.qty, qty),
        exceptId ? ne(stockMargins.id, exceptId) : undefined,
      ),
    );
  if (taken) throw unprocessable({ qty: DUPLICATE_QTY });
}

/** A concurrent insert of the same break loses to the unique constraint: still a 422, never a 500. */
const asFieldError = uniqueAsFieldError('stock_margins_pair_qty_unique', { qty: DUPLICATE_QTY });

/** The staff list of margin rows (react-admin reads a pair's breaks with filter product_id + stock_id). */
export const marginsListSpec: ListSpec<MarginRecord, StockMarginRow> = {
  table: stockMargins,
  present: (rows) => rows.map(presentMargin),
  id: stockMargins.id,
  fields: fieldsOf(stockMargins, { id: 'int', product_id: 'int', stock_id: 'int', qty: 'int' }),
  sortable: ['id', 'qty', 'product_id', 'stock_id', 'margin'],
  defaultSort: ['qty', 'ASC'],
};

/** Quantity breaks and their margins, per product and stock. */
export function marginsService(db: Db, catalogue: { products: ProductsService; stock: StockService }) {
  async function get(id: number, tx: Db = db): Promise<MarginRecord> {
    const [row] = await tx.select().from(stockMargins).where(eq(stockMargins.id, id));
    if (!row) throw notFound('No such margin.');
    return presentMargin(row);
  }

  async function listPair(tx: Db, productId: number, stockId: number): Promise<MarginRecord[]> {
    const rows = await tx
      .select()
      .from(stockMargins)
      .where(and(eq(stockMargins.productId, productId), eq(stockMargins.stockId, stockId)))
      .orderBy(asc(stockMargins.qty));
    return rows.map(presentMargin);
  }

  return {
    list: marginsListSpec,
    get,

    create: (input: MarginCreate) =>
      asFieldError(() =>
        db.transaction(async (tx) => {
          await checkPair(tx, input.product_id, input.stock_id);
          await checkQtyFree(tx, input.product_id, input.stock_id, input.qty);
          const [row] = await tx
            .insert(stockMargins)
            .values({ productId: input.product_id, stockId: input.stock_id, qty: input.qty, margin: input.margin })
            .returning();
          await bumpPairVersion(tx, input.product_id, input.stock_id);
          await bumpCatalogueVersion(tx);
          return presentMargin(row);
        }),
      ),

    update: (id: number, input: MarginUpdate, version: number) =>
      asFieldError(() =>
        db.transaction(async (tx) => {
          await claimVersion(tx, versioned, id, version, MARGIN);
          const current = await get(id, tx);
          if (input.qty !== undefined) await checkQtyFree(tx, current.product_id, current.stock_id, input.qty, id);
          if (input.qty !== undefined || input.margin !== undefined) {
            await tx.update(stockMargins).set({ qty: input.qty, margin: input.margin }).where(eq(stockMargins.id, id));
            await bumpPairVersion(tx, current.product_id, current.stock_id);
            await bumpCatalogueVersion(tx);
          }
          return get(id, tx);
        }),
      ),

    async remove(id: number, version?: number): Promise<MarginRecord> {
      return db.transaction(async (tx) => {
        await lockForDelete(tx, versioned, id, version, MARGIN);
        const record = await get(id, tx);
        await tx.delete(stockMargins).where(eq(stockMargins.id, id));
        await bumpPairVersion(tx, record.product_id, record.stock_id);
        await bumpCatalogueVersion(tx);
        return record;
      });
    },

    /** The margins page: the pair (404 unless linked) with its costs, breaks and the version of its table. */
    async pair(productId: number, stockId: number): Promise<MarginPair> {
      const product = await catalogue.products.get(productId);
      const s = await catalogue.stock.get(stockId);
      return db.transaction(async (tx) => {
        // The breaks and the version they are at, read in one snapshot.
        const [link] = await tx
          .select({ version: productsStock.marginsVersion })
          .from(productsStock)
          .where(and(eq(productsStock.productId, productId), eq(productsStock.stockId, stockId)));
        if (!link) throw notFound(PAIR.missing);
        return { product, stock: s, margins: await listPair(tx, productId, stockId), version: link.version };
      });
    },

    /**
     * Replaces the pair's whole break table in one transaction (the inline editor's Save), at the
     * version the page read (409 when someone changed the breaks since); answers the breaks as saved.
     */
    async replacePair(productId: number, stockId: number, rows: MarginRows, version: number): Promise<MarginRecord[]> {
      return asFieldError(() =>
        db.transaction(async (tx) => {
          await checkPair(tx, productId, stockId);
          await claimVersion(tx, pairVersioned, productId, version, PAIR, eq(productsStock.stockId, stockId));
          await tx.delete(stockMargins).where(and(eq(stockMargins.productId, productId), eq(stockMargins.stockId, stockId)));
          if (rows.length) await tx.insert(stockMargins).values(rows.map((r) => ({ productId, stockId, qty: r.qty, margin: r.margin })));
          await bumpCatalogueVersion(tx);
          return listPair(tx, productId, stockId);
        }),
      );
    },
  };
}

export type MarginsService = ReturnType<typeof marginsService>;
