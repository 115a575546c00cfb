import { z } from 'zod';
import { decimalProblem, formatScaled, parseScaled, PERCENT_DECIMALS, UNIT_COST_DECIMALS } from '../domain/pricing/decimal';
import { DISCOUNT_MAX, MARGIN_MAX } from '../domain/pricing/engine';
import { idSchema, wholeNumberSchema as wholeField, optionalText, recordVersionSchema, requiredText } from './common';

/**
 * The staff catalogue (DESIGN §2 "Catalogue and prices", §3): stock, products, margins and each
 * customer's terms, as /api/admin/{stock,products,margins,user-prices,user-products} speak them.
 * Unit costs travel as decimal strings of pounds ("0.0450"); percentages as numbers (37.5).
 */

const text = requiredText;
export const flag = z.boolean({ message: 'Choose yes or no' });
const numberLike = (message: string) => z.union([z.number(), z.string()], { message });

/** A non-negative decimal with at most `decimals` places and at most `max`, as its canonical decimal string. */
function decimalField(label: string, decimals: number, max: number, rangeMessage?: string) {
  return numberLike(`${label} is required`)
    .superRefine((value, ctx) => {
      const problem = decimalProblem(value, decimals);
      if (problem) return void ctx.addIssue({ code: 'custom', message: rangeMessage && problem === 'Must not be negative' ? rangeMessage : problem });
      if (parseScaled(value, decimals) > BigInt(max) * 10n ** BigInt(decimals)) ctx.addIssue({ code: 'custom', message: rangeMessage ?? `At most ${max}` });
    })
    .transform((value) => formatScaled(parseScaled(value, decimals), decimals));
}

/** Unit cost per sheet: pounds, 0 – 10,000, up to 4 decimal places → "0.0450". */
export const unitCostField = (label: string) => decimalField(label, UNIT_COST_DECIMALS, 10_000, undefined);
/** Margin percent 0–1000 (2 places) → "45.00". */
export const marginField = decimalField('Margin', PERCENT_DECIMALS, MARGIN_MAX, `The margin must be between 0 and ${MARGIN_MAX} %`);
/** Discount percent 0–100 (2 places) → "12.50". */
export const discountField = decimalField('Discount', PERCENT_DECIMALS, DISCOUNT_MAX, `The discount must be between 0 and ${DISCOUNT_MAX} %`);
/** A quantity break: a positive whole number. */
export const qtyField = wholeField('Quantity', 1, 10_000_000, 'The quantity must be a positive whole number');
/** A record id: a positive int4, as a number or a string of digits only. */
const refId = (label: string) => idSchema(`Choose a ${label.toLowerCase()}`);
const sortOrderField = wholeField('Sort order', 0, 1_000_000);

/**
 * A PUT's fields from a POST's: each optional and without its default, so that a key left out
 * changes nothing (text whose POST default is '' still takes the null a cleared input sends).
 */
export function updateFieldsOf<Shape extends Record<string, z.ZodType>>(fields: Shape) {
  type Updatable<F extends z.ZodType> = z.ZodOptional<F extends z.ZodDefault<infer Inner extends z.ZodType> ? Inner : F>;
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional()]),
  ) as {
    [K in keyof Shape]: Updatable<Shape[K]>;
  };
}

// ——— Stock ———

export const stockFields = {
  name: text('Name', 120),
  type: optionalText(60),
  sheet_cost: unitCostField('Sheet cost'),
  single_cost: unitCostField('Single-sided cost'),
  double_cost: unitCostField('Double-sided cost'),
  active: flag.optional().default(true),
  sort_order: sortOrderField.optional(),
};
export const stockCreateSchema = z.object(stockFields);
/** PUT: every field optional; unknown and read-only keys (id, product_count) are dropped. */
export const stockUpdateSchema = z.object(updateFieldsOf(stockFields));
export type StockInput = z.input<typeof stockCreateSchema>;

export const stockRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  sheet_cost: z.string(),
  single_cost: z.string(),
  double_cost: z.string(),
  sort_order: z.number(),
  active: z.boolean(),
  /** How many products are made on it (read-only; a stock in use cannot be deleted). */
  product_count: z.number(),
  /** The version it was read at: sent back with a change (a stale one answers 409). */
  version: z.number(),
});
export type StockRecord = z.infer<typeof stockRecordSchema>;

// ——— Products ———

/** Bleed wanted beyond the trim on every side unless a product says otherwise (DESIGN §2). */
export const DEFAULT_BLEED_MM = 3;

/** Stock ids linked to a product: each once. */
export const stockIdsField = z
  .array(refId('Stock'), { message: 'Choose the stocks as a list' })
  .max(200, 'At most 200 stocks')
  .superRefine((ids, ctx) => {
    const seen = new Set<number>();
    ids.forEach((id) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', message: 'Each stock can be linked only once' });
      seen.add(id);
    });
  });

export const productFields = {
  name: text('Name', 120),
  description: optionalText(2000),
  multiplier: wholeField('Items per sheet', 1, 100_000),
  weight: decimalField('Weight', 3, 100_000),
  large_item: flag.optional().default(false),
  restricted: flag.optional().default(false),
  active: flag.optional().default(true),
  sort_order: sortOrderField.optional(),
  stock_ids: stockIdsField.optional().default([]),
  /** The finished size in mm (for folded work, the flat size): artwork is checked against it. */
  trim_width_mm: wholeField('Trim width', 10, 2000, 'The trim width must be a whole number of millimetres from 10 to 2000'),
  trim_height_mm: wholeField('Trim height', 10, 2000, 'The trim height must be a whole number of millimetres from 10 to 2000'),
  bleed_mm: wholeField('Bleed', 0, 20, 'The bleed must be a whole number of millimetres from 0 to 20').optional().default(DEFAULT_BLEED_MM),
  /** Working days from the start of production to dispatch (0 = the same day). */
  production_days: wholeField('Production days', 0, 60, 'Production takes a whole number of working days from 0 to 60'),
  /** Every item of it comes with a proof the customer approves before it is printed. */
  proof_required: flag.optional().default(false),
};
export const productCreateSchema = z.object(productFields);
export const productUpdateSchema = z.object(updateFieldsOf(productFields));
export type ProductInput = z.input<typeof productCreateSchema>;

export const productRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  multiplier: z.number(),
  /** Grams per item, up to 3 decimal places. */
  weight: z.number(),
  large_item: z.boolean(),
  restricted: z.boolean(),
  sort_order: z.number(),
  active: z.boolean(),
  stock_ids: z.array(z.number()),
  trim_width_mm: z.number(),
  trim_height_mm: z.number(),
  bleed_mm: z.number(),
  production_days: z.number(),
  proof_required: z.boolean(),
  version: z.number(),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;

/** POST /api/admin/{stock,products}/reorder: ids in their new order (others keep theirs, after). */
export const reorderSchema = z.object({
  ids: z
    .array(refId('Record'), { message: 'Send the ids in their new order' })
    .min(1, 'Send the ids in their new order')
    .max(10_000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once'),
});
export type ReorderInput = z.input<typeof reorderSchema>;

// ——— Margins (quantity breaks of a product on a stock) ———

export const marginCreateSchema = z.object({
  product_id: refId('Product'),
  stock_id: refId('Stock'),
  qty: qtyField,
  margin: marginField,
});
export const marginUpdateSchema = z.object({ qty: qtyField.optional(), margin: marginField.optional() });
export type MarginInput = z.input<typeof marginCreateSchema>;

export const marginRecordSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  stock_id: z.number(),
  qty: z.number(),
  margin: z.number(),
  version: z.number(),
});
export type MarginRecord = z.infer<typeof marginRecordSchema>;

/** PUT /api/admin/products/{id}/stock/{stockId}/margins: the pair's whole break table at once. */
export const marginRowsSchema = z.object({
  rows: z
    .array(z.object({ qty: qtyField, margin: marginField }), { message: 'Send the quantity breaks as a list' })
    .max(100, 'At most 100 quantity breaks')
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, i) => {
        if (seen.has(row.qty)) ctx.addIssue({ code: 'custom', path: [i, 'qty'], message: 'This quantity is already a break' });
        seen.add(row.qty);
      });
    }),
  /** The version of the pair's table the page read (`MarginPair.version`): a stale one answers 409. */
  version: recordVersionSchema,
});
export type MarginRowsInput = z.input<typeof marginRowsSchema>;

/** What the margins page needs: the pair (with costs — staff only) and its breaks. */
export const marginPairSchema = z.object({
  product: productRecordSchema,
  stock: stockRecordSchema,
  margins: z.array(marginRecordSchema),
  /** The version of the pair's table of breaks, sent back when it is saved. */
  version: z.number(),
});
export type MarginPair = z.infer<typeof marginPairSchema>;

// ——— Customer terms ———

export const userPriceCreateSchema = z.object({ user_id: refId('Customer'), product_id: refId('Product'), discount: discountField });
export const userPriceUpdateSchema = z.object({ discount: discountField.optional(), product_id: refId('Product').optional() });
export type UserPriceInput = z.input<typeof userPriceCreateSchema>;
export const userPriceRecordSchema = z.object({ id: z.number(), user_id: z.number(), product_id: z.number(), discount: z.number(), version: z.number() });
export type UserPriceRecord = z.infer<typeof userPriceRecordSchema>;

/** /api/admin/user-products/{userId}: the restricted products a customer may order (id is the user's). */
export const userProductsUpdateSchema = z.object({
  product_ids: z
    .array(refId('Product'), { message: 'Choose the products as a list' })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each product can be linked only once'),
});
export const userProductsRecordSchema = z.object({ id: z.number(), product_ids: z.array(z.number()), version: z.number() });
export type UserProductsRecord = z.infer<typeof userProductsRecordSchema>;
