import { eq, sql } from 'drizzle-orm';
import { ukDateTime } from '../../../shared/domain/calendar/workingDays';
import { approvalDeadline, dispatchFromApproval, type DispatchBasis } from '../../../shared/domain/orders/proofs';
import type { OrderStatus } from '../../../shared/domain/orders/statuses';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, products, stock, type OrderMailFacts } from '../../db/schema';
import type { JobQueue } from '../../lib/jobs';
import type { ServiceLog } from '../../lib/logging';
import { MAIL_MAX_ATTEMPTS, type MailOutbox } from '../mail/service';
import { deliveryService } from '../delivery/service';
import { orderMail, type MailedItem, type MailedOrder, type MailLinks } from './order-mail';

/** The queue of the customer's e-mails about their orders' moves; the payload names the move's history row. */
export const ORDER_MAIL_QUEUE = 'order-mail';
/** As many attempts as the e-mail's own delivery gets: a move's e-mail is as durable as any other. */
export const ORDER_MAIL_MAX_ATTEMPTS = MAIL_MAX_ATTEMPTS;

export interface OrderMailJob {
  event_id: number;
}

export interface OrderMailDeps extends MailLinks {
  db: Db;
  jobs: JobQueue;
  outbox: MailOutbox;
  log: ServiceLog;
}

/**
 * The move's history row with what its e-mail reports, and — for a confirmation (from the basket)
 * — the order's items as the move froze them: one prepared statement, one round trip. The items
 * are read, not carried on the history row, to keep the confirmation's own statement lean; once
 * confirmed, an order's items no longer change.
 */
function eventReader(db: Db) {
  const item = sql`jsonb_build_object('productName', ${products.name}, 'stockName', ${stock.name}, 'qty', ${orderItems.qty}, 'sides', ${orderItems.sides},
    'choices', ${orderItems.choicesSaved}, 'price', ${orderItems.priceSaved}, 'proof', ${orderItems.proofRequested})`;
  const items = db
    .select({ items: sql`coalesce(jsonb_agg(${item} order by ${orderItems.id}), '[]')` })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(stock, eq(stock.id, orderItems.stockId))
    .where(eq(orderItems.orderId, orderEvents.orderId));
  return db
    .select({
      orderId: orderEvents.orderId,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      mail: orderEvents.mail,
      items: sql<MailedItem[] | null>`case when ${orderEvents.fromStatus} = 'basket' then (${items}) end`,
      at: orderEvents.at,
      basis: sql<DispatchBasis | null>`case when ${orderEvents.fromStatus} = 'basket' then (select ${orders.dispatchBasis} from ${orders} where ${orders.id} = ${orderEvents.orderId}) end`,
    })
    .from(orderEvents)
    .where(eq(orderEvents.id, sql.placeholder('id')))
    .prepare('order_mail_event');
}

/**
 * The customer's e-mail about an order's move (DESIGN §2 "Orders"). The move itself writes only
 * the order and its history row, with the facts its e-mail reports (`order_events.mail`) and this
 * job, in its one statement: the history row is the e-mail's outbox, and the move stays as quick as
 * a move without mail. This job renders the e-mail from those facts and queues it in the mail outbox
 * (one statement: the message and its delivery job), at most once per move — the outbox's unique
 * `order_event_id` makes a job retaken after its worker died, or run twice, write nothing the second time.
 */
export function orderMailJob({ db, jobs, outbox, log, ...links }: OrderMailDeps) {
  const readEvent = eventReader(db);

  const delivery = deliveryService(db);

  /**
   * A confirmation of an order with proofs: how many, and by when an approval keeps the dates it
   * was confirmed with (they were counted as if the proofs were approved at that moment).
   */
  async function proofsOf(event: { at: Date; items: MailedItem[] | null; basis: DispatchBasis | null }): Promise<MailedOrder['proofs']> {
    const count = (event.items ?? []).filter((item) => item.proof).length;
    if (!count || !event.basis) return undefined;
    const closed = await delivery.closedDaysFrom(ukDateTime(event.at).date);
    return { count, approveBy: approvalDeadline(dispatchFromApproval(event.at, event.basis, closed), event.basis.cutoff) };
  }

  async function write({ event_id }: OrderMailJob): Promise<void> {
    const [event] = await readEvent.execute({ id: event_id });
    // The order was removed meanwhile, or the move e-mails no one: nothing to write.
    if (!event?.mail) return;
    const facts: OrderMailFacts = event.mail;
    const order = {
      id: event.orderId,
      status: event.toStatus,
      email: facts.to,
      firstname: facts.firstname,
      ref: facts.ref,
      dispatchDue: facts.dispatch_due,
      deliveryDue: facts.delivery_due,
      total: facts.total,
      totalVat: facts.total_vat,
      problemText: facts.problem_text,
      trackingNumber: facts.tracking_number,
      items: event.items ?? undefined,
      proofs: await proofsOf(event),
    };
    const invoice = facts.invoice_number ? { number: facts.invoice_number } : undefined;
    const message = orderMail(order, links, facts.service, (event.fromStatus ?? undefined) as OrderStatus | undefined, invoice);
    await outbox.queue(db, message, { orderEventId: event_id });
  }

  jobs.register<OrderMailJob>(ORDER_MAIL_QUEUE, write, {
    concurrency: 2,
    maxAttempts: ORDER_MAIL_MAX_ATTEMPTS,
    onError(job, error, retryAt) {
      if (!retryAt) log.error({ job: job.id, event: (job.payload as OrderMailJob).event_id, err: String(error) }, "an order's e-mail could not be written");
    },
  });
}
