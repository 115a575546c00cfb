import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
     * What the staff list's free-text search looks in: name, e-mail, postcode and town, lower-cased
     * (the company's name is the company's: staff search looks there as well, users/search.ts).
     * Kept by the database; trigram-indexed on PostgreSQL (migration 0002).
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(firstname || ' ' || lastname || ' ' || email || ' ' || postcode || ' ' || town)`),
  },
  (t) => [
    uniqueIndex('users_email_live_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.role),
    index('users_company_idx').on(t.companyId, t.id),
    check('users_company_role_check', sql`${t.companyRole} in ('owner', 'buyer', 'viewer')`),
    check('users_approval_limit_check', sql`${t.approvalLimit} is null or ${t.approvalLimit} >= 0`),
    index('users_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    check('users_role_check', sql`${t.role} in ('none', 'user', 'trade', 'admin')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
