import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, primaryKey, serial, unique } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { link, recordVersion } from './columns';
import { users } from './users';

/** A customer's price agreement: a discount in percent on one product. */
export const userPrices = pgTable(
  'user_prices',
  {
    id: serial('id').primaryKey(),
    userId: link('user_id', () => users.id),
    productId: link('product_id', () => products.id),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull(),
    version: recordVersion(),
  },
  (t) => [
    unique('user_prices_user_product_unique').on(t.userId, t.productId),
    index('user_prices_product_idx').on(t.productId),
    check('user_prices_discount_check', sql`${t.discount} >= 0 and ${t.discount} <= 100`),
  ],
);

/** Restricted products a customer may see and order. */
export const userProducts = pgTable('user_products', { userId: link('user_id', () => users.id), productId: link('product_id', () => products.id) }, (t) => [
  primaryKey({ name: 'user_products_pkey', columns: [t.userId, t.productId] }),
  index('user_products_product_idx').on(t.productId),
]);

export type UserPriceRow = typeof userPrices.$inferSelect;
