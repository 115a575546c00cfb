import { z } from 'zod';
import { MAX_MARKUP_PERCENT } from '../domain/quotes/quotes';
import { placedBySchema, wholeNumberSchema } from './common';
import { itemChoiceSchema, orderAddressSchema } from './orders';

/**
 * Saved quotes (DESIGN §2 "Quotes", §3): a basket saved with its prices for `QUOTE_VALID_DAYS`, listed
 * at /quotes, downloaded as a PDF (for the customer, or for their own client with their markup) and
 * ordered at the quoted prices while valid. Money in pence; days are UK civil dates.
 */

export const quoteItemSchema = itemChoiceSchema.extend({
  /** Pence: the line's price as quoted (with its proof's). */
  price: z.number(),
  /** The line has a proof to approve before printing; ordering the quote keeps it. */
  proof_requested: z.boolean(),
  /** Pence of `price` that is the proof (0 without one, or when proofs were free). */
  proof_price: z.number(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;

export const quoteSchema = z.object({
  id: z.number(),
  /** Q-000123. */
  number: z.string(),
  ref: z.string(),
  created_at: z.string(),
  /** The last UK day its prices hold. */
  valid_until: z.string(),
  /** Whether that day has passed: ordering it now is at today's prices. */
  expired: z.boolean(),
  items: z.array(quoteItemSchema),
  delivery_type_id: z.number().nullable(),
  delivery_type_name: z.string(),
  address: orderAddressSchema,
  country_name: z.string(),
  delivery_cost: z.number(),
  total_net: z.number(),
  total_vat: z.number(),
  total: z.number(),
  /** The member of the company who saved it. */
  placed_by: placedBySchema,
});
export type Quote = z.infer<typeof quoteSchema>;

/** A row of the customer's list of quotes. */
export const quoteSummarySchema = quoteSchema
  .pick({ id: true, number: true, ref: true, created_at: true, valid_until: true, expired: true, total: true, placed_by: true })
  .extend({
    item_count: z.number(),
    /** "500 × Business cards, 1,000 × Flyers A5": what is on it, in a line. */
    items_summary: z.string(),
  });
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

/** `GET /api/quotes`: the customer's own, newest first. */
export const quoteListQuerySchema = z.object({
  page: wholeNumberSchema('Page', 1, 100_000).optional().default(1),
  per_page: wholeNumberSchema('Per page', 1, 100).optional().default(20),
});
export type QuoteListQuery = z.output<typeof quoteListQuerySchema>;
export const quoteListSchema = z.object({ data: z.array(quoteSummarySchema), total: z.number(), page: z.number(), per_page: z.number() });
export type QuoteList = z.infer<typeof quoteListSchema>;

export const MARKUP_MESSAGE = `A percentage from 0 to ${MAX_MARKUP_PERCENT}, with at most one decimal place (e.g. 15 or 12.5)`;

/** The customer's markup on their client's prices: 0–500 %, whole or with one decimal place. */
export const markupSchema = z
  .string({ message: MARKUP_MESSAGE })
  .trim()
  .regex(/^\d{1,3}(\.\d)?$/, MARKUP_MESSAGE)
  .refine((v) => Number(v) <= MAX_MARKUP_PERCENT, MARKUP_MESSAGE);

/**
 * `GET /api/quotes/{id}/pdf`: under the printer's name, or with `for_client=1` under the customer's
 * company (and logo) with no printer branding, every price marked up by `markup` percent.
 */
export const quotePdfQuerySchema = z
  .object({
    for_client: z.enum(['0', '1'], { message: 'Either 0 (for you) or 1 (for your client)' }).optional(),
    markup: markupSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.markup !== undefined && value.for_client !== '1')
      ctx.addIssue({ code: 'custom', path: ['markup'], message: 'A markup is for your client’s PDF: ask for it with for_client=1' });
  });
export type QuotePdfQuery = z.output<typeof quotePdfQuerySchema>;

/** Ordering a quote: an expired quote is ordered only when the customer says so, at today's prices. */
export const quoteOrderQuerySchema = z.object({
  at_todays_prices: z.enum(['0', '1'], { message: 'Either 0 or 1 (order an expired quote at today’s prices)' }).optional(),
});
export type QuoteOrderQuery = z.output<typeof quoteOrderQuerySchema>;
