import { and, eq, sql } from 'drizzle-orm';
import type { ProofStatus } from '../../../shared/domain/orders/proofs';
import type { Db } from '../../db/client';
import { orderEvents, orderItemProofs, orderItems, orders, products, stock, users, type FrozenChoices } from '../../db/schema';
import { accountCompanyName } from '../companies/billing';
import type { JobQueue } from '../../lib/jobs';
import type { MailOutbox } from '../mail/service';
import type { MailLinks } from '../orders/order-mail';
import { withNewVersion } from '../orders/order-version';
import type { WebhookEventsEmitter } from '../webhooks/emit';
import { proofLinkToken } from './link-token';
import { proofReadyMail } from './proof-mail';
import { queueFirstProofReminder } from './reminders';

/** What publishing a proof sets off: the customer's e-mail, the first reminder, the webhook event. */
export interface PublishDeps extends MailLinks {
  jobs: Pick<JobQueue, 'enqueue'>;
  outbox: Pick<MailOutbox, 'queue'>;
  webhookEvents: Pick<WebhookEventsEmitter, 'emit'>;
  /** Signs the e-mail's link (proofLinkToken). */
  appKey: string;
}

/** An item with everything a proof of it says and whom it tells, read in one statement. */
export async function itemFacts(executor: Db, itemId: number) {
  const position = sql<number>`(select count(*) from ${orderItems} o2 where o2.order_id = ${orderItems.orderId} and o2.id <= ${orderItems.id})`.mapWith(Number);
  const count = sql<number>`(select count(*) from ${orderItems} o3 where o3.order_id = ${orderItems.orderId})`.mapWith(Number);
  const [row] = await executor
    .select({
      itemId: orderItems.id,
      orderId: orders.id,
      orderStatus: orders.status,
      ref: orders.ref,
      userId: orders.userId,
      blindDispatch: orders.blindDispatch,
      qty: orderItems.qty,
      sides: orderItems.sides,
      orientation: orderItems.orientation,
      choices: orderItems.choicesSaved,
      artworkKey: orderItems.artworkKey,
      artworkName: orderItems.artworkName,
      preflight: orderItems.preflight,
      preflightStatus: orderItems.preflightStatus,
      proofStatus: orderItems.proofStatus,
      proofVersion: orderItems.proofVersion,
      product: products.name,
      trimWidthMm: products.trimWidthMm,
      trimHeightMm: products.trimHeightMm,
      bleedMm: products.bleedMm,
      stock: stock.name,
      email: users.email,
      firstname: users.firstname,
      companyName: accountCompanyName,
      position,
      count,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(stock, eq(stock.id, orderItems.stockId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orderItems.id, itemId));
  return row ? { ...row, choices: row.choices as FrozenChoices | null, proofStatus: row.proofStatus as ProofStatus | null } : null;
}
export type ItemFacts = NonNullable<Awaited<ReturnType<typeof itemFacts>>>;

/**
 * Locks the item's order, then the item (the order first, as every move does), and answers the
 * item's facts as they are now: what a proof's publication judges its state by.
 */
export async function lockedItemFacts(tx: Db, itemId: number): Promise<ItemFacts | null> {
  const [link] = await tx.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, itemId));
  if (!link) return null;
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, link.orderId)).for('update');
  await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.id, itemId)).for('update');
  return itemFacts(tx, itemId);
}

export interface PublishedProof {
  version: number;
  fileKey: string;
  fileSize: number;
  source: 'generated' | 'staff';
  /** The staff member who uploaded it: the history names them. */
  staff: { id: number; name: string } | null;
}

/**
 * Makes `proof` the item's current version, ready for its customer, in the caller's transaction
 * (the order and the item locked by lockedItemFacts): its row, the item's state, the order's new
 * version, the history row, the e-mail to the account holder (never a blind order's end client),
 * the first reminder's job and the `order.proof_ready` webhook event.
 */
export async function publishProof(tx: Db, deps: PublishDeps, item: ItemFacts, proof: PublishedProof): Promise<void> {
  const now = new Date();
  await tx.insert(orderItemProofs).values({
    orderItemId: item.itemId,
    version: proof.version,
    fileKey: proof.fileKey,
    fileSize: proof.fileSize,
    source: proof.source,
    createdByUserId: proof.staff?.id ?? null,
    createdAt: now,
  });
  // The comment and decider were the previous version's (its row keeps them).
  await tx
    .update(orderItems)
    .set({ proofStatus: 'ready', proofVersion: proof.version, proofStatusAt: now, proofComment: null, proofDecidedBy: null })
    .where(eq(orderItems.id, item.itemId));
  await tx.update(orders).set(withNewVersion()).where(eq(orders.id, item.orderId));
  const note = `Proof v${proof.version} of item ${item.position} ready` + (proof.staff ? ` (uploaded by ${proof.staff.name})` : '');
  const [event] = await tx
    .insert(orderEvents)
    .values({
      orderId: item.orderId,
      actor: proof.staff ? 'staff' : 'system',
      actorUserId: proof.staff?.id ?? null,
      fromStatus: item.orderStatus,
      toStatus: item.orderStatus,
      note,
      at: now,
    })
    .returning({ id: orderEvents.id });
  const token = proofLinkToken(deps.appKey, { userId: item.userId, orderId: item.orderId, itemId: item.itemId, version: proof.version }, now);
  const mail = proofReadyMail(
    {
      to: item.email,
      firstname: item.firstname,
      orderId: item.orderId,
      ref: item.ref,
      itemPosition: item.position,
      itemCount: item.count,
      product: item.product,
      qty: item.qty,
      sides: item.sides as 'single' | 'double',
      version: proof.version,
      link: `${deps.appUrl}/proof/${token}`,
      uploaded: proof.source === 'staff',
    },
    deps,
  );
  await deps.outbox.queue(tx, mail, { orderEventId: event.id });
  await queueFirstProofReminder(deps.jobs, tx, { itemId: item.itemId, version: proof.version }, now);
  await deps.webhookEvents.emit(tx, { userId: item.userId, type: 'order.proof_ready', orderId: item.orderId, itemId: item.itemId });
}

/** The item's proof of `version` (its current one when left out), or null. */
export async function proofRow(executor: Db, itemId: number, version: number | null) {
  const [row] = await executor
    .select()
    .from(orderItemProofs)
    .where(
      and(
        eq(orderItemProofs.orderItemId, itemId),
        eq(orderItemProofs.version, version ?? sql<number>`(select ${orderItems.proofVersion} from ${orderItems} where ${orderItems.id} = ${itemId})`),
      ),
    );
  return row ?? null;
}
