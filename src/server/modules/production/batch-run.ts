import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ServiceLog } from '../../lib/logging';
import type { Db } from '../../db/client';
import { batches, batchItems, orderItems, orders, type BatchRow, type OrderRow } from '../../db/schema';
import type { FileStore } from '../../lib/files';
import { JobInterrupted, JobLeaseLost, type Job, type JobHandler, type JobQueue, type QueueOptions } from '../../lib/jobs';
import { randomToken } from '../../lib/tokens';
import { moveOrders, type MailLinks } from '../orders/transitions';
import { candidates, type Candidate } from './batch-items';
import { summaries } from './batch-summaries';
import { writeBatchZip } from './batch-zip';
import { deliveryNote } from './delivery-note';

export const BATCH_QUEUE = 'batch';
/**
 * A run settles its own failures (the batch says why, and staff run it again): its job's attempts
 * are the workers that died making it (or a database away before it began), taken again from the start.
 */
export const BATCH_ATTEMPTS = 3;
/** A run whose orders change while its ZIP is written starts again this many times before it gives up. */
const MAX_REBUILDS = 5;

export interface BatchJob {
  batchId: number;
}

export interface BatchRunDeps extends MailLinks {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  log: ServiceLog;
}

/** Raised inside the run's transaction when an order changed after the ZIP was begun. */
class OrdersChanged extends Error {}

/** The first cause's own words (a database error under drizzle's "Failed query: …" wrapper). */
function rootMessage(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  return root instanceof Error ? root.message : String(root);
}

/**
 * The batch run's job (DESIGN §2 "Production: batches"): it reads the items waiting for the press,
 * writes their ZIP, and then — in one transaction — records the batch and its items and moves their
 * Pending orders to Processing. When an order changed meanwhile (a customer cancelled it), the ZIP
 * is made again without it; when anything fails, the ZIP is removed and nothing is moved.
 */
export function batchRunJob({ db, files, jobs, log, ...links }: BatchRunDeps): JobHandler<BatchJob> {
  async function setBatch(id: number, set: Partial<typeof batches.$inferInsert>): Promise<void> {
    await db.update(batches).set(set).where(eq(batches.id, id));
  }

  /** Records the batch and moves its orders, if none of them changed since their items were read. */
  async function commit(batch: BatchRow, items: Candidate[], key: string, size: number, job: Job): Promise<void> {
    const versions = new Map(items.map((i) => [i.order_id, i.orderVersion]));
    const orderIds = [...versions.keys()].sort((a, b) => a - b);
    const itemIds = items.map((i) => i.id);
    await db.transaction(async (tx) => {
      // Only while this worker still holds the run: one that took it over makes (and commits) its own ZIP.
      await job.fence(tx);
      // In id order, as every other writer of several orders locks them: no deadlock.
      const locked: OrderRow[] = await tx.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update');
      if (locked.length !== orderIds.length || locked.some((row) => row.version !== versions.get(row.id))) throw new OrdersChanged();
      const free = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(inArray(orderItems.id, itemIds), isNull(orderItems.batchId)));
      if (free.length !== itemIds.length) throw new OrdersChanged();
      for (let i = 0; i < items.length; i += 1000) {
        await tx.insert(batchItems).values(items.slice(i, i + 1000).map((item) => ({ batchId: batch.id, orderItemId: item.id, fileName: item.file_name })));
      }
      await tx.update(orderItems).set({ batchId: batch.id }).where(inArray(orderItems.id, itemIds));
      const pending = locked.filter((row) => row.status === 'live');
      await moveOrders(tx, { db, jobs }, pending, { to: 'printing', actor: 'system', note: `In batch ${batch.id}` });
      await tx
        .update(batches)
        .set({
          status: 'done',
          itemCount: items.length,
          orderCount: orderIds.length,
          filesDone: items.length,
          filesTotal: items.length,
          zipKey: key,
          zipSize: size,
          finishedAt: new Date(),
          error: null,
        })
        .where(eq(batches.id, batch.id));
    });
  }

  /** The job: make the ZIP and commit, again from the start when orders changed meanwhile. */
  return async function make({ batchId }: BatchJob, job: Job): Promise<void> {
    const [found] = await summaries(db).where(eq(batches.id, batchId));
    const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
    if (!found || !batch || batch.status === 'done' || batch.status === 'failed') return;
    // An earlier attempt was cut short (its worker died mid-ZIP, or was shut down, which does not
    // count as an attempt): this worker holds the run now, and the batch has no ZIP yet, so every
    // file of this batch is that attempt's, written whole or not, and will never be used.
    const left = await files.list(`batches/batch-${batchId}-`);
    for (const key of left) await files.delete(key);
    if (job.attempt > 1 || left.length) log.warn({ batch: batchId, attempt: job.attempt, removed: left }, 'an interrupted batch run is made again');
    for (let attempt = 1; ; attempt++) {
      const items = await candidates(db, batch.stockId);
      if (!items.length) {
        await setBatch(batchId, {
          status: 'failed',
          error: 'Nothing was left to batch: the orders were cancelled, held or batched meanwhile',
          finishedAt: new Date(),
        });
        return;
      }
      await setBatch(batchId, {
        status: 'running',
        filesDone: 0,
        filesTotal: items.length,
        itemCount: items.length,
        orderCount: new Set(items.map((i) => i.order_id)).size,
      });
      const key = `batches/batch-${batchId}-${randomToken(8)}.zip`;
      try {
        const size = await writeBatchZip(files, {
          batch,
          items,
          key,
          stockName: found.stockName,
          creatorName: found.creatorName,
          appName: links.appName,
          deliveryNote: async (orderId) => {
            const note = await deliveryNote(db, files, orderId);
            if (!note) throw new Error(`Order ${orderId} is missing: its delivery note could not be made`);
            return note.body;
          },
          onProgress: (filesDone) => setBatch(batch.id, { filesDone }),
          signal: job.signal,
        });
        await commit(batch, items, key, size, job);
        return;
      } catch (error) {
        await files.delete(key);
        // The worker that took the run over says how it ends; this one leaves the batch alone.
        if (error instanceof JobLeaseLost || job.signal.aborted) throw error;
        if (error instanceof OrdersChanged && attempt < MAX_REBUILDS) {
          log.info({ batch: batchId, attempt }, 'orders changed while the batch was made: making it again');
          continue;
        }
        const reason = error instanceof OrdersChanged ? 'orders kept changing while it was made' : rootMessage(error);
        log.error({ batch: batchId, err: reason }, 'batch failed');
        await setBatch(batchId, {
          status: 'failed',
          error: `The batch could not be made (${reason}). Nothing was moved: run it again.`,
          finishedAt: new Date(),
        });
        return;
      }
    }
  };
}

/**
 * The run's job failed for good without settling its batch: the worker making it died on its last
 * attempt (or the database was away each time). The batch is failed, as a run that fails says, and
 * the files its attempts left are removed; staff run it again.
 */
export function batchRunFailed({ db, files, log }: Pick<BatchRunDeps, 'db' | 'files' | 'log'>): NonNullable<QueueOptions['onError']> {
  return async (job, error, retryAt) => {
    if (retryAt) return;
    const { batchId } = job.payload as BatchJob;
    const reason = error instanceof JobInterrupted ? 'the worker making it stopped before it finished, on each of its attempts' : rootMessage(error);
    const failed = await db
      .update(batches)
      .set({ status: 'failed', error: `The batch could not be made (${reason}). Nothing was moved: run it again.`, finishedAt: new Date() })
      .where(and(eq(batches.id, batchId), inArray(batches.status, ['queued', 'running'])))
      .returning({ id: batches.id });
    if (!failed.length) return;
    for (const key of await files.list(`batches/batch-${batchId}-`)) await files.delete(key);
    log.error({ batch: batchId, err: reason }, 'batch failed');
  };
}
