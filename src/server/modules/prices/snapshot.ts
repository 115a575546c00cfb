import { readTogether } from '../../lib/read-together';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CustomerOptionGroup, CustomerTurnaround, OrderableProduct, PriceListStock } from '../../../shared/api/prices';
import { addWorkingDays, type CivilDate } from '../../../shared/domain/calendar/workingDays';
import {
  breakCosts,
  breakPrices,
  isTurnaroundOffered,
  itemProductionDays,
  parseOptionCosts,
  parsePercent,
  parseStockCosts,
  parseTurnaroundPercent,
  withOptions,
  type BreakCosts,
  type ChoiceMoment,
  type ChoiceTurnaround,
  type ParsedOptionCosts,
} from '../../../shared/domain/pricing';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { products, stock, stockMargins } from '../../db/schema';

/**
 * The orderable catalogue, read once per catalogue version and kept in memory: every active product
 * with its active stocks and quantity breaks, each break's exact costs (ten-thousandths of a pound)
 * and margin (hundredths of a percent) ready for the shared engine, and its active finishing options
 * and turnarounds. Customer-facing JSON is built from it per product and per discount (and, for what
 * depends on the clock, per production start day) and kept too, so a price-list request costs one query.
 */

export interface SnapshotBreak {
  costs: BreakCosts;
  margin: bigint;
}

export interface SnapshotOption {
  id: number;
  name: string;
  production_days: number;
  costs: ParsedOptionCosts;
}

export interface SnapshotOptionGroup {
  id: number;
  name: string;
  required: boolean;
  options: SnapshotOption[];
}

export interface SnapshotTurnaround extends ChoiceTurnaround {
  /** Its price change in hundredths of a percent, as the engine takes it. */
  percent: bigint;
}

export interface SnapshotProduct {
  id: number;
  name: string;
  description: string;
  weight: number;
  largeItem: boolean;
  restricted: boolean;
  /** Working days from the start of production to dispatch (its default turnaround's). */
  productionDays: number;
  /** Every item of it has a proof to approve before printing. */
  proofRequired: boolean;
  /** Active groups with their active options, in the printer's order; groups with none on offer are left out. */
  optionGroups: SnapshotOptionGroup[];
  /** Active turnarounds, slowest first. */
  turnarounds: SnapshotTurnaround[];
  stocks: Array<{ id: number; name: string; type: string; breaks: SnapshotBreak[] }>;
  /** JSON of this product's papers on the price list, by the customer's discount in hundredths of a percent. */
  pricedStocks: Map<bigint, string>;
  /** JSON of this product's turnarounds, by the moment they are offered at (`ClockMoment.key`). */
  turnaroundsJson: Map<string, string>;
  /** This product's JSON for GET /api/products around its turnarounds (they follow the clock): `{…,"turnarounds":` and `,"stocks":[…]}`. */
  orderableHead: string;
  orderableTail: string;
  /** This product's fixed fields on the price list: `{"id":…,"option_groups":[…]` without the closing brace. */
  pricedHead: string;
}

export interface Snapshot {
  version: number;
  products: SnapshotProduct[];
}

/**
 * When a customer looks: the moment with the closed days and cut-off it is judged by, the day an
 * order confirmed now starts production, and a key that changes whenever any of these would
 * change an answer (a new start day, the cut-off passing, a closed day added).
 */
export interface ClockMoment extends ChoiceMoment {
  start: CivilDate;
  key: string;
}
/** At most this many discount variants of one product are kept; beyond it the cache starts again. */
const MAX_VARIANTS = 64;

/** Reads the catalogue in three queries whatever its size. */
export async function loadSnapshot(db: Db, version: number): Promise<Snapshot> {
  const [productRows, stockRows, breakRows] = await readTogether(db, [
    () =>
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
          proofRequired: products.proofRequired,
          // Its active options and turnarounds as JSON, in the same statement: a catalogue read stays three queries whatever its size.
          groups: sql<string>`coalesce((
          select json_agg(json_build_object('id', g.id, 'name', g.name, 'required', g.required, 'options', (
            select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'production_days', o.production_days,
                     'sheet', o.sheet_cost::text, 'setup', o.setup_cost) order by o.sort, o.id), '[]')
              from options o where o.option_group_id = g.id and o.active)) order by g.sort, g.id)::text
            from option_groups g where g.product_id = ${qualified(products.id)}), '[]')`,
          turnarounds: sql<string>`coalesce((
          select json_agg(json_build_object('id', t.id, 'name', t.name, 'production_days', t.production_days,
                   'price_percent', t.price_percent, 'is_default', t.is_default) order by t.production_days desc, t.id)::text
            from turnarounds t where t.product_id = ${qualified(products.id)} and t.active), '[]')`,
        })
        .from(products)
        .where(eq(products.active, true))
        .orderBy(asc(products.sortOrder), asc(products.id)),
    () =>
      db
        .select({ id: stock.id, name: stock.name, type: stock.type, sheet_cost: stock.sheetCost, single_cost: stock.singleCost, double_cost: stock.doubleCost })
        .from(stock)
        .where(eq(stock.active, true))
        .orderBy(asc(stock.sortOrder), asc(stock.id)),
    () =>
      db
        .select({ productId: stockMargins.productId, stockId: stockMargins.stockId, qty: stockMargins.qty, margin: stockMargins.margin })
        .from(stockMargins)
        .innerJoin(products, eq(products.id, stockMargins.productId))
        .innerJoin(stock, eq(stock.id, stockMargins.stockId))
        .where(and(eq(products.active, true), eq(stock.active, true)))
        .orderBy(asc(stockMargins.productId), asc(stockMargins.stockId), asc(stockMargins.qty)),
  ] as const);

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
    const optionGroups = readOptionGroups(p.groups);
    const shownGroups: CustomerOptionGroup[] = optionGroups.map((g) => ({
      id: g.id,
      name: g.name,
      required: g.required,
      options: g.options.map((o) => ({ id: o.id, name: o.name, production_days: o.production_days, setup_charge: o.costs.setup > 0n })),
    }));
    const orderable = JSON.stringify({
      id: p.id,
      name: p.name,
      description: p.description,
      weight,
      large_item: p.largeItem,
      proof_required: p.proofRequired,
      option_groups: shownGroups,
      turnarounds: [],
      stocks: pairs.map((s) => ({ id: s.id, name: s.name, type: s.type, quantities: s.breaks.map((b) => b.costs.qty) })),
    } satisfies OrderableProduct);
    const priced = JSON.stringify({ id: p.id, name: p.name, description: p.description, proof_required: p.proofRequired, option_groups: shownGroups });
    out.push({
      id: p.id,
      name: p.name,
      description: p.description,
      weight,
      largeItem: p.largeItem,
      restricted: p.restricted,
      productionDays: p.productionDays,
      proofRequired: p.proofRequired,
      optionGroups,
      turnarounds: readTurnarounds(p.turnarounds),
      stocks: pairs,
      pricedStocks: new Map(),
      turnaroundsJson: new Map(),
      // Around the empty turnarounds: JSON escapes every quote inside a name, so the slot is found only as the key.
      orderableHead: orderable.slice(0, orderable.indexOf(TURNAROUNDS_SLOT) + '"turnarounds":'.length),
      orderableTail: orderable.slice(orderable.indexOf(TURNAROUNDS_SLOT) + TURNAROUNDS_SLOT.length - 1),
      pricedHead: priced.slice(0, -1),
    });
  }
  return { version, products: out };
}

const TURNAROUNDS_SLOT = '"turnarounds":[],';

interface OptionGroupJson {
  id: number;
  name: string;
  required: boolean;
  options: Array<{ id: number; name: string; production_days: number; sheet: string; setup: number }>;
}

/** The product's active options as the query's JSON gives them, their costs read once; a group with none on offer is left out. */
function readOptionGroups(json: string): SnapshotOptionGroup[] {
  return (JSON.parse(json) as OptionGroupJson[])
    .filter((g) => g.options.length > 0)
    .map((g) => ({
      id: g.id,
      name: g.name,
      required: g.required,
      options: g.options.map((o) => ({
        id: o.id,
        name: o.name,
        production_days: o.production_days,
        costs: parseOptionCosts({ sheet_cost: o.sheet, setup_cost: o.setup }),
      })),
    }));
}

function readTurnarounds(json: string): SnapshotTurnaround[] {
  return (JSON.parse(json) as Array<Omit<ChoiceTurnaround, 'active'>>).map((t) => ({ ...t, active: true, percent: parseTurnaroundPercent(t.price_percent) }));
}

/** The turnaround a product's prices are quoted at by default: 0 % when (against the rules) it has none. */
export const defaultPercent = (product: SnapshotProduct): bigint => product.turnarounds.find((t) => t.is_default)?.percent ?? 0n;

/** One break priced by the shared engine with the chosen options and turnaround for one customer: the one place the server prices a break. */
export function priceBreak(found: SnapshotBreak, discount: bigint, turnaround: bigint, options: readonly SnapshotOption[] = []) {
  return breakPrices(
    withOptions(
      found.costs,
      options.map((o) => o.costs),
    ),
    { margin: found.margin, discount, turnaround },
  );
}

/** The product's turnarounds as customers see them at `moment`: whether each may be chosen now, and the dispatch date it gives. */
function turnaroundsJson(product: SnapshotProduct, moment: ClockMoment): string {
  let json = product.turnaroundsJson.get(moment.key);
  if (json === undefined) {
    json = JSON.stringify(
      product.turnarounds.map((t): CustomerTurnaround => ({
        id: t.id,
        name: t.name,
        production_days: t.production_days,
        price_percent: t.price_percent,
        is_default: t.is_default,
        offered: isTurnaroundOffered(t, moment),
        dispatch_date: addWorkingDays(moment.start, itemProductionDays(t), moment.closed),
      })),
    );
    if (product.turnaroundsJson.size >= MAX_VARIANTS) product.turnaroundsJson.clear();
    product.turnaroundsJson.set(moment.key, json);
  }
  return json;
}

/**
 * The product's papers on the price list at `discount` (hundredths of a percent), by the shared
 * engine; cached. Each break at the default turnaround, at every other turnaround, and what each
 * option alone adds at the default turnaround (single-sided).
 */
function pricedStocksJson(product: SnapshotProduct, discount: bigint): string {
  const cached = product.pricedStocks.get(discount);
  if (cached !== undefined) return cached;
  const standard = defaultPercent(product);
  const others = product.turnarounds.filter((t) => !t.is_default);
  const options = product.optionGroups.flatMap((g) => g.options);
  const json = JSON.stringify(
    product.stocks.map((s): PriceListStock => {
      const breaks = s.breaks.map((b) => priceBreak(b, discount, standard));
      return {
        id: s.id,
        name: s.name,
        type: s.type,
        breaks,
        turnarounds: others.map((t) => {
          const prices = s.breaks.map((b) => priceBreak(b, discount, t.percent));
          return { id: t.id, single: prices.map((x) => x.single), double: prices.map((x) => x.double) };
        }),
        options: options.map((o) => ({ id: o.id, adds: s.breaks.map((b, i) => priceBreak(b, discount, standard, [o]).single - breaks[i].single) })),
      };
    }),
  );
  if (product.pricedStocks.size >= MAX_VARIANTS) product.pricedStocks.clear();
  product.pricedStocks.set(discount, json);
  return json;
}

/** The product's price-list JSON at `discount` (hundredths of a percent) and `moment`. */
export function pricedJson(product: SnapshotProduct, discount: bigint, moment: ClockMoment): string {
  return `${product.pricedHead},"discount":${Number(discount) / 100},"turnarounds":${turnaroundsJson(product, moment)},"stocks":${pricedStocksJson(product, discount)}}`;
}

/** The product's JSON for GET /api/products at `moment`. */
export function orderableJson(product: SnapshotProduct, moment: ClockMoment): string {
  return `${product.orderableHead}${turnaroundsJson(product, moment)}${product.orderableTail}`;
}
