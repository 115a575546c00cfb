import type { ConfirmAnswer } from '../../../shared/api/orders';
import { paymentOptions, type PaymentTerms } from '../../../shared/domain/payments/terms';
import { creditHoldMessage, creditHoldReason } from '../../../shared/domain/payments/credit-hold';
import { creditPosition } from '../payments/credit';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { eq } from 'drizzle-orm';
import { companies, type FrozenChoices, type OrderRow, type UserRow } from '../../db/schema';
import type { QuotedChoices } from '../prices/service';
import { conflict, unprocessable } from '../../lib/domain-errors';
import { assessBasket, type BasketAssessment, type PricedItem } from './assessment';
import { checkoutAnswer, startCardCheckout } from './card-checkout';
import { basketContext, type OrdersContext } from './context';
import { presentSnapshot } from './present';
import { AWAITING_APPROVAL, AWAITING_PAYMENT, orderConfirmedWith, ownSnapshot } from './queries';
import { needsApproval } from '../../../shared/domain/companies/roles';
import { approvalLimitFor, requestApproval } from './approval';
import type { OrderColumns } from './order-version';
import { moveOrders } from './transitions';
import { confirmedProof } from '../proofs/start';

/** The terms of the order's company as they are now: staff may change them while a basket is open. */
export async function termsOf(ctx: OrdersContext, companyId: number): Promise<PaymentTerms> {
  const [company] = await ctx.db.select({ terms: companies.paymentTerms }).from(companies).where(eq(companies.id, companyId));
  return company.terms as PaymentTerms;
}

/** Reads and tries of a confirmation whose basket keeps changing under it, before it answers 409. */
const CONFIRM_ATTEMPTS = 3;

/** 422 naming the order a confirmation key already confirmed, if it did. */
export async function refuseKeyOfAnother(ctx: OrdersContext, user: UserRow, key: string): Promise<void> {
  const other = await orderConfirmedWith(ctx.db, user, key);
  if (other !== null) throw unprocessable({ idempotency_key: `This Idempotency-Key already confirmed order ${other}; make a new key for another order.` });
}

/**
 * How this confirmation pays: the company's terms unless the customer chose otherwise; an account customer
 * may pay one order by card, a card customer must. 422 on `payment` when it cannot be had.
 */
export function paymentOf(ctx: OrdersContext, terms: PaymentTerms, chosen: PaymentTerms | undefined): PaymentTerms {
  const options = paymentOptions(terms, Boolean(ctx.cardPayments));
  if (!options.length)
    throw unprocessable({ payment: 'Your account pays by card, and card payment is not available just now: please contact us to confirm this order.' });
  const payment = chosen ?? options[0];
  if (!options.includes(payment)) {
    throw unprocessable({
      payment: payment === 'card' ? 'Card payment is not available.' : 'Your account pays by card when confirming: choose card.',
    });
  }
  return payment;
}

/**
 * basket → live, on account; a payment by card first makes a Checkout Session and leaves the order a
 * basket awaiting it (card-checkout.ts): the payment's webhook confirms it. Idempotent by key: a retry (or a concurrent duplicate) with the key the order
 * was confirmed with answers the order as it is, and makes nothing twice.
 *
 * Optimistic, with no lock held while the basket is judged: one statement reads the order with
 * its items, and one statement — its own transaction — freezes and moves it only if it is still
 * at the version read (every change to a basket and its items moves it on: order-version.ts). Otherwise
 * the order changed meanwhile (a duplicate confirmation won, or an edit in another tab): it is read
 * and judged again. Two round trips where a locking transaction needs six.
 */
export async function confirmOrder(
  ctx: OrdersContext,
  user: UserRow,
  id: number,
  key: string,
  body: { delivery_type_id?: number; payment?: PaymentTerms },
  opts: { approvals?: boolean } = {},
): Promise<ConfirmAnswer> {
  const rules = await basketContext(ctx, user);
  // A buyer's limit (their own, else the company's for all buyers): read once, it does not change with the basket.
  const limit = opts.approvals ? await approvalLimitFor(ctx.db, user) : null;
  for (let attempt = 1; ; attempt++) {
    const read = await ownSnapshot(ctx, user, id);
    const { row: order, facts } = read;
    // The retry of a confirmation that went through: the order as it is now (with its payment page while it awaits the payment).
    if (order.confirmKey === key) return checkoutAnswer(await presentSnapshot(ctx, user, read));
    if (order.status !== 'basket') {
      await refuseKeyOfAnother(ctx, user, key);
      throw conflict(`Order ${order.id} is already confirmed.`);
    }
    if (order.paymentStatus === 'pending') {
      await refuseKeyOfAnother(ctx, user, key);
      throw conflict(AWAITING_PAYMENT);
    }
    if (order.approvalRequestedAt !== null) {
      await refuseKeyOfAnother(ctx, user, key);
      throw conflict(AWAITING_APPROVAL);
    }
    const basket = body.delivery_type_id ? { ...order, deliveryTypeId: body.delivery_type_id } : order;
    const assessment = assessBasket(basket, facts, rules);
    if (Object.keys(assessment.blockers).length)
      throw unprocessable(assessment.blockers, 'This order cannot be confirmed yet: ' + Object.values(assessment.blockers).join(' '));
    const payment = paymentOf(ctx, await termsOf(ctx, order.companyId), body.payment);
    // Above the buyer's limit it does not confirm: it waits, frozen, for an owner (approval.ts).
    if (needsApproval(assessment.totals!.total_net, limit)) {
      const sent = await requestApproval(ctx, user, basket, assessment, key, limit!);
      if (sent) return sent;
      if (attempt === CONFIRM_ATTEMPTS) throw conflict('This order changed while it was being confirmed: check it and confirm again.');
      continue;
    }
    if (payment === 'card') {
      const checkout = await startCardCheckout(ctx, user, basket, assessment, key);
      if (checkout) return checkout;
      if (attempt === CONFIRM_ATTEMPTS) throw conflict('This order changed while it was being confirmed: check it and confirm again.');
      continue;
    }
    await refuseCreditHold(ctx, user, basket, assessment);
    const moved = await freeze(ctx, user, basket, assessment, key);
    if (moved) {
      return presentSnapshot(ctx, user, {
        row: moved.row,
        facts: facts.map((f, i) => {
          const frozen = frozenItem(assessment.items[i]);
          return {
            ...f,
            priceSaved: frozen.price,
            choicesSaved: frozen.choices,
            proofPrice: frozen.proof_price,
            ...confirmedProof(f, moved.row.confirmedAt ?? new Date()),
          };
        }),
        events: [...read.events, moved.event],
        invoice: null,
        placedBy: read.placedBy,
        tradeApi: read.tradeApi,
      });
    }
    if (attempt === CONFIRM_ATTEMPTS) throw conflict('This order changed while it was being confirmed: check it and confirm again.');
  }
}

/**
 * 422 on `payment` when the account's credit holds this order (shared/domain/payments/credit-hold.ts),
 * unless staff released this basket: the release is used up by the confirmation that follows (freeze
 * clears it, at the version read). Read in one statement before the freeze: the balance moves only
 * when an invoice is raised at dispatch or a payment is recorded, never by a confirmation, so two
 * confirmations cannot together pass a limit each would not.
 */
export async function refuseCreditHold(ctx: OrdersContext, user: UserRow, order: OrderRow, a: BasketAssessment): Promise<void> {
  // Released by staff; or a sandbox order, which is never invoiced or charged and never held for credit.
  if (order.creditReleasedAt !== null || order.test) return;
  const reason = creditHoldReason(await creditPosition(ctx.db, user.id), a.totals!.total);
  if (reason === null) return;
  const card = paymentOptions(await termsOf(ctx, order.companyId), Boolean(ctx.cardPayments)).includes('card');
  const message = creditHoldMessage(reason, card);
  throw unprocessable({ payment: message }, message);
}

/** An item's options and turnaround by name, as they were when it was confirmed: a later change to the catalogue leaves them be. */
export function frozenChoices(choices: QuotedChoices): FrozenChoices {
  return {
    options: choices.options.map((o) => ({ id: o.id, group: o.group_name, name: o.name })),
    turnaround: choices.turnaround && { id: choices.turnaround.id, name: choices.turnaround.name, production_days: choices.turnaround.production_days },
  };
}

/**
 * What an item keeps at confirmation: its price and choices by name, and the part of the price that
 * is its proof (null without one: a proof asked for later is charged at the day's price). Whether
 * it has a proof (its product may have come to require one since it was added) is set by the
 * confirmation's statement that starts the proofs.
 */
export function frozenItem(item: PricedItem) {
  return { price: item.price!, choices: frozenChoices(item.choices!), proof_price: item.hasProof ? (item.proofPrice ?? 0) : null };
}

/** `frozenItem` as the item's columns, for a caller that writes them itself (a card checkout, which starts no proof yet). */
/** What a confirmation freezes on the order as judged: delivery, totals, weight, dates, and the key it was confirmed with. */
export function frozenOrderColumns(a: BasketAssessment, key: string) {
  const chosen = a.chosen!;
  const totals = a.totals!;
  return {
    deliveryTypeId: chosen.type.id,
    deliveryCost: chosen.price,
    totalNet: totals.total_net,
    totalVat: totals.total_vat,
    total: totals.total,
    weight: a.weight,
    dispatchDue: chosen.promise.dispatch,
    deliveryDue: chosen.promise.delivery,
    dispatchBasis: chosen.basis,
    confirmKey: key,
  };
}

export function frozenColumns(item: PricedItem) {
  const frozen = frozenItem(item);
  return { priceSaved: frozen.price, choicesSaved: frozen.choices, proofPrice: frozen.proof_price };
}

/**
 * Freezes prices, totals, weight and dates on the basket and moves it to live, with its event and
 * the job that e-mails the confirmation: one statement, applied only if the basket is still at the version it was judged at (null
 * otherwise). A key that confirmed another order is refused by the unique index: 422.
 */
export async function freeze(
  ctx: OrdersContext,
  user: UserRow,
  order: OrderRow,
  a: BasketAssessment,
  key: string,
  /**
   * Who confirms it, what else it clears, and what else is written with it (an e-mail), when it is
   * not the customer's own confirmation (an owner's approval): then one transaction.
   */
  by: { actorUserId: number; note: string; set: OrderColumns; within?: (tx: Db, moved: OrderRow) => Promise<void> } | null = null,
) {
  const chosen = a.chosen!;
  const confirm = async (executor: Db) => {
    const [moved] = await moveOrders(executor, ctx, [order], {
      to: 'live',
      ifUnchanged: true,
      actor: 'customer',
      actorUserId: by?.actorUserId ?? user.id,
      note: by?.note ?? 'Order confirmed',
      // The e-mail says "ready to collect" for a collection, not a dispatch and a delivery.
      service: chosen.type,
      itemPrices: a.items.map((item) => ({ id: item.facts.id, ...frozenItem(item) })),
      set: {
        ...frozenOrderColumns(a, key),
        confirmedAt: new Date(),
        creditReleasedAt: null,
        ...by?.set,
      },
    });
    if (moved && by?.within) await by.within(executor, moved.row);
    return moved ?? null;
  };
  try {
    return by?.within ? await ctx.db.transaction(confirm) : await confirm(ctx.db);
  } catch (err) {
    if (isUniqueViolation(err, 'orders_user_confirm_key_unique')) {
      await refuseKeyOfAnother(ctx, user, key);
      throw unprocessable({ idempotency_key: 'This Idempotency-Key was already used for another order; make a new key.' });
    }
    throw err;
  }
}
