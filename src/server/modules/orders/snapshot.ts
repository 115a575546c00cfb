import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  apiKeys,
  apiOrders,
  invoices,
  orderEvents,
  orderItems,
  orders,
  products,
  stock,
  users,
  type InvoiceRow,
  type OrderEventRow,
  type OrderItemRow,
  type OrderRow,
} from '../../db/schema';
import { qualified, rowFromJson } from '../../db/columns';
import type { PlacedBy } from '../../../shared/api/common';
import type { OrderTradeApi } from '../../../shared/api/orders';

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
  /** Every item of the product gets a proof (set on the item when it is confirmed). */
  productProofRequired: boolean;
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
  productProofRequired: products.proofRequired,
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
  /** The member who placed it (their name as their account says it now). */
  placedBy: PlacedBy;
  /** Placed through the trade API: its key's name and the integration's reference; null for an order made in the browser. */
  tradeApi: OrderTradeApi;
}

/**
 * The reader of an order a member sees (a confirmed one of their company, their own basket, or one waiting for approval) with
 * everything its page shows, prepared once: one round trip and one snapshot, so the items and history
 * always belong to the row's `version` (a confirmation moves the order only if that version is still
 * current). Resolves null for an order the member does not see.
 */
export function orderSnapshotReader(db: Db): (member: { id: number; companyId: number }, id: number) => Promise<OrderSnapshot | null> {
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
      // The history as the page shows it: without what each move's e-mail reported.
      events: sql<
        Array<Record<string, unknown>>
      >`(select coalesce(jsonb_agg(to_jsonb(${orderEvents}.*) - ${orderEvents.mail.name}::text order by ${qualified(orderEvents.id)}), '[]') from ${orderEvents} where ${of(orderEvents.orderId)})`,
      invoice: sql<Pick<
        InvoiceRow,
        'id' | 'number'
      > | null>`(select jsonb_build_object('id', ${qualified(invoices.id)}, 'number', ${qualified(invoices.number)}) from ${invoices} where ${qualified(invoices.orderId)} = ${qualified(orders.id)})`,
      placedBy: sql<string>`(select trim(${qualified(users.firstname)} || ' ' || ${qualified(users.lastname)}) from ${users} where ${qualified(users.id)} = ${qualified(orders.userId)})`,
      // The trade API's mark (modules/orders/source.ts), with the name of the key that placed it.
      tradeApi: sql<OrderTradeApi>`(select jsonb_build_object('key_name', (select ${qualified(apiKeys.name)} from ${apiKeys} where ${qualified(apiKeys.id)} = ${qualified(orders.apiKeyId)}), 'external_ref', ${qualified(orders.externalRef)})
        from ${apiOrders} where ${qualified(apiOrders.orderId)} = ${qualified(orders.id)})`,
    })
    .from(orders)
    // As companyOrders (db/company-scope.ts) says: the company's confirmed orders, the member's own
    // baskets, and a colleague's basket waiting for an owner's approval.
    .where(
      and(
        eq(orders.id, sql.placeholder('id')),
        eq(orders.companyId, sql.placeholder('companyId')),
        sql`(${orders.status} <> 'basket' or ${orders.userId} = ${sql.placeholder('userId')} or ${orders.approvalRequestedAt} is not null)`,
      ),
    )
    .prepare('order_snapshot');
  const factEntries = Object.entries(productFacts);
  return async (member, id) => {
    const [found] = await query.execute({ id, userId: member.id, companyId: member.companyId });
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
      placedBy: { id: found.row.userId, name: found.placedBy ?? '' },
      tradeApi: found.tradeApi ?? null,
    };
  };
}
