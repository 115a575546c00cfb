import type { ArtworkFetchStatus, Item, Order, PreflightCheckResult, PreflightStatus } from '../../../shared/api/orders';
import type { OrderStatus } from '../../../shared/domain/orders/statuses';
import { approvalDeadline, awaitsApproval, dispatchFromApproval, type ItemProofState, type ProofStatus } from '../../../shared/domain/orders/proofs';
import { paymentOptions, type CardPaymentStatus, type PaymentTerms } from '../../../shared/domain/payments/terms';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, orders, users, type OrderItemRow, type OrderRow, type UserRow } from '../../db/schema';
import { asPlacer } from '../../db/company-scope';
import { deliveryService } from '../delivery/service';
import { pricesService } from '../prices/service';
import { settingsService } from '../settings/service';
import { notFound } from '../../lib/domain-errors';
import { addressFields } from '../../lib/postal-address';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { quoteNumber, quotedPriceNote } from '../../../shared/domain/quotes/quotes';
import { assessBasket, quotedPriceHolds, type PricedItem } from './assessment';
import { basketContext, type OrdersContext } from './context';
import { previewPagesOf } from '../artwork/previews';
import { NO_SUCH_ITEM, ownSnapshot } from './queries';
import { ReferenceDataCache, type ReferenceData } from './reference-data';
import { itemsOf, orderSnapshotReader, type ItemFacts, type OrderSnapshot } from './snapshot';

/*
 * The customer's order and items as the API answers them: a basket judged by today's rules, a
 * confirmed order as it was frozen.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The delivery type's name: an active one from the reference data, an inactive one from the table. */
async function typeOf(ctx: Pick<OrdersContext, 'delivery'>, id: number | null, shared: ReferenceData) {
  if (id === null) return null;
  const active = shared.deliveryTypes.find((t) => t.id === id);
  return active ? { id, code: active.code, name: active.name, carrier: active.carrier } : ctx.delivery.typeName(id);
}

/**
 * What presenting an order reads: the reference data, delivery services, the customer's prices (a
 * basket), whether card payment is offered, and the database (a basket's company's terms).
 */
export type PresentingContext = Pick<OrdersContext, 'db' | 'reference' | 'delivery' | 'prices' | 'cardPayments'>;

/** How a basket of this company may pay: its terms as they are now (staff may have changed them). */
async function paymentOptionsOf(ctx: PresentingContext, companyId: number) {
  const [company] = await ctx.db.select({ terms: companies.paymentTerms }).from(companies).where(eq(companies.id, companyId));
  return paymentOptions(company.terms as PaymentTerms, Boolean(ctx.cardPayments));
}

/** The order as the API answers it, from one snapshot of it. */
export async function presentSnapshot(
  ctx: PresentingContext,
  user: UserRow,
  { row, facts, events, invoice, placedBy, tradeApi }: OrderSnapshot,
): Promise<Order> {
  const shared = await ctx.reference.read(new Date());
  // A basket awaiting its card payment is frozen as it was confirmed: the payment is for those prices.
  // So is one awaiting an owner's approval: the owner approves the prices the buyer sent.
  const frozen = row.paymentStatus === 'pending' || row.approvalRequestedAt !== null;
  const basket = row.status === 'basket' && !frozen ? assessBasket(row, facts, await basketContext(ctx, user)) : null;
  const type = await typeOf(ctx, row.deliveryTypeId, shared);
  const approval = approvalDates(row, facts, shared);
  return {
    id: row.id,
    ref: row.ref,
    status: row.status as OrderStatus,
    address: { ...addressFields(row), email: row.email },
    country_name: row.countryId === null ? null : (shared.countryNames.get(row.countryId) ?? null),
    delivery_type_id: row.deliveryTypeId,
    delivery_type: type,
    blind_dispatch: row.blindDispatch,
    test: row.test,
    trade_api: tradeApi,
    delivery_cost: basket ? (basket.chosen?.price ?? null) : row.deliveryCost,
    total_net: basket ? (basket.totals?.total_net ?? null) : row.totalNet,
    total_vat: basket ? (basket.totals?.total_vat ?? null) : row.totalVat,
    total: basket ? (basket.totals?.total ?? null) : row.total,
    weight: basket ? basket.weight : (row.weight ?? 0),
    dispatch_due: basket ? basket.promise.dispatch : (approval?.dispatch ?? row.dispatchDue),
    delivery_due: basket ? basket.promise.delivery : approval ? approval.delivery : row.deliveryDue,
    awaiting_approval: approval !== null,
    approve_by: approval?.approveBy ?? null,
    problem_text: row.status === 'problem' ? row.problemText : null,
    tracking_number: row.trackingNumber,
    invoice: row.status === 'dispatched' ? invoice : null,
    confirmed_at: iso(row.confirmedAt),
    dispatched_at: iso(row.dispatchedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    placed_by: placedBy,
    items: facts.map((f, i) => presentItem(f, basket ? basket.items[i] : null, row.confirmedAt)),
    // Staff's notes on their moves are for staff (the customer reads a hold's problem text instead).
    events: events.map((e) => ({
      from: e.fromStatus as OrderStatus | null,
      to: e.toStatus as OrderStatus,
      note: e.actor === 'staff' ? '' : e.note,
      actor: e.actor as 'customer' | 'staff' | 'system',
      at: e.at.toISOString(),
    })),
    blockers: basket ? Object.values(basket.blockers) : [],
    payment_status: (row.paymentStatus as CardPaymentStatus | null) ?? null,
    checkout_url: row.paymentStatus === 'pending' ? row.checkoutUrl : null,
    payment_options: basket ? await paymentOptionsOf(ctx, row.companyId) : [],
    approval: approvalOf(row),
  };
}

/** The approval mark of a basket waiting for an owner (DESIGN §2 "Companies"); null otherwise. */
export function approvalOf(row: Pick<OrderRow, 'status' | 'approvalRequestedBy' | 'approvalRequestedAt' | 'userId'>): Order['approval'] {
  if (row.status !== 'basket' || row.approvalRequestedAt === null) return null;
  // The member who sent it; their account gone, the basket's own member (baskets are personal, so the same one).
  return { requested_by: row.approvalRequestedBy ?? row.userId, requested_at: row.approvalRequestedAt.toISOString() };
}

/**
 * A Pending order waiting for the approval of a proof: the dates an approval now would give, by the
 * rule it was confirmed with, and by when approving keeps them. Null for any other order. Its kept
 * `dispatch_due` is counted again at the last approval; until then the page shows what waiting costs.
 */
function approvalDates(row: OrderRow, facts: ItemFacts[], shared: ReferenceData) {
  if (row.status !== 'live' || !facts.some((f) => awaitsApproval({ proof_requested: f.proofRequested, proof: presentProof(f) }))) return null;
  if (!row.dispatchBasis) return { dispatch: row.dispatchDue, delivery: row.deliveryDue, approveBy: null };
  const promise = dispatchFromApproval(new Date(), row.dispatchBasis, shared.closed);
  return { dispatch: promise.dispatch, delivery: promise.delivery, approveBy: approvalDeadline(promise, row.dispatchBasis.cutoff) };
}

/** The order as it is now (after a change to it): read whole again, as one snapshot. */
export async function presentOrder(ctx: OrdersContext, user: UserRow, row: Pick<OrderRow, 'id'>): Promise<Order> {
  return presentSnapshot(ctx, user, await ownSnapshot(ctx, user, row.id));
}

/** One item of the order as it is now: a basket's priced by today's rules. */
export async function presentItemOf(ctx: OrdersContext, user: UserRow, order: OrderRow, itemId: number): Promise<Item> {
  const facts = await itemsOf(ctx.db, [order.id]);
  const index = facts.findIndex((f) => f.id === itemId);
  if (index < 0) throw notFound(NO_SUCH_ITEM);
  if (order.status !== 'basket') return presentItem(facts[index], null, order.confirmedAt);
  return presentItem(facts[index], assessBasket(order, facts, await basketContext(ctx, user)).items[index]);
}

/** An item's options and turnaround by name: a basket's as today's catalogue names them, a confirmed order's as frozen. */
export function itemChoices(f: ItemFacts, priced: Pick<PricedItem, 'choices'> | null): Pick<Item, 'option_ids' | 'turnaround_id' | 'options' | 'turnaround'> {
  const ids = { option_ids: f.optionIds, turnaround_id: f.turnaroundId };
  if (priced) {
    const choices = priced.choices;
    return {
      ...ids,
      options: choices ? choices.options.map((o) => ({ id: o.id, group: o.group_name, name: o.name })) : [],
      turnaround: choices?.turnaround
        ? { id: choices.turnaround.id, name: choices.turnaround.name, production_days: choices.turnaround.production_days }
        : null,
    };
  }
  return { ...ids, options: f.choicesSaved?.options ?? [], turnaround: f.choicesSaved?.turnaround ?? null };
}

/** The quote an item was ordered from, and whether its price held: today for a basket, on the day of confirmation for an order. */
function quoteOf(f: ItemFacts, priced: Pick<PricedItem, 'quoted'> | null, confirmedAt: Date | null): Item['quote'] {
  if (f.quoteId === null || f.quotedPrice === null || f.quotedUntil === null) return null;
  const holds = priced ? priced.quoted : quotedPriceHolds(f, ukToday(confirmedAt ?? new Date()));
  const number = quoteNumber(f.quoteId);
  return { id: f.quoteId, number, price: f.quotedPrice, valid_until: f.quotedUntil, holds, note: quotedPriceNote(number, f.quotedUntil, holds) };
}

/** The customer-facing item: a basket's at today's price (or its quote's), a confirmed order's at its frozen price. */
export function presentItem(
  f: ItemFacts,
  priced: Pick<PricedItem, 'price' | 'unavailable' | 'choices' | 'quoted' | 'hasProof' | 'proofPrice'> | null,
  confirmedAt: Date | null = null,
): Item {
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
    ...itemChoices(f, priced),
    price: priced ? priced.price : f.priceSaved,
    unavailable: priced ? priced.unavailable : null,
    quote: quoteOf(f, priced, confirmedAt),
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
    artwork_fetch:
      f.artworkFetchStatus && f.artworkUrl
        ? { url: f.artworkUrl, status: f.artworkFetchStatus as ArtworkFetchStatus, error: f.artworkFetchStatus === 'failed' ? f.artworkFetchError : null }
        : null,
    // A basket's as today's rules have it (its product may require a proof since it was added), an order's as confirmed.
    proof_requested: priced ? priced.hasProof : f.proofRequested,
    proof_required: f.productProofRequired,
    proof_price: priced ? priced.proofPrice : f.priceSaved === null ? null : (f.proofPrice ?? 0),
    proof: presentProof(f),
  };
}

/** The item's current proof, from its own columns (the versions are `order_item_proofs`). */
export function presentProof(
  f: Pick<OrderItemRow, 'proofStatus' | 'proofVersion' | 'proofComment' | 'proofStatusAt' | 'proofDecidedBy'>,
): ItemProofState | null {
  if (f.proofStatus === null || f.proofVersion === null) return null;
  const status = f.proofStatus as ProofStatus;
  const decided = status === 'approved' || status === 'changes_requested';
  return {
    status,
    version: f.proofVersion,
    comment: f.proofComment,
    decided_at: decided && f.proofStatusAt ? f.proofStatusAt.toISOString() : null,
    decided_by: decided ? f.proofDecidedBy : null,
  };
}

/**
 * The order as the API answers it, read and presented inside the caller's transaction (a webhook
 * event's body is written with the change it reports, and a query of the pool from inside a
 * transaction is refused): every read goes through `tx`. Null when the order is gone.
 */
export async function presentOrderIn(tx: Db, deps: Pick<OrdersContext, 'cardPayments'>, userId: number, orderId: number): Promise<Order | null> {
  const delivery = deliveryService(tx);
  const ctx: PresentingContext = {
    db: tx,
    reference: new ReferenceDataCache({ db: tx, delivery, settings: settingsService(tx) }),
    delivery,
    prices: pricesService(tx),
    cardPayments: deps.cardPayments,
  };
  const [found] = await tx
    .select({ user: users, companyId: orders.companyId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  const user = found ? asPlacer(found.user, found) : null;
  const snapshot = user ? await orderSnapshotReader(tx)(user, orderId) : null;
  return user && snapshot ? presentSnapshot(ctx, user, snapshot) : null;
}
