import { not, sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery, OrderSource } from '../../../shared/api/orders';
import { qualified } from '../../db/columns';
import { apiOrders, orders } from '../../db/schema';

/*
 * Where an order was made: in the browser, or by an integration through the trade API. An order the
 * API placed carries its mark (api_orders) for as long as the order lives — unlike its `api_key_id`,
 * which a key's removal clears — so the mark is what tells them apart. The API lists the baskets it
 * placed and never the browser's; the browser's basket list (/create) the other way round.
 */

/** The order (by default the outer query's `orders` row) was placed through the trade API. */
export const placedThroughApi = (orderId: SQL = qualified(orders.id)): SQL =>
  sql`exists (select 1 from ${apiOrders} where ${qualified(apiOrders.orderId)} = ${orderId})`;

/** The orders made where `source` says. */
export const madeIn = (source: OrderSource): SQL => (source === 'api' ? placedThroughApi() : not(placedThroughApi()));

/**
 * What a customer's list keeps by source: the one asked for; without one, a list of baskets is the
 * browser's (the baskets being built at /create: an API order awaiting its artwork belongs to its
 * integration, and is asked for with `source=api`), and any other list keeps both.
 */
export function sourceCondition(query: Pick<OrderListQuery, 'status' | 'source'>): SQL | undefined {
  if (query.source) return madeIn(query.source);
  return query.status === 'basket' ? madeIn('browser') : undefined;
}

/** Any order but a basket the trade API placed: what the customer's counts count (their count of baskets is the browser's). */
export const notAnApiBasket = (): SQL => sql`(${orders.status} <> 'basket' or ${madeIn('browser')})`;
