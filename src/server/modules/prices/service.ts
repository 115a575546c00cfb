import { and, asc, eq, sql } from 'drizzle-orm';
import { CUSTOMER_ROUTE_ROLES, type Role } from '../../../shared/api/accounts';
import type { OrderableProduct, PriceList } from '../../../shared/api';
import { costOfSheets, parsePercent, parseStockCosts, parseTerms, priceFromCost, sheetsFor, type Sides } from '../../../shared/pricing';
import type { Db } from '../../db/client';
import { products, productsStock, stock, stockMargins, userPrices, userProducts, type UserRow } from '../../db/schema';
import { forbidden, unprocessable } from '../../lib/errors';
import { loadSnapshot, pricedJson, type Snapshot } from './snapshot';

/** Customers with role none may not order: 403, as the role guard sends them to /unauthorized. */
export function requireCustomerRole(user: UserRow): void {
  if (!CUSTOMER_ROUTE_ROLES.includes(user.role as Role)) throw forbidden();
}

/** What one request needs beyond the cached catalogue: its version and this customer's own terms. */
interface CustomerTerms {
  version: number;
  /** product id → discount in hundredths of a percent */
  discounts: Map<number, bigint>;
  /** restricted products this customer may order */
  links: Set<number>;
  /** The terms as text: customers with the same terms get the same answer. */
  key: string;
}

/** One statement: the catalogue version, the customer's discounts and restricted-product links. */
async function readTerms(db: Db, userId: number): Promise<CustomerTerms> {
  const result = await db.execute(sql`
    select
      coalesce((select version from catalogue_state where id = 1), 0)::int as version,
      coalesce((select json_agg(json_build_array(${userPrices.productId}, ${userPrices.discount}::text) order by ${userPrices.productId})::text
                  from ${userPrices} where ${userPrices.userId} = ${userId}), '[]') as discounts,
      coalesce((select json_agg(${userProducts.productId} order by ${userProducts.productId})::text
                  from ${userProducts} where ${userProducts.userId} = ${userId}), '[]') as links`);
  const row = (result as unknown as { rows: Array<{ version: number | string; discounts: string; links: string }> }).rows[0];
  const discounts = new Map((JSON.parse(row.discounts) as Array<[number, string]>).map(([id, d]) => [id, parsePercent(d)]));
  return { version: Number(row.version), discounts, links: new Set(JSON.parse(row.links) as number[]), key: `${row.discounts}|${row.links}` };
}

/** Finished answers kept per catalogue version and customer terms, up to this many bytes in all. */
const RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;

/** A small byte-bounded cache of finished answers; the oldest go first. */
function responseCache() {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get: (key: string) => entries.get(key),
    set(key: string, body: Buffer): Buffer {
      if (body.length > RESPONSE_CACHE_BYTES / 4) return body; // too big to be worth keeping
      entries.set(key, body);
      bytes += body.length;
      for (const [oldest, value] of entries) {
        if (bytes <= RESPONSE_CACHE_BYTES) break;
        entries.delete(oldest);
        bytes -= value.length;
      }
      return body;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/**
 * The customer's price list and orderable catalogue. The catalogue is cached per version (one
 * cache per service instance, i.e. per app); each request reads the version and the customer's
 * terms in one query, and the catalogue again (three queries) only when the version moved.
 * Finished answers are kept too, per version and terms: most customers share the same ones.
 */
export function pricesService(db: Db) {
  let cached: Snapshot | null = null;
  let loading: { version: number; promise: Promise<Snapshot> } | null = null;
  const answers = responseCache();

  async function snapshotAt(version: number): Promise<Snapshot> {
    if (cached?.version === version) return cached;
    if (loading?.version !== version) {
      // The version was read before these queries start, so the data is at least that version.
      const promise = loadSnapshot(db, version).then(
        (snapshot) => {
          if (!cached || cached.version <= version) {
            cached = snapshot;
            answers.clear();
          }
          return snapshot;
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      loading = { version, promise };
    }
    return loading.promise;
  }

  /** The finished answer for this customer: from the cache, or built from the snapshot's per-product JSON. */
  async function answer(user: UserRow, kind: 'prices' | 'products'): Promise<Buffer> {
    requireCustomerRole(user);
    const terms = await readTerms(db, user.id);
    const key = `${kind}|${terms.version}|${terms.key}`;
    const hit = answers.get(key);
    if (hit) return hit;
    const snapshot = await snapshotAt(terms.version);
    const visible = snapshot.products.filter((p) => !p.restricted || terms.links.has(p.id));
    const json =
      kind === 'prices'
        ? `{"products":[${visible.map((p) => pricedJson(p, terms.discounts.get(p.id) ?? 0n)).join(',')}]}`
        : `[${visible.map((p) => p.orderable).join(',')}]`;
    const body = Buffer.from(json, 'utf8');
    return snapshot === cached ? answers.set(key, body) : body;
  }

  return {
    /** GET /api/prices as JSON bytes: every orderable product, stock and break, both sides, after the customer's discount. */
    priceListBody: (user: UserRow) => answer(user, 'prices'),

    async priceList(user: UserRow): Promise<PriceList> {
      return JSON.parse((await answer(user, 'prices')).toString('utf8')) as PriceList;
    },

    /** GET /api/products as JSON bytes: products, their stocks and quantity breaks. */
    orderableBody: (user: UserRow) => answer(user, 'products'),

    async orderable(user: UserRow): Promise<OrderableProduct[]> {
      return JSON.parse((await answer(user, 'products')).toString('utf8')) as OrderableProduct[];
    },

    quote: (user: UserRow, item: QuoteItem, tx: Db = db) => quote(tx, user, item),
  };
}

export type PricesService = ReturnType<typeof pricesService>;

export interface QuoteItem {
  product_id: number;
  stock_id: number;
  qty: number;
  sides: Sides;
}

/**
 * Today's price of one line for this customer, read straight from the database (pass the
 * transaction that confirms an order). 422 naming the field when it cannot be ordered.
 */
export async function quote(db: Db, user: UserRow, item: QuoteItem): Promise<number> {
  requireCustomerRole(user);
  const [row] = await db
    .select({
      multiplier: products.multiplier,
      restricted: products.restricted,
      linked: sql<boolean>`exists (select 1 from ${userProducts} where ${userProducts.userId} = ${user.id} and ${userProducts.productId} = ${products.id})`,
      discount: sql<string>`coalesce((select ${userPrices.discount} from ${userPrices} where ${userPrices.userId} = ${user.id} and ${userPrices.productId} = ${products.id}), 0)::text`,
    })
    .from(products)
    .where(and(eq(products.id, item.product_id), eq(products.active, true)));
  if (!row || (row.restricted && !row.linked)) throw unprocessable({ product_id: 'This product is not available to order' });
  const [s] = await db
    .select({ sheet_cost: stock.sheetCost, single_cost: stock.singleCost, double_cost: stock.doubleCost })
    .from(productsStock)
    .innerJoin(stock, eq(stock.id, productsStock.stockId))
    .where(and(eq(productsStock.productId, item.product_id), eq(productsStock.stockId, item.stock_id), eq(stock.active, true)));
  const breaks = s
    ? await db
        .select({ qty: stockMargins.qty, margin: stockMargins.margin })
        .from(stockMargins)
        .where(and(eq(stockMargins.productId, item.product_id), eq(stockMargins.stockId, item.stock_id)))
        .orderBy(asc(stockMargins.qty))
    : [];
  if (!s || !breaks.length) throw unprocessable({ stock_id: 'This product cannot be ordered on that stock' });
  const b = breaks.find((x) => x.qty === item.qty);
  if (!b) throw unprocessable({ qty: `Choose one of the quantities: ${breaks.map((x) => x.qty).join(', ')}` });
  const cost = costOfSheets(parseStockCosts(s), sheetsFor(item.qty, row.multiplier), item.sides);
  return priceFromCost(cost, parseTerms(b.margin, row.discount));
}

/** The visibility rule as a condition on `products`, for other modules' queries (e.g. orders). */
export const productVisibleTo = (userId: number) =>
  sql`(not ${products.restricted} or exists (select 1 from ${userProducts} where ${userProducts.userId} = ${userId} and ${userProducts.productId} = ${products.id}))`;
