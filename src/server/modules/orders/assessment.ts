import type { PreflightStatus } from '../../../shared/api/orders';
import { dispatchPromise, type CivilDate, type DispatchPromise } from '../../../shared/domain/calendar/workingDays';
import { deliveryCost, orderWeight, whyNotOffered } from '../../../shared/domain/delivery/delivery';
import { ukToday } from '../../../shared/domain/orders/overdue';
import type { DispatchBasis } from '../../../shared/domain/orders/proofs';
import { orderTotals, type OrderTotals } from '../../../shared/domain/orders/totals';
import { itemHasProof } from '../../../shared/domain/orders/proofs';
import { withProof } from '../../../shared/domain/pricing/proof';
import { quoteHolds } from '../../../shared/domain/quotes/quotes';
import type { Sides } from '../../../shared/domain/pricing';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import type { DeliveryTypeFacts } from '../delivery/service';
import type { QuotedChoices, Quoter } from '../prices/service';
import type { ItemFacts } from './snapshot';

/*
 * A basket judged by today's rules (DESIGN §2 "Orders"): its items priced for the customer, its
 * weight, the delivery services offered with their dates, its totals, and what still stops it being
 * confirmed. Pure: the order and its items are read elsewhere (snapshot.ts), the rules are here.
 */

/** What the ordering rules need besides the order: today's catalogue for this customer, the delivery services, the calendar. */
export interface BasketContext {
  quoter: Quoter;
  deliveryTypes: DeliveryTypeFacts[];
  closed: ReadonlySet<CivilDate>;
  cutoff: string;
  vatRate: string;
  /** Pence a proof adds to an item that has one (the PROOF_PRICE setting). */
  proofPrice: number;
  now: Date;
}

export interface PricedItem {
  facts: ItemFacts;
  /** Today's price (with its proof's, when it has one), or null when the item cannot be ordered as it is. */
  price: number | null;
  /** It has a proof: asked for, or its product requires one. */
  hasProof: boolean;
  /** Pence of `price` that is the proof (0 without one; null with the price). */
  proofPrice: number | null;
  unavailable: string | null;
  /** Its options and turnaround as today's catalogue names them (null when it cannot be ordered as it is). */
  choices: QuotedChoices | null;
  /** Whether the price is the one a saved quote fixed (ordered from a quote that still holds today). */
  quoted: boolean;
}

export interface DeliveryOffer {
  type: DeliveryTypeFacts;
  price: number;
  promise: DispatchPromise;
  /** The rule the promise was counted with: kept at confirmation, so that an order with proofs counts its dates again from the last approval. */
  basis: DispatchBasis;
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
  // A file on its way replaces the one in place: the order waits for it rather than going ahead with the old one.
  if (item.artworkFetchStatus === 'fetching') return 'its artwork is still being fetched from the link you gave.';
  if (!item.artworkKey && item.artworkFetchStatus === 'failed') {
    const why = item.artworkFetchError ?? 'Try again, or upload the PDF.';
    return `its artwork could not be fetched from the link: ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
  }
  if (!item.artworkKey) return 'upload its artwork (a print-ready PDF).';
  const status = item.preflightStatus as PreflightStatus | null;
  if (status === 'pending' || status === null) return 'its artwork is still being checked; this takes a few seconds.';
  if (status === 'fail') return 'its artwork failed a check; replace it with a corrected PDF.';
  if (status === 'warn' && !item.warningsAccepted) return 'tick "I accept these warnings" for its artwork, or replace it.';
  return null;
}

/** Whether the item's quoted price holds on `today` (UK day): it came from a quote whose last day has not passed. */
export function quotedPriceHolds(f: Pick<ItemFacts, 'quoteId' | 'quotedPrice' | 'quotedUntil'>, today: CivilDate): boolean {
  return f.quoteId !== null && f.quotedPrice !== null && f.quotedUntil !== null && quoteHolds(f.quotedUntil, today);
}

/**
 * The item's price and its proof's part: the printing at today's price (or the quote's, while it
 * holds), plus the proof when it has one — at the price the quote kept for it, else today's
 * PROOF_PRICE. The one place an item's price is made: the basket, saved quotes, the trade API and
 * the price frozen at confirmation (and so invoices) all come here.
 */
export function priceItem(f: ItemFacts, printPrice: number, quoted: boolean, proofPrice: number): { price: number; proof_price: number } {
  const hasProof = itemHasProof(f.proofRequested, f.productProofRequired);
  if (!quoted) return withProof(printPrice, hasProof, proofPrice);
  // The quoted price holds for the printing; its proof part comes off if the proof was dropped since, today's is added to one asked for since.
  const keptProof = f.proofPrice;
  return withProof(f.quotedPrice! - (keptProof ?? 0), hasProof, keptProof ?? proofPrice);
}

export function assessBasket(order: Pick<OrderRow, 'countryId' | 'deliveryTypeId'>, facts: ItemFacts[], ctx: BasketContext): BasketAssessment {
  const today = ukToday(ctx.now);
  const items: PricedItem[] = facts.map((f) => {
    const hasProof = itemHasProof(f.proofRequested, f.productProofRequired);
    const quote = ctx.quoter.quote(
      { product_id: f.productId, stock_id: f.stockId, qty: f.qty, sides: f.sides as Sides, option_ids: f.optionIds, turnaround_id: f.turnaroundId },
      ctx.now,
    );
    if (!('price' in quote)) return { facts: f, price: null, hasProof, proofPrice: null, unavailable: quote.message, choices: null, quoted: false };
    const { options, turnaround, production_days } = quote;
    // An item ordered from a quote keeps the quoted price through the quote's last day, whatever the catalogue says since.
    const quoted = quotedPriceHolds(f, today);
    const priced = priceItem(f, quote.price, quoted, ctx.proofPrice);
    return {
      facts: f,
      price: priced.price,
      hasProof,
      proofPrice: priced.proof_price,
      unavailable: null,
      choices: { options, turnaround, production_days },
      quoted,
    };
  });
  const weight = orderWeight(facts.map((f) => ({ qty: f.qty, weight: f.productWeight })));
  // Each item takes its turnaround's days and its longest option's; one that cannot be ordered, its product's.
  const productionDays = Math.max(0, ...items.map((i) => i.choices?.production_days ?? i.facts.productionDays));
  const shipment = { country_id: order.countryId ?? 0, weight, has_large_item: facts.some((f) => f.largeItem) };
  const promiseFor = (transitDays: number | null) => dispatchPromise(ctx.now, { productionDays, transitDays, closed: ctx.closed, cutoff: ctx.cutoff });
  const offers = ctx.deliveryTypes.flatMap((type) => {
    const price = deliveryCost(type, shipment);
    const basis: DispatchBasis = { production_days: productionDays, transit_days: type.transit_days, cutoff: ctx.cutoff };
    return price === undefined ? [] : [{ type, price, promise: promiseFor(type.transit_days), basis }];
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
