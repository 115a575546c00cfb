import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, companies, users } from '../../db/schema';
import { notFound } from '../../lib/domain-errors';
import { randomToken, sha256 } from '../../lib/tokens';
import type { TradeCaller } from '../../lib/trade-api';

export type ApiKeyMode = TradeCaller['mode'];

/**
 * `pjt_live_` or `pjt_test_`, then 32 random bytes (base64url, 43 characters): the mode shows in
 * the key itself, so a reseller (and a secret scanner) can tell a live key from a test key at a glance.
 */
const KEY_FORMAT = /^pjt_(live|test)_[A-Za-z0-9_-]{43}$/;
/** How many characters of a key stay readable in the list of keys (its prefix and four more). */
const SHOWN = 'pjt_live_'.length + 4;
/** A key's last use is written at most once a minute: a busy integration does not write on every call. */
const LAST_USED_EVERY = "interval '1 minute'";

export interface ApiKeyRow {
  id: number;
  name: string;
  mode: ApiKeyMode;
  key_start: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const shown = (row: typeof apiKeys.$inferSelect): ApiKeyRow => ({
  id: row.id,
  name: row.name,
  mode: row.mode as ApiKeyMode,
  key_start: row.keyStart,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/**
 * Trade API keys: made (the key shown once), listed, revoked, and the caller a request's key names.
 * A key belongs to a company (its owners manage them); it names the owner who made it.
 */
export function apiKeysService(db: Db) {
  return {
    /**
     * A new key of the owner's company (the database gives the key the company of the owner who
     * makes it); the key itself is in this answer only (only its SHA-256 is kept).
     */
    async create(userId: number, input: { name: string; mode: ApiKeyMode }): Promise<ApiKeyRow & { key: string }> {
      const key = `pjt_${input.mode}_${randomToken(32)}`;
      const [row] = await db
        .insert(apiKeys)
        .values({ userId, name: input.name, mode: input.mode, keyHash: sha256(key), keyStart: key.slice(0, SHOWN) })
        .returning();
      return { ...shown(row), key };
    },

    /** The company's payment terms as they are now (`card` companies may not have keys: an API order cannot stop to take a card). */
    async paymentTerms(companyId: number): Promise<string | null> {
      const [row] = await db.select({ terms: companies.paymentTerms }).from(companies).where(eq(companies.id, companyId));
      return row?.terms ?? null;
    },

    /** The company's keys, live ones first then newest first; revoked keys stay listed (the orders they placed name them). */
    async list(companyId: number): Promise<ApiKeyRow[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.companyId, companyId))
        .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.id));
      return rows.map(shown);
    },

    /** Revokes a key of the company at once (another company's key is not found); revoking twice keeps the first time. */
    async revoke(companyId: number, id: number): Promise<ApiKeyRow> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId)))
        .returning();
      if (!row) throw notFound('No such API key.');
      return shown(row);
    },

    /**
     * The caller a key names, or null for a malformed, unknown or revoked key, or one whose maker is
     * gone or has left the key's company. Read from the database on every request (no cache), so a
     * revocation holds at once on every instance.
     */
    async authenticate(key: string): Promise<TradeCaller | null> {
      if (!KEY_FORMAT.test(key)) return null;
      const [found] = await db
        .select({ key: apiKeys, user: users, company: companies })
        .from(apiKeys)
        .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.companyId, apiKeys.companyId)))
        .innerJoin(companies, eq(companies.id, apiKeys.companyId))
        .where(and(eq(apiKeys.keyHash, sha256(key)), isNull(apiKeys.revokedAt), isNull(users.deletedAt)))
        .limit(1);
      if (!found) return null;
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(apiKeys.id, found.key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${sql.raw(LAST_USED_EVERY)}`))));
      return { keyId: found.key.id, mode: found.key.mode as ApiKeyMode, user: found.user, company: found.company };
    },
  };
}

export type ApiKeysService = ReturnType<typeof apiKeysService>;
