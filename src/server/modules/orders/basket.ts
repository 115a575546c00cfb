import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Item, PreflightCheckResult, PreflightStatus } from '../../../shared/api/orders';
import { dispatchPromise, type CivilDate, type DispatchPromise } from '../../../shared/domain/calendar/workingDays';
import { deliveryCost, orderWeight, whyNotOffered } from '../../../shared/domain/delivery/delivery';
import { orderTotals, type OrderTotals } from '../../../shared/domain/orders/totals';
import type { Sides } from '../../../shared/domain/pricing';
import type { Db } from '../../db/client';
import {
  invoices,
  orderEvents,
  orderItems,
  orders,
  products,
  stock,
  type InvoiceRow,
  type OrderEventRow,
  type OrderItemRow,
  type OrderRow,
} from '../../db/schema';
import { qualified, rowFromJson } from '../../db/columns';
import type { DeliveryTypeFacts } from '../delivery/service';
import type { Quoter } from '../prices/service';
import { previewPagesOf } from '../artwork/previews';

/** An item row with what its product and paper say today (names, size, weight, production days). */
export interface ItemFacts extends OrderItemRow {
  productName: string;
  stockName: string;
  trimWidthMm: number;
  trimHeightMm: number;
  bleedMm: number;
  productWeight: string;
  largeItem: boolean;
  productionDays: number;
}

/** What an item's product and paper say today, beside the item's own columns. */
const productFacts = {
  productName: products.name,
  stockName: stock.name,
  trimWidthMm: products.trimWidthMm,
  trimHeightMm: products.trimHeightMm,
  bleedMm: products.bleedMm,
  productWeight: products.weight,
  largeItem: products.largeItem,
  productionDays: products.productionDays,
};

/** The items of these orders, oldest first, with their products' facts. One query. */
export async function itemsOf(executor: Db, orderIds: number[]): Promise<ItemFacts[]> {
  if (!orderIds.length) return [];
  return executor
    .select({ ...getTableColumns(orderItems), ...productFacts })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(stock, eq(stock.id, orderItems.stockId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

/** An order's move as its history shows it. */
export type OrderHistoryEntry = Pick<OrderEventRow, 'actor' | 'fromStatus' | 'toStatus' | 'note' | 'at'>;

/** An order as one statement read it: the row, its items with their products' facts, its history and its invoice. */
export interface OrderSnapshot {
  row: OrderRow;
  facts: ItemFacts[];
  events: OrderHistoryEntry[];
  invoice: Pick<InvoiceRow, 'id' | 'number'> | null;
}

/**
 * The reader of a customer's order with everything its page shows, prepared once: one round trip
 * and one snapshot, so the items and history always belong to the row's `version` (a confirmation
 * moves the order only if that version is still current). Resolves null for another's order.
 */
export function orderSnapshotReader(db: Db): (userId: number, id: number) => Promise<OrderSnapshot | null> {
  const of = (column: (typeof orderItems)['orderId'] | (typeof orderEvents)['orderId']) => sql`${qualified(column)} = ${qualified(orders.id)}`;
  // A numeric fact (the product's weight) as text, as drizzle reads the column (JSON has numbers only).
  const facts = sql.join(
    Object.entries(productFacts).map(([key, column]) => sql`${key}::text, ${qualified(column)}${column.columnType === 'PgNumeric' ? sql`::text` : sql``}`),
    sql`, `,
  );
  const query = db
    .select({
      row: orders,
      items: sql<
        Array<Record<string, unknown>>
      >`(select coalesce(jsonb_agg(to_jsonb(${orderItems}.*) || jsonb_build_object(${facts}) order by ${qualified(orderItems.id)}), '[]')
        from ${orderItems} join ${products} on ${qualified(products.id)} = ${qualified(orderItems.productId)} join ${stock} on ${qualified(stock.id)} = ${qualified(orderItems.stockId)}
        where ${of(orderItems.orderId)})`,
      events: sql<
        Array<Record<string, unknown>>
      >`(select coalesce(jsonb_agg(to_jsonb(${orderEvents}.*) order by ${qualified(orderEvents.id)}), '[]') from ${orderEvents} where ${of(orderEvents.orderId)})`,
      invoice: sql<Pick<
        InvoiceRow,
        'id' | 'number'
      > | null>`(select jsonb_build_object('id', ${qualified(invoices.id)}, 'number', ${qualified(invoices.number)}) from ${invoices} where ${qualified(invoices.orderId)} = ${qualified(orders.id)})`,
    })
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.userId, sql.placeholder('userId'))))
    .prepare('order_snapshot');
  const factEntries = Object.entries(productFacts);
  return async (userId, id) => {
    const [found] = await query.execute({ id, userId });
    if (!found) return null;
    return {
      row: found.row,
      facts: found.items.map((json) => {
        const item = rowFromJson(orderItems, json) as ItemFacts;
        for (const [key, column] of factEntries) (item as unknown as Record<string, unknown>)[key] = column.mapFromDriverValue(json[key]);
        return item;
      }),
      events: found.events.map((json) => rowFromJson(orderEvents, json)),
      invoice: found.invoice,
    };
  };
}

/** What the ordering rules need besides the order: today's catalogue for this customer, the delivery services, the calendar. */
export interface BasketContext {
  quoter: Quoter;
  deliveryTypes: DeliveryTypeFacts[];
  closed: ReadonlySet<CivilDate>;
  cutoff: string;
  vatRate: string;
  now: Date;
}

export interface PricedItem {
  facts: ItemFacts;
  /** Today's price, or null when the item cannot be ordered as it is. */
  price: number | null;
  unavailable: string | null;
}

export interface DeliveryOffer {
  type: DeliveryTypeFacts;
  price: number;
  promise: DispatchPromise;
}

/** A basket judged by today's rules: prices, weight, the services offered, dates, totals and what still stops confirmation. */
export interface BasketAssessment {
  items: PricedItem[];
  weight: number;
  productionDays: number;
  offers: DeliveryOffer[];
  /** The chosen service's offer, or null (none chosen, or not offered any more). */
  chosen: DeliveryOffer | null;
  totals: OrderTotals | null;
  promise: DispatchPromise;
  /** Field → message, for the confirm's 422 and the page's checklist. */
  blockers: Record<string, string>;
}

const itemLabel = (index: number, item: ItemFacts) => `Item ${index + 1} (${item.productName})`;

/** The artwork conditions for confirming (and resubmitting): uploaded, checked, not failed, warnings accepted. */
export function artworkBlocker(item: OrderItemRow): string | null {
  if (!item.artworkKey) return 'upload its artwork (a print-ready PDF).';
  const status = item.preflightStatus as PreflightStatus | null;
  if (status === 'pending' || status === null) return 'its artwork is still being checked; this takes a few seconds.';
  if (status === 'fail') return 'its artwork failed a check; replace it with a corrected PDF.';
  if (status === 'warn' && !item.warningsAccepted) return 'tick "I accept these warnings" for its artwork, or replace it.';
  return null;
}

export function assessBasket(order: OrderRow, facts: ItemFacts[], ctx: BasketContext): BasketAssessment {
  const items: PricedItem[] = facts.map((f) => {
    const quote = ctx.quoter.quote({ product_id: f.productId, stock_id: f.stockId, qty: f.qty, sides: f.sides as Sides });
    return 'price' in quote ? { facts: f, price: quote.price, unavailable: null } : { facts: f, price: null, unavailable: quote.message };
  });
  const weight = orderWeight(facts.map((f) => ({ qty: f.qty, weight: f.productWeight })));
  const productionDays = Math.max(0, ...facts.map((f) => f.productionDays));
  const shipment = { country_id: order.countryId ?? 0, weight, has_large_item: facts.some((f) => f.largeItem) };
  const promiseFor = (transitDays: number | null) => dispatchPromise(ctx.now, { productionDays, transitDays, closed: ctx.closed, cutoff: ctx.cutoff });
  const offers = ctx.deliveryTypes.flatMap((type) => {
    const price = deliveryCost(type, shipment);
    return price === undefined ? [] : [{ type, price, promise: promiseFor(type.transit_days) }];
  });
  const chosen = offers.find((o) => o.type.id === order.deliveryTypeId) ?? null;

  const blockers: Record<string, string> = {};
  if (!facts.length) blockers.items = 'Add at least one item.';
  items.forEach(({ facts: f, unavailable }, i) => {
    const problem = unavailable ?? artworkBlocker(f);
    if (problem) blockers[`items.${f.id}`] = `${itemLabel(i, f)}: ${unavailable ? unavailable.charAt(0).toLowerCase() + unavailable.slice(1) : problem}`;
  });
  if (!order.countryId) blockers.address = 'Give a delivery address with its country.';
  if (order.deliveryTypeId === null)
    blockers.delivery_type_id = offers.length ? 'Choose a delivery service.' : 'No delivery service is offered for this address and weight; contact us.';
  else if (!chosen) {
    const type = ctx.deliveryTypes.find((t) => t.id === order.deliveryTypeId);
    blockers.delivery_type_id = type
      ? `${whyNotOffered(type, shipment)}: choose another.`
      : 'The chosen delivery service is no longer offered: choose another.';
  }

  const prices = items.map((i) => i.price);
  const totals = chosen && prices.every((p): p is number => p !== null) ? orderTotals(prices, chosen.price, ctx.vatRate) : null;
  return { items, weight, productionDays, offers, chosen, totals, promise: chosen?.promise ?? promiseFor(null), blockers };
}

/** The customer-facing item: a basket's at today's price, a confirmed order's at its frozen price. */
export function presentItem(f: ItemFacts, priced: Pick<PricedItem, 'price' | 'unavailable'> | null): Item {
  return {
    id: f.id,
    product_id: f.productId,
    product_name: f.productName,
    stock_id: f.stockId,
    stock_name: f.stockName,
    qty: f.qty,
    sides: f.sides as Item['sides'],
    orientation: f.orientation as Item['orientation'],
    notes: f.notes,
    price: priced ? priced.price : f.priceSaved,
    unavailable: priced ? priced.unavailable : null,
    warnings_accepted: f.warningsAccepted,
    trim: { width_mm: f.trimWidthMm, height_mm: f.trimHeightMm, bleed_mm: f.bleedMm },
    artwork:
      f.artworkKey && f.artworkName && f.artworkUploadedAt
        ? {
            name: f.artworkName,
            size: f.artworkSize ?? 0,
            uploaded_at: f.artworkUploadedAt.toISOString(),
            preflight: {
              status: (f.preflightStatus ?? 'pending') as PreflightStatus,
              checks: (f.preflight as { checks?: PreflightCheckResult[] } | null)?.checks ?? [],
            },
            preview: Boolean(f.previewKey),
            preview_pages: previewPagesOf(f),
          }
        : null,
  };
}
