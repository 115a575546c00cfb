import { sql } from 'drizzle-orm';
import { integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column shapes the tables share. Not exported from index.ts: they are no tables, and the SQL they
 * make is the same as writing them out (drizzle-kit generate makes no migration of them).
 */

/** A required link to another row: `integer not null references …`; deleted with that row unless `onDelete` says otherwise. */
export const link = (name: string, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict' = 'cascade') =>
  integer(name).notNull().references(target, { onDelete });

/** A moment in time, with its time zone. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The version a staff record was read at (optimistic concurrency, as orders have it): every write
 * adds one, and a staff write that names an older one is refused (lib/record-versions.ts).
 */
export const recordVersion = (name = 'version') => integer(name).notNull().default(1);

/** When the row was made. */
export const createdAt = () => instant('created_at').notNull().defaultNow();

/** A delivery contact and address (an order's, a quote's, a saved one's): its country is each table's own column. */
export const deliveryContactColumns = () => ({
  firstname: text('firstname').notNull().default(''),
  lastname: text('lastname').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  telephone: text('telephone').notNull().default(''),
  email: text('email').notNull().default(''),
  address1: text('address1').notNull().default(''),
  address2: text('address2').notNull().default(''),
  town: text('town').notNull().default(''),
  county: text('county').notNull().default(''),
  postcode: text('postcode').notNull().default(''),
});

/**
 * The company a row belongs to (DESIGN §2 "Companies"), beside the member who made it. An insert may
 * leave it out: the database then takes the company of the row's `user_id` (the company_of_user
 * trigger, migration 0032), so every way a row is made names its company without repeating the rule.
 */
export const companyLink = (target: () => AnyPgColumn) =>
  integer('company_id')
    .notNull()
    .references(target, { onDelete: 'restrict' })
    .$defaultFn(() => sql`null`);
