import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { link, recordVersion } from './columns';

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
    /**
     * Working days from the start of production to dispatch (0 = the same day): always its default
     * turnaround's, written in the same transaction as that turnaround (catalogue/turnarounds.ts),
     * so that what reads a product's days (dispatch dates, the status banner) reads one column.
     */
    productionDays: integer('production_days').notNull().default(2),
    /** Every item of the product gets a proof the customer approves before it is printed (shared/domain/orders/proofs.ts). */
    proofRequired: boolean('proof_required').notNull().default(false),
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

/**
 * Finishing options (DESIGN §2 "Options and turnarounds"): a product's groups (Lamination, Corners…),
 * of which an item takes at most one option each, and exactly one of each required group.
 */
export const optionGroups = pgTable(
  'option_groups',
  {
    id: serial('id').primaryKey(),
    productId: link('product_id', () => products.id),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    version: recordVersion(),
  },
  (t) => [index('option_groups_product_idx').on(t.productId, t.sort, t.id), uniqueIndex('option_groups_name_unique').on(t.productId, sql`lower(${t.name})`)],
);

/**
 * One choice of a group: what it adds to the cost per printed sheet (pounds, exact as stock costs
 * are), once per item line (set-up, whole pence), and to production (working days).
 */
export const options = pgTable(
  'options',
  {
    id: serial('id').primaryKey(),
    optionGroupId: link('option_group_id', () => optionGroups.id),
    name: text('name').notNull(),
    sheetCost: numeric('sheet_cost', { precision: 12, scale: 4 }).notNull().default('0'),
    setupCost: integer('setup_cost').notNull().default(0),
    productionDays: integer('production_days').notNull().default(0),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    version: recordVersion(),
  },
  (t) => [
    index('options_group_idx').on(t.optionGroupId, t.sort, t.id),
    uniqueIndex('options_name_unique').on(t.optionGroupId, sql`lower(${t.name})`),
    check('options_costs_check', sql`${t.sheetCost} >= 0 and ${t.setupCost} >= 0`),
    check('options_production_days_check', sql`${t.productionDays} between 0 and 30`),
  ],
);

/**
 * How fast a product is made, and what that does to its price: Saver, Standard, Express, Same day….
 * Exactly one is the product's default (active), and the product's production_days is the default's.
 */
export const turnarounds = pgTable(
  'turnarounds',
  {
    id: serial('id').primaryKey(),
    productId: link('product_id', () => products.id),
    name: text('name').notNull(),
    productionDays: integer('production_days').notNull(),
    /** Whole percent on the price; negative for a cheaper, slower service. */
    pricePercent: integer('price_percent').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    version: recordVersion(),
  },
  (t) => [
    uniqueIndex('turnarounds_name_unique').on(t.productId, sql`lower(${t.name})`),
    // One default per product: the backstop of the service's rule (a second one is a 422 before it).
    uniqueIndex('turnarounds_one_default')
      .on(t.productId)
      .where(sql`${t.isDefault}`),
    check('turnarounds_production_days_check', sql`${t.productionDays} between 0 and 60`),
    check('turnarounds_price_percent_check', sql`${t.pricePercent} between -50 and 200`),
    check('turnarounds_default_active_check', sql`${t.active} or not ${t.isDefault}`),
  ],
);

export type StockRow = typeof stock.$inferSelect;
export type OptionGroupRow = typeof optionGroups.$inferSelect;
export type OptionRow = typeof options.$inferSelect;
export type TurnaroundRow = typeof turnarounds.$inferSelect;
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
