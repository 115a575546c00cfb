import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, link, companyLink } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A key of the trade API (`Authorization: Bearer pjt_live_…` or `pjt_test_…`): only its SHA-256
 * is kept, with the first characters shown to its owner to tell keys apart. A revoked key answers
 * 401 at once; it is kept (not deleted) so that the orders it placed still name it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: link('user_id', () => users.id),
    /** The company the row belongs to (the placing member's when made): it stays the company's when the member leaves. */
    companyId: companyLink(() => companies.id),
    name: text('name').notNull(),
    /** `live` orders are real; `test` orders are the sandbox's (orders.test). */
    mode: text('mode').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's prefix and first characters ("pjt_test_AbC1"), shown in the list of keys. */
    keyStart: text('key_start').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    check('api_keys_mode_check', sql`${t.mode} in ('live', 'test')`),
    index('api_keys_user_idx').on(t.userId),
    index('api_keys_company_idx').on(t.companyId),
  ],
);
