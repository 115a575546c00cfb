import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../../shared/api/orders';
import type { TradeOrder, TradeOrderCreate, TradeOrderListQuery } from '../../../shared/api/trade-orders';
import { quoteHolds, quoteNumber } from '../../../shared/domain/quotes/quotes';
import { ukToday } from '../../../shared/domain/orders/overdue';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { apiOrders, orderItems, orders, users, type OrderRow, type UserRow } from '../../db/schema';
import { asPlacer } from '../../db/company-scope';
import { previewFileKeys } from '../artwork/previews';
import { conflict, Invalid, NotFound, notFound, unprocessable, Conflict } from '../../lib/domain-errors';
import type { JobQueue } from '../../lib/jobs';
import { addressColumns } from '../../lib/postal-address';
import type { TradeCaller } from '../../lib/trade-api';
import type { AddressesService } from '../addresses/service';
import type { ArtworkService, UploadedArtwork } from '../artwork/service';
import { proofWish } from '../orders/basket';
import { confirmOrder } from '../orders/confirm';
import type { OrdersContext } from '../orders/context';
import { basketChanged } from '../orders/order-version';
import { presentProof, presentSnapshot } from '../orders/present';
import { awaitsApproval } from '../../../shared/domain/orders/proofs';
import * as q from '../orders/queries';
import { placedThroughApi } from '../orders/source';
import { moveOrders } from '../orders/transitions';
import { orderItemOfQuote, ownQuote } from '../quotes/queries';
import type { WebhookEventsEmitter } from '../webhooks/emit';
import { presentTradeOrder, tradeStatus, type ApiOrderMark } from './order-present';
import { TRADE_ORDER_CONFIRM_ATTEMPTS, TRADE_ORDER_CONFIRM_QUEUE } from './held-orders';
import { canReplaceItemArtwork } from '../../../shared/domain/orders/artwork';

/*
 * Orders placed through the trade API (DESIGN §2 "Trade API and webhooks"): made as a basket of the
 * account (the customer's own rooms: modules/orders' queries, price engine and confirmation), marked
 * as an API order (api_orders) that confirms itself on account once every item's artwork has passed
 * its check — tried by a job after each check — and read, listed and cancelled by the key's account
 * in the key's mode only: another account's order, or the other mode's, is not found.
 */

/**
 * An order as the trade API answers it, read through `tx` (a webhook event's body is made in the
 * transaction of the change it reports): the customer's order as `present` gives it, in the API's words.
 */
export async function tradeOrderIn(
  tx: Db,
  present: (tx: Db, userId: number, orderId: number) => Promise<Order | null>,
  userId: number,
  orderId: number,
): Promise<TradeOrder | null> {
  const order = await present(tx, userId, orderId);
  if (!order) return null;
  const [row] = await tx.select({ test: orders.test, externalRef: orders.externalRef }).from(orders).where(eq(orders.id, orderId));
  const [mark] = await tx.select().from(apiOrders).where(eq(apiOrders.orderId, orderId));
  return row ? presentTradeOrder(order, row, mark ?? null) : null;
}

const CONFIRM_ATTEMPTS = TRADE_ORDER_CONFIRM_ATTEMPTS;
/** A try held by the account's credit is made again this much later (a payment or a staff release may have come meanwhile). */
const CREDIT_RETRY_MS = 60 * 60 * 1000;
/** The tracking number a sandbox dispatch gives. */
export const SANDBOX_TRACKING_NUMBER = 'TEST0000000000GB';

/** Fetches an item's artwork from a URL (the artwork-by-URL service), queued in the caller's transaction. */
export type QueueArtworkFetch = (tx: Db, item: { userId: number; orderId: number; itemId: number; url: string }) => Promise<void>;

export interface TradeOrdersDeps {
  db: Db;
  jobs: JobQueue;
  /** The customer's orders' context (ordersService().context): the same rooms, reference data and rules. */
  orders: OrdersContext;
  artwork: Pick<ArtworkService, 'upload'>;
  queueArtworkFetch: QueueArtworkFetch;
  /** The address book: `address_id` is one of the account's saved addresses. */
  addresses: Pick<AddressesService, 'resolve'>;
  /** `order.created` is written with the order, in its transaction. */
  webhookEvents: Pick<WebhookEventsEmitter, 'emit'>;
  /** The invoices service is not needed: a sandbox order raises none. */
}

const EXTERNAL_REF_UNIQUE = 'orders_user_external_ref_unique';
const duplicate = (ref: string, orderId: number) =>
  conflict(`An order with external_ref "${ref}" already exists: order ${orderId}. Read it with GET /orders/${orderId}.`, { order_id: orderId });

/** The order's place in the key's world: the company's (whichever member placed it), and of the key's mode. */
const inMode = (caller: TradeCaller) => and(eq(orders.companyId, caller.company.id), eq(orders.test, caller.mode === 'test'));
/** A basket the browser started is no API order: the API lists only baskets it placed itself. */
const listed = sql`(${orders.status} <> 'basket' or ${placedThroughApi()})`;

/**
 * Queues a try to confirm the API order an item belongs to, in the transaction of its artwork check
 * (modules/artwork/job.ts): nothing for an item of any other order.
 */
export async function queueTradeOrderConfirmation(jobs: Pick<JobQueue, 'enqueue' | 'wakeSoon'>, tx: Db, itemId: number): Promise<void> {
  const [found] = await tx
    .select({ orderId: apiOrders.orderId })
    .from(orderItems)
    .innerJoin(apiOrders, eq(apiOrders.orderId, orderItems.orderId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.status, 'basket')));
  if (!found) return;
  await jobs.enqueue(tx, TRADE_ORDER_CONFIRM_QUEUE, { orderId: found.orderId }, { maxAttempts: CONFIRM_ATTEMPTS });
  jobs.wakeSoon();
}

/** 409 when an item of the order waits for its proof's approval (a sandbox order moves to printing only once approved, as a live one). */
async function refuseAwaitingProof(tx: Db, orderId: number): Promise<void> {
  const items = await q.itemRowsOf(tx, orderId);
  const waiting = items.find((i) => awaitsApproval({ proof_requested: i.proofRequested, proof: presentProof(i) }));
  if (!waiting) return;
  const what =
    waiting.proofStatus === 'ready'
      ? `approve proof version ${waiting.proofVersion} with POST /orders/${orderId}/items/${waiting.id}/proof/approve (or ask for changes)`
      : 'approve its proof once it is `ready` (it is made from the checked artwork)';
  throw conflict(`Order ${orderId} waits for the approval of the proof of item ${waiting.id}: ${what}. Nothing is printed before.`);
}

export function tradeOrdersService(deps: TradeOrdersDeps) {
  const { db, jobs, orders: ctx } = deps;

  async function markOf(orderId: number): Promise<ApiOrderMark | null> {
    const [mark] = await db.select().from(apiOrders).where(eq(apiOrders.orderId, orderId));
    return mark ?? null;
  }

  /** The order of the caller's company and mode, as the API answers it; anything else is 404. */
  async function present(caller: TradeCaller, id: number): Promise<TradeOrder> {
    const [placed] = await db
      .select({ id: orders.userId, companyId: orders.companyId })
      .from(orders)
      .where(and(eq(orders.id, id), inMode(caller)));
    // Read as the member who placed it: a colleague's key sees it too, even while it is a basket.
    const snapshot = placed ? await ctx.readSnapshot(placed, id) : null;
    if (!snapshot || snapshot.row.test !== (caller.mode === 'test')) throw notFound(q.NO_SUCH_ORDER);
    const [order, mark] = await Promise.all([presentSnapshot(ctx, caller.user, snapshot), markOf(id)]);
    return presentTradeOrder(order, snapshot.row, mark);
  }

  /** The caller's order in its mode, locked in `tx` when asked; 404 for anything else. */
  async function own(executor: Db, caller: TradeCaller, id: number, lock = false): Promise<OrderRow> {
    const query = executor
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), inMode(caller)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(q.NO_SUCH_ORDER);
    return row;
  }

  async function refuseDuplicate(caller: TradeCaller, ref: string): Promise<void> {
    const [existing] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inMode(caller), eq(orders.externalRef, ref)));
    if (existing) throw duplicate(ref, existing.id);
  }

  /** The items to insert: each priced by the account's price engine now (a 422 names `items.N.field`), or a saved quote's at its prices. */
  /** The delivery address the order names: written out, or one of the account's saved addresses (`address_id`); null for neither. */
  async function givenAddress(user: UserRow, input: TradeOrderCreate) {
    if (input.address_id !== undefined) {
      const saved = await deps.addresses.resolve(user.id, input.address_id).catch((err: unknown) => {
        if (err instanceof NotFound)
          throw unprocessable({ address_id: 'No such saved address: GET /api/addresses on your account lists them, or give the address itself.' });
        throw err;
      });
      return { ...addressColumns(saved), email: saved.email };
    }
    return input.address ? { ...addressColumns(input.address), email: input.address.email } : null;
  }

  async function itemsToInsert(user: UserRow, input: TradeOrderCreate) {
    if (input.quote_id !== undefined) {
      const { row: quote, items } = await ownQuote(db, user.id, input.quote_id).catch((err: unknown) => {
        if (err instanceof NotFound) throw unprocessable({ quote_id: 'No such quote: give the id of one of your saved quotes.' });
        throw err;
      });
      if (!quoteHolds(quote.validUntil, ukToday()))
        throw unprocessable({ quote_id: `Quote ${quoteNumber(quote.id)} expired on ${quote.validUntil}: make a new quote.` });
      const given = await givenAddress(user, input);
      const address = given ?? Object.fromEntries(q.DELIVERY_ADDRESS_COLUMNS.map((k) => [k, quote[k]]));
      return {
        address,
        deliveryTypeId: input.delivery_type_id ?? quote.deliveryTypeId,
        note: `Placed through the trade API from quote ${quoteNumber(quote.id)}`,
        items: items.map((i) => ({ values: orderItemOfQuote(quote, i), artworkUrl: undefined as string | undefined })),
      };
    }
    const quoter = await ctx.prices.quoter(user);
    const errors: Record<string, string> = {};
    const items = input.items!.map((item, i) => {
      const choice = { ...item, option_ids: item.option_ids ?? [], turnaround_id: item.turnaround_id ?? null };
      const quote = quoter.quote(choice);
      if (!('price' in quote)) for (const [field, message] of Object.entries(quote.errors)) errors[`items.${i}.${field}`] = message;
      let proofRequested = false;
      try {
        proofRequested = proofWish(quoter, item.product_id, item.proof_requested, false, `items.${i}.proof_requested`);
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        Object.assign(errors, err.errors);
      }
      return {
        values: {
          productId: item.product_id,
          stockId: item.stock_id,
          qty: item.qty,
          sides: item.sides,
          orientation: item.orientation,
          notes: item.notes,
          optionIds: choice.option_ids,
          turnaroundId: choice.turnaround_id,
          proofRequested,
        },
        artworkUrl: item.artwork_url,
      };
    });
    if (Object.keys(errors).length) throw unprocessable(errors);
    return {
      address: (await givenAddress(user, input))!,
      deliveryTypeId: input.delivery_type_id ?? null,
      note: 'Placed through the trade API',
      items,
    };
  }

  /**
   * One try to confirm an API order, as its customer would on account (modules/orders/confirm.ts):
   * once every item's artwork has been checked, none failed, and warnings were accepted when there
   * are any. What still stops it (a credit hold) is kept as its waiting reason, and tried again later.
   */
  async function tryConfirm(orderId: number): Promise<void> {
    const [found] = await db
      .select({ order: orders, mark: apiOrders })
      .from(orders)
      .innerJoin(apiOrders, eq(apiOrders.orderId, orders.id))
      .where(eq(orders.id, orderId));
    if (!found || found.order.status !== 'basket') return;
    const items = await q.itemRowsOf(db, orderId);
    // Waiting for artwork, or for a check under way (whose end tries again), or for new artwork.
    if (!items.length || items.some((i) => !i.artworkKey || i.preflightStatus === 'pending' || i.preflightStatus === null || i.preflightStatus === 'fail'))
      return void (await db.update(apiOrders).set({ waitingReason: null }).where(eq(apiOrders.orderId, orderId)));
    const unaccepted = items.filter((i) => i.preflightStatus === 'warn' && !i.warningsAccepted);
    if (unaccepted.length && !found.mark.acceptWarnings) return;
    const [placer] = await db.select().from(users).where(eq(users.id, found.order.userId));
    if (!placer) return;
    // The key's holder may have left the company since: the order is the company's, confirmed as theirs in it.
    const user = asPlacer(placer, found.order);
    if (unaccepted.length) {
      await db.transaction(async (tx) => {
        await tx
          .update(orderItems)
          .set({ warningsAccepted: true })
          .where(
            inArray(
              orderItems.id,
              unaccepted.map((i) => i.id),
            ),
          );
        await basketChanged(tx, orderId);
      });
    }
    try {
      await confirmOrder(ctx, user, orderId, `trade-api-order-${orderId}`, { payment: 'account' });
      await db.update(apiOrders).set({ waitingReason: null, triedAt: new Date() }).where(eq(apiOrders.orderId, orderId));
    } catch (err) {
      // Changed meanwhile (new artwork, a cancel): the next check's try judges it again.
      if (err instanceof Conflict) return;
      if (!(err instanceof Invalid)) throw err;
      await db.transaction(async (tx) => {
        await tx.update(apiOrders).set({ waitingReason: err.message, triedAt: new Date() }).where(eq(apiOrders.orderId, orderId));
        // A credit hold lifts when a payment is recorded or staff release the order: try again later.
        if (err.errors.payment)
          await jobs.enqueue(tx, TRADE_ORDER_CONFIRM_QUEUE, { orderId }, { maxAttempts: CONFIRM_ATTEMPTS, runAt: new Date(Date.now() + CREDIT_RETRY_MS) });
      });
    }
  }

  jobs.register<{ orderId: number }>(TRADE_ORDER_CONFIRM_QUEUE, ({ orderId }) => tryConfirm(orderId), {
    concurrency: 1,
    maxAttempts: CONFIRM_ATTEMPTS,
    backoff: { baseMs: 2_000, maxMs: 60_000 },
  });

  /** The caller's API order awaiting artwork for `itemId` (or on hold, whose artwork may be replaced); 404 for another's or the other mode's. */
  async function artworkTarget(caller: TradeCaller, id: number, itemId: number): Promise<OrderRow> {
    const order = await own(db, caller, id);
    const item = await q.ownItem(db, id, itemId, false);
    // As in the browser: awaiting artwork, on hold, or an item whose proof was sent back for changes.
    if (!canReplaceItemArtwork(order.status, item.proofStatus))
      throw conflict(
        `Order ${id} is ${tradeStatus(order.status as 'live')}: its artwork can only be changed while it awaits artwork, is on hold (problem), or for an item whose proof you asked to change.`,
      );
    return order;
  }

  return {
    /** The tries to confirm, for tests and the staff's "try now": one try of one order. */
    tryConfirm,

    async create(caller: TradeCaller, input: TradeOrderCreate): Promise<TradeOrder> {
      const user = caller.user;
      await refuseDuplicate(caller, input.external_ref);
      const made = await itemsToInsert(user, input);
      if (made.deliveryTypeId !== null && !(await ctx.delivery.typeName(made.deliveryTypeId)))
        throw unprocessable({ delivery_type_id: 'Choose one of the delivery services offered (GET /products, or a quote, lists them).' });
      let row: OrderRow;
      try {
        row = await db.transaction(async (tx) => {
          const created = await q.insertOrder(
            tx,
            {
              userId: user.id,
              ref: input.external_ref.slice(0, 60),
              ...made.address,
              deliveryTypeId: made.deliveryTypeId,
              test: caller.mode === 'test',
              apiKeyId: caller.keyId,
              externalRef: input.external_ref,
              // The company's default unless the order says otherwise (a reseller's clients' parcels carry the reseller's name).
              blindDispatch: input.blind_dispatch ?? caller.company.blindDispatch,
            },
            made.note,
          );
          await tx.insert(apiOrders).values({ orderId: created.id, acceptWarnings: input.accept_warnings });
          for (const [i, item] of made.items.entries()) {
            const itemId = await q.insertItem(tx, { orderId: created.id, ...item.values });
            if (item.artworkUrl)
              await deps.queueArtworkFetch(tx, { userId: user.id, orderId: created.id, itemId, url: item.artworkUrl }).catch((err: unknown) => {
                // The address is judged as the customer's link field's is; here it is the item's field.
                if (err instanceof Invalid && err.errors.artwork_url) throw unprocessable({ [`items.${i}.artwork_url`]: err.errors.artwork_url });
                throw err;
              });
          }
          await deps.webhookEvents.emit(tx, { userId: user.id, type: 'order.created', orderId: created.id });
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err, EXTERNAL_REF_UNIQUE)) await refuseDuplicate(caller, input.external_ref);
        throw err;
      }
      return present(caller, row.id);
    },

    get: present,

    /** Newest first: `after` is the last id of the page before. */
    async list(caller: TradeCaller, query: TradeOrderListQuery): Promise<{ data: TradeOrder[]; next_cursor: number | null }> {
      const where: Array<SQL | undefined> = [inMode(caller), listed];
      if (query.external_ref) where.push(eq(orders.externalRef, query.external_ref));
      if (query.status) where.push(eq(orders.status, query.status === 'awaiting' ? 'basket' : query.status));
      if (query.after) where.push(lt(orders.id, query.after));
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(...where))
        .orderBy(desc(orders.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const data = [];
      for (const { id } of page) data.push(await present(caller, id));
      return { data, next_cursor: rows.length > query.limit ? page[page.length - 1].id : null };
    },

    /**
     * The customer's cancel (Pending or on hold → cancelled). An order still awaiting its artwork is
     * no order yet: cancelling it discards it, as the customer discards a basket — it answers as it
     * was, `cancelled`, and is not found afterwards (its external_ref may be used again).
     */
    async cancel(caller: TradeCaller, id: number): Promise<TradeOrder> {
      const before = await present(caller, id);
      if (before.status === 'awaiting') {
        await ctx.db.transaction(async (tx) => {
          const locked = await own(tx, caller, id, true);
          if (locked.status !== 'basket') throw conflict(`Order ${id} was confirmed meanwhile: cancel it again.`);
          await q.deleteOrder(tx, id);
        });
        return { ...before, status: 'cancelled', awaiting_reason: null };
      }
      await own(db, caller, id);
      await ctx.db.transaction(async (tx) => {
        const order = await own(tx, caller, id, true);
        await moveOrders(tx, ctx, [order], { to: 'cancelled', actor: 'customer', actorUserId: caller.user.id, note: 'Cancelled through the trade API' });
      });
      return present(caller, id);
    },

    /** New artwork for an item, uploaded: the artwork service's own upload (its check's end tries the confirmation). */
    async uploadArtwork(caller: TradeCaller, id: number, itemId: number, file: UploadedArtwork): Promise<TradeOrder> {
      await artworkTarget(caller, id, itemId);
      await deps.artwork.upload(caller.user, id, itemId, file);
      return present(caller, id);
    },

    /** New artwork for an item, by URL: fetched by the artwork-by-URL service, then checked as an upload. */
    async fetchArtwork(caller: TradeCaller, id: number, itemId: number, url: string): Promise<TradeOrder> {
      await artworkTarget(caller, id, itemId);
      await db.transaction(async (tx) => {
        const order = await own(tx, caller, id, true);
        if (order.status !== 'basket' && order.status !== 'problem') throw conflict(`Order ${id} can no longer have its artwork changed.`);
        await deps.queueArtworkFetch(tx, { userId: caller.user.id, orderId: id, itemId, url });
      });
      return present(caller, id);
    },

    /**
     * The sandbox's moves of a test order, as the printer's would be (the transition table's own
     * moves, by the system): to printing, on hold with a problem, or dispatched (through printing)
     * with a sample tracking number. A sandbox order raises no invoice (transitions.ts).
     */
    async advance(caller: TradeCaller, id: number, to: 'printing' | 'dispatched' | 'problem', problemText?: string): Promise<TradeOrder> {
      await db.transaction(async (tx) => {
        let order = await own(tx, caller, id, true);
        if (order.status === 'basket') throw conflict(`Order ${id} is awaiting its artwork: it moves once it has confirmed itself.`);
        // As live, nothing is printed before its proof is approved: the sandbox lets the integration approve it as its client would.
        if (to !== 'problem' && order.status === 'live') await refuseAwaitingProof(tx, id);
        if (to === 'dispatched' && order.status === 'live')
          order = (await moveOrders(tx, ctx, [order], { to: 'printing', actor: 'system', note: 'Sandbox: printing' }))[0].row;
        if (to === 'printing') await moveOrders(tx, ctx, [order], { to: 'printing', actor: 'system', note: 'Sandbox: printing' });
        if (to === 'problem')
          await moveOrders(tx, ctx, [order], {
            to: 'problem',
            actor: 'system',
            note: 'Sandbox: on hold',
            set: { problemText: problemText ?? 'A sandbox problem: nothing is wrong with this test order.' },
          });
        if (to === 'dispatched')
          await moveOrders(tx, ctx, [order], {
            to: 'dispatched',
            actor: 'system',
            note: 'Sandbox: dispatched',
            set: { trackingNumber: SANDBOX_TRACKING_NUMBER, dispatchedAt: new Date() },
          });
      });
      return present(caller, id);
    },
  };
}

export type TradeOrdersService = ReturnType<typeof tradeOrdersService>;

/** Test orders are deleted this long after they were made. */
const SANDBOX_KEPT = "interval '30 days'";

/** Deletes the sandbox's orders made more than 30 days ago, with their items; answers the files they named (to delete now). */
export async function purgeOldTestOrders(db: Db): Promise<{ orders: number; files: string[] }> {
  const old = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.test, true), lt(orders.createdAt, sql`now() - ${sql.raw(SANDBOX_KEPT)}`)))
    .limit(1000);
  if (!old.length) return { orders: 0, files: [] };
  const ids = old.map((o) => o.id);
  const files = await db.transaction(async (tx) => {
    const keys = await tx.select({ a: orderItems.artworkKey, p: orderItems.previewKey }).from(orderItems).where(inArray(orderItems.orderId, ids));
    await tx.delete(orders).where(inArray(orders.id, ids));
    return keys.flatMap((k) => [k.a, ...previewFileKeys(k.p)]).filter((k): k is string => Boolean(k));
  });
  return { orders: ids.length, files };
}
