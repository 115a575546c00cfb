import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { ARTWORK_URL_MAX, type Item } from '../../../shared/api/orders';
import { ARTWORK_LOCKED, canReplaceItemArtwork } from '../../../shared/domain/orders/artwork';
import { companyOrders } from '../../db/company-scope';
import type { Db } from '../../db/client';
import { orderItems, orders, type UserRow } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/domain-errors';
import { FileStoreUnavailable, type FileStore } from '../../lib/files';
import { isPdf } from '../../lib/pdf-file';
import type { OrdersService } from '../orders/service';
import type { SettingsService } from '../settings/service';
import type { JobQueue } from '../../lib/jobs';
import { checkPublicUrl, PublicFetchError } from '../../lib/public-fetch';
import { artworkFetchJob, SupersededFetch, type ArtworkFetchRule } from './fetch-job';
import type { ArtworkCheckJob } from './job';
import type { ArtworkEngine } from './preflight';
import { previewFileKeys } from './previews';
import { AWAITING_APPROVAL, AWAITING_PAYMENT } from '../orders/queries';
import { withNewVersion } from '../orders/order-version';
import { capped } from '../../lib/capped-stream';

/** The upload's one field: the 422s of a bad upload are reported on it. */
export const ARTWORK_FIELD = 'file';
/** The field of artwork by URL (the customer's route and the trade API alike): its 422s are reported on it. */
export const ARTWORK_URL_FIELD = 'artwork_url';
const MB = 1024 * 1024;
/** The most ARTWORK_MAX_MB may be set to: what a route may let through before the setting is applied here. */
export const ARTWORK_MAX_BYTES_CEILING = 2048 * MB;

/**
 * An uploaded file as the route received it. Only its content decides whether it is a PDF, never
 * the type the browser claims for it, so that is not asked for.
 */
export interface UploadedArtwork {
  /** The name the customer's computer gave it (cleaned here before it is kept). */
  name: string;
  /** Its bytes as they arrive; read to the end once the upload is accepted. */
  stream: Readable;
}

interface StoredArtwork {
  key: string;
  name: string;
  size: number;
}

/**
 * An order the member sees (their company's, or their own basket) whose artwork is about to change,
 * locked, with its version bumped: an item's file is part of the basket a confirmation judges at a
 * version (a rollback undoes the bump). 404 for another company's order or a colleague's basket.
 */
async function changeOrder(tx: Db, userId: number, orderId: number): Promise<{ status: string }> {
  const [order] = await tx
    .update(orders)
    .set(withNewVersion())
    .where(and(eq(orders.id, orderId), companyOrders(userId)))
    .returning({ status: orders.status, paymentStatus: orders.paymentStatus, approvalRequestedAt: orders.approvalRequestedAt });
  if (!order) throw notFound('No such order.');
  // Its card payment is for the basket as it was confirmed.
  if (order.paymentStatus === 'pending') throw conflict(AWAITING_PAYMENT);
  // So is an owner's approval.
  if (order.approvalRequestedAt !== null) throw conflict(AWAITING_APPROVAL);
  return order;
}

/** The order's item, locked until the change commits (404 when the order has no such item). */
async function lockedItem(tx: Db, orderId: number, itemId: number) {
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .for('update');
  if (!item) throw notFound('No such item.');
  return item;
}

/** The fetch state an upload, a removal or an attached fetch leaves: none under way, none failed. */
const noFetch = { artworkFetchStatus: null, artworkFetchError: null, artworkFetchStartedAt: null };

/** Control characters have no place in a file name shown on screens and in a download header. */
const cleanName = (name: string) =>
  [...name]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .slice(0, 200) || 'artwork.pdf';

/**
 * Artwork (DESIGN §2 "Artwork"): an upload is streamed to the file store under a server-made name
 * (never whole in memory), refused when it is over ARTWORK_MAX_MB or not a PDF (the partial file
 * removed), put on the item, and checked by a background job (job.ts).
 */
export function artworkService(deps: {
  db: Db;
  files: FileStore;
  engine: ArtworkEngine;
  settings: SettingsService;
  /** The orders module answers which item is the customer's, and how it is shown. */
  orders: Pick<OrdersService, 'artworkTarget' | 'presentItemOf'>;
  checks: ArtworkCheckJob;
  jobs: JobQueue;
  /** Artwork by URL: the address rule (ARTWORK_FETCH_ALLOW_PRIVATE) and the time-out. */
  fetchRule: ArtworkFetchRule;
}) {
  const { db, files, engine, orders, checks } = deps;

  /** The upload limit in bytes (the ARTWORK_MAX_MB setting). */
  async function maxBytes(): Promise<number> {
    const mb = Number(await deps.settings.value('ARTWORK_MAX_MB', '100'));
    return (Number.isFinite(mb) && mb >= 1 ? Math.min(mb, ARTWORK_MAX_BYTES_CEILING / MB) : 100) * MB;
  }

  /**
   * Streams the upload to the store and answers its key, name and size; a bad upload is a 422 on
   * `file`, a store that fails meanwhile a 503, and either leaves no file behind and the item as it was.
   */
  async function store(file: UploadedArtwork): Promise<StoredArtwork> {
    const limit = await maxBytes();
    const key = `artwork/${randomUUID()}.pdf`;
    const cap = capped(limit);
    try {
      // A failure of either side (the upload cut off, the store) rejects the write, which leaves nothing.
      const size = await files.write(
        key,
        pipeline(file.stream, cap.stream, () => {}),
      );
      if (cap.over())
        throw unprocessable({
          [ARTWORK_FIELD]: `The file is larger than ${Math.round(limit / MB)} MB, the largest we accept. Export it with images at their printed size (300 ppi), or contact us.`,
        });
      if (size === 0) throw unprocessable({ [ARTWORK_FIELD]: 'This file is empty.' });
      if (!(await files.withLocalCopy(key, (path) => isPdf(engine, path))))
        throw unprocessable({
          [ARTWORK_FIELD]: 'This is not a PDF file (or it is too damaged to open). Export your artwork as a print-ready PDF and upload that.',
        });
      return { key, name: cleanName(file.name), size };
    } catch (error) {
      // With the store away this may fail too; a write that failed left nothing in any case.
      await files.delete(key).catch(() => undefined);
      if (error instanceof FileStoreUnavailable)
        throw new FileStoreUnavailable(
          error.cause,
          'Your file could not be stored just now: our file store is not answering. Nothing was changed; please try again in a few minutes.',
        );
      throw error;
    }
  }

  /**
   * Puts a stored file on the item (basket, or an order on hold), queues its check, and removes the
   * files it replaces. A fetched file (`fetch`) goes on only while the item still waits for that very
   * fetch (else SupersededFetch), and only while its job still holds the job (`fence`); an upload
   * ends any fetch under way.
   */
  async function attach(
    userId: number,
    orderId: number,
    itemId: number,
    file: StoredArtwork,
    fetch?: { url: string; startedAt: Date; fence: (tx: Db) => Promise<void> },
  ): Promise<void> {
    let replaced: Array<string | null> = [];
    try {
      await db.transaction(async (tx) => {
        if (fetch) await fetch.fence(tx);
        const order = await changeOrder(tx, userId, orderId);
        const item = await lockedItem(tx, orderId, itemId);
        if (!canReplaceItemArtwork(order.status, item.proofStatus)) throw conflict(ARTWORK_LOCKED);
        if (
          fetch &&
          !(item.artworkFetchStatus === 'fetching' && item.artworkUrl === fetch.url && item.artworkFetchStartedAt?.getTime() === fetch.startedAt.getTime())
        )
          throw new SupersededFetch();
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
            ...noFetch,
            artworkUrl: fetch?.url ?? null,
          })
          .where(eq(orderItems.id, itemId));
        await checks.queueCheck(tx, itemId, file.key);
        replaced = [item.artworkKey, ...previewFileKeys(item.previewKey)];
      });
    } catch (error) {
      await files.delete(file.key);
      throw error;
    }
    checks.wake();
    await Promise.all(replaced.filter((k): k is string => Boolean(k)).map((k) => files.delete(k)));
  }

  const fetches = artworkFetchJob({ db, files, jobs: deps.jobs, engine, rule: deps.fetchRule, maxBytes, attach });

  /**
   * Marks the item as fetching its artwork from `raw` and queues the fetch, in `tx`: the order must
   * be the customer's (404) and its artwork replaceable now (409, as for an upload), the address a
   * full http(s) one without credentials and, unless private addresses are allowed, not plainly
   * private (422 on `artwork_url`). The artwork in place stays until the fetched file replaces it.
   */
  async function requestFetch(tx: Db, userId: number, orderId: number, itemId: number, raw: string): Promise<void> {
    const order = await changeOrder(tx, userId, orderId);
    const item = await lockedItem(tx, orderId, itemId);
    if (!canReplaceItemArtwork(order.status, item.proofStatus)) throw conflict(ARTWORK_LOCKED);
    let url: URL;
    try {
      url = checkPublicUrl(raw, deps.fetchRule);
    } catch (error) {
      if (error instanceof PublicFetchError) throw unprocessable({ [ARTWORK_URL_FIELD]: error.message });
      throw error;
    }
    if (url.href.length > ARTWORK_URL_MAX) throw unprocessable({ [ARTWORK_URL_FIELD]: `At most ${ARTWORK_URL_MAX} characters` });
    const startedAt = new Date();
    await tx
      .update(orderItems)
      .set({ artworkUrl: url.href, artworkFetchStatus: 'fetching', artworkFetchError: null, artworkFetchStartedAt: startedAt })
      .where(eq(orderItems.id, itemId));
    await fetches.queue(tx, { itemId, url: url.href, startedAt: startedAt.toISOString() });
    // Polls a moment from now: the job exists once the caller's transaction commits.
    deps.jobs.wakeSoon();
  }

  /** Removes an item's artwork (basket only); its files go after the change commits. */
  async function detach(userId: number, orderId: number, itemId: number): Promise<void> {
    const keys = await db.transaction(async (tx) => {
      const order = await changeOrder(tx, userId, orderId);
      if (order.status !== 'basket') throw conflict("Only a basket's artwork can be removed; on hold, upload a replacement instead.");
      const item = await lockedItem(tx, orderId, itemId);
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
          ...noFetch,
          artworkUrl: null,
        })
        .where(eq(orderItems.id, itemId));
      return [item.artworkKey, ...previewFileKeys(item.previewKey)];
    });
    await Promise.all(keys.filter((k): k is string => Boolean(k)).map((k) => files.delete(k)));
  }

  /** The item as it is now, as the customer sees it in the order. */
  async function presentItem(user: UserRow, orderId: number, itemId: number): Promise<Item> {
    return orders.presentItemOf(user, (await orders.artworkTarget(user, orderId, itemId, false)).order, itemId);
  }

  return {
    /**
     * Puts an uploaded PDF on the customer's item and answers the item, its check pending. Refused
     * before a byte of the file is stored when the item is not theirs (404) or its artwork can no
     * longer be replaced (409); a bad file is a 422 on `file`.
     */
    async upload(user: UserRow, orderId: number, itemId: number, file: UploadedArtwork): Promise<Item> {
      await orders.artworkTarget(user, orderId, itemId, true);
      await attach(user.id, orderId, itemId, await store(file));
      return presentItem(user, orderId, itemId);
    },

    /**
     * Artwork by URL for the customer's item, from their browser: marks it fetching, queues the job,
     * and answers the item (its `artwork_fetch` says `fetching`). Errors as requestFetch's.
     */
    async fetchUrl(user: UserRow, orderId: number, itemId: number, url: string): Promise<Item> {
      await db.transaction((tx) => requestFetch(tx, user.id, orderId, itemId, url));
      return presentItem(user, orderId, itemId);
    },

    /**
     * Artwork by URL for an item of the customer `userId` (the trade API): its own transaction. The
     * item then says `fetching`, and `failed` with the reason or the attached file later. 404 when
     * the order or item is not theirs, 409 when its artwork can no longer change, 422 on
     * `artwork_url` for an address that cannot be fetched.
     */
    async fetchFromUrl(userId: number, orderId: number, itemId: number, url: string): Promise<void> {
      await db.transaction((tx) => requestFetch(tx, userId, orderId, itemId, url));
    },

    /**
     * The same in the caller's transaction (an order being created with its items): the fetch is
     * queued exactly when that transaction commits. The order's version is bumped as for any change
     * of its artwork.
     */
    fetchFromUrlInTransaction: (tx: Db, userId: number, orderId: number, itemId: number, url: string): Promise<void> =>
      requestFetch(tx, userId, orderId, itemId, url),

    /** Removes the artwork of the customer's item (basket only) and answers the item. */
    async remove(user: UserRow, orderId: number, itemId: number): Promise<Item> {
      await detach(user.id, orderId, itemId);
      return presentItem(user, orderId, itemId);
    },
  };
}

export type ArtworkService = ReturnType<typeof artworkService>;
