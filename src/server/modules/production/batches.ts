import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { NOTHING_TO_BATCH, type Batch, type BatchRun, type BatchSummary, type BatchWaiting } from '../../../shared/api/staff-production';
import { isUniqueViolation } from '../../db/errors';
import { batches, batchItems, orderItems, orders, products, stock, users, type UserRow } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/domain-errors';
import type { JobQueue } from '../../lib/jobs';
import { heldForApproval, itemsQuery, PRESS_ORDER, presentItem, waitingItem } from './batch-items';
import { BATCH_ATTEMPTS, BATCH_QUEUE, batchRunFailed, batchRunJob, type BatchJob, type BatchRunDeps } from './batch-run';
import { batchList, presentSummary, summaries } from './batch-summaries';

export { BATCH_QUEUE } from './batch-run';

export interface BatchesDeps extends BatchRunDeps {
  jobs: JobQueue;
}

/**
 * Production batches (DESIGN §2 "Production: batches"). A run is a background job (batch-run.ts): it
 * reads the items waiting for the press, streams their artwork into a ZIP with `jobs.csv` and a job
 * sheet (one file open at a time, memory flat), and then — in one transaction — records the batch
 * and its items and moves their Pending orders to Processing. When an order changed meanwhile (a
 * customer cancelled it), the ZIP is made again without it; when anything fails, the ZIP is removed
 * and nothing is moved. One run at a time.
 */
export function batchesService(deps: BatchesDeps) {
  const { db, files, jobs } = deps;

  // A failed run says why and moves nothing; staff run it again. A worker that died mid-run stops
  // renewing its lease, and within a lease the run is taken again from the start — on its last
  // attempt, the batch fails instead.
  jobs.register<BatchJob>(BATCH_QUEUE, batchRunJob(deps), { concurrency: 1, maxAttempts: BATCH_ATTEMPTS, onError: batchRunFailed(deps) });

  async function get(id: number): Promise<Batch | null> {
    const [row] = await summaries(db).where(eq(batches.id, id));
    if (!row) return null;
    const items = await itemsQuery(db, { fileName: batchItems.fileName })
      .from(batchItems)
      .innerJoin(orderItems, eq(orderItems.id, batchItems.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .innerJoin(stock, eq(stock.id, orderItems.stockId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(batchItems.batchId, id))
      .orderBy(...PRESS_ORDER);
    return { ...presentSummary(row), items: items.map((r) => ({ ...presentItem(r), file_name: r.fileName })) };
  }

  async function open(): Promise<number | null> {
    const [row] = await db
      .select({ id: batches.id })
      .from(batches)
      .where(inArray(batches.status, ['queued', 'running']));
    return row?.id ?? null;
  }

  return {
    list: batchList,
    get,

    /** What a run would take now, in all and per stock, and the run under way if any. */
    async waiting(): Promise<BatchWaiting> {
      const rows = await db
        .select({ stockId: stock.id, name: stock.name, items: sql<number>`count(*)::int`, orders: sql<number>`count(distinct ${orders.id})::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(stock, eq(stock.id, orderItems.stockId))
        .where(waitingItem(db))
        .groupBy(stock.id, stock.name)
        .orderBy(asc(stock.sortOrder), asc(stock.name));
      const [all] = await db
        .select({ orders: sql<number>`count(distinct ${orders.id})::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(waitingItem(db));
      const [held] = await db
        .select({ items: sql<number>`count(*)::int`, orders: sql<number>`count(distinct ${orders.id})::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(heldForApproval());
      return {
        items: rows.reduce((n, r) => n + r.items, 0),
        orders: all?.orders ?? 0,
        stocks: rows.map((r) => ({ stock_id: r.stockId, name: r.name, items: r.items, orders: r.orders })),
        awaiting_approval: { items: held?.items ?? 0, orders: held?.orders ?? 0 },
        running: await open(),
      };
    },

    /** Starts a run (every stock, or one): 422 when there is nothing to batch, 409 while another run is being made. */
    async run(input: BatchRun & { stock_id?: number | null }, staff: UserRow): Promise<BatchSummary> {
      const stockId = input.stock_id ?? null;
      if (stockId !== null) {
        const [known] = await db.select({ id: stock.id }).from(stock).where(eq(stock.id, stockId));
        if (!known) throw unprocessable({ stock_id: 'No such stock' });
      }
      const running = await open();
      if (running !== null) throw conflict(`Batch ${running} is being made: wait for it to finish, then run the next.`);
      const [any] = await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(waitingItem(db, stockId))
        .limit(1);
      if (!any)
        throw unprocessable(stockId ? { stock_id: `${NOTHING_TO_BATCH} on this stock` } : {}, stockId ? `${NOTHING_TO_BATCH} on this stock` : NOTHING_TO_BATCH);
      try {
        // The answer is the run as made (queued), read before the commit: a worker may claim its job the moment it commits.
        const made = await db.transaction(async (tx) => {
          const [row] = await tx.insert(batches).values({ stockId, createdBy: staff.id }).returning({ id: batches.id });
          const jobId = await jobs.enqueue(tx, BATCH_QUEUE, { batchId: row.id } satisfies BatchJob, { maxAttempts: BATCH_ATTEMPTS });
          await tx.update(batches).set({ jobId }).where(eq(batches.id, row.id));
          const [summary] = await summaries(tx).where(eq(batches.id, row.id));
          return summary;
        });
        return presentSummary(made);
      } catch (error) {
        if (isUniqueViolation(error, 'batches_one_open_unique')) throw conflict('Another batch is being made: wait for it to finish, then run the next.');
        throw error;
      }
    },

    /** The batch's ZIP as a stream, once written; 404 for no such batch, 409 while it is being made. */
    async zip(id: number): Promise<{ body: Readable; size: number; name: string }> {
      const [row] = await db.select().from(batches).where(eq(batches.id, id));
      if (!row) throw notFound(`No such batch: ${id}.`);
      if (row.status !== 'done' || !row.zipKey) {
        throw conflict(row.status === 'failed' ? `Batch ${id} failed: it has no ZIP.` : `Batch ${id} is still being made: its ZIP is not ready yet.`);
      }
      const file = await files.stream(row.zipKey);
      if (!file) throw notFound(`The ZIP of batch ${id} is missing from the file store.`);
      return { ...file, name: `batch-${id}.zip` };
    },

    /** Waiting items for the dashboard tile. */
    async waitingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(waitingItem(db));
      return row?.n ?? 0;
    },
  };
}

export type BatchesService = ReturnType<typeof batchesService>;
