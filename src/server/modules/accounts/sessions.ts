import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, sessions, users } from '../../db/schema';
import type { CurrentSession } from '../../lib/auth';
import { randomToken, sha256 } from '../../lib/tokens';

const DAY = 24 * 60 * 60 * 1000;
/** DESIGN §2: 365 days absolute with remember, 24 hours absolute without. */
export const SESSION_LIFETIME_MS = { remember: 365 * DAY, session: DAY } as const;
// last_used_at is informational; writing it on every request would double the cost of each call.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

/**
 * Resolved sessions, kept for one second. Under load almost every request is answered without a
 * database round trip; a session ended here is forgotten at once, one ended by another instance
 * (or the CLI) at most SESSION_CACHE_TTL_MS later. Process-wide, so that a store bound to a
 * transaction forgets in the same cache.
 */
export const SESSION_CACHE_TTL_MS = 1000;
const CACHE_MAX = 10_000;
const cache = new Map<string, { value: CurrentSession; expiresAt: number; until: number }>();
/** Lookups under way: requests arriving together with one token (a page's parallel calls) share one. */
const inFlight = new Map<string, Promise<CurrentSession | null>>();

function forget(match: (s: CurrentSession) => boolean): void {
  for (const [key, entry] of cache) if (match(entry.value)) cache.delete(key);
}

/** Drops a user's cached sessions so the next request reads them (and the user) afresh. */
export function forgetUserSessions(userId: number): void {
  forget((s) => s.user.id === userId);
}

/** Drops the cached sessions of a company's members: a change to the company shows on their next request. */
export function forgetCompanySessions(companyId: number): void {
  forget((s) => s.user.companyId === companyId);
}

export function sessionStore(db: Db) {
  /** The session and its user from the database, then kept for SESSION_CACHE_TTL_MS. */
  async function read(tokenHash: string, now: number): Promise<CurrentSession | null> {
    const [row] = await db
      .select({ session: sessions, user: users, company: companies })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date(now)), isNull(users.deletedAt)))
      .limit(1);
    if (!row) {
      cache.delete(tokenHash);
      return null;
    }
    if (now - row.session.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
      await db
        .update(sessions)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(sessions.id, row.session.id));
    }
    const value = { sessionId: row.session.id, user: row.user, company: row.company };
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(tokenHash, { value, expiresAt: row.session.expiresAt.getTime(), until: now + SESSION_CACHE_TTL_MS });
    return value;
  }

  return {
    async create(userId: number, remember: boolean, userAgent = ''): Promise<string> {
      const token = randomToken(32);
      const lifetime = remember ? SESSION_LIFETIME_MS.remember : SESSION_LIFETIME_MS.session;
      await db.insert(sessions).values({
        userId,
        tokenHash: sha256(token),
        remember,
        userAgent: userAgent.slice(0, 300),
        expiresAt: new Date(Date.now() + lifetime),
      });
      return token;
    },

    /**
     * The session of a token: a cached one at once (no promise: the auth hook answers it in the
     * same tick), else a promise of the database's answer.
     */
    lookup(token: string): CurrentSession | Promise<CurrentSession | null> {
      const tokenHash = sha256(token);
      const now = Date.now();
      const hit = cache.get(tokenHash);
      if (hit && hit.until > now && hit.expiresAt > now) return hit.value;
      let pending = inFlight.get(tokenHash);
      if (!pending) {
        pending = read(tokenHash, now).finally(() => inFlight.delete(tokenHash));
        inFlight.set(tokenHash, pending);
      }
      return pending;
    },

    async end(sessionId: number): Promise<void> {
      forget((s) => s.sessionId === sessionId);
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of a user, or every one but `keep` (the browser that changed the password). */
    async endAllFor(userId: number, keep?: number): Promise<void> {
      forgetUserSessions(userId);
      await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
    },

    /** Deletes sessions past their expiry (modules/accounts/purge.ts runs it on a schedule); answers how many. */
    async purgeExpired(): Promise<number> {
      const gone = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
      return gone.length;
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
