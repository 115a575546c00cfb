import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, deliveryContactColumns, instant, link, companyLink } from './columns';
import { countries } from './countries';
import { companies } from './companies';
import { users } from './users';

/**
 * A customer's saved delivery address (DESIGN §2 "Addresses"): the same contact and address fields
 * an order's delivery address has, so one is copied onto a basket (or named by `address_id` on the
 * trade API) as it is. At most one per customer is the default: the partial unique index holds it
 * even when two writes race.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: link('user_id', () => users.id),
    /** The company the row belongs to (the placing member's when made): it stays the company's when the member leaves. */
    companyId: companyLink(() => companies.id),
    ...deliveryContactColumns(),
    // A country staff withdraw keeps its id (countries are switched off, never deleted).
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.id),
    index('addresses_company_idx').on(t.companyId, t.id),
    // The company's members share its addresses, and its one default.
    uniqueIndex('addresses_one_default_idx')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
