import { and, eq, isNull } from 'drizzle-orm';
import type { ApprovalLinkTarget, ConfirmAnswer, Order } from '../../../shared/api/orders';
import { approvalRequestedNote, approvedNote, declinedNote } from '../../../shared/domain/companies/approval';
import { approvalLimitOf, type CompanyRole } from '../../../shared/domain/companies/roles';
import type { Db } from '../../db/client';
import { asPlacer } from '../../db/company-scope';
import { isUniqueViolation } from '../../db/errors';
import { companies, orderEvents, orderItems, orders, users, type OrderRow, type UserRow } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/domain-errors';
import { approvalLinkToken, readApprovalLinkToken } from './approval-link';
import { approvalRequestMail, approvedMail, approvedToPayMail, declinedMail, type MailedApproval } from './approval-mail';
import { assessBasket, type BasketAssessment } from './assessment';
import { RELEASED_CHECKOUT, startCardCheckout } from './card-checkout';
import { freeze, frozenColumns, frozenOrderColumns, paymentOf, refuseCreditHold, refuseKeyOfAnother, termsOf } from './confirm';
import { basketContext, type OrdersContext } from './context';
import { withNewVersion } from './order-version';
import { presentOrder } from './present';
import { NO_SUCH_ORDER } from './queries';
import type { OrderSnapshot } from './snapshot';

/*
 * Approval of a buyer's large orders (DESIGN §2 "Companies"). A buyer's confirmation above their
 * approval limit does not confirm: the basket is frozen at the prices it was sent with and marked
 * (`approval_requested_by/at`), and every owner of the company is e-mailed. An owner approves — the
 * confirmation then runs for the buyer, by the payment rule of the company's terms (on account it
 * confirms, credit control applying; by card the buyer is sent to pay) — or declines with a reason
 * (the mark is cleared, the basket is the buyer's again, and the buyer is told why). Each step is one
 * transaction with its history row and its e-mails.
 */

const CHANGED = 'This order changed while it was being approved: look at it again.';

const nameOf = (u: Pick<UserRow, 'firstname' | 'lastname' | 'email'>) => `${u.firstname} ${u.lastname}`.trim() || u.email;

/** The limit above which this member's confirmation waits for an owner (pence), or null: a buyer's own, else the company's for all buyers. */
export async function approvalLimitFor(db: Db, user: UserRow): Promise<number | null> {
  const member = { companyRole: user.companyRole as CompanyRole, approvalLimit: user.approvalLimit };
  if (member.companyRole !== 'buyer' || member.approvalLimit !== null) return approvalLimitOf(member, { approvalLimit: null });
  const [company] = await db.select({ approvalLimit: companies.approvalLimit }).from(companies).where(eq(companies.id, user.companyId));
  return approvalLimitOf(member, { approvalLimit: company?.approvalLimit ?? null });
}

const mailedOf = (row: OrderRow): MailedApproval => ({ orderId: row.id, ref: row.ref, totalNet: row.totalNet ?? 0, total: row.total ?? 0 });

/**
 * Marks the buyer's basket as waiting for approval, frozen as judged (its prices, totals, delivery and
 * dates, and the confirmation's key, so that a retry answers the same), with its history row and an
 * e-mail to every owner: one transaction, applied only if the basket is still at the version judged
 * (null otherwise: judge it again).
 */
export async function requestApproval(
  ctx: OrdersContext,
  buyer: UserRow,
  order: OrderRow,
  a: BasketAssessment,
  key: string,
  limit: number,
): Promise<Order | null> {
  const totals = a.totals!;
  const now = new Date();
  let marked: OrderRow | null;
  try {
    marked = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set(
          withNewVersion({
            ...frozenOrderColumns(a, key),
            approvalRequestedBy: buyer.id,
            approvalRequestedAt: now,
          }),
        )
        .where(and(eq(orders.id, order.id), eq(orders.version, order.version), eq(orders.status, 'basket')))
        .returning();
      if (!row) return null;
      for (const item of a.items) await tx.update(orderItems).set(frozenColumns(item)).where(eq(orderItems.id, item.facts.id));
      await tx.insert(orderEvents).values({
        orderId: row.id,
        actor: 'customer',
        actorUserId: buyer.id,
        fromStatus: 'basket',
        toStatus: 'basket',
        note: approvalRequestedNote(nameOf(buyer), totals.total_net, limit),
        at: now,
      });
      const owners = await tx
        .select({ id: users.id, email: users.email, firstname: users.firstname })
        .from(users)
        .where(and(eq(users.companyId, buyer.companyId), eq(users.companyRole, 'owner'), isNull(users.deletedAt)));
      for (const owner of owners) {
        const link = `${ctx.appUrl}/approval-links/${approvalLinkToken(ctx.appKey, { ownerId: owner.id, orderId: row.id })}`;
        await ctx.outbox.queue(tx, approvalRequestMail(owner, mailedOf(row), { buyer: nameOf(buyer), limit, link }, ctx));
      }
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'orders_user_confirm_key_unique')) {
      await refuseKeyOfAnother(ctx, buyer, key);
      throw unprocessable({ idempotency_key: 'This Idempotency-Key was already used for another order; make a new key.' });
    }
    throw err;
  }
  if (!marked) return null;
  ctx.jobs.wake();
  return presentOrder(ctx, buyer, marked);
}

/**
 * The order a member may read: the company's (db/company-scope.ts), which counts a colleague's basket
 * waiting for approval (baskets are personal, but every member sees what waits for the owners). Anything else is 404.
 */
export async function memberSnapshot(ctx: OrdersContext, member: UserRow, id: number): Promise<OrderSnapshot> {
  const read = await ctx.readSnapshot(member, id);
  if (!read) throw notFound(NO_SUCH_ORDER);
  return read;
}

/** The company's order for an owner's decision: 404 for another company's, 409 when it is not (or no longer) waiting. */
async function waitingOrder(executor: Db, owner: UserRow, id: number, lock = false): Promise<{ row: OrderRow; buyer: UserRow }> {
  const query = executor
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, owner.companyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_SUCH_ORDER);
  if (row.status !== 'basket' || row.approvalRequestedAt === null) throw conflict(`Order ${id} is not waiting for approval.`);
  const [buyer] = await executor.select().from(users).where(eq(users.id, row.userId));
  // The buyer as a member of the order's company, as every reader acting for an order's placer takes them (db/company-scope.ts).
  return { row, buyer: asPlacer(buyer, row) };
}

/**
 * An owner approves: the buyer's confirmation runs, at the version read, by the company's terms. On
 * account the order is confirmed (the credit hold applies, a 422 to the owner), with the history row
 * naming the owner; by card, the basket awaits the buyer's payment and the buyer is e-mailed the page to pay on.
 */
export async function approveOrder(ctx: OrdersContext, owner: UserRow, id: number): Promise<ConfirmAnswer> {
  const { buyer } = await waitingOrder(ctx.db, owner, id);
  const read = await ctx.readSnapshot(buyer, id);
  if (!read) throw notFound(NO_SUCH_ORDER);
  const { row, facts } = read;
  if (row.status !== 'basket' || row.approvalRequestedAt === null || row.confirmKey === null) throw conflict(`Order ${id} is not waiting for approval.`);
  const assessment = assessBasket(row, facts, await basketContext(ctx, buyer));
  if (Object.keys(assessment.blockers).length) {
    const why = Object.values(assessment.blockers).join(' ');
    throw unprocessable(assessment.blockers, `This order cannot be confirmed as it is now: ${why} Decline it, so that ${nameOf(buyer)} can change it.`);
  }
  const cleared = { approvalRequestedBy: null, approvalRequestedAt: null };
  if (paymentOf(ctx, await termsOf(ctx, row.companyId), undefined) === 'card') {
    const checkout = await startCardCheckout(ctx, buyer, row, assessment, row.confirmKey, {
      set: cleared,
      within: async (tx, marked) => {
        await tx.insert(orderEvents).values({
          orderId: id,
          actor: 'customer',
          actorUserId: owner.id,
          fromStatus: 'basket',
          toStatus: 'basket',
          note: approvedNote(nameOf(owner), true),
        });
        await ctx.outbox.queue(tx, approvedToPayMail(buyer, mailedOf(marked), nameOf(owner), ctx));
      },
    });
    if (!checkout) throw conflict(CHANGED);
    ctx.jobs.wake();
    return checkout;
  }
  await refuseCreditHold(ctx, buyer, row, assessment);
  const moved = await freeze(ctx, buyer, row, assessment, row.confirmKey, {
    actorUserId: owner.id,
    note: approvedNote(nameOf(owner), false),
    set: cleared,
    // The order's own confirmation e-mail goes to its delivery contact: the buyer is told by name.
    within: async (tx, confirmed) => void (await ctx.outbox.queue(tx, approvedMail(buyer, mailedOf(confirmed), nameOf(owner), ctx))),
  });
  if (!moved) throw conflict(CHANGED);
  ctx.jobs.wake();
  return presentOrder(ctx, buyer, moved.row);
}

/**
 * An owner declines, with a reason: the mark and the frozen totals are cleared (the basket is the
 * buyer's to change again), the history says who and why, and the buyer is e-mailed it. One transaction.
 */
export async function declineOrder(ctx: OrdersContext, owner: UserRow, id: number, reason: string): Promise<Order> {
  const { row, buyer } = await ctx.db.transaction(async (tx) => {
    const { row: waiting, buyer } = await waitingOrder(tx, owner, id, true);
    const [row] = await tx
      .update(orders)
      .set(withNewVersion({ ...RELEASED_CHECKOUT, approvalRequestedBy: null, approvalRequestedAt: null }))
      .where(eq(orders.id, id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: id,
      actor: 'customer',
      actorUserId: owner.id,
      fromStatus: 'basket',
      toStatus: 'basket',
      note: declinedNote(nameOf(owner), reason),
    });
    await ctx.outbox.queue(tx, declinedMail(buyer, mailedOf(waiting), { owner: nameOf(owner), reason }, ctx));
    return { row, buyer };
  });
  ctx.jobs.wake();
  return presentOrder(ctx, buyer, row);
}

const NO_SUCH_LINK = 'No such approval link for your account: it was sent to another owner, or the order is no longer your company’s.';

/**
 * What an owner's approval link finds (approval-link.ts): the order while it waits — any request of
 * it, the e-mail's or a later one — else what became of it. 404 for a link we did not sign, one sent
 * to another account, or an order no longer of the reader's company.
 */
export async function openApprovalLink(ctx: OrdersContext, member: UserRow, token: string): Promise<ApprovalLinkTarget> {
  const link = readApprovalLinkToken(ctx.appKey, token);
  if (!link || link.ownerId !== member.id) throw notFound(NO_SUCH_LINK);
  const [row] = await ctx.db
    .select({ status: orders.status, approvalRequestedAt: orders.approvalRequestedAt, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.id, link.orderId), eq(orders.companyId, member.companyId)));
  if (!row) throw notFound(NO_SUCH_LINK);
  const state =
    row.status !== 'basket' ? 'confirmed' : row.approvalRequestedAt !== null ? 'waiting' : row.paymentStatus === 'pending' ? 'awaiting_payment' : 'declined';
  return { order_id: link.orderId, state };
}
