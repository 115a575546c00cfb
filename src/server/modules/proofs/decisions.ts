import { and, eq, sql } from 'drizzle-orm';
import { ukDateTime } from '../../../shared/domain/calendar/workingDays';
import { promisedDays } from '../../../shared/domain/orders/dates';
import { canDecideProofs, dispatchFromApproval, proofDecisionRefusal, type ProofDecision, type ProofStatus } from '../../../shared/domain/orders/proofs';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../../shared/domain/orders/statuses';
import type { WebhookEventType } from '../../../shared/domain/webhooks/events';
import { companyOrders } from '../../db/company-scope';
import type { Db } from '../../db/client';
import { orderEvents, orderItemProofs, orderItems, orders, type OrderRow, type UserRow } from '../../db/schema';
import type { ProofLinkTarget } from '../../../shared/api/orders';
import { conflict, gone, notFound } from '../../lib/domain-errors';
import type { DeliveryService } from '../delivery/service';
import type { MailOutbox } from '../mail/service';
import type { MailLinks } from '../orders/order-mail';
import { withNewVersion } from '../orders/order-version';
import { awaitsApproval } from '../orders/proof-queries';
import type { WebhookEventsEmitter } from '../webhooks/emit';
import { proofApprovedMail, proofChangesMail } from './decision-mail';
import { linkExpired, verifyProofLinkToken } from './link-token';
import { lockItem, lockOrder, mailedProof, proofLabel } from './proof-facts';

/*
 * Decisions on proofs (DESIGN §2 "Proofs and templates"): the customer approves a ready proof or
 * asks for changes to it, per item; staff may approve for them (by phone), recorded as such. Each
 * decision is one transaction: the version's decision, the item's state, the order's history row
 * and new version, the customer's e-mail and the webhook event — and, when the approval leaves no
 * proof of the order waiting, the order's dispatch and delivery dates counted again from it.
 */

export interface ProofDecisionsDeps extends MailLinks {
  db: Db;
  outbox: Pick<MailOutbox, 'queue'>;
  /** The closed days an approval's dates are counted with. */
  delivery: Pick<DeliveryService, 'closedDaysFrom'>;
  webhookEvents: Pick<WebhookEventsEmitter, 'emit'>;
}

/** Who decides: the customer on their own order, or a staff member for the customer (by phone) with a note for the history. */
export type Decider = { customer: UserRow } | { staff: UserRow; note: string };

interface DecisionInput {
  decision: ProofDecision;
  version: number;
  /** What to change (a change request). */
  comment?: string;
}

const WEBHOOK_EVENTS: Record<ProofDecision, WebhookEventType> = {
  approved: 'order.proof_approved',
  changes_requested: 'order.proof_changes_requested',
};

const nameOf = (user: Pick<UserRow, 'firstname' | 'lastname'>) => `${user.firstname} ${user.lastname}`.trim();

/** How the order page and history name who decided: the customer, or "Sam Staff for the customer (by phone)". */
const decidedByName = (by: Decider) => ('customer' in by ? nameOf(by.customer) : `${nameOf(by.staff)} for the customer (by phone)`);

/** The order's dates counted again from an approval at `now`, by the rule it was confirmed with (null when it has none kept). */
async function datesFromApproval(deps: ProofDecisionsDeps, tx: Db, order: OrderRow, now: Date) {
  if (!order.dispatchBasis) return null;
  const closed = await deps.delivery.closedDaysFrom(ukDateTime(now).date, tx);
  return dispatchFromApproval(now, order.dispatchBasis, closed);
}

/**
 * Takes one decision on the item's proof at the version the decider looked at. 404 for another
 * customer's order or item; 409 when the order is past deciding (cancelled, printed…), the version
 * is out of date, or the proof is already decided (or not ready). Two decisions at once on the same
 * version: the order is locked, so the second waits for the first and is then refused (409).
 */
export async function decideProof(deps: ProofDecisionsDeps, orderId: number, itemId: number, by: Decider, input: DecisionInput): Promise<void> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, 'customer' in by ? by.customer.id : null);
    const item = await lockItem(tx, orderId, itemId);
    if (!canDecideProofs(order.status))
      throw conflict(
        `Order ${order.id} is ${ORDER_STATUS_NAMES[order.status as OrderStatus] ?? order.status}: its proofs can no longer be approved or changed.`,
      );
    const refusal = proofDecisionRefusal({ status: item.proofStatus as ProofStatus | null, version: item.proofVersion }, input.version);
    if (refusal) throw conflict(refusal);

    const decidedBy = decidedByName(by);
    const comment = input.decision === 'changes_requested' ? (input.comment ?? '') : null;
    const staffNote = 'staff' in by ? by.note.trim() : '';
    const decider = 'customer' in by ? by.customer : by.staff;
    await tx
      .update(orderItems)
      .set({ proofStatus: input.decision, proofStatusAt: now, proofComment: comment, proofDecidedBy: decidedBy })
      .where(eq(orderItems.id, item.id));
    await tx
      .update(orderItemProofs)
      .set({
        decision: input.decision,
        decidedAt: now,
        decidedByUserId: decider.id,
        decidedOnBehalf: 'staff' in by,
        // A change request's words; for an approval by phone, staff's note of the call.
        comment: comment ?? (staffNote || null),
      })
      .where(and(eq(orderItemProofs.orderItemId, item.id), eq(orderItemProofs.version, input.version)));

    // The last approval starts the clock: the dates as if the order were confirmed now, by its own rule.
    const [{ waiting }] = await tx
      .select({ waiting: sql<boolean>`${awaitsApproval(order.id)}` })
      .from(orders)
      .where(eq(orders.id, order.id));
    const dates = input.decision === 'approved' && !waiting ? await datesFromApproval(deps, tx, order, now) : null;
    const [moved] = await tx
      .update(orders)
      .set(withNewVersion({ updatedAt: now, ...(dates ? { dispatchDue: dates.dispatch, deliveryDue: dates.delivery } : {}) }))
      .where(eq(orders.id, order.id))
      .returning();

    const facts = await mailedProof(tx, moved, item.id, input.version, 'customer' in by ? by.customer : undefined);
    const label = proofLabel(facts.proof);
    const note =
      input.decision === 'approved'
        ? `${label} approved by ${decidedBy}${staffNote ? ` (${staffNote})` : ''}` +
          (dates ? `; every proof approved: ${promisedDays(facts.proof.carrier, dates.dispatch, dates.delivery)}` : '')
        : `Changes to ${label.charAt(0).toLowerCase()}${label.slice(1)} requested by ${decidedBy}: ${comment}`;
    await tx.insert(orderEvents).values({
      orderId: order.id,
      actor: 'customer' in by ? 'customer' : 'staff',
      actorUserId: decider.id,
      fromStatus: order.status,
      toStatus: order.status,
      note,
      at: now,
    });
    const mail =
      input.decision === 'approved'
        ? proofApprovedMail(facts.proof, { onBehalfBy: 'staff' in by ? nameOf(by.staff) : null, waiting: facts.waiting, dates }, deps)
        : proofChangesMail(facts.proof, comment ?? '', deps);
    await deps.outbox.queue(tx, mail);
    await deps.webhookEvents.emit(tx, { userId: order.userId, type: WEBHOOK_EVENTS[input.decision], orderId: order.id, itemId: item.id });
  });
}

export interface ProofDecisionsServiceDeps extends ProofDecisionsDeps {
  /** Signs and checks the proofs' e-mail links. */
  appKey: string;
}

/**
 * The decisions on proofs, and the links of their e-mails: the customer's (on their own order) and
 * staff's approval for a customer. Each answers nothing: the routes present the order as it is now.
 */
export function proofDecisionsService(deps: ProofDecisionsServiceDeps) {
  return {
    approve: (user: UserRow, orderId: number, itemId: number, version: number) =>
      decideProof(deps, orderId, itemId, { customer: user }, { decision: 'approved', version }),
    requestChanges: (user: UserRow, orderId: number, itemId: number, input: { version: number; comment: string }) =>
      decideProof(deps, orderId, itemId, { customer: user }, { decision: 'changes_requested', ...input }),
    /** Staff approve for the customer (who said so by phone); recorded as such, with staff's note. */
    approveForCustomer: (staff: UserRow, orderId: number, itemId: number, input: { version: number; note: string }) =>
      decideProof(deps, orderId, itemId, { staff, note: input.note }, { decision: 'approved', version: input.version }),
    /** What a proof's e-mail link opens, for the signed-in customer it was made for. */
    openLink: (user: UserRow, token: string) => openProofLink(deps, user, token),
  };
}

export type ProofDecisionsService = ReturnType<typeof proofDecisionsService>;

/**
 * The order, item and version a proof's link names, when it was made for this customer: 404 for a
 * link we did not sign, another account's, or an item no longer there; 410 once it is older than
 * PROOF_LINK_DAYS (the order's page still has the proof).
 */
async function openProofLink(deps: ProofDecisionsServiceDeps, user: UserRow, token: string): Promise<ProofLinkTarget> {
  const checked = verifyProofLinkToken(deps.appKey, token);
  if (!checked.ok || checked.link.userId !== user.id) throw notFound('No such proof link: open the order from your orders instead.');
  const { orderId, itemId, version } = checked.link;
  if (linkExpired(checked.issuedAt)) throw gone(`This link has expired: open order ${orderId} from your orders to see its proof.`);
  const [found] = await deps.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.id, orderId), companyOrders(user)));
  if (!found) throw notFound('No such proof link: open the order from your orders instead.');
  return { order_id: orderId, item_id: itemId, version };
}
