import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { recordVersion } from './columns';

/**
 * Paper the printer runs. Costs are per printed sheet in pounds, kept exact as numeric with four
 * decimal places (hundredths of a penny): the paper, and printing one side or both.
 */
export const stock = pgTable(
  'stock',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Finish or family shown beside the name, e.g. Silk, Matt, Gloss, Uncoated. */
    type: text('type').notNull().default(''),
    sheetCost: numeric('sheet_cost', { precision: 12, scale: 4 }).notNull().default('0'),
    singleCost: numeric('single_cost', { precision: 12, scale: 4 }).notNull().default('0'),
    doubleCost: numeric('double_cost', { precision: 12, scale: 4 }).notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: recordVersion(),
  },
  (t) => [
    index('stock_sort_idx').on(t.sortOrder, t.id),
    check('stock_costs_check', sql`${t.sheetCost} >= 0 and ${t.singleCost} >= 0 and ${t.doubleCost} >= 0`),
  ],
);

/** What is printed: its items per sheet (multiplier) and weight per item decide sheets and postage. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Items per printed sheet. */
    multiplier: integer('multiplier').notNull(),
    /** Grams per item. */
    weight: numeric('weight', { precision: 10, scale: 3 }).notNull().default('0'),
    largeItem: boolean('large_item').notNull().default(false),
    /** Only users linked in user_products see and order a restricted product. */
    restricted: boolean('restricted').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The finished size in mm (for folded work, the flat size); artwork is preflighted against it. Rows from before it existed are A4. */
    trimWidthMm: integer('trim_width_mm').notNull().default(210),
    trimHeightMm: integer('trim_height_mm').notNull().default(297),
    bleedMm: integer('bleed_mm').notNull().default(3),
    /** Working days from the start of production to dispatch (0 = the same day). */
    productionDays: integer('production_days').notNull().default(2),
    version: recordVersion(),
  },
  (t) => [
    index('products_sort_idx').on(t.sortOrder, t.id),
    check('products_multiplier_check', sql`${t.multiplier} > 0`),
    check('products_weight_check', sql`${t.weight} >= 0`),
    check('products_size_check', sql`${t.trimWidthMm} between 10 and 2000 and ${t.trimHeightMm} between 10 and 2000 and ${t.bleedMm} between 0 and 20`),
    check('products_production_days_check', sql`${t.productionDays} between 0 and 60`),
  ],
);

/** The stocks a product can be made on. */
export const productsStock = pgTable(
  'products_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // A stock in use cannot be deleted (the service answers 409 first; this is the backstop).
    stockId: integer('stock_id')
      .notNull()
      .references(() => stock.id, { onDelete: 'restrict' }),
    /** The version of the pair's table of margins (the margins page saves it whole): any change to its breaks adds one. */
    marginsVersion: recordVersion('margins_version'),
  },
  (t) => [primaryKey({ name: 'products_stock_pkey', columns: [t.productId, t.stockId] }), index('products_stock_stock_idx').on(t.stockId)],
);

/** Quantity breaks of a product on a stock, each with its margin in percent. */
export const stockMargins = pgTable(
  'stock_margins',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    stockId: integer('stock_id').notNull(),
    qty: integer('qty').notNull(),
    margin: numeric('margin', { precision: 6, scale: 2 }).notNull(),
    version: recordVersion(),
  },
  (t) => [
    // Margins exist only for a linked pair; unlinking the stock removes them.
    foreignKey({ name: 'stock_margins_pair_fk', columns: [t.productId, t.stockId], foreignColumns: [productsStock.productId, productsStock.stockId] }).onDelete(
      'cascade',
    ),
    unique('stock_margins_pair_qty_unique').on(t.productId, t.stockId, t.qty),
    check('stock_margins_qty_check', sql`${t.qty} > 0`),
    check('stock_margins_margin_check', sql`${t.margin} >= 0 and ${t.margin} <= 1000`),
  ],
);

export type StockRow = typeof stock.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type StockMarginRow = typeof stockMargins.$inferSelect;

/**
 * One row whose version goes up in the same transaction as every catalogue change (stock, products,
 * links, margins). API instances cache the priced catalogue per version, so a change made through
 * any instance is seen by all of them at their next request.
 */
export const catalogueState = pgTable(
  'catalogue_state',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('catalogue_state_single_row', sql`${t.id} = 1`)],
);
