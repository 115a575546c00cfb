import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { FileStore } from '../../lib/files';
import type { MailOutbox } from '../mail/service';
import type { JobQueue } from '../../lib/jobs';
import type { DeliveryService } from '../delivery/service';
import type { CardPayments } from '../payments/stripe';
import type { PricesService } from '../prices/service';
import type { SettingsService } from '../settings/service';
import type { WebhookEventsEmitter } from '../webhooks/emit';
import type { BasketContext } from './assessment';
import { ReferenceDataCache } from './reference-data';
import { orderSnapshotReader, type OrderSnapshot } from './snapshot';

/** What the customer's orders are built with (app.ts gives them). */
export interface OrdersDeps {
  db: Db;
  prices: PricesService;
  delivery: DeliveryService;
  settings: SettingsService;
  /** The job queue: a move that e-mails the customer writes its order-mail job (transitions.ts). */
  jobs: JobQueue;
  files: FileStore;
  /** Queues a check of an item's newly stored artwork (the artwork module's job), in the caller's transaction. */
  queueArtworkCheck(tx: Db, itemId: number, key: string): Promise<void>;
  /** Where a card payment sends the customer back to (the order's page), and the name its description is under. */
  appUrl: string;
  appName: string;
  /** Signs the links of the e-mails asking owners to approve an order (approval-link.ts). */
  appKey: string;
  /** Card payment at checkout (Stripe); undefined when it is not set up, and card customers cannot confirm. */
  cardPayments?: CardPayments;
  /** Queues the refund of a paid order just cancelled (the payments module's job), in the caller's transaction. */
  queueRefund(tx: Db, orderId: number): Promise<void>;
  /** The webhook events of the customer's moves (a confirmation, a cancellation), in the move's transaction. */
  webhookEvents: WebhookEventsEmitter;
  /** The mail outbox: an order held for an owner's approval, and the owner's answer, e-mail in their transactions (approval.ts). */
  outbox: Pick<MailOutbox, 'queue'>;
}

/**
 * What every function of the customer's orders takes first: the deps, the reference data kept
 * between requests, and the prepared read of one order whole. Built once, by `ordersService`.
 */
export interface OrdersContext extends OrdersDeps {
  reference: ReferenceDataCache;
  readSnapshot: (member: { id: number; companyId: number }, id: number) => Promise<OrderSnapshot | null>;
}

export function ordersContext(deps: OrdersDeps): OrdersContext {
  return { ...deps, reference: new ReferenceDataCache(deps), readSnapshot: orderSnapshotReader(deps.db) };
}

/** Today's rules for this customer's basket: their prices, and the kept reference data. */
export async function basketContext(ctx: Pick<OrdersContext, 'prices' | 'reference'>, user: UserRow): Promise<BasketContext> {
  const now = new Date();
  // One after the other: both are kept (the price list by catalogue version, the rest by day), and
  // either may be reading on a transaction's one connection (an order presented inside the change).
  const quoter = await ctx.prices.quoter(user);
  const shared = await ctx.reference.read(now);
  return { quoter, ...shared, now };
}

/** Deletes files after the change that stopped naming them has committed. */
export async function deleteFiles(ctx: Pick<OrdersContext, 'files'>, keys: Array<string | null | undefined>): Promise<void> {
  await Promise.all(keys.filter((k): k is string => Boolean(k)).map((k) => ctx.files.delete(k)));
}
