import { z } from 'zod';
import { CARRIERS } from '../domain/delivery/delivery';
import { SIDES } from '../domain/pricing/engine';
import { INVOICE_STATES } from '../domain/payments/invoice-state';
import { idSchema, textSchema, wholeNumberSchema } from './common';
import { itemFields, ORIENTATIONS } from './orders';
import { customerOptionGroupSchema, customerTurnaroundSchema } from './prices';

/*
 * The trade API's catalogue, quotes and invoices (DESIGN §3 "Trade API"). Money is integer pence
 * (1234 is £12.34), excluding VAT unless a field says otherwise; days are UK civil dates (YYYY-MM-DD).
 */

/** A paper of a product with its quantity breaks and their prices for this account. */
export const tradeStockSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().describe('The kind of paper, e.g. "Silk", "Uncoated"'),
  price_breaks: z
    .array(
      z.object({
        qty: z.number().int().describe('A quantity that may be ordered: only these quantities are accepted'),
        single: z.number().int().describe('Pence for the whole quantity, single-sided'),
        double: z.number().int().describe('Pence for the whole quantity, double-sided'),
      }),
    )
    .describe(
      'The quantities offered on this paper, at the default turnaround with no option, after your discount. POST /quotes gives the exact price of a choice',
    ),
  option_prices: z
    .array(z.object({ option_id: z.number().int(), adds: z.array(z.number().int()).describe('Pence added, position by position with `price_breaks`') }))
    .describe('What choosing one option alone adds to each break’s single-sided price (a set-up charge included)'),
});

/** `GET /products`: one product this account may order. */
export const tradeProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  trim_size: z.object({ width_mm: z.number(), height_mm: z.number() }).describe('The finished size; artwork is this plus the bleed on every edge'),
  bleed_mm: z.number().describe('Bleed on every edge that the artwork must carry'),
  weight_grams: z.number().describe('Weight of one item: delivery is priced by the weight of the whole order'),
  discount_percent: z.number().describe('Your own discount on this product, already in every price (0 when none)'),
  sides: z.array(z.enum(SIDES)).describe('Values of `sides` an item may take'),
  orientations: z.array(z.enum(ORIENTATIONS)).describe('Values of `orientation` an item may take'),
  option_groups: z
    .array(customerOptionGroupSchema)
    .describe('Finishing options: at most one per group, and one of each `required` group. Send the chosen ids as `option_ids`'),
  turnarounds: z
    .array(customerTurnaroundSchema)
    .describe(
      'Production speeds, slowest first; `is_default` is used when `turnaround_id` is left out; `offered: false` may not be chosen now (a same-day service after the cut-off)',
    ),
  stocks: z.array(tradeStockSchema),
  proof_required: z.boolean().describe('Every item of it comes with a proof to approve before printing (`proof_requested` cannot be false)'),
  template_urls: z
    .object({ portrait: z.string(), landscape: z.string() })
    .describe('Artwork templates: a PDF of the page (trim plus bleed) with the trim, bleed and safe-area lines and the sizes on it, per orientation'),
});
export type TradeProduct = z.infer<typeof tradeProductSchema>;
export const tradeProductListSchema = z.object({
  data: z.array(tradeProductSchema),
  production_start: z.string().describe('The UK day production of an order placed now would start'),
  cutoff: z.string().describe('Today’s cut-off (HH:MM, UK time): orders confirmed after it start production the next working day'),
});

/** An item to price: what it is, as `GET /products` names it. */
export const tradeQuoteItemInputSchema = z.strictObject({
  product_id: itemFields.product_id,
  stock_id: itemFields.stock_id,
  qty: itemFields.qty,
  sides: itemFields.sides,
  orientation: itemFields.orientation,
  option_ids: itemFields.option_ids,
  turnaround_id: itemFields.turnaround_id,
  proof_requested: itemFields.proof_requested.describe(
    'Send a proof (a PDF of the checked artwork with trim, bleed and safe-area lines) to approve before printing, at the price in `proof_price`; a product with `proof_required` always has one',
  ),
});

/** `POST /quotes`. */
export const tradeQuoteRequestSchema = z.strictObject({
  items: z.array(tradeQuoteItemInputSchema, { message: 'Give the items as a list' }).min(1, 'Give at least one item').max(50, 'At most 50 items in one quote'),
  country: textSchema({ message: 'Give the delivery country' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'The delivery country as its two-letter ISO 3166-1 code, e.g. GB')
    .describe('The delivery country, ISO 3166-1 alpha-2 (GB, IE, FR…)'),
  postcode: textSchema({ message: 'Give the delivery postcode as text' })
    .trim()
    .max(20, 'At most 20 characters')
    .optional()
    .default('')
    .describe('The delivery postcode (kept on the quote; delivery is priced by country and weight)'),
});
export type TradeQuoteRequest = z.output<typeof tradeQuoteRequestSchema>;

const totalsSchema = z.object({
  net: z.number().int().describe('Items and delivery, before VAT'),
  vat: z.number().int(),
  total: z.number().int().describe('What will be invoiced, VAT included'),
});

export const tradeDeliveryOptionSchema = z.object({
  id: z.number().int().describe('The delivery service: send it as `delivery_type_id` when ordering'),
  name: z.string(),
  carrier: z.enum(CARRIERS),
  price: z.number().int().describe('Pence before VAT, for this order’s weight and country'),
  dispatch_date: z.string().describe('The UK day it leaves us if ordered (and its artwork passes) now'),
  delivery_date: z.string().nullable().describe('The expected day of delivery'),
  totals: totalsSchema.describe('The quote’s totals with this service'),
});

export const tradeQuoteSchema = z.object({
  id: z.number().int().describe('Send as `quote_id` on POST /orders to order it at these prices'),
  number: z.string().describe('Q-000123: the quote’s number as our staff and its PDF name it'),
  created_at: z.string(),
  expires_at: z.string().describe('The last UK day (included) that the item prices hold; after it an order is priced at that day’s prices'),
  expired: z.boolean(),
  country: z.string(),
  postcode: z.string(),
  items: z.array(
    z.object({
      product_id: z.number().int(),
      stock_id: z.number().int(),
      qty: z.number().int(),
      sides: z.enum(SIDES),
      orientation: z.enum(ORIENTATIONS),
      option_ids: z.array(z.number().int()),
      turnaround_id: z.number().int().nullable().describe('The turnaround asked for; null for the product’s default (named in `turnaround`)'),
      product_name: z.string(),
      stock_name: z.string(),
      options: z.array(z.object({ id: z.number().int(), group: z.string(), name: z.string() })),
      turnaround: z.object({ id: z.number().int(), name: z.string(), production_days: z.number().int() }).nullable(),
      price: z.number().int().describe('Pence before VAT for the whole line (its proof included), fixed until `expires_at`'),
      proof_requested: z.boolean().describe('The line comes with a proof to approve before printing'),
      proof_price: z.number().int().describe('Pence of `price` that is the proof (0 without one, or when proofs are free)'),
    }),
  ),
  items_net: z.number().int().describe('The items’ prices together, before delivery and VAT'),
  delivery_options: z
    .array(tradeDeliveryOptionSchema)
    .describe('Every service that delivers this order’s weight to its country, cheapest first, each with its dates and totals (at today’s delivery rates)'),
  delivery_type_id: z.number().int().nullable().describe('The service the quote was saved with (the cheapest); `totals` are with it'),
  totals: totalsSchema.describe('With the cheapest delivery option'),
});
export type TradeQuote = z.infer<typeof tradeQuoteSchema>;

/** Cursor pages: `after` is the last id seen (newest first), `limit` at most 100. */
export const tradePageQuerySchema = z.object({
  after: idSchema('The cursor: the `next_cursor` of the page before').optional().describe('The `next_cursor` of the page before; leave out for the first page'),
  limit: wholeNumberSchema('The limit', 1, 100).optional().default(20).describe('How many to answer, 1–100 (default 20)'),
});
export type TradePageQuery = z.output<typeof tradePageQuerySchema>;

export const tradeInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string().describe('The invoice date'),
  order_id: z.number().int().nullable().describe('The order it invoices (null for an invoice our staff uploaded for other work)'),
  net: z.number().int().nullable(),
  vat: z.number().int().nullable(),
  total: z.number().int(),
  due_date: z.string().describe('The UK day it is due, by your account’s terms'),
  paid: z.number().int().describe('Pence paid so far'),
  balance: z.number().int().describe('Pence still to pay'),
  state: z.enum(INVOICE_STATES).describe('unpaid, part_paid, paid or overdue'),
  created_at: z.string(),
});
export const tradeInvoiceListSchema = z.object({
  data: z.array(tradeInvoiceSchema),
  next_cursor: z.number().int().nullable().describe('Send as `after` for the next page; null on the last page'),
});
