import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { conflict, unprocessable } from '../../lib/domain-errors';

/*
 * The trade API's `Idempotency-Key` (the IETF draft "The Idempotency-Key HTTP Header Field"): per
 * account and mode, a key is kept 24 hours with the fingerprint of the request that first carried
 * it; a retry with the same fingerprint is answered the first answer again, byte for byte; the same
 * key on another request is a 422; a retry while the first is still being answered is a 409.
 */

/** How long a key and its answer are kept (and replayed). */
export const IDEMPOTENCY_KEPT = "interval '24 hours'";
/**
 * How long a request may hold its key before another may take it over: one that crashed (or whose
 * process died) between claiming the key and recording its answer must not block the key for a day.
 */
const IN_PROGRESS_FOR = "interval '1 minute'";

/** Whose keys these are: an account's live and test keys are two separate sets. */
export interface IdempotencyScope {
  userId: number;
  test: boolean;
}

/** The answer to replay: status, media type and body as first sent. */
export interface StoredAnswer {
  status: number;
  type: string;
  body: string;
}

/** JSON with every object's keys sorted: two bodies that mean the same have one fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the method, the path and the canonical body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

const REUSED = 'This Idempotency-Key was already used for another request (another path or body) in the last 24 hours: make a new key for a new request.';
const IN_PROGRESS = 'A request with this Idempotency-Key is still being answered: retry in a moment to get its answer.';

export function idempotencyStore(db: Db) {
  const of = (scope: IdempotencyScope, key: string) =>
    and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.test, scope.test), eq(idempotencyKeys.key, key));

  return {
    /**
     * Takes the key for this request (each statement its own short transaction, before the request's
     * work starts): null when the request is to be answered now, or the first answer to replay.
     * 422 when the key was used for another request; 409 while the first is still in progress.
     */
    async claim(scope: IdempotencyScope, key: string, fingerprint: string): Promise<StoredAnswer | null> {
      for (let attempt = 0; attempt < 3; attempt++) {
        // A key kept past its 24 hours is forgotten: the purge may not have come by yet.
        await db.delete(idempotencyKeys).where(and(of(scope, key), lt(idempotencyKeys.createdAt, sql`now() - ${sql.raw(IDEMPOTENCY_KEPT)}`)));
        const [taken] = await db
          .insert(idempotencyKeys)
          .values({ ...scope, key, fingerprint, lockedUntil: sql`now() + ${sql.raw(IN_PROGRESS_FOR)}` })
          .onConflictDoNothing()
          .returning({ id: idempotencyKeys.id });
        if (taken) return null;
        const [found] = await db.select().from(idempotencyKeys).where(of(scope, key));
        if (!found) continue; // forgotten meanwhile: take it again
        if (found.fingerprint !== fingerprint) throw unprocessable({ idempotency_key: REUSED }, REUSED);
        if (found.state === 'done') return { status: found.responseStatus!, type: found.responseType ?? 'application/json', body: found.responseBody ?? '' };
        // Still in progress: the request's own, or one that died holding it (taken over once its time is up).
        const [takenOver] = await db
          .update(idempotencyKeys)
          .set({ lockedUntil: sql`now() + ${sql.raw(IN_PROGRESS_FOR)}` })
          .where(and(eq(idempotencyKeys.id, found.id), eq(idempotencyKeys.state, 'in_progress'), lt(idempotencyKeys.lockedUntil, sql`now()`)))
          .returning({ id: idempotencyKeys.id });
        if (takenOver) return null;
        throw conflict(IN_PROGRESS);
      }
      throw conflict(IN_PROGRESS);
    },

    /** Keeps the answer the request was given, for its retries. */
    async record(scope: IdempotencyScope, key: string, answer: StoredAnswer): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: answer.status, responseType: answer.type, responseBody: answer.body })
        .where(and(of(scope, key), eq(idempotencyKeys.state, 'in_progress')));
    },

    /** Lets the key go (the request failed on our side): a retry is answered afresh. */
    async release(scope: IdempotencyScope, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(of(scope, key), eq(idempotencyKeys.state, 'in_progress')));
    },
  };
}

export type IdempotencyStore = ReturnType<typeof idempotencyStore>;

/** Deletes the keys kept past their 24 hours; answers how many went. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${sql.raw(IDEMPOTENCY_KEPT)}`))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}
