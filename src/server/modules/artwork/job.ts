import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, products } from '../../db/schema';
import type { FileStore } from '../../lib/files';
import type { JobQueue } from '../../lib/jobs';
import { engineFailureReport, type ArtworkEngine, type PreflightReport } from './preflight';
import { previewFileKeys } from './previews';
import type { WebhookEventsEmitter } from '../webhooks/emit';

export const ARTWORK_QUEUE = 'artwork';
const ARTWORK_ATTEMPTS = 3;

interface ArtworkJob {
  itemId: number;
  /** The file the job checks: when the item names another by then, the job has nothing to do. */
  key: string;
}

/**
 * The background check of an item's artwork (DESIGN §2 "Artwork"): page previews and preflight on
 * PDFium, in the engine's worker thread, one at a time per process; its report and preview are
 * stored on the item unless the item has moved on to another file meanwhile. A job that keeps
 * failing (a timeout under load, a crash) stores a `fail` report the customer can act on.
 */
export function artworkCheckJob(deps: {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  engine: ArtworkEngine;
  webhookEvents: Pick<WebhookEventsEmitter, 'emit'>;
  /** What else a finished check sets off, in the transaction that stores its result (an API order's try to confirm itself). */
  onChecked?: (tx: Db, itemId: number) => Promise<void>;
}) {
  const { db, files, jobs, engine } = deps;

  async function check({ itemId, key }: ArtworkJob, final: boolean): Promise<void> {
    const [item] = await db
      .select({
        artworkKey: orderItems.artworkKey,
        sides: orderItems.sides,
        orientation: orderItems.orientation,
        w: products.trimWidthMm,
        h: products.trimHeightMm,
        bleed: products.bleedMm,
      })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.id, itemId));
    if (!item || item.artworkKey !== key) return; // removed or replaced meanwhile
    const previewKey = `previews/${randomUUID()}.png`;
    let report: PreflightReport;
    let preview: string | null = null;
    try {
      const spec = {
        trimWidthMm: item.w,
        trimHeightMm: item.h,
        bleedMm: item.bleed,
        sides: item.sides as 'single' | 'double',
        orientation: item.orientation as 'portrait' | 'landscape',
      };
      // The engine reads the PDF and writes the preview's pages as files on this machine: the store
      // lends it the file (a staged copy, for S3) and stores the pages it wrote under their keys.
      const result = await files.withLocalCopy(key, (pdf) =>
        files.withLocalOutputs(previewFileKeys(previewKey), ([previewPath]) => engine.check(pdf, spec, previewPath)),
      );
      report = result.report;
      preview = result.previewPath ? previewKey : null;
    } catch (error) {
      if (!final) throw error; // retried: a timeout under load or a crash may pass next time
      report = engineFailureReport(error);
    }
    await store(itemId, key, report, preview);
  }

  /**
   * Stores a check's report and preview on the item, unless it has moved on to another file (or,
   * for a check that never finished, has been checked meanwhile), with its webhook event.
   */
  async function store(itemId: number, key: string, report: PreflightReport, preview: string | null, unchecked = false): Promise<void> {
    const [previous] = await db.select({ previewKey: orderItems.previewKey }).from(orderItems).where(eq(orderItems.id, itemId));
    const updated = await db.transaction(async (tx) => {
      // The order first, as its moves lock it (then its items): its webhook event takes the order's next sequence.
      const [order] = await tx
        .select({ id: orders.id, userId: orders.userId, status: orders.status, apiKeyId: orders.apiKeyId })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(eq(orderItems.id, itemId))
        .for('update', { of: orders });
      const stored = await tx
        .update(orderItems)
        .set({ preflightStatus: report.status, preflight: report, previewKey: preview })
        .where(and(eq(orderItems.id, itemId), eq(orderItems.artworkKey, key), unchecked ? eq(orderItems.preflightStatus, 'pending') : undefined))
        .returning({ id: orderItems.id });
      // The result goes to the customer's webhook endpoints with it, for an order the trade API placed
      // or one already confirmed: a basket in the browser is the customer's own screen's business.
      if (stored.length && order && (order.status !== 'basket' || order.apiKeyId !== null)) {
        await deps.webhookEvents.emit(tx, { userId: order.userId, type: 'order.artwork_checked', orderId: order.id, itemId });
      }
      if (stored.length && deps.onChecked) await deps.onChecked(tx, itemId);
      return stored;
    });
    // The stale preview goes; so does this one when the item moved on meanwhile (every page of each).
    const stale = updated.length ? (previous?.previewKey !== preview ? previous?.previewKey : null) : preview;
    await Promise.all(previewFileKeys(stale).map((k) => files.delete(k)));
  }

  jobs.register<ArtworkJob>(ARTWORK_QUEUE, (payload, job) => check(payload, job.attempt >= job.maxAttempts), {
    concurrency: 1,
    maxAttempts: ARTWORK_ATTEMPTS,
    backoff: { baseMs: 2_000, maxMs: 30_000 },
    // Failed for good without storing a report: the worker died on the last attempt (the PDF may
    // be what killed it), or the report could not be stored. The customer is told to send another.
    async onError(job, error, retryAt) {
      if (retryAt) return;
      const { itemId, key } = job.payload as ArtworkJob;
      await store(itemId, key, engineFailureReport(error), null, true);
    },
  });

  return {
    /** Queues the check of an item's stored artwork, in the caller's transaction. */
    async queueCheck(tx: Db, itemId: number, key: string): Promise<void> {
      await jobs.enqueue(tx, ARTWORK_QUEUE, { itemId, key } satisfies ArtworkJob, { maxAttempts: ARTWORK_ATTEMPTS });
    },
    /** Starts on the checks queued by a committed change now, rather than at the queue's next look. */
    wake(): void {
      jobs.wake();
    },
  };
}

export type ArtworkCheckJob = ReturnType<typeof artworkCheckJob>;
