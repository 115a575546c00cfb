import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { recordVersion } from './columns';
import { countries } from './countries';

/** A delivery service: a carrier's service (its code, e.g. Royal Mail's TPN24), a courier, or collection. */
export const deliveryTypes = pgTable(
  'delivery_types',
  {
    id: serial('id').primaryKey(),
    /** The carrier's service code (Royal Mail's Click & Drop service code for `royalmail`). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    carrier: text('carrier').notNull(),
    /** Carries large items (posters sent flat); an order with one needs such a service. */
    largeItem: boolean('large_item').notNull().default(false),
    /** Working days in transit, for the delivery estimate. */
    transitDays: integer('transit_days').notNull().default(1),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: recordVersion(),
  },
  (t) => [
    index('delivery_types_sort_idx').on(t.sortOrder, t.id),
    check('delivery_types_carrier_check', sql`${t.carrier} in ('royalmail', 'courier', 'collection')`),
    check('delivery_types_transit_days_check', sql`${t.transitDays} between 0 and 60`),
  ],
);

/** Where each delivery type is offered. */
export const deliveryTypesCountries = pgTable(
  'delivery_types_countries',
  {
    deliveryTypeId: integer('delivery_type_id')
      .notNull()
      .references(() => deliveryTypes.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'delivery_types_countries_pkey', columns: [t.deliveryTypeId, t.countryId] }),
    index('delivery_types_countries_country_idx').on(t.countryId),
  ],
);

/** Weight bands of a delivery type: the price (pence) of a parcel up to `weight_upto` grams. */
export const deliveryPrices = pgTable(
  'delivery_prices',
  {
    id: serial('id').primaryKey(),
    deliveryTypeId: integer('delivery_type_id')
      .notNull()
      .references(() => deliveryTypes.id, { onDelete: 'cascade' }),
    weightUpto: integer('weight_upto').notNull(),
    price: integer('price').notNull(),
    version: recordVersion(),
  },
  (t) => [
    unique('delivery_prices_type_weight_unique').on(t.deliveryTypeId, t.weightUpto),
    check('delivery_prices_weight_check', sql`${t.weightUpto} > 0`),
    check('delivery_prices_price_check', sql`${t.price} >= 0`),
  ],
);

/** Days the works is closed (bank holidays): not working days for production or transit. */
export const closedDays = pgTable(
  'closed_days',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    version: recordVersion(),
  },
  (t) => [unique('closed_days_date_unique').on(t.date)],
);

export type DeliveryTypeRow = typeof deliveryTypes.$inferSelect;
export type DeliveryPriceRow = typeof deliveryPrices.$inferSelect;
export type ClosedDayRow = typeof closedDays.$inferSelect;
