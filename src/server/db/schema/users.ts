import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordVersion } from './columns';
import { companies } from './companies';
import { countries } from './countries';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case; unique among accounts that are not deleted. */
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash`; null for social-only accounts. */
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('user'),
    title: text('title').notNull().default(''),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    companyName: text('company_name').notNull().default(''),
    companyLogo: text('company_logo'),
    telephone: text('telephone').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    town: text('town').notNull().default(''),
    county: text('county').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id),
    /** The account's company; left out of an insert, a new company of the account's own (it is its owner). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' })
      .$defaultFn(() => sql`null`),
    /** `owner` (everything: members, billing), `buyer` (orders, up to the approval limit), `viewer` (reads only). */
    companyRole: text('company_role').notNull().default('owner'),
    /** Pence: a buyer's confirmation above it waits for an owner's approval; null: the company's limit for all buyers. */
    approvalLimit: integer('approval_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The staff record's version: a change to the account's details, role or logo adds one. */
    version: recordVersion(),
    /** The version of the restricted products the customer may order (the user-products record), kept apart so that neither part's save makes the other stale. */
    productLinksVersion: recordVersion('product_links_version'),
    /**
     * When staff were e-mailed that this account awaits approval (the hourly digest to STAFF_EMAIL);
     * null while an account awaiting approval has not been in a digest yet.
     */
    approvalNotifiedAt: timestamp('approval_notified_at', { withTimezone: true }),
    /**
     * `card` (pays when confirming) or `account` (invoiced). Accounts made before payment terms
     * existed order on account, as they did; a new account gets DEFAULT_PAYMENT_TERMS (config.ts).
     */
    paymentTerms: text('payment_terms').notNull().default('account'),
    /** Pence; null: no limit. */
    creditLimit: integer('credit_limit'),
    /** Days an invoice on account is due after its date. */
    creditDays: integer('credit_days').notNull().default(30),
    /** A new basket of this account is sent blind (orders.blind_dispatch) unless the customer unticks it. */
    blindDispatch: boolean('blind_dispatch').notNull().default(false),
    /**
     * What the staff list's free-text search looks in: name, company, e-mail, postcode
     * and town, lower-cased. Kept by the database; trigram-indexed on PostgreSQL (migration 0002).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(firstname || ' ' || lastname || ' ' || company_name || ' ' || email || ' ' || postcode || ' ' || town)`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_live_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.role),
    index('users_company_idx').on(t.companyId, t.id),
    check('users_company_role_check', sql`${t.companyRole} in ('owner', 'buyer', 'viewer')`),
    check('users_approval_limit_check', sql`${t.approvalLimit} is null or ${t.approvalLimit} >= 0`),
    // The logo route asks whether a live account names a file (a deleted user's logo is not served).
    index('users_company_logo_idx')
      .on(t.companyLogo)
      .where(sql`${t.companyLogo} is not null`),
    index('users_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    check('users_role_check', sql`${t.role} in ('none', 'user', 'trade', 'admin')`),
    check('users_payment_terms_check', sql`${t.paymentTerms} in ('card', 'account')`),
    check('users_credit_limit_check', sql`${t.creditLimit} is null or ${t.creditLimit} >= 0`),
    check('users_credit_days_check', sql`${t.creditDays} between 0 and 365`),
  ],
);

export type UserRow = typeof users.$inferSelect;
