import { and, asc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ServiceLog } from '../../lib/logging';
import { ZipFile } from '../../lib/zip';
import type { Readable } from 'node:stream';
import {
  NOTHING_TO_BATCH,
  type Batch,
  type BatchItem,
  type BatchRun,
  type BatchStatus,
  type BatchSummary,
  type BatchWaiting,
} from '../../../shared/api/admin-production';
import { sheetsFor } from '../../../shared/domain/pricing/engine';
import type { Db } from '../../db/client';
import type { PreflightReport } from '../../lib/artwork';
import { qualified } from '../../db/columns';
import { isUniqueViolation } from '../../db/errors';
import { batches, batchItems, jobs as jobRows, orderItems, orders, products, stock, users, type BatchRow, type OrderRow, type UserRow } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/files';
import { JobLeaseLost, type Job, type JobQueue } from '../../lib/jobs';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { randomToken } from '../../lib/tokens';
import type { MailOutbox } from '../mail/service';
import { applyMoveToMany, type MailLinks } from '../orders/transitions';
import { jobSheetPdf, jobsCsv, pressFileName } from './press-files';

export const BATCH_QUEUE = 'batch';
/** A run whose orders change while its ZIP is written starts again this many times before it gives up. */
const MAX_REBUILDS = 5;
/** Progress is written at most this often while the ZIP grows. */
const PROGRESS_EVERY_MS = 500;

interface BatchJob {
  batchId: number;
}

/** An item the run takes, with what it was read at (the order's version proves nothing changed since). */
interface Candidate extends BatchItem {
  artworkKey: string;
  orderVersion: number;
  orderStatus: string;
}

/** Raised inside the run's transaction when an order changed after the ZIP was begun. */
class OrdersChanged extends Error {}

/** The first cause's own words (a database error under drizzle's "Failed query: …" wrapper). */
function rootMessage(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  return root instanceof Error ? root.message : String(root);
}

const fullName = (p: { firstname: string | null; lastname: string | null }) => `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim();

/** What the press is told of an item (jobs.csv, the batch's page), read with its order, product, stock and customer. */
const itemColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  qty: orderItems.qty,
  sides: orderItems.sides,
  orientation: orderItems.orientation,
  product: products.name,
  multiplier: products.multiplier,
  trimW: products.trimWidthMm,
  trimH: products.trimHeightMm,
  stock: stock.name,
  dispatchDue: orders.dispatchDue,
  company: users.companyName,
  firstname: users.firstname,
  lastname: users.lastname,
  notes: orderItems.notes,
  preflight: orderItems.preflight,
  warningsAccepted: orderItems.warningsAccepted,
};
const itemsQuery = <Extra extends Record<string, PgColumn>>(db: Db, extra: Extra) => db.select({ ...itemColumns, ...extra });
interface ItemRow {
  id: number;
  orderId: number;
  qty: number;
  sides: string;
  orientation: string;
  product: string;
  multiplier: number;
  trimW: number;
  trimH: number;
  stock: string;
  dispatchDue: string | null;
  company: string;
  firstname: string;
  lastname: string;
  notes: string;
  preflight: unknown;
  warningsAccepted: boolean;
}

/** The messages of the preflight's warnings, when the customer accepted them (confirming needs that of an item with warnings). */
function acceptedWarnings(r: Pick<ItemRow, 'preflight' | 'warningsAccepted'>): string[] {
  if (!r.warningsAccepted) return [];
  const checks = (r.preflight as Partial<PreflightReport> | null)?.checks ?? [];
  return checks.filter((c) => c.status === 'warn').map((c) => c.message);
}

/** The press works to the dispatch date: the most urgent first. */
const PRESS_ORDER = [sql`${orders.dispatchDue} asc nulls last`, asc(orders.id), asc(orderItems.id)];

function presentItem(r: ItemRow): Omit<BatchItem, 'file_name'> {
  return {
    id: r.id,
    order_id: r.orderId,
    product: r.product,
    stock: r.stock,
    qty: r.qty,
    sides: r.sides as 'single' | 'double',
    orientation: r.orientation as 'portrait' | 'landscape',
    trim_size: `${r.trimW} × ${r.trimH} mm`,
    sheets: sheetsFor(r.qty, r.multiplier),
    customer: r.company || fullName(r),
    dispatch_due: r.dispatchDue,
    notes: r.notes.trim(),
    accepted_warnings: acceptedWarnings(r),
  };
}

export interface BatchesDeps extends MailLinks {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  outbox: MailOutbox;
  log: ServiceLog;
}

/**
 * Production batches (DESIGN §2 "Production: batches"). A run is a background job: it reads the
 * items waiting for the press, streams their artwork into a ZIP with `jobs.csv` and a job sheet
 * (one file open at a time, memory flat), and then — in one transaction — records the batch and its
 * items and moves their Pending orders to Processing. When an order changed meanwhile (a customer
 * cancelled it), the ZIP is made again without it; when anything fails, the ZIP is removed and
 * nothing is moved. One run at a time.
 */
export function batchesService({ db, files, jobs, outbox, log, ...links }: BatchesDeps) {
  /** A value of the batch's job (null when it has none, or it was cleared away once finished). */
  const ofJob = <T>(value: SQL) => sql<T>`(select ${value} from ${jobRows} where ${jobRows.id} = ${qualified(batches.jobId)})`;
  const summaryColumns = {
    id: batches.id,
    status: batches.status,
    stockId: batches.stockId,
    stockName: sql<string | null>`(select ${stock.name} from ${stock} where ${stock.id} = ${qualified(batches.stockId)})`,
    createdBy: batches.createdBy,
    creatorName: sql<
      string | null
    >`(select trim(${users.firstname} || ' ' || ${users.lastname}) from ${users} where ${users.id} = ${qualified(batches.createdBy)})`,
    itemCount: batches.itemCount,
    orderCount: batches.orderCount,
    filesDone: batches.filesDone,
    filesTotal: batches.filesTotal,
    zipSize: batches.zipSize,
    error: batches.error,
    createdAt: batches.createdAt,
    finishedAt: batches.finishedAt,
    jobAttempt: ofJob<number | null>(sql`${jobRows.attempts}`),
    jobInterruptedAt: ofJob<Date | null>(sql`${jobRows.interruptedAt}`).mapWith(jobRows.interruptedAt),
    jobLastError: ofJob<string | null>(sql`${jobRows.lastError}`),
    // The run's worker has not renewed its lease in time: it died, and another worker takes the run over.
    jobSilentSince: ofJob<Date | null>(sql`case when ${jobRows.status} = 'running' and ${jobRows.lockedUntil} < now() then ${jobRows.heartbeatAt} end`).mapWith(
      jobRows.heartbeatAt,
    ),
  };
  interface SummaryRow {
    id: number;
    status: string;
    stockId: number | null;
    stockName: string | null;
    createdBy: number | null;
    creatorName: string | null;
    itemCount: number;
    orderCount: number;
    filesDone: number;
    filesTotal: number;
    zipSize: number | null;
    error: string | null;
    createdAt: Date;
    finishedAt: Date | null;
    jobAttempt: number | null;
    jobInterruptedAt: Date | null;
    jobLastError: string | null;
    jobSilentSince: Date | null;
  }

  const presentOne = (r: SummaryRow): BatchSummary => ({
    id: r.id,
    status: r.status as BatchStatus,
    stock_id: r.stockId,
    stock_name: r.stockName,
    created_by: r.createdBy,
    created_by_name: r.creatorName,
    item_count: r.itemCount,
    order_count: r.orderCount,
    files_done: r.filesDone,
    files_total: r.filesTotal,
    zip_size: r.zipSize,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
    run:
      r.jobAttempt === null
        ? null
        : {
            attempt: r.jobAttempt,
            interrupted_at: r.jobInterruptedAt ? r.jobInterruptedAt.toISOString() : null,
            last_error: r.jobLastError,
            silent_since: r.jobSilentSince ? r.jobSilentSince.toISOString() : null,
          },
  });

  const summaries = () => db.select(summaryColumns).from(batches);

  const list: ListSpec<BatchSummary, SummaryRow> = {
    table: batches,
    select: summaryColumns,
    present: async (rows) => rows.map(presentOne),
    fields: fieldsOf(batches, { id: 'int', stock_id: 'int', status: { type: 'enum', values: ['queued', 'running', 'done', 'failed'] }, created_at: 'date' }),
    sortable: ['id', 'created_at', 'item_count'],
    sortBy: { created_at: batches.id },
    defaultSort: ['id', 'DESC'],
    id: batches.id,
  };

  /** Items waiting for the press: in no batch, of a Pending order — or of a Processing order whose other items a batch on one stock already took. */
  const waitingItem = (stockId?: number | null) => {
    const partlyBatched = exists(
      db
        .select({ one: sql`1` })
        .from(sql`${orderItems} as done_item`)
        .where(sql`done_item.order_id = ${orders.id} and done_item.batch_id is not null`),
    );
    return and(
      isNull(orderItems.batchId),
      or(eq(orders.status, 'live'), and(eq(orders.status, 'printing'), partlyBatched)),
      stockId ? eq(orderItems.stockId, stockId) : undefined,
    )!;
  };

  async function candidates(stockId: number | null): Promise<Candidate[]> {
    const rows = await itemsQuery(db, { artworkKey: orderItems.artworkKey, orderVersion: orders.version, orderStatus: orders.status })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .innerJoin(stock, eq(stock.id, orderItems.stockId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(waitingItem(stockId))
      .orderBy(...PRESS_ORDER);
    return rows.map((r) => {
      const item = presentItem(r);
      // A confirmed order has artwork on every item (confirming requires it).
      return { ...item, file_name: pressFileName(item), artworkKey: r.artworkKey ?? '', orderVersion: r.orderVersion, orderStatus: r.orderStatus };
    });
  }

  async function setBatch(id: number, set: Partial<typeof batches.$inferInsert>): Promise<void> {
    await db.update(batches).set(set).where(eq(batches.id, id));
  }

  /** Streams the ZIP to the file store: the two sheets first, then each artwork, one file open at a time. */
  async function writeZip(
    batch: BatchRow,
    items: Candidate[],
    key: string,
    stockName: string | null,
    creatorName: string | null,
    signal: AbortSignal,
  ): Promise<number> {
    signal.throwIfAborted();
    const zip = new ZipFile();
    const sheet = await jobSheetPdf({ id: batch.id, createdAt: batch.createdAt, createdBy: creatorName, stockName, appName: links.appName }, items);
    zip.addBuffer(jobsCsv(items), 'jobs.csv');
    zip.addBuffer(sheet, 'job-sheet.pdf');
    let done = 0;
    let lastWrite = 0;
    let progress: Promise<void> = Promise.resolve();
    for (const item of items) {
      // PDFs are compressed already: stored, they go to the press as fast as the disk reads them.
      zip.addReadStreamLazy(item.file_name, { compress: false }, (callback) => {
        if (signal.aborted) return callback(signal.reason as Error, undefined as unknown as Readable);
        files.stream(item.artworkKey).then(
          (file) => {
            if (!file)
              return callback(
                new Error(`The artwork of order ${item.order_id}, item ${item.id} is missing from the file store`),
                undefined as unknown as Readable,
              );
            done += 1;
            if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
              lastWrite = Date.now();
              const filesDone = done;
              progress = progress.then(() => setBatch(batch.id, { filesDone })).catch(() => undefined);
            }
            callback(null, file.body);
          },
          (error: unknown) => callback(error, undefined as unknown as Readable),
        );
      });
    }
    zip.end();
    // yazl reports a failed entry on the ZipFile, not on its output: end the output with it.
    zip.on('error', (error: Error) => (zip.outputStream as unknown as Readable).destroy(error));
    // Another worker took the run over: stop writing (the store removes the unfinished file).
    const stop = () => (zip.outputStream as unknown as Readable).destroy(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    try {
      const size = await files.write(key, zip.outputStream as unknown as Readable);
      await progress;
      return size;
    } finally {
      signal.removeEventListener('abort', stop);
    }
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
      await applyMoveToMany(tx, outbox, links, pending, { to: 'printing', actor: 'system', note: `In batch ${batch.id}` });
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
  async function make({ batchId }: BatchJob, job: Job): Promise<void> {
    const [found] = await summaries().where(eq(batches.id, batchId));
    const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
    if (!found || !batch || batch.status === 'done' || batch.status === 'failed') return;
    // An earlier attempt was cut short (its worker died mid-ZIP, or was shut down): this worker holds
    // the run now, and the batch has no ZIP yet, so every file of this batch is that attempt's,
    // written whole or not, and will never be used.
    if (job.attempt > 1) {
      const left = await files.list(`batches/batch-${batchId}-`);
      for (const key of left) await files.delete(key);
      log.warn({ batch: batchId, attempt: job.attempt, removed: left }, 'an interrupted batch run is made again');
    }
    for (let attempt = 1; ; attempt++) {
      const items = await candidates(batch.stockId);
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
        const size = await writeZip(batch, items, key, found.stockName, found.creatorName, job.signal);
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
  }

  // One attempt: a failed run says why and moves nothing; staff run it again. A worker that died
  // mid-run stops renewing its lease, and within a lease the run is taken again from the start.
  jobs.register<BatchJob>(BATCH_QUEUE, make, { concurrency: 1, maxAttempts: 1 });

  async function get(id: number): Promise<Batch | null> {
    const [row] = await summaries().where(eq(batches.id, id));
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
    return { ...presentOne(row), items: items.map((r) => ({ ...presentItem(r), file_name: r.fileName })) };
  }

  async function open(): Promise<number | null> {
    const [row] = await db
      .select({ id: batches.id })
      .from(batches)
      .where(inArray(batches.status, ['queued', 'running']));
    return row?.id ?? null;
  }

  return {
    list,
    get,

    /** What a run would take now, in all and per stock, and the run under way if any. */
    async waiting(): Promise<BatchWaiting> {
      const rows = await db
        .select({ stockId: stock.id, name: stock.name, items: sql<number>`count(*)::int`, orders: sql<number>`count(distinct ${orders.id})::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(stock, eq(stock.id, orderItems.stockId))
        .where(waitingItem())
        .groupBy(stock.id, stock.name)
        .orderBy(asc(stock.sortOrder), asc(stock.name));
      const [all] = await db
        .select({ orders: sql<number>`count(distinct ${orders.id})::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(waitingItem());
      return {
        items: rows.reduce((n, r) => n + r.items, 0),
        orders: all?.orders ?? 0,
        stocks: rows.map((r) => ({ stock_id: r.stockId, name: r.name, items: r.items, orders: r.orders })),
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
        .where(waitingItem(stockId))
        .limit(1);
      if (!any)
        throw unprocessable(stockId ? { stock_id: `${NOTHING_TO_BATCH} on this stock` } : {}, stockId ? `${NOTHING_TO_BATCH} on this stock` : NOTHING_TO_BATCH);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const [row] = await tx.insert(batches).values({ stockId, createdBy: staff.id }).returning({ id: batches.id });
          const jobId = await jobs.enqueue(tx, BATCH_QUEUE, { batchId: row.id } satisfies BatchJob);
          await tx.update(batches).set({ jobId }).where(eq(batches.id, row.id));
          return row.id;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'batches_one_open_unique')) throw conflict('Another batch is being made: wait for it to finish, then run the next.');
        throw error;
      }
      const [row] = await summaries().where(eq(batches.id, id));
      return presentOne(row);
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
        .where(waitingItem());
      return row?.n ?? 0;
    },
  };
}

export type BatchesService = ReturnType<typeof batchesService>;
