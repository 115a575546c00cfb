import type { z } from 'zod';
import type {
  Address,
  DeliveryOption,
  Item,
  itemCreateSchema,
  itemUpdateSchema,
  Order,
  orderCreateSchema,
  orderUpdateSchema,
} from '../../../shared/api/orders';
import { canReplaceItemArtwork, ARTWORK_LOCKED } from '../../../shared/domain/orders/artwork';
import type { Db } from '../../db/client';
import type { CompanyRow, OrderItemRow, OrderRow, UserRow } from '../../db/schema';
import { companyOfUser } from '../companies/billing';
import { conflict, unprocessable } from '../../lib/domain-errors';
import { addressColumns, addressFields } from '../../lib/postal-address';
import type { Quoter } from '../prices/service';
import { assessBasket } from './assessment';
import { basketContext, deleteFiles, type OrdersContext } from './context';
import { presentItemOf, presentOrder, presentSnapshot } from './present';
import { previewFileKeys } from '../artwork/previews';
import * as q from './queries';

/*
 * The customer's basket (DESIGN §2 "Orders"): started, edited and discarded, its items added,
 * changed and removed, and the delivery services offered for it. Each change is one transaction on
 * the locked basket, and moves its version on (the SQL is in queries.ts).
 */

/** A basket holds at most this many items. */
const MAX_ITEMS = 50;

type ItemChoice = {
  product_id: number;
  stock_id: number;
  qty: number;
  sides: 'single' | 'double';
  option_ids: number[];
  turnaround_id: number | null;
};

/** Columns of a delivery address as the orders table names them. */
const deliveryColumns = (a: Address) => ({ ...addressColumns(a), email: a.email });

/** A new basket's address when the customer gives none: their profile's, with their company's name. */
function profileAddress(user: UserRow, company: Pick<CompanyRow, 'name'>) {
  return { ...addressColumns(addressFields({ ...user, companyName: company.name })), telephone: user.telephone || user.mobile, email: user.email };
}

/** The price of a new or changed item, or the 422 that says which field is wrong. */
function checkItem(quoter: Quoter, item: ItemChoice) {
  const quote = quoter.quote(item);
  if (!('price' in quote)) throw unprocessable(quote.errors);
  return quote;
}

/** Why a product's item cannot go without a proof: the printer checks every such job with its customer. */
export const PROOF_REQUIRED_MESSAGE = 'This product always comes with a proof to approve before printing: it cannot be turned off.';

/**
 * Whether the item has a proof: the customer's wish (`asked`, or what the item had), always for a
 * product that requires one — a 422 on `proof_requested` when asked to go without it there.
 */
export function proofWish(quoter: Quoter, productId: number, asked: boolean | undefined, had: boolean, field = 'proof_requested'): boolean {
  const required = quoter.product(productId)?.proofRequired ?? false;
  if (required && asked === false) throw unprocessable({ [field]: PROOF_REQUIRED_MESSAGE });
  return required || (asked ?? had);
}

/** Marks a changed item's artwork for a new check (sides, orientation or product change what it must be). */
async function recheck(ctx: OrdersContext, tx: Db, item: OrderItemRow): Promise<void> {
  if (!item.artworkKey) return;
  await q.markArtworkUnchecked(tx, item.id);
  await ctx.queueArtworkCheck(tx, item.id, item.artworkKey);
}

export async function createBasket(ctx: OrdersContext, user: UserRow, input: z.output<typeof orderCreateSchema>): Promise<Order> {
  const company = await companyOfUser(ctx.db, user.id);
  const address = input.address ? deliveryColumns(input.address) : profileAddress(user, company);
  // The company's default for new baskets, unless the customer said otherwise.
  const blindDispatch = input.blind_dispatch ?? company.blindDispatch;
  const row = await ctx.db.transaction((tx) => q.insertOrder(tx, { userId: user.id, ref: input.ref, ...address, blindDispatch }, 'Basket started'));
  return presentOrder(ctx, user, row);
}

export async function updateBasket(ctx: OrdersContext, user: UserRow, id: number, input: z.output<typeof orderUpdateSchema>): Promise<Order> {
  const row = await ctx.db.transaction(async (tx) => {
    await q.ownBasket(tx, user, id);
    if (input.delivery_type_id) {
      const type = await ctx.delivery.typeName(input.delivery_type_id, tx);
      if (!type) throw unprocessable({ delivery_type_id: 'Choose one of the delivery services offered.' });
    }
    return q.updateOrder(tx, id, {
      ...(input.ref !== undefined ? { ref: input.ref } : {}),
      ...(input.address ? deliveryColumns(input.address) : {}),
      ...(input.delivery_type_id !== undefined ? { deliveryTypeId: input.delivery_type_id } : {}),
      ...(input.blind_dispatch !== undefined ? { blindDispatch: input.blind_dispatch } : {}),
    });
  });
  return presentOrder(ctx, user, row);
}

/** Discards a basket with its items; their files go once the rows have. */
export async function discardBasket(ctx: OrdersContext, user: UserRow, id: number): Promise<Order> {
  const current = await q.ownSnapshot(ctx, user, id);
  if (current.row.status !== 'basket') throw conflict('Only a basket can be discarded; a confirmed order can be cancelled.');
  const answer = await presentSnapshot(ctx, user, current);
  const keys = await ctx.db.transaction(async (tx) => {
    await q.ownBasket(tx, user, id);
    return q.deleteOrder(tx, id);
  });
  await deleteFiles(ctx, keys);
  return answer;
}

export async function addItem(ctx: OrdersContext, user: UserRow, id: number, input: z.output<typeof itemCreateSchema>): Promise<Item> {
  const choice = { ...input, option_ids: input.option_ids ?? [], turnaround_id: input.turnaround_id ?? null };
  const quoter = await ctx.prices.quoter(user);
  checkItem(quoter, choice);
  const proofRequested = proofWish(quoter, input.product_id, input.proof_requested, false);
  const { basket, itemId } = await ctx.db.transaction(async (tx) => {
    const basket = await q.ownBasket(tx, user, id);
    if ((await q.countItems(tx, id)) >= MAX_ITEMS) throw unprocessable({ items: 'A basket holds at most 50 items: confirm this one and start another.' });
    const itemId = await q.insertItem(tx, {
      orderId: id,
      productId: input.product_id,
      stockId: input.stock_id,
      qty: input.qty,
      sides: input.sides,
      orientation: input.orientation,
      notes: input.notes,
      optionIds: choice.option_ids,
      turnaroundId: choice.turnaround_id,
      proofRequested,
    });
    return { basket, itemId };
  });
  return presentItemOf(ctx, user, basket, itemId);
}

export async function updateItem(ctx: OrdersContext, user: UserRow, id: number, itemId: number, input: z.output<typeof itemUpdateSchema>): Promise<Item> {
  // Read before the transaction: the customer's terms may need the database (a kept copy lasts a
  // second), and the transaction's callback may send nothing but on its own connection.
  const quoter = await ctx.prices.quoter(user);
  const basket = await ctx.db.transaction(async (tx) => {
    const basket = await q.ownBasket(tx, user, id);
    const item = await q.ownItem(tx, basket.id, itemId);
    const product_id = input.product_id ?? item.productId;
    // Another product has options and turnarounds of its own: the old ones go unless new ones are given.
    const productChanged = product_id !== item.productId;
    const next: ItemChoice = {
      product_id,
      stock_id: input.stock_id ?? item.stockId,
      qty: input.qty ?? item.qty,
      sides: input.sides ?? (item.sides as 'single' | 'double'),
      option_ids: input.option_ids ?? (productChanged ? [] : item.optionIds),
      turnaround_id: input.turnaround_id !== undefined ? input.turnaround_id : productChanged ? null : item.turnaroundId,
    };
    const choiceChanged =
      productChanged ||
      next.stock_id !== item.stockId ||
      next.qty !== item.qty ||
      next.sides !== item.sides ||
      input.option_ids !== undefined ||
      input.turnaround_id !== undefined;
    if (choiceChanged) checkItem(quoter, next);
    // Another product that requires a proof gives the item one; the wish stays the customer's otherwise.
    const proofRequested = proofWish(quoter, next.product_id, input.proof_requested, item.proofRequested);
    if (input.warnings_accepted !== undefined && input.warnings_accepted && item.preflightStatus !== 'warn') {
      throw unprocessable({
        warnings_accepted: item.preflightStatus === 'pending' ? 'The artwork is still being checked.' : 'This artwork has no warnings to accept.',
      });
    }
    await q.updateItem(tx, item, {
      productId: next.product_id,
      stockId: next.stock_id,
      qty: next.qty,
      sides: next.sides,
      optionIds: next.option_ids,
      turnaroundId: next.turnaround_id,
      orientation: input.orientation ?? item.orientation,
      notes: input.notes ?? item.notes,
      warningsAccepted: input.warnings_accepted ?? item.warningsAccepted,
      proofRequested,
      // The quote priced the item as it was: another item is priced by today's catalogue. (A proof
      // asked for or dropped keeps the quote: its price is added or taken off: assessment.ts priceItem.)
      ...(choiceChanged ? { quoteId: null, quotedPrice: null, quotedUntil: null, proofPrice: null } : {}),
    });
    // What the artwork is checked against changed: check it again.
    if (next.product_id !== item.productId || next.sides !== item.sides || (input.orientation && input.orientation !== item.orientation))
      await recheck(ctx, tx, item);
    return basket;
  });
  return presentItemOf(ctx, user, basket, itemId);
}

export async function removeItem(ctx: OrdersContext, user: UserRow, id: number, itemId: number): Promise<Item> {
  const basket = await q.ownOrder(ctx.db, user, id);
  const answer = await presentItemOf(ctx, user, basket, itemId);
  const keys = await ctx.db.transaction(async (tx) => {
    const locked = await q.ownBasket(tx, user, id);
    const item = await q.ownItem(tx, locked.id, itemId);
    await q.deleteItem(tx, item);
    return [item.artworkKey, ...previewFileKeys(item.previewKey)];
  });
  await deleteFiles(ctx, keys);
  return answer;
}

/** The delivery services offered for the basket now, each with its price and dates. */
export async function deliveryOptions(ctx: OrdersContext, user: UserRow, id: number): Promise<DeliveryOption[]> {
  const { row, facts } = await q.ownSnapshot(ctx, user, id);
  if (row.status !== 'basket') throw conflict(q.CONFIRMED);
  const rules = await basketContext(ctx, user);
  const assessment = assessBasket(row, facts, rules);
  return assessment.offers.map((o) => ({
    id: o.type.id,
    code: o.type.code,
    name: o.type.name,
    carrier: o.type.carrier,
    price: o.price,
    transit_days: o.type.transit_days,
    dispatch_date: o.promise.dispatch,
    delivery_date: o.promise.delivery ?? o.promise.dispatch,
    confirm_by: o.promise.beforeCutoffToday ? rules.cutoff : null,
  }));
}

/** For the artwork routes: the customer's item in an order whose artwork may change (basket, or on hold). */
export async function artworkTarget(
  ctx: OrdersContext,
  user: UserRow,
  id: number,
  itemId: number,
  forWrite: boolean,
): Promise<{ order: OrderRow; item: OrderItemRow }> {
  const order = await q.ownOrder(ctx.db, user, id);
  const item = await q.ownItem(ctx.db, id, itemId, false);
  if (forWrite && !canReplaceItemArtwork(order.status, item.proofStatus)) throw conflict(ARTWORK_LOCKED);
  return { order, item };
}
