import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { orderItems, orders, products } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { JobQueue } from '../../lib/jobs';
import { isPdf } from '../../lib/pdf-file';
import { engineFailureReport, type ArtworkEngine, type PreflightReport } from './preflight';
import type { SettingsService } from '../settings/service';
import { previewFileKeys } from './previews';

export const ARTWORK_QUEUE = 'artwork';
export const ARTWORK_FIELD = 'file';
const ARTWORK_ATTEMPTS = 3;

interface ArtworkJob {
  itemId: number;
  /** The file the job checks: when the item names another by then, the job has nothing to do. */
  key: string;
}

/**
 * The customer's order whose artwork is about to change, locked, with its version bumped: an item's
 * file is part of the basket a confirmation judges at a version (a rollback undoes the bump). 404 for
 * another customer's order.
 */
async function changeOrder(tx: Db, userId: number, orderId: number): Promise<{ status: string }> {
  const [order] = await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .returning({ status: orders.status });
  if (!order) throw notFound('No such order.');
  return order;
}

/**
 * Artwork (DESIGN §2 "Artwork"): an upload is streamed to the file store under a server-made name
 * (never whole in memory), refused when it is over ARTWORK_MAX_MB or not a PDF (the partial file
 * removed), and checked by a background job — page previews and preflight on PDFium, in the
 * engine's worker thread, one at a time per process.
 */
export function artworkService(deps: { db: Db; files: FileStore; jobs: JobQueue; engine: ArtworkEngine; settings: SettingsService; log: FastifyBaseLogger }) {
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
      const result = await engine.check(
        await files.localPath(key),
        {
          trimWidthMm: item.w,
          trimHeightMm: item.h,
          bleedMm: item.bleed,
          sides: item.sides as 'single' | 'double',
          orientation: item.orientation as 'portrait' | 'landscape',
        },
        await files.localPath(previewKey),
      );
      report = result.report;
      preview = result.previewPath ? previewKey : null;
    } catch (error) {
      if (!final) throw error; // retried: a timeout under load or a crash may pass next time
      report = engineFailureReport(error);
    }
    const [previous] = await db.select({ previewKey: orderItems.previewKey }).from(orderItems).where(eq(orderItems.id, itemId));
    const updated = await db
      .update(orderItems)
      .set({ preflightStatus: report.status, preflight: report, previewKey: preview })
      .where(and(eq(orderItems.id, itemId), eq(orderItems.artworkKey, key)))
      .returning({ id: orderItems.id });
    // The stale preview goes; so does this one when the item moved on meanwhile (every page of each).
    const stale = updated.length ? (previous?.previewKey !== preview ? previous?.previewKey : null) : preview;
    await Promise.all(previewFileKeys(stale).map((k) => files.delete(k)));
  }

  jobs.register<ArtworkJob>(ARTWORK_QUEUE, (payload, job) => check(payload, job.attempt >= job.maxAttempts), {
    concurrency: 1,
    maxAttempts: ARTWORK_ATTEMPTS,
    backoff: { baseMs: 2_000, maxMs: 30_000 },
  });

  return {
    /** Queues the check of an item's stored artwork, in the caller's transaction. */
    async queueCheck(tx: Db, itemId: number, key: string): Promise<void> {
      await jobs.enqueue(tx, ARTWORK_QUEUE, { itemId, key } satisfies ArtworkJob, { maxAttempts: ARTWORK_ATTEMPTS });
    },

    /** The upload limit in bytes (the ARTWORK_MAX_MB setting). */
    async maxBytes(): Promise<number> {
      const mb = Number(await deps.settings.value('ARTWORK_MAX_MB', '100'));
      return (Number.isFinite(mb) && mb >= 1 ? Math.min(mb, 2048) : 100) * 1024 * 1024;
    },

    /**
     * Streams the request's PDF to the store and answers its key, name and size; a bad upload is a
     * 422 on `file` and leaves no file behind.
     */
    async receive(request: FastifyRequest): Promise<{ key: string; name: string; size: number }> {
      if (!request.isMultipart()) throw unprocessable({ [ARTWORK_FIELD]: `Send the PDF as multipart/form-data in a field named "${ARTWORK_FIELD}".` });
      const limit = await this.maxBytes();
      const part = await request.file({ limits: { fileSize: limit, files: 1, fields: 5 }, throwFileSizeLimit: false }).catch(() => undefined);
      if (!part || part.fieldname !== ARTWORK_FIELD) throw unprocessable({ [ARTWORK_FIELD]: 'Choose a PDF file to upload.' });
      const key = `artwork/${randomUUID()}.pdf`;
      let size: number;
      try {
        size = await files.write(key, part.file);
      } catch (error) {
        await files.delete(key);
        throw error;
      }
      const refuse = async (message: string) => {
        await files.delete(key);
        return unprocessable({ [ARTWORK_FIELD]: message });
      };
      if (part.file.truncated)
        throw await refuse(
          `The file is larger than ${Math.round(limit / 1024 / 1024)} MB, the largest we accept. Export it with images at their printed size (300 ppi), or contact us.`,
        );
      if (size === 0) throw await refuse('This file is empty.');
      if (!(await isPdf(engine, await files.localPath(key))))
        throw await refuse('This is not a PDF file (or it is too damaged to open). Export your artwork as a print-ready PDF and upload that.');
      // Control characters have no place in a file name shown on screens and in a download header.
      const name =
        [...(part.filename || '')]
          .filter((c) => c >= ' ' && c !== '\u007f')
          .join('')
          .slice(0, 200) || 'artwork.pdf';
      return { key, name, size };
    },

    /** Puts a received file on the item (basket, or an order on hold), queues its check, and removes the files it replaces. */
    async attach(userId: number, orderId: number, itemId: number, file: { key: string; name: string; size: number }): Promise<void> {
      let replaced: Array<string | null> = [];
      try {
        await db.transaction(async (tx) => {
          const order = await changeOrder(tx, userId, orderId);
          if (order.status !== 'basket' && order.status !== 'problem')
            throw conflict('The artwork of a confirmed order can only be replaced while the order is on hold (Issues).');
          const [item] = await tx
            .select()
            .from(orderItems)
            .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
            .for('update');
          if (!item) throw notFound('No such item.');
          await tx
            .update(orderItems)
            .set({
              artworkKey: file.key,
              artworkName: file.name,
              artworkSize: file.size,
              artworkUploadedAt: new Date(),
              previewKey: null,
              preflightStatus: 'pending',
              preflight: null,
              warningsAccepted: false,
            })
            .where(eq(orderItems.id, itemId));
          await jobs.enqueue(tx, ARTWORK_QUEUE, { itemId, key: file.key } satisfies ArtworkJob, { maxAttempts: ARTWORK_ATTEMPTS });
          replaced = [item.artworkKey, ...previewFileKeys(item.previewKey)];
        });
      } catch (error) {
        await files.delete(file.key);
        throw error;
      }
      jobs.wake();
      await Promise.all(replaced.filter((k): k is string => Boolean(k)).map((k) => files.delete(k)));
    },

    /** Removes an item's artwork (basket only); its files go after the change commits. */
    async detach(userId: number, orderId: number, itemId: number): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        const order = await changeOrder(tx, userId, orderId);
        if (order.status !== 'basket') throw conflict("Only a basket's artwork can be removed; on hold, upload a replacement instead.");
        const [item] = await tx
          .select()
          .from(orderItems)
          .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
          .for('update');
        if (!item) throw notFound('No such item.');
        await tx
          .update(orderItems)
          .set({
            artworkKey: null,
            artworkName: null,
            artworkSize: null,
            artworkUploadedAt: null,
            previewKey: null,
            preflightStatus: null,
            preflight: null,
            warningsAccepted: false,
          })
          .where(eq(orderItems.id, itemId));
        return [item.artworkKey, ...previewFileKeys(item.previewKey)];
      });
      await Promise.all(keys.filter((k): k is string => Boolean(k)).map((k) => files.delete(k)));
    },
  };
}

export type ArtworkService = ReturnType<typeof artworkService>;
