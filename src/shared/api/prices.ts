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

export const priceListStockSchema = z.object({ id: z.number(), name: z.string(), type: z.string(), breaks: z.array(priceBreakSchema) });
export type PriceListStock = z.infer<typeof priceListStockSchema>;

export const priceListProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** The customer's own discount on this product in percent (0 when they have none). */
  discount: z.number(),
  stocks: z.array(priceListStockSchema),
});
export type PriceListProduct = z.infer<typeof priceListProductSchema>;

/** GET /api/prices */
export const priceListSchema = z.object({ products: z.array(priceListProductSchema) });
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
  stocks: z.array(orderableStockSchema),
});
export type OrderableStock = z.infer<typeof orderableStockSchema>;
export type OrderableProduct = z.infer<typeof orderableProductSchema>;
export const orderableProductsSchema = z.array(orderableProductSchema);
