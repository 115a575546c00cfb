import { boolean, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, link } from './columns';
import { users } from './users';

/** The columns of a secret token given to one user: only its SHA-256 is kept. */
const userToken = () => ({
  id: serial('id').primaryKey(),
  userId: link('user_id', () => users.id),
  tokenHash: text('token_hash').notNull().unique(),
});

/** A signed-in browser. Only the SHA-256 of its bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    ...userToken(),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** A password-reset request: hashed, single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    ...userToken(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
