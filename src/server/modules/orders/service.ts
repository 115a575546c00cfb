import { and, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Address,
  DeliveryOption,
  Item,
  itemCreateSchema,
  itemUpdateSchema,
  Order,
  orderCreateSchema,
  OrderList,
  OrderListQuery,
  OrderSummary,
  orderUpdateSchema,
} from '../../../shared/api/orders';
import { DEFAULT_CUTOFF, nextDay, ukStartOfDay } from '../../../shared/domain/calendar/workingDays';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { canReplaceArtwork } from '../../../shared/domain/orders/artwork';
import { ALL_ORDER_STATUSES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { countries, deliveryTypes, orderEvents, orderItems, orders, products, type OrderRow, type UserRow } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { DeliveryService } from '../delivery/service';
import type { MailOutbox } from '../mail/service';
import type { PricesService, Quoter } from '../prices/service';
import { SESSION_CACHE_TTL_MS } from '../accounts/sessions';
import type { SettingsService } from '../settings/service';
import {
  artworkBlocker,
  assessBasket,
  itemsOf,
  orderSnapshotReader,
  presentItem,
  type BasketAssessment,
  type BasketContext,
  type OrderSnapshot,
} from './basket';
import { applyMove, applyMoveIfUnchanged, type MailLinks } from './transitions';
import { addressColumns, addressFields } from '../../lib/postal-address';
import { qualified } from '../../db/columns';
import { containing } from '../../lib/rest-list';
import { previewFileKeys } from '../artwork/previews';
import { basketChanged, withNewVersion } from './version';

const CUTOFF = /^([01]\d|2[0-3]):[0-5]\d$/;
/** How long the delivery services, closed days and settings are kept (as long as a resolved session). */
const REFERENCE_TTL_MS = SESSION_CACHE_TTL_MS;
const NOT_FOUND = 'No such order.';
/** Reads and tries of a confirmation whose basket keeps changing under it, before it answers 409. */
const CONFIRM_ATTEMPTS = 3;
const CONFIRMED = 'This order is confirmed: its items and delivery can no longer be changed.';

export interface OrdersDeps extends MailLinks {
  db: Db;
  prices: PricesService;
  delivery: DeliveryService;
  settings: SettingsService;
  outbox: MailOutbox;
  files: FileStore;
  /** Queues a check of an item's newly stored artwork (the artwork module's job), in the caller's transaction. */
  queueArtworkCheck(tx: Db, itemId: number, key: string): Promise<void>;
}

/** Columns of a delivery address as the orders table names them. */
const deliveryColumns = (a: Address) => ({ ...addressColumns(a), email: a.email });

/** A new basket's address when the customer gives none: their profile's. */
function profileAddress(user: UserRow) {
  return { ...addressColumns(addressFields(user)), telephone: user.telephone || user.mobile, email: user.email };
}

/** What every order is judged and shown with, read at most once a second: delivery services, closed days, settings, country names. */
type ReferenceData = Omit<BasketContext, 'quoter' | 'now'> & { countryNames: ReadonlyMap<number, string> };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The customer's orders (DESIGN §2 "Orders", §3): baskets and their items, confirmation with frozen
 * prices and dispatch date, cancel, resubmit and reorder. Every call is scoped to the signed-in
 * customer: another customer's order, item or file is answered 404, as if it did not exist.
 */
export function ordersService(deps: OrdersDeps) {
  const { db, prices, delivery, settings, outbox, files } = deps;

  /**
   * The delivery services, closed days, cut-off and VAT rate every basket is judged by: read in one
   * go and kept for a second (a staff change forgets them at once), so that pricing a basket or
   * confirming fifty at once does not read the same reference rows again and again.
   */
  let reference: { value: Promise<ReferenceData>; until: number; day: string } | null = null;
  function referenceData(now: Date): Promise<ReferenceData> {
    const day = ukToday(now);
    if (reference && reference.until > now.getTime() && reference.day === day) return reference.value;
    const value = (async () => {
      const [types, closed, cutoff, vatRate, names] = await Promise.all([
        delivery.activeTypes(),
        delivery.closedDaysFrom(day),
        settings.value('CUTOFF_TIME', DEFAULT_CUTOFF),
        settings.value('VAT_RATE', '20'),
        db.select({ id: countries.id, name: countries.name }).from(countries),
      ]);
      const countryNames = new Map(names.map((c) => [c.id, c.name]));
      return { deliveryTypes: types, closed, cutoff: CUTOFF.test(cutoff.trim()) ? cutoff.trim() : DEFAULT_CUTOFF, vatRate, countryNames };
    })();
    const entry = { value, until: now.getTime() + REFERENCE_TTL_MS, day };
    reference = entry;
    value.catch(() => {
      if (reference === entry) reference = null;
    });
    return value;
  }

  async function context(user: UserRow): Promise<BasketContext> {
    const now = new Date();
    const [quoter, shared] = await Promise.all([prices.quoter(user), referenceData(now)]);
    return { quoter, ...shared, now };
  }

  /** The customer's own order, locked for the change when `lock`; anything else is 404. */
  async function own(executor: Db, user: UserRow, id: number, lock = false): Promise<OrderRow> {
    const query = executor
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, user.id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** 422 naming the order a confirmation key already confirmed, if it did. */
  async function refuseKeyOfAnother(user: UserRow, key: string): Promise<void> {
    const [other] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.confirmKey, key)));
    if (other) throw unprocessable({ idempotency_key: `This Idempotency-Key already confirmed order ${other.id}; make a new key for another order.` });
  }

  async function ownBasket(executor: Db, user: UserRow, id: number): Promise<OrderRow> {
    const row = await own(executor, user, id, true);
    if (row.status !== 'basket') throw conflict(CONFIRMED);
    return row;
  }

  async function ownItem(executor: Db, order: OrderRow, itemId: number) {
    const [item] = await executor
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)))
      .for('update');
    if (!item) throw notFound('No such item.');
    return item;
  }

  /** The delivery type's name: an active one from the reference data, an inactive one from the table. */
  async function typeOf(id: number | null, shared: ReferenceData) {
    if (id === null) return null;
    const active = shared.deliveryTypes.find((t) => t.id === id);
    return active ? { id, code: active.code, name: active.name, carrier: active.carrier } : delivery.typeName(id);
  }

  /** The customer's order as one statement reads it (its items, history and invoice with it); anything else is 404. */
  const readSnapshot = orderSnapshotReader(db);
  async function snapshot(user: Pick<UserRow, 'id'>, id: number): Promise<OrderSnapshot> {
    const found = await readSnapshot(user.id, id);
    if (!found) throw notFound(NOT_FOUND);
    return found;
  }

  /** The order as the API answers it: a basket judged by today's rules, a confirmed order as it was frozen. */
  async function show(user: UserRow, { row, facts, events, invoice }: OrderSnapshot): Promise<Order> {
    const shared = await referenceData(new Date());
    const basket = row.status === 'basket' ? assessBasket(row, facts, await context(user)) : null;
    const type = await typeOf(row.deliveryTypeId, shared);
    return {
      id: row.id,
      ref: row.ref,
      status: row.status as OrderStatus,
      address: { ...addressFields(row), email: row.email },
      country_name: row.countryId === null ? null : (shared.countryNames.get(row.countryId) ?? null),
      delivery_type_id: row.deliveryTypeId,
      delivery_type: type,
      delivery_cost: basket ? (basket.chosen?.price ?? null) : row.deliveryCost,
      total_net: basket ? (basket.totals?.total_net ?? null) : row.totalNet,
      total_vat: basket ? (basket.totals?.total_vat ?? null) : row.totalVat,
      total: basket ? (basket.totals?.total ?? null) : row.total,
      weight: basket ? basket.weight : (row.weight ?? 0),
      dispatch_due: basket ? basket.promise.dispatch : row.dispatchDue,
      delivery_due: basket ? basket.promise.delivery : row.deliveryDue,
      problem_text: row.status === 'problem' ? row.problemText : null,
      tracking_number: row.trackingNumber,
      invoice: row.status === 'dispatched' ? invoice : null,
      confirmed_at: iso(row.confirmedAt),
      dispatched_at: iso(row.dispatchedAt),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      version: row.version,
      items: facts.map((f, i) => presentItem(f, basket ? basket.items[i] : null)),
      // Staff's notes on their moves are for staff (the customer reads a hold's problem text instead).
      events: events.map((e) => ({
        from: e.fromStatus as OrderStatus | null,
        to: e.toStatus as OrderStatus,
        note: e.actor === 'staff' ? '' : e.note,
        actor: e.actor as 'customer' | 'staff' | 'system',
        at: e.at.toISOString(),
      })),
      blockers: basket ? Object.values(basket.blockers) : [],
    };
  }

  /** The order as it is now (after a change to it): read whole again, as one snapshot. */
  async function present(user: UserRow, row: Pick<OrderRow, 'id'>): Promise<Order> {
    return show(user, await snapshot(user, row.id));
  }

  async function presentItemOf(user: UserRow, order: OrderRow, itemId: number): Promise<Item> {
    const facts = await itemsOf(db, [order.id]);
    const index = facts.findIndex((f) => f.id === itemId);
    if (index < 0) throw notFound('No such item.');
    if (order.status !== 'basket') return presentItem(facts[index], null);
    return presentItem(facts[index], assessBasket(order, facts, await context(user)).items[index]);
  }

  /** The price of a new or changed item, or the 422 that says which field is wrong. */
  function checkItem(quoter: Quoter, item: { product_id: number; stock_id: number; qty: number; sides: 'single' | 'double' }) {
    const quote = quoter.quote(item);
    if (!('price' in quote)) throw unprocessable({ [quote.field]: quote.message });
    return quote;
  }

  /** Deletes files after the change that stopped naming them has committed. */
  async function deleteFiles(keys: Array<string | null | undefined>) {
    await Promise.all(keys.filter((k): k is string => Boolean(k)).map((k) => files.delete(k)));
  }

  /**
   * What a customer's search matches: the order's number, their reference, the delivery postcode
   * (spaces ignored: "ls1 1aa" finds "LS11AA") or a product on it; digits alone are an order number
   * or part of a reference, since every postcode and many product names have digits in them. The products are few: those whose
   * name matches are found first, and only when there are some is each order's items looked at
   * (`order_items_order_idx` carries the product, so that look reads the index alone).
   */
  async function searchCondition(q: string): Promise<SQL> {
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

  /** Marks a changed item's artwork for a new check (sides, orientation or product change what it must be). */
  async function recheck(tx: Db, item: { id: number; artworkKey: string | null }) {
    if (!item.artworkKey) return;
    await tx.update(orderItems).set({ preflightStatus: 'pending', preflight: null, warningsAccepted: false }).where(eq(orderItems.id, item.id));
    await deps.queueArtworkCheck(tx, item.id, item.artworkKey);
  }

  return {
    present,

    /** Forgets the kept delivery services, closed days and settings (after a staff change). */
    forgetReferenceData(): void {
      reference = null;
    },

    async list(user: UserRow, query: OrderListQuery): Promise<OrderList> {
      const where: SQL[] = [eq(orders.userId, user.id)];
      // Without a status: the confirmed orders in every status (baskets live at /create).
      where.push(query.status ? eq(orders.status, query.status) : ne(orders.status, 'basket'));
      // The UK days it was confirmed on, both included (`orders_user_confirmed_idx`).
      if (query.from) where.push(gte(orders.confirmedAt, ukStartOfDay(query.from)));
      if (query.to) where.push(lt(orders.confirmedAt, ukStartOfDay(nextDay(query.to))));
      const q = query.q?.trim();
      if (q) where.push(await searchCondition(q));
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
            createdAt: orders.createdAt,
            confirmedAt: orders.confirmedAt,
            dispatchedAt: orders.dispatchedAt,
            itemCount: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${qualified(orders.id)})::int`,
          })
          .from(orders)
          .leftJoin(deliveryTypes, eq(deliveryTypes.id, orders.deliveryTypeId))
          .where(inArray(orders.id, pageIds))
          .orderBy(desc(orders.id)),
        db.select({ n: count() }).from(orders).where(condition),
      ]);
      // A basket's value is its items at today's prices (confirmed orders carry their frozen total).
      const baskets = rows.filter((r) => r.status === 'basket');
      const basketValue = new Map<number, number | null>();
      if (baskets.length) {
        const quoter = await prices.quoter(user);
        for (const f of await itemsOf(
          db,
          baskets.map((b) => b.id),
        )) {
          const quote = quoter.quote({ product_id: f.productId, stock_id: f.stockId, qty: f.qty, sides: f.sides as 'single' | 'double' });
          const sum = basketValue.has(f.orderId) ? basketValue.get(f.orderId)! : 0;
          basketValue.set(f.orderId, sum === null || !('price' in quote) ? null : sum + quote.price);
        }
      }
      const data: OrderSummary[] = rows.map((r) => ({
        id: r.id,
        ref: r.ref,
        status: r.status as OrderStatus,
        item_count: r.itemCount,
        value: r.status === 'basket' ? (basketValue.has(r.id) ? basketValue.get(r.id)! : 0) : r.total,
        dispatch_due: r.dispatchDue,
        tracking_number: r.trackingNumber,
        carrier: (r.carrier as Carrier | null) ?? null,
        created_at: r.createdAt.toISOString(),
        confirmed_at: iso(r.confirmedAt),
        dispatched_at: iso(r.dispatchedAt),
      }));
      return { data, total: n, page: query.page, per_page: query.per_page };
    },

    async counts(user: UserRow): Promise<Record<OrderStatus, number>> {
      const rows = await db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.userId, user.id)).groupBy(orders.status);
      const out = Object.fromEntries(ALL_ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
      for (const r of rows) if (r.status in out) out[r.status as OrderStatus] = r.n;
      return out;
    },

    async get(user: UserRow, id: number): Promise<Order> {
      return show(user, await snapshot(user, id));
    },

    async create(user: UserRow, input: z.output<typeof orderCreateSchema>): Promise<Order> {
      const address = input.address ? deliveryColumns(input.address) : profileAddress(user);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(orders)
          .values({ userId: user.id, ref: input.ref, ...address })
          .returning();
        await tx
          .insert(orderEvents)
          .values({ orderId: created.id, actor: 'customer', actorUserId: user.id, fromStatus: null, toStatus: 'basket', note: 'Basket started' });
        return created;
      });
      return present(user, row);
    },

    async update(user: UserRow, id: number, input: z.output<typeof orderUpdateSchema>): Promise<Order> {
      const row = await db.transaction(async (tx) => {
        await ownBasket(tx, user, id);
        if (input.delivery_type_id) {
          const type = await delivery.typeName(input.delivery_type_id, tx);
          if (!type) throw unprocessable({ delivery_type_id: 'Choose one of the delivery services offered.' });
        }
        const [updated] = await tx
          .update(orders)
          .set(
            withNewVersion({
              ...(input.ref !== undefined ? { ref: input.ref } : {}),
              ...(input.address ? deliveryColumns(input.address) : {}),
              ...(input.delivery_type_id !== undefined ? { deliveryTypeId: input.delivery_type_id } : {}),
            }),
          )
          .where(eq(orders.id, id))
          .returning();
        return updated;
      });
      return present(user, row);
    },

    /** Discards a basket with its items; their files go once the rows have. */
    async discard(user: UserRow, id: number): Promise<Order> {
      const current = await snapshot(user, id);
      if (current.row.status !== 'basket') throw conflict('Only a basket can be discarded; a confirmed order can be cancelled.');
      const answer = await show(user, current);
      const keys = await db.transaction(async (tx) => {
        await ownBasket(tx, user, id);
        const items = await tx.select({ a: orderItems.artworkKey, p: orderItems.previewKey }).from(orderItems).where(eq(orderItems.orderId, id));
        await tx.delete(orders).where(eq(orders.id, id));
        return items.flatMap((i) => [i.a, ...previewFileKeys(i.p)]);
      });
      await deleteFiles(keys);
      return answer;
    },

    async addItem(user: UserRow, id: number, input: z.output<typeof itemCreateSchema>): Promise<Item> {
      checkItem(await prices.quoter(user), input);
      const order = await db.transaction(async (tx) => {
        const basket = await ownBasket(tx, user, id);
        const [{ n }] = await tx.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, id));
        if (n >= 50) throw unprocessable({ items: 'A basket holds at most 50 items: confirm this one and start another.' });
        const [item] = await tx
          .insert(orderItems)
          .values({
            orderId: id,
            productId: input.product_id,
            stockId: input.stock_id,
            qty: input.qty,
            sides: input.sides,
            orientation: input.orientation,
            notes: input.notes,
          })
          .returning({ id: orderItems.id });
        await basketChanged(tx, id);
        return { basket, itemId: item.id };
      });
      return presentItemOf(user, order.basket, order.itemId);
    },

    async updateItem(user: UserRow, id: number, itemId: number, input: z.output<typeof itemUpdateSchema>): Promise<Item> {
      // Read before the transaction: the customer's terms may need the database (a kept copy lasts a
      // second), and the transaction's callback may send nothing but on its own connection.
      const quoter = await prices.quoter(user);
      const order = await db.transaction(async (tx) => {
        const basket = await ownBasket(tx, user, id);
        const item = await ownItem(tx, basket, itemId);
        const next = {
          product_id: input.product_id ?? item.productId,
          stock_id: input.stock_id ?? item.stockId,
          qty: input.qty ?? item.qty,
          sides: input.sides ?? (item.sides as 'single' | 'double'),
        };
        const choiceChanged = next.product_id !== item.productId || next.stock_id !== item.stockId || next.qty !== item.qty || next.sides !== item.sides;
        if (choiceChanged) checkItem(quoter, next);
        if (input.warnings_accepted !== undefined && input.warnings_accepted && item.preflightStatus !== 'warn') {
          throw unprocessable({
            warnings_accepted: item.preflightStatus === 'pending' ? 'The artwork is still being checked.' : 'This artwork has no warnings to accept.',
          });
        }
        await tx
          .update(orderItems)
          .set({
            productId: next.product_id,
            stockId: next.stock_id,
            qty: next.qty,
            sides: next.sides,
            orientation: input.orientation ?? item.orientation,
            notes: input.notes ?? item.notes,
            warningsAccepted: input.warnings_accepted ?? item.warningsAccepted,
          })
          .where(eq(orderItems.id, itemId));
        // What the artwork is checked against changed: check it again.
        if (next.product_id !== item.productId || next.sides !== item.sides || (input.orientation && input.orientation !== item.orientation))
          await recheck(tx, item);
        await basketChanged(tx, id);
        return basket;
      });
      return presentItemOf(user, order, itemId);
    },

    async removeItem(user: UserRow, id: number, itemId: number): Promise<Item> {
      const basket = await own(db, user, id);
      const answer = await presentItemOf(user, basket, itemId);
      const keys = await db.transaction(async (tx) => {
        const locked = await ownBasket(tx, user, id);
        const item = await ownItem(tx, locked, itemId);
        await tx.delete(orderItems).where(eq(orderItems.id, itemId));
        await basketChanged(tx, id);
        return [item.artworkKey, ...previewFileKeys(item.previewKey)];
      });
      await deleteFiles(keys);
      return answer;
    },

    /** The delivery services offered for the basket now, each with its price and dates. */
    async deliveryOptions(user: UserRow, id: number): Promise<DeliveryOption[]> {
      const { row, facts } = await snapshot(user, id);
      if (row.status !== 'basket') throw conflict(CONFIRMED);
      const ctx = await context(user);
      const assessment = assessBasket(row, facts, ctx);
      return assessment.offers.map((o) => ({
        id: o.type.id,
        code: o.type.code,
        name: o.type.name,
        carrier: o.type.carrier,
        price: o.price,
        transit_days: o.type.transit_days,
        dispatch_date: o.promise.dispatch,
        delivery_date: o.promise.delivery ?? o.promise.dispatch,
        confirm_by: o.promise.beforeCutoffToday ? ctx.cutoff : null,
      }));
    },

    /**
     * basket → live. Idempotent by key: a retry (or a concurrent duplicate) with the key the order
     * was confirmed with answers the order as it is, and makes nothing twice.
     *
     * Optimistic, with no lock held while the basket is judged: one statement reads the order with
     * its items, and one statement — its own transaction — freezes and moves it only if it is still
     * at the version read (every change to a basket and its items bumps it). Otherwise the order
     * changed meanwhile (a duplicate confirmation won, or an edit in another tab): it is read and
     * judged again. Two round trips where a locking transaction needs six.
     */
    async confirm(user: UserRow, id: number, key: string, body: { delivery_type_id?: number }): Promise<Order> {
      const ctx = await context(user);
      for (let attempt = 1; ; attempt++) {
        const read = await snapshot(user, id);
        const { row: order, facts } = read;
        // The retry of a confirmation that went through: the order as it is now.
        if (order.confirmKey === key) return show(user, read);
        if (order.status !== 'basket') {
          await refuseKeyOfAnother(user, key);
          throw conflict(`Order ${order.id} is already confirmed.`);
        }
        const basket = body.delivery_type_id ? { ...order, deliveryTypeId: body.delivery_type_id } : order;
        const assessment = assessBasket(basket, facts, ctx);
        if (Object.keys(assessment.blockers).length)
          throw unprocessable(assessment.blockers, 'This order cannot be confirmed yet: ' + Object.values(assessment.blockers).join(' '));
        const moved = await freeze(user, basket, assessment, key);
        if (moved) {
          return show(user, {
            row: moved.row,
            facts: facts.map((f, i) => ({ ...f, priceSaved: assessment.items[i].price })),
            events: [...read.events, moved.event],
            invoice: null,
          });
        }
        if (attempt === CONFIRM_ATTEMPTS) throw conflict('This order changed while it was being confirmed: check it and confirm again.');
      }
    },

    async cancel(user: UserRow, id: number): Promise<Order> {
      const row = await db.transaction(async (tx) =>
        applyMove(tx, { outbox }, deps, await own(tx, user, id, true), {
          to: 'cancelled',
          actor: 'customer',
          actorUserId: user.id,
          note: 'Cancelled by the customer',
        }),
      );
      return present(user, row);
    },

    /** problem → live, once the artwork was replaced after the hold and every item passes. */
    async resubmit(user: UserRow, id: number): Promise<Order> {
      const row = await db.transaction(async (tx) => {
        const order = await own(tx, user, id, true);
        if (order.status !== 'problem') throw conflict(`Order ${order.id} is not on hold: there is nothing to resubmit.`);
        const [held] = await tx
          .select({ at: orderEvents.at })
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 'problem')))
          .orderBy(desc(orderEvents.id))
          .limit(1);
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id);
        const errors: Record<string, string> = {};
        items.forEach((item, i) => {
          const problem = artworkBlocker(item);
          if (problem) errors[`items.${item.id}`] = `Item ${i + 1}: ${problem}`;
        });
        if (!items.some((i) => held && i.artworkUploadedAt && i.artworkUploadedAt > held.at)) {
          errors.items ??= 'Replace the artwork the hold is about before resubmitting; for anything else, reply to us and we will release the order.';
        }
        if (Object.keys(errors).length) throw unprocessable(errors);
        return applyMove(tx, { outbox }, deps, order, {
          to: 'live',
          actor: 'customer',
          actorUserId: user.id,
          note: 'Artwork replaced and resubmitted',
          set: { problemText: null },
        });
      });
      return present(user, row);
    },

    /** A new basket with a confirmed order's items and artwork, at today's prices; items no longer orderable say so in it. */
    async reorder(user: UserRow, id: number): Promise<Order> {
      const source = await own(db, user, id);
      if (source.status === 'basket') throw conflict('A basket cannot be reordered: confirm it first.');
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id);
      const copies = items.map((item) => ({ item, artwork: item.artworkKey ? `artwork/${crypto.randomUUID()}.pdf` : null }));
      await Promise.all(copies.map(({ item, artwork }) => (artwork ? files.copy(item.artworkKey!, artwork) : undefined)));
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(orders)
            .values({
              userId: user.id,
              ref: source.ref,
              ...Object.fromEntries(
                (
                  [
                    'firstname',
                    'lastname',
                    'companyName',
                    'telephone',
                    'email',
                    'address1',
                    'address2',
                    'town',
                    'county',
                    'postcode',
                    'countryId',
                    'deliveryTypeId',
                  ] as const
                ).map((k) => [k, source[k]]),
              ),
            })
            .returning();
          await tx.insert(orderEvents).values({
            orderId: created.id,
            actor: 'customer',
            actorUserId: user.id,
            fromStatus: null,
            toStatus: 'basket',
            note: `Reorder of order ${source.id}`,
          });
          for (const { item, artwork } of copies) {
            const [copy] = await tx
              .insert(orderItems)
              .values({
                orderId: created.id,
                productId: item.productId,
                stockId: item.stockId,
                qty: item.qty,
                sides: item.sides,
                orientation: item.orientation,
                notes: item.notes,
                artworkName: item.artworkName,
                artworkSize: item.artworkSize,
                artworkKey: artwork,
                artworkUploadedAt: artwork ? new Date() : null,
                preflightStatus: artwork ? 'pending' : null,
              })
              .returning({ id: orderItems.id });
            // Checked again: the product's size may have changed since.
            if (artwork) await deps.queueArtworkCheck(tx, copy.id, artwork);
          }
          return created;
        });
        return present(user, row);
      } catch (err) {
        await deleteFiles(copies.map((c) => c.artwork));
        throw err;
      }
    },

    /** For the artwork routes: the customer's item in an order whose artwork may change (basket, or on hold). */
    async artworkTarget(user: UserRow, id: number, itemId: number, forWrite: boolean): Promise<{ order: OrderRow; item: typeof orderItems.$inferSelect }> {
      const order = await own(db, user, id);
      const [item] = await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, id)));
      if (!item) throw notFound('No such item.');
      if (forWrite && !canReplaceArtwork(order.status))
        throw conflict('The artwork of a confirmed order can only be replaced while the order is on hold (Issues).');
      return { order, item };
    },

    presentItemOf,
  };

  /**
   * Freezes prices, totals, weight and dates on the basket and moves it to live, with its event and
   * mail: one statement, applied only if the basket is still at the version it was judged at (null
   * otherwise). A key that confirmed another order is refused by the unique index: 422.
   */
  async function freeze(user: UserRow, order: OrderRow, a: BasketAssessment, key: string) {
    const chosen = a.chosen!;
    const totals = a.totals!;
    try {
      return await applyMoveIfUnchanged(db, { outbox }, deps, order, {
        to: 'live',
        actor: 'customer',
        actorUserId: user.id,
        note: 'Order confirmed',
        // The e-mail says "ready to collect" for a collection, not a dispatch and a delivery.
        service: chosen.type,
        itemPrices: a.items.map((item) => ({ id: item.facts.id, price: item.price! })),
        set: {
          deliveryTypeId: chosen.type.id,
          deliveryCost: chosen.price,
          totalNet: totals.total_net,
          totalVat: totals.total_vat,
          total: totals.total,
          weight: a.weight,
          dispatchDue: chosen.promise.dispatch,
          deliveryDue: chosen.promise.delivery,
          confirmKey: key,
          confirmedAt: new Date(),
        },
      });
    } catch (err) {
      if (isUniqueViolation(err, 'orders_user_confirm_key_unique')) {
        await refuseKeyOfAnother(user, key);
        throw unprocessable({ idempotency_key: 'This Idempotency-Key was already used for another order; make a new key.' });
      }
      throw err;
    }
  }
}

export type OrdersService = ReturnType<typeof ordersService>;
