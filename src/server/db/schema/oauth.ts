import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, link } from './columns';
import { users } from './users';

/**
 * A social sign-in account linked to a user: found by the provider's subject, never by
 * e-mail. One account per provider per user; a user may have several providers.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: link('user_id', () => users.id),
    /** The provider's name in the API: google, microsoft, github, oidc. */
    provider: text('provider').notNull(),
    /** The provider's stable id of the account (`sub`; GitHub's numeric user id). */
    subject: text('subject').notNull(),
    /** The verified address the provider gave when the account was linked (shown on the profile page). */
    email: text('email').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_unique').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider_unique').on(t.userId, t.provider),
  ],
);

export type UserIdentityRow = typeof userIdentities.$inferSelect;

/**
 * One social sign-in under way, from `POST /api/oauth/{provider}` to its callback, then (when the
 * pop-up was blocked) to the hand-off of its result to the page: single use, about ten minutes.
 * The provider's own tokens are never kept.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: serial('id').primaryKey(),
    /** The `state` sent to the provider; the callback finds its flow by it. */
    state: text('state').notNull().unique(),
    provider: text('provider').notNull(),
    /** SHA-256 of the random value of the browser's HttpOnly `oauth_flow` cookie: the flow ends in the browser that began it. */
    browserHash: text('browser_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    remember: boolean('remember').notNull().default(false),
    /** `popup` (the result is posted to the opener) or `redirect` (the pop-up was blocked: a one-time code for the page). */
    display: text('display').notNull(),
    /** Set when the flow links a provider to this signed-in user; null for sign-in. */
    linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** After the callback of a redirect flow: SHA-256 of the one-time code the page exchanges, and what it gets. */
    handoffHash: text('handoff_hash').unique(),
    resultUserId: integer('result_user_id').references(() => users.id, { onDelete: 'cascade' }),
    resultError: text('result_error'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('oauth_flows_expires_idx').on(t.expiresAt)],
);

export type OAuthFlowRow = typeof oauthFlows.$inferSelect;
