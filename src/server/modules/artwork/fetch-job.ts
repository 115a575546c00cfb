import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/files';
import type { Job, JobQueue } from '../../lib/jobs';
import { isPdf } from '../../lib/pdf-file';
import { publicFetch, PublicFetchError, type PublicAddressRule } from '../../lib/public-fetch';
import type { ArtworkEngine } from './preflight';

export const ARTWORK_FETCH_QUEUE = 'artwork-fetch';
const FETCH_ATTEMPTS = 3;
/** Why an item's fetch failed when the store or the engine failed on every attempt. */
const NOT_FETCHED = 'The file could not be fetched just now. Try again, or upload the PDF.';

/** One fetch of an item's artwork: the item, the address, and when it was asked for (which names this fetch among later ones). */
export interface ArtworkFetch {
  itemId: number;
  url: string;
  /** ISO instant of `artwork_fetch_started_at`. */
  startedAt: string;
}

/** The fetched file, stored, as the artwork service puts a file on an item. */
export interface FetchedArtwork {
  key: string;
  name: string;
  size: number;
}

/** The item no longer waits for this fetch (a newer one, an upload, or its removal came first): its file is dropped. */
export class SupersededFetch extends Error {}

export interface ArtworkFetchRule extends PublicAddressRule {
  /** The whole fetch, redirects and body, within this (60 s in production). */
  timeoutMs: number;
}

/** A failure the customer is told about on the item, rather than retried. */
class NotArtwork extends Error {}

/** The first bytes of a file, for saying what it is when it is no PDF. */
async function head(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await handle.read(bytes, 0, length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** "it starts with “<!DOCTYPE html>”": printable text shown as it is, anything else as hex. */
function startOf(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  if (/^[\x20-\x7e\t\r\n]+$/.test(text)) {
    const shown = text.replace(/\s+/g, ' ').trim();
    return `“${shown.length > 24 ? `${shown.slice(0, 24)}…` : shown}”`;
  }
  return `bytes ${[...bytes.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ')}`;
}

/** The name the file is shown under: the server's Content-Disposition filename, else the address's last segment. */
function fileNameOf(url: string, disposition: string | undefined): string {
  const quoted = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  let name = quoted || new URL(url).pathname.split('/').filter(Boolean).pop() || '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Kept as it came.
  }
  name = [...name].filter((c) => c >= ' ' && c !== '\u007f').join('');
  if (!name) return 'artwork.pdf';
  return (/\.pdf$/i.test(name) ? name : `${name}.pdf`).slice(-200);
}

/**
 * Artwork by URL (DESIGN §2 "Trade API and webhooks"): the job that fetches an item's file from the
 * address given, public addresses only (lib/public-fetch.ts), at most the ARTWORK_MAX_MB setting,
 * streamed into the file store; a PDF is then put on the item exactly as an upload is (its check
 * queued the same way), and anything else leaves the reason on the item and the artwork in place as
 * it was. A job taken again after its worker died fetches again; one whose fetch is no longer the
 * item's (done, superseded) does nothing, so a file is attached once.
 */
export function artworkFetchJob(deps: {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  engine: ArtworkEngine;
  rule: ArtworkFetchRule;
  maxBytes: () => Promise<number>;
  /** The artwork service's attach: puts the stored file on the item in one transaction, unless the fetch was superseded (SupersededFetch). */
  attach: (
    userId: number,
    orderId: number,
    itemId: number,
    file: FetchedArtwork,
    fetch: { url: string; startedAt: Date; fence: (tx: Db) => Promise<void> },
  ) => Promise<void>;
}) {
  const { db, files, jobs, engine, rule } = deps;

  /** The item and its order's customer while this fetch is still the one it waits for; undefined otherwise. */
  async function waiting(fetch: ArtworkFetch) {
    const [item] = await db
      .select({
        orderId: orderItems.orderId,
        userId: orders.userId,
        url: orderItems.artworkUrl,
        status: orderItems.artworkFetchStatus,
        startedAt: orderItems.artworkFetchStartedAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.id, fetch.itemId));
    const current = item && item.status === 'fetching' && item.url === fetch.url && item.startedAt?.toISOString() === fetch.startedAt;
    return current ? item : undefined;
  }

  /** Leaves the reason on the item, if this fetch is still its own (and `job`, when given, still this worker's). */
  async function fail(fetch: ArtworkFetch, job: Job | null, reason: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (job) await job.fence(tx);
      await tx
        .update(orderItems)
        .set({ artworkFetchStatus: 'failed', artworkFetchError: reason.slice(0, 500) })
        .where(
          and(
            eq(orderItems.id, fetch.itemId),
            eq(orderItems.artworkFetchStatus, 'fetching'),
            eq(orderItems.artworkUrl, fetch.url),
            eq(orderItems.artworkFetchStartedAt, new Date(fetch.startedAt)),
          ),
        );
    });
  }

  /** Streams the file to the store under a new key and answers it, a PDF; the key is gone again on any failure. */
  async function download(fetch: ArtworkFetch, job: Job): Promise<FetchedArtwork> {
    const limit = await deps.maxBytes();
    const result = await publicFetch(fetch.url, { ...rule, maxBytes: limit, signal: job.signal });
    const key = `artwork/${randomUUID()}.pdf`;
    try {
      const size = await files.write(key, result.body);
      if (size === 0) throw new NotArtwork('The file at this address is empty.');
      await files.withLocalCopy(key, async (path) => {
        const start = await head(path, 32);
        if (!start.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'))) {
          const type = result.headers['content-type']?.split(';')[0]?.trim();
          throw new NotArtwork(`This is not a PDF (it starts with ${startOf(start)}${type ? `, Content-Type ${type}` : ''}).`);
        }
        if (!(await isPdf(engine, path))) throw new NotArtwork('This PDF could not be opened: it may be damaged. Export it again as a print-ready PDF.');
      });
      return { key, name: fileNameOf(result.url, result.headers['content-disposition']), size };
    } catch (error) {
      await files.delete(key);
      throw error;
    }
  }

  async function run(fetch: ArtworkFetch, job: Job): Promise<void> {
    const item = await waiting(fetch);
    if (!item) return; // attached already (a job taken again), or superseded
    let file: FetchedArtwork;
    try {
      file = await download(fetch, job);
    } catch (error) {
      if (error instanceof PublicFetchError || error instanceof NotArtwork) return fail(fetch, job, error.message);
      if (job.signal.aborted) throw error;
      if (job.attempt < job.maxAttempts) throw error; // the store or the engine: may pass next time
      return fail(fetch, job, NOT_FETCHED);
    }
    try {
      await deps.attach(item.userId, item.orderId, fetch.itemId, file, { url: fetch.url, startedAt: new Date(fetch.startedAt), fence: job.fence });
    } catch (error) {
      if (error instanceof SupersededFetch) return;
      // The order moved on meanwhile (confirmed, paying by card): the customer is told why.
      if (error instanceof Conflict || error instanceof NotFound) return fail(fetch, job, error.message);
      throw error;
    }
  }

  jobs.register<ArtworkFetch>(ARTWORK_FETCH_QUEUE, run, {
    concurrency: 2,
    maxAttempts: FETCH_ATTEMPTS,
    backoff: { baseMs: 5_000, maxMs: 60_000 },
    // Failed for good with the item still fetching: the worker died on the last attempt (the file
    // may be what killed it), or attaching the file failed each time. The customer is told.
    async onError(job, _error, retryAt) {
      if (!retryAt) await fail(job.payload as ArtworkFetch, null, NOT_FETCHED);
    },
  });

  return {
    /** Queues the fetch, in the caller's transaction (the one that marks the item fetching). */
    async queue(tx: Db, fetch: ArtworkFetch): Promise<void> {
      await jobs.enqueue(tx, ARTWORK_FETCH_QUEUE, fetch, { maxAttempts: FETCH_ATTEMPTS });
    },
  };
}

export type ArtworkFetchJob = ReturnType<typeof artworkFetchJob>;
