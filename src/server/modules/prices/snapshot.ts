import { and, asc, eq } from 'drizzle-orm';
import type { OrderableProduct, PriceListProduct } from '../../../shared/api/prices';
import { breakCosts, breakPrices, parsePercent, parseStockCosts, type BreakCosts } from '../../../shared/domain/pricing';
import type { Db } from '../../db/client';
import { products, stock, stockMargins } from '../../db/schema';

/**
 * The orderable catalogue, read once per catalogue version and kept in memory: every active product
 * with its active stocks and quantity breaks, each break's exact costs (ten-thousandths of a pound)
 * and margin (hundredths of a percent) ready for the shared engine. Customer-facing JSON is built
 * from it per product and per discount and kept too, so a price-list request costs one query.
 */

interface SnapshotBreak {
  costs: BreakCosts;
  margin: bigint;
}

export interface SnapshotProduct {
  id: number;
  name: string;
  description: string;
  weight: number;
  largeItem: boolean;
  restricted: boolean;
  /** Working days from the start of production to dispatch. */
  productionDays: number;
  stocks: Array<{ id: number; name: string; type: string; breaks: SnapshotBreak[] }>;
  /** JSON of this product on the price list, by the customer's discount in hundredths of a percent. */
  priced: Map<bigint, string>;
  /** JSON of this product for GET /api/products. */
  orderable: string;
}

export interface Snapshot {
  version: number;
  products: SnapshotProduct[];
}

/** At most this many discount variants of one product are kept; beyond it the cache starts again. */
const MAX_VARIANTS = 64;

/** Reads the catalogue in three queries whatever its size. */
export async function loadSnapshot(db: Db, version: number): Promise<Snapshot> {
  const [productRows, stockRows, breakRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        multiplier: products.multiplier,
        weight: products.weight,
        largeItem: products.largeItem,
        restricted: products.restricted,
        productionDays: products.productionDays,
      })
      .from(products)
      .where(eq(products.active, true))
      .orderBy(asc(products.sortOrder), asc(products.id)),
    db
      .select({ id: stock.id, name: stock.name, type: stock.type, sheet_cost: stock.sheetCost, single_cost: stock.singleCost, double_cost: stock.doubleCost })
      .from(stock)
      .where(eq(stock.active, true))
      .orderBy(asc(stock.sortOrder), asc(stock.id)),
    db
      .select({ productId: stockMargins.productId, stockId: stockMargins.stockId, qty: stockMargins.qty, margin: stockMargins.margin })
      .from(stockMargins)
      .innerJoin(products, eq(products.id, stockMargins.productId))
      .innerJoin(stock, eq(stock.id, stockMargins.stockId))
      .where(and(eq(products.active, true), eq(stock.active, true)))
      .orderBy(asc(stockMargins.productId), asc(stockMargins.stockId), asc(stockMargins.qty)),
  ]);

  const breaksByPair = new Map<string, Array<{ qty: number; margin: string }>>();
  for (const row of breakRows) {
    const key = `${row.productId}:${row.stockId}`;
    let list = breaksByPair.get(key);
    if (!list) breaksByPair.set(key, (list = []));
    list.push({ qty: row.qty, margin: row.margin });
  }
  const stocks = stockRows.map(({ id, name, type, ...costs }) => ({ id, name, type, costs: parseStockCosts(costs) }));
  const margins = new Map<string, bigint>(); // the same few margin strings recur: parse each once

  const out: SnapshotProduct[] = [];
  for (const p of productRows) {
    const pairs = stocks.flatMap((s) => {
      const rows = breaksByPair.get(`${p.id}:${s.id}`);
      if (!rows) return []; // a pair with no margin rows cannot be ordered
      const breaks = rows.map(({ qty, margin }) => {
        let m = margins.get(margin);
        if (m === undefined) margins.set(margin, (m = parsePercent(margin)));
        return { margin: m, costs: breakCosts(s.costs, p.multiplier, qty) };
      });
      return [{ id: s.id, name: s.name, type: s.type, breaks }];
    });
    if (!pairs.length) continue;
    const weight = Number(p.weight);
    const orderable = JSON.stringify({
      id: p.id,
      name: p.name,
      description: p.description,
      weight,
      large_item: p.largeItem,
      stocks: pairs.map((s) => ({ id: s.id, name: s.name, type: s.type, quantities: s.breaks.map((b) => b.costs.qty) })),
    } satisfies OrderableProduct);
    out.push({
      id: p.id,
      name: p.name,
      description: p.description,
      weight,
      largeItem: p.largeItem,
      restricted: p.restricted,
      productionDays: p.productionDays,
      stocks: pairs,
      priced: new Map(),
      orderable,
    });
  }
  return { version, products: out };
}

/** The product's price-list JSON at `discount` (hundredths of a percent), by the shared engine; cached. */
export function pricedJson(product: SnapshotProduct, discount: bigint): string {
  const cached = product.priced.get(discount);
  if (cached !== undefined) return cached;
  const json = JSON.stringify({
    id: product.id,
    name: product.name,
    description: product.description,
    discount: Number(discount) / 100,
    stocks: product.stocks.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      breaks: s.breaks.map((b) => breakPrices(b.costs, { margin: b.margin, discount })),
    })),
  } satisfies PriceListProduct);
  if (product.priced.size >= MAX_VARIANTS) product.priced.clear();
  product.priced.set(discount, json);
  return json;
}
