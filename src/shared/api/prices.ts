import { z } from 'zod';
import { SIDES } from '../domain/pricing/engine';

/**
 * What customers see of the catalogue (DESIGN §2): never a cost, a margin or anyone else's discount.
 * Prices are whole pence after the signed-in customer's own discount.
 */

export const sidesSchema = z.enum(SIDES, { message: 'Choose single or double-sided' });

/** One quantity break of a product on a stock, priced for the signed-in customer. */
export const priceBreakSchema = z.object({ qty: z.number(), single: z.number(), double: z.number() });
export type PriceBreak = z.infer<typeof priceBreakSchema>;

/**
 * A turnaround (Saver, Standard, Express, Same day…) as customers see it (DESIGN §2 "Options and
 * turnarounds"): its working days, its price change, and whether it may be chosen now — a 0-day
 * turnaround only for an order that would start production today (before the cut-off on a working
 * day) — with the dispatch date it gives an order confirmed now (before any option's extra days).
 */
export const customerTurnaroundSchema = z.object({
  id: z.number(),
  name: z.string(),
  production_days: z.number(),
  /** Whole percent on the price (negative for a cheaper, slower service). */
  price_percent: z.number(),
  is_default: z.boolean(),
  offered: z.boolean(),
  /** YYYY-MM-DD, UK. */
  dispatch_date: z.string(),
});
export type CustomerTurnaround = z.infer<typeof customerTurnaroundSchema>;

/**
 * A finishing option on offer: what it adds to production (working days), and whether its price
 * includes a charge per item line (a set-up), which weighs most on small runs. What it adds to the
 * price is per paper and quantity (below).
 */
export const customerOptionSchema = z.object({ id: z.number(), name: z.string(), production_days: z.number(), setup_charge: z.boolean() });
export const customerOptionGroupSchema = z.object({ id: z.number(), name: z.string(), required: z.boolean(), options: z.array(customerOptionSchema) });
export type CustomerOption = z.infer<typeof customerOptionSchema>;
export type CustomerOptionGroup = z.infer<typeof customerOptionGroupSchema>;

/**
 * A paper's price grid. `breaks` are the prices at the product's default turnaround (with no option:
 * the price list as it always was); `turnarounds` the same breaks at each other active turnaround,
 * position by position; `options` what choosing one option alone adds to a break's single-sided
 * price at the default turnaround, in pence (a set-up charge included, so it is not proportional to
 * the quantity). Every figure is the shared engine's price, rounded once: never a cost or a margin.
 */
export const priceListStockSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  breaks: z.array(priceBreakSchema),
  turnarounds: z.array(z.object({ id: z.number(), single: z.array(z.number()), double: z.array(z.number()) })),
  options: z.array(z.object({ id: z.number(), adds: z.array(z.number()) })),
});
export type PriceListStock = z.infer<typeof priceListStockSchema>;

export const priceListProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Every item of it comes with a proof to approve before printing. */
  proof_required: z.boolean(),
  /** The customer's own discount on this product in percent (0 when they have none). */
  discount: z.number(),
  /** Active option groups with their active options, in the printer's order (groups with none on offer are left out). */
  option_groups: z.array(customerOptionGroupSchema),
  /** Active turnarounds, slowest first. */
  turnarounds: z.array(customerTurnaroundSchema),
  stocks: z.array(priceListStockSchema),
});
export type PriceListProduct = z.infer<typeof priceListProductSchema>;

/** GET /api/prices. `production_start`: the day an order confirmed now starts production (YYYY-MM-DD, UK); `cutoff`: today's cut-off (HH:MM, UK). */
export const priceListSchema = z.object({ production_start: z.string(), cutoff: z.string(), products: z.array(priceListProductSchema) });
export type PriceList = z.infer<typeof priceListSchema>;

/** GET /api/products: what ordering needs — products, their stocks and quantity breaks. */
export const orderableStockSchema = z.object({ id: z.number(), name: z.string(), type: z.string(), quantities: z.array(z.number()) });
export const orderableProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Grams per item (for delivery weight). */
  weight: z.number(),
  large_item: z.boolean(),
  /** Every item of it comes with a proof to approve before printing (the item's `proof_requested` cannot be turned off). */
  proof_required: z.boolean(),
  option_groups: z.array(customerOptionGroupSchema),
  turnarounds: z.array(customerTurnaroundSchema),
  stocks: z.array(orderableStockSchema),
});
export type OrderableStock = z.infer<typeof orderableStockSchema>;
export type OrderableProduct = z.infer<typeof orderableProductSchema>;
export const orderableProductsSchema = z.array(orderableProductSchema);
