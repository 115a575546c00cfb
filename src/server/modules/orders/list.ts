import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OrderList, OrderListQuery, OrderSummary } from '../../../shared/api/orders';
import { nextDay, ukStartOfDay } from '../../../shared/domain/calendar/workingDays';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { ALL_ORDER_STATUSES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import type { Db } from '../../db/client';
import { qualified } from '../../db/columns';
import { apiKeys, deliveryTypes, orderItems, orders, products, users, type UserRow } from '../../db/schema';
import { containing } from '../../lib/list-query';
import { quotedPriceHolds } from './assessment';
import { awaitsApproval } from './proof-queries';
import type { OrdersContext } from './context';
import { approvalOf } from './present';
import { itemsOf } from './snapshot';
import { companyOrders } from '../../db/company-scope';
import { notAnApiBasket, placedThroughApi, sourceCondition } from './source';

/* The customer's list of orders (DESIGN §3 "Orders (customer)"): a page by status, days and search, and the counts per status. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What a customer's search matches: the order's number, their reference, the delivery postcode
 * (spaces ignored: "ls1 1aa" finds "LS11AA") or a product on it; digits alone are an order number
 * or part of a reference, since every postcode and many product names have digits in them. The products are few: those whose
 * name matches are found first, and only when there are some is each order's items looked at
 * (`order_items_order_idx` carries the product, so that look reads the index alone).
 */
async function searchCondition(db: Db, q: string): Promise<SQL> {
  // "#123" is an order number; digits alone are one, or part of a reference (a purchase order).
  const number = /^(#?)(\d{1,9})$/.exec(q);
  if (number?.[1]) return eq(orders.id, Number(number[2]));
  const byRef = ilike(orders.ref, containing(q));
  if (number) return or(eq(orders.id, Number(number[2])), byRef)!;
  const arms: SQL[] = [byRef];
  const compact = q.replace(/\s+/g, '').toLowerCase();
  if (compact) arms.push(sql`replace(lower(${orders.postcode}), ' ', '') like ${containing(compact)}`);
  const named = await db
    .select({ id: products.id })
    .from(products)
    .where(ilike(products.name, containing(q)));
  if (named.length) {
    const ids = named.map((p) => p.id);
    arms.push(sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${qualified(orders.id)} and ${inArray(orderItems.productId, ids)})`);
  }
  return or(...arms)!;
}

/** A page of the company's orders the member sees: confirmed ones (or those of one status, the member's own baskets too), newest first. */
export async function listOrders(ctx: Pick<OrdersContext, 'db' | 'prices'>, user: UserRow, query: OrderListQuery): Promise<OrderList> {
  const { db, prices } = ctx;
  // The company's baskets waiting for an owner's approval, whoever sent them (every member sees them; owners act on them).
  const where: SQL[] =
    query.status === 'approval'
      ? [eq(orders.companyId, user.companyId), eq(orders.status, 'basket'), isNotNull(orders.approvalRequestedAt)]
      : [companyOrders(user)];
  // Without a status: the confirmed orders in every status (baskets live at /create).
  if (query.status !== 'approval') where.push(query.status ? eq(orders.status, query.status) : ne(orders.status, 'basket'));
  // Made in the browser or through the trade API (a list of baskets: the browser's, unless asked otherwise).
  const bySource = sourceCondition(query);
  if (bySource) where.push(bySource);
  // The UK days it was confirmed on, both included (`orders_user_confirmed_idx`).
  if (query.from) where.push(gte(orders.confirmedAt, ukStartOfDay(query.from)));
  if (query.to) where.push(lt(orders.confirmedAt, ukStartOfDay(nextDay(query.to))));
  const q = query.q?.trim();
  if (q) where.push(await searchCondition(db, q));
  const condition = and(...where);
  // The page's ids from the customer's index alone (user, status, id, ref, postcode: a search by
  // reference or postcode reads no table row), then those rows. `id + 0` keeps the planner from walking the whole
  // primary key backwards in search of a customer's newest orders among everyone's.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(condition)
    .orderBy(desc(sql`${orders.id} + 0`))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        ref: orders.ref,
        status: orders.status,
        total: orders.total,
        dispatchDue: orders.dispatchDue,
        trackingNumber: orders.trackingNumber,
        carrier: deliveryTypes.carrier,
        test: orders.test,
        throughApi: sql<boolean>`${placedThroughApi()}`,
        apiKeyName: apiKeys.name,
        externalRef: orders.externalRef,
        createdAt: orders.createdAt,
        confirmedAt: orders.confirmedAt,
        dispatchedAt: orders.dispatchedAt,
        itemCount: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${qualified(orders.id)})::int`,
        awaitingApproval: sql<boolean>`(${orders.status} = 'live' and ${awaitsApproval(qualified(orders.id))})`,
        userId: orders.userId,
        firstname: users.firstname,
        lastname: users.lastname,
        approvalRequestedBy: orders.approvalRequestedBy,
        approvalRequestedAt: orders.approvalRequestedAt,
      })
      .from(orders)
      .leftJoin(deliveryTypes, eq(deliveryTypes.id, orders.deliveryTypeId))
      .leftJoin(apiKeys, eq(apiKeys.id, orders.apiKeyId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.id, pageIds))
      .orderBy(desc(orders.id)),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  // A basket's value is its items at today's prices (confirmed orders carry their frozen total, and so
  // does a basket waiting for approval: it was frozen when sent, and may be another member's, at their prices).
  const baskets = rows.filter((r) => r.status === 'basket' && r.approvalRequestedAt === null);
  const basketValue = new Map<number, number | null>();
  if (baskets.length) {
    const quoter = await prices.quoter(user);
    const today = ukToday();
    for (const f of await itemsOf(
      db,
      baskets.map((b) => b.id),
    )) {
      const quote = quoter.quote({
        product_id: f.productId,
        stock_id: f.stockId,
        qty: f.qty,
        sides: f.sides as 'single' | 'double',
        option_ids: f.optionIds,
        turnaround_id: f.turnaroundId,
      });
      const sum = basketValue.has(f.orderId) ? basketValue.get(f.orderId)! : 0;
      // As the basket itself is priced (assessment.ts): a quote's price while the quote holds.
      const price = 'price' in quote ? (quotedPriceHolds(f, today) ? f.quotedPrice! : quote.price) : null;
      basketValue.set(f.orderId, sum === null || price === null ? null : sum + price);
    }
  }
  const data: OrderSummary[] = rows.map((r) => ({
    id: r.id,
    ref: r.ref,
    status: r.status as OrderStatus,
    item_count: r.itemCount,
    value: r.status === 'basket' && r.approvalRequestedAt === null ? (basketValue.has(r.id) ? basketValue.get(r.id)! : 0) : r.total,
    dispatch_due: r.dispatchDue,
    tracking_number: r.trackingNumber,
    carrier: (r.carrier as Carrier | null) ?? null,
    test: r.test,
    trade_api: r.throughApi ? { key_name: r.apiKeyName, external_ref: r.externalRef } : null,
    awaiting_approval: r.awaitingApproval,
    placed_by: { id: r.userId, name: `${r.firstname} ${r.lastname}`.trim() },
    approval: approvalOf(r),
    created_at: r.createdAt.toISOString(),
    confirmed_at: iso(r.confirmedAt),
    dispatched_at: iso(r.dispatchedAt),
  }));
  return { data, total: n, page: query.page, per_page: query.per_page };
}

/**
 * The company's orders the member sees in each status (their own baskets too: those made in the
 * browser, as /create lists them), and the confirmed ones waiting for the approval of a proof.
 */
export async function countOrders(db: Db, user: UserRow): Promise<Record<OrderStatus | 'awaiting_approval', number>> {
  const rows = await db
    .select({
      status: orders.status,
      n: sql<number>`(count(*) filter (where ${notAnApiBasket()}))::int`,
      awaiting: sql<number>`(count(*) filter (where ${orders.status} = 'live' and ${awaitsApproval(qualified(orders.id))}))::int`,
    })
    .from(orders)
    .where(companyOrders(user))
    .groupBy(orders.status);
  const out = Object.fromEntries([...ALL_ORDER_STATUSES, 'awaiting_approval'].map((s) => [s, 0])) as Record<OrderStatus | 'awaiting_approval', number>;
  for (const r of rows) {
    if (r.status in out) out[r.status as OrderStatus] = r.n;
    out.awaiting_approval += r.awaiting;
  }
  return out;
}

/** How many of the company's baskets wait for an owner's approval, whoever sent them (`orders_company_status_idx`). */
export async function countAwaitingOwners(db: Db, user: Pick<UserRow, 'companyId'>): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.companyId, user.companyId), eq(orders.status, 'basket'), isNotNull(orders.approvalRequestedAt)));
  return n;
}
