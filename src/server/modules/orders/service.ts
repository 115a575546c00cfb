import type { z } from 'zod';
import type { itemCreateSchema, itemUpdateSchema, OrderListQuery, orderCreateSchema, orderUpdateSchema } from '../../../shared/api/orders';
import type { OrderRow, UserRow } from '../../db/schema';
import { assessBasket } from './assessment';
import * as basket from './basket';
import type { PaymentTerms } from '../../../shared/domain/payments/terms';
import { stopCardCheckout } from './card-checkout';
import { confirmOrder } from './confirm';
import { basketContext, ordersContext, type OrdersDeps } from './context';
import { cancelOrder, reorder, resubmitOrder } from './lifecycle';
import { countAwaitingOwners, countOrders, listOrders } from './list';
import { approveOrder, declineOrder, memberSnapshot, openApprovalLink } from './approval';
import { presentItemOf, presentOrder, presentSnapshot } from './present';
import { ownSnapshot } from './queries';
import { assessUnsavedBasket, type UnsavedItem } from './unsaved-basket';

export type { OrdersDeps } from './context';

/**
 * The customer's orders (DESIGN §2 "Orders", §3): baskets and their items, confirmation with frozen
 * prices and dispatch date, cancel, resubmit and reorder. Every call is scoped to the signed-in
 * customer: another customer's order, item or file is answered 404, as if it did not exist.
 *
 * Only a gathering of the rooms beside it, each a set of plain functions taking the context first:
 * list.ts (the list and counts), basket.ts (a basket and its items), confirm.ts, lifecycle.ts
 * (cancel, resubmit, reorder), present.ts (the answers), with their SQL in queries.ts and
 * snapshot.ts, the rules in assessment.ts and shared/domain, and the kept reference data in
 * reference-data.ts. A new action is a function in one of them, a line here and a route.
 */
export function ordersService(deps: OrdersDeps) {
  const ctx = ordersContext(deps);
  return {
    /** The rooms' shared context, for the trade API's orders (modules/trade-api/orders.ts), which are made of the same rooms. */
    context: ctx,
    /** Forgets the kept delivery services, closed days and settings (after a staff change). */
    forgetReferenceData: () => ctx.reference.forget(),

    list: (user: UserRow, query: OrderListQuery) => listOrders(ctx, user, query),
    counts: async (user: UserRow) => ({ ...(await countOrders(ctx.db, user)), approval: await countAwaitingOwners(ctx.db, user) }),
    /** The member's order, or a colleague's basket waiting for an owner's approval. */
    get: async (user: UserRow, id: number) => presentSnapshot(ctx, user, await memberSnapshot(ctx, user, id)),
    /** The order as it is now (staff's view of an order shows the customer's beside their own). */
    present: (user: UserRow, row: Pick<OrderRow, 'id'>) => presentOrder(ctx, user, row),
    presentItemOf: (user: UserRow, order: OrderRow, itemId: number) => presentItemOf(ctx, user, order, itemId),

    create: (user: UserRow, input: z.output<typeof orderCreateSchema>) => basket.createBasket(ctx, user, input),
    update: (user: UserRow, id: number, input: z.output<typeof orderUpdateSchema>) => basket.updateBasket(ctx, user, id, input),
    discard: (user: UserRow, id: number) => basket.discardBasket(ctx, user, id),
    addItem: (user: UserRow, id: number, input: z.output<typeof itemCreateSchema>) => basket.addItem(ctx, user, id, input),
    updateItem: (user: UserRow, id: number, itemId: number, input: z.output<typeof itemUpdateSchema>) => basket.updateItem(ctx, user, id, itemId, input),
    removeItem: (user: UserRow, id: number, itemId: number) => basket.removeItem(ctx, user, id, itemId),
    deliveryOptions: (user: UserRow, id: number) => basket.deliveryOptions(ctx, user, id),
    /** For the artwork routes: the customer's item in an order whose artwork may change (basket, or on hold). */
    artworkTarget: (user: UserRow, id: number, itemId: number, forWrite: boolean) => basket.artworkTarget(ctx, user, id, itemId, forWrite),

    /**
     * The customer's basket judged at today's catalogue prices, quoted prices set aside (a quote
     * saved from a basket that came from another quote does not carry the old prices on): what a
     * saved quote is made of. Another's order is 404.
     */
    atTodaysPrices: async (user: UserRow, id: number) => {
      const snapshot = await ownSnapshot(ctx, user, id);
      const facts = snapshot.facts.map((f) => ({ ...f, quoteId: null, quotedPrice: null, quotedUntil: null }));
      const rules = await basketContext(ctx, user);
      return {
        snapshot: { ...snapshot, facts },
        assessment: assessBasket(snapshot.row, facts, rules),
        rules,
        countryNames: (await ctx.reference.read(rules.now)).countryNames,
      };
    },

    /** Items and a delivery country priced as a basket would be, with no basket saved (the trade API's quote). */
    assessUnsaved: (user: UserRow, input: { items: UnsavedItem[]; countryId: number }, opts: { strict: boolean }) =>
      assessUnsavedBasket(ctx, user, input, opts),

    /** The customer's confirmation: a buyer's above their approval limit waits for an owner (approval.ts). */
    confirm: (user: UserRow, id: number, key: string, body: { delivery_type_id?: number; payment?: PaymentTerms }) =>
      confirmOrder(ctx, user, id, key, body, { approvals: true }),
    /** An owner approves a buyer's order waiting for approval: it confirms by the company's terms. */
    approve: (owner: UserRow, id: number) => approveOrder(ctx, owner, id),
    /** An owner declines it, with a reason: the basket is the buyer's again. */
    decline: (owner: UserRow, id: number, reason: string) => declineOrder(ctx, owner, id, reason),
    /** What an owner's approval e-mail link finds: the order while it waits, else what became of it. */
    openApprovalLink: (member: UserRow, token: string) => openApprovalLink(ctx, member, token),
    /** Stops a basket's pending card payment, so that the basket can be changed. */
    stopCardCheckout: (user: UserRow, id: number) => stopCardCheckout(ctx, user, id),
    cancel: (user: UserRow, id: number) => cancelOrder(ctx, user, id),
    resubmit: (user: UserRow, id: number) => resubmitOrder(ctx, user, id),
    reorder: (user: UserRow, id: number) => reorder(ctx, user, id),
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
