import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { CurrentSession } from '../../lib/auth';
import { randomToken, sha256 } from '../../lib/tokens';

const DAY = 24 * 60 * 60 * 1000;
/** DESIGN §2: 365 days absolute with remember, 24 hours absolute without. */
export const SESSION_LIFETIME_MS = { remember: 365 * DAY, session: DAY } as const;
// last_used_at is informational; writing it on every request would double the cost of each call.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export function sessionStore(db: Db) {
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

    async resolve(token: string): Promise<CurrentSession | null> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date()), isNull(users.deletedAt)))
        .limit(1);
      if (!row) return null;
      if (Date.now() - row.session.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
        await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.session.id));
      }
      return { sessionId: row.session.id, user: row.user };
    },

    async end(sessionId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of a user, or every one but `keep` (the browser that changed the password). */
    async endAllFor(userId: number, keep?: number): Promise<void> {
      await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
