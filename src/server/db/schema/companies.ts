import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, recordVersion } from './columns';
import { countries } from './countries';

/**
 * A customer's company (DESIGN §2 "Companies"): what its members share — its name, logo and address,
 * its payment terms and credit, the blind-dispatch default, and its orders, invoices, quotes, tickets,
 * addresses, API keys and webhooks (each of those rows names the company as well as the member who
 * made it, so a member who leaves leaves them behind). Every account belongs to exactly one: an account
 * made without one owns a new company of its own (the users_company trigger, migration 0032).
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    /** The stored file of the logo its blind-dispatched work goes out under; null for none. */
    logo: text('logo'),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    town: text('town').notNull().default(''),
    county: text('county').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    /** `card` (pays when confirming) or `account` (invoiced): shared/domain/payments/terms.ts. */
    paymentTerms: text('payment_terms').notNull().default('account'),
    /** Pence; null: no limit. */
    creditLimit: integer('credit_limit'),
    /** Days an invoice on account is due after its date. */
    creditDays: integer('credit_days').notNull().default(30),
    /** A new basket of a member is sent blind unless they untick it. */
    blindDispatch: boolean('blind_dispatch').notNull().default(false),
    /** Pence: the approval limit of every buyer who has none of their own; null: none. */
    approvalLimit: integer('approval_limit'),
    createdAt: createdAt(),
    version: recordVersion(),
  },
  (t) => [
    check('companies_payment_terms_check', sql`${t.paymentTerms} in ('card', 'account')`),
    check('companies_credit_limit_check', sql`${t.creditLimit} is null or ${t.creditLimit} >= 0`),
    check('companies_approval_limit_check', sql`${t.approvalLimit} is null or ${t.approvalLimit} >= 0`),
    check('companies_credit_days_check', sql`${t.creditDays} between 0 and 365`),
    // Staff search finds an account by its company's name (users/search.ts), as it did by its own.
    index('companies_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('companies_logo_idx')
      .on(t.logo)
      .where(sql`${t.logo} is not null`),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;

/**
 * An owner's invitation of a colleague (DESIGN §2 "Companies"): the link carries a random token of
 * which only the hash is kept; it is good once, for seven days, and only while not withdrawn.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Stored lower-case. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** Pence; the buyer's approval limit to start with (null: the company's rule for all buyers). */
    approvalLimit: integer('approval_limit'),
    /** The owner who invited. */
    invitedBy: integer('invited_by'),
    /** sha256 of the link's token, hex. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    /** The account that accepted it. */
    acceptedBy: integer('accepted_by'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_unique').on(t.tokenHash),
    index('company_invitations_company_idx').on(t.companyId, t.id),
    // At most one open invitation per company and address: inviting again renews it.
    uniqueIndex('company_invitations_open_unique')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('company_invitations_role_check', sql`${t.role} in ('owner', 'buyer', 'viewer')`),
    check('company_invitations_limit_check', sql`${t.approvalLimit} is null or ${t.approvalLimit} >= 0`),
  ],
);

export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;
