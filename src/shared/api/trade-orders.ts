import { z } from 'zod';
import { CARRIERS } from '../domain/delivery/delivery';
import { idSchema, textSchema, wholeNumberSchema } from './common';
import { addressSchema, idempotencyKeySchema, itemChoiceSchema, itemFields, itemProofSchema, orderAddressSchema, preflightCheckSchema } from './orders';

/**
 * Orders of the trade API (`/api/v1/orders`): placed by a reseller's system with an API key, they
 * wait for their artwork (`awaiting`) and confirm themselves once every item's artwork has passed
 * its check. Money is integer pence; dates are UK civil dates; instants ISO strings.
 */

/** An order's status through the API: `awaiting` while it waits for artwork (or its account's credit) to confirm itself. */
export const TRADE_ORDER_STATUSES = ['awaiting', 'live', 'printing', 'problem', 'dispatched', 'cancelled'] as const;
export type TradeOrderStatus = (typeof TRADE_ORDER_STATUSES)[number];

/** Where an item's artwork is: none yet, being fetched from its URL, being checked, or its check's result. */
export const TRADE_ARTWORK_STATUSES = ['awaiting', 'fetching', 'checking', 'passed', 'warnings', 'failed'] as const;
export type TradeArtworkStatus = (typeof TRADE_ARTWORK_STATUSES)[number];

const artworkUrlSchema = textSchema({ message: 'Give the artwork’s URL as text' })
  .trim()
  .max(2000, 'At most 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, message: 'Give an http or https URL of the print-ready PDF' }));

export const tradeOrderItemInputSchema = z.strictObject({
  ...itemFields,
  artwork_url: artworkUrlSchema.optional().describe('A print-ready PDF the server fetches; or leave it out and PUT the artwork later'),
});

/** `POST /api/v1/orders`: items (or a saved quote's), where to deliver, and how. */
export const tradeOrderCreateSchema = z
  .strictObject({
    external_ref: textSchema({ message: 'Give your own reference for the order' })
      .trim()
      .min(1, 'Give your own reference for the order')
      .max(100, 'At most 100 characters')
      .describe('Your reference for the order: unique per account and mode (a duplicate answers 409 naming the order)'),
    items: z
      .array(tradeOrderItemInputSchema, { message: 'Give the items as a list' })
      .min(1, 'Give at least one item')
      .max(50, 'At most 50 items')
      .optional()
      .describe('What to print; or give quote_id'),
    quote_id: idSchema('Give the id of one of your saved quotes').optional().describe('Order a saved quote’s items at its prices (instead of items)'),
    address: addressSchema.optional().describe('Where to deliver (or give address_id); a quote’s own address when ordering a quote without either'),
    address_id: idSchema('Give the id of one of your saved addresses')
      .optional()
      .describe('One of your saved addresses (your address book) instead of address'),
    blind_dispatch: z
      .boolean({ message: 'Choose true or false' })
      .optional()
      .describe(
        'Send the parcel under your name: no printer branding in it, your delivery note (your logo and company, no prices) inside, your company as the carrier’s sender, and no e-mail from us to the recipient. Default: your account’s setting',
      ),
    delivery_type_id: idSchema('Choose one of the delivery services offered').optional().describe('The delivery service; a quote’s own when ordering a quote'),
    accept_warnings: z
      .boolean({ message: 'Choose true or false' })
      .optional()
      .default(false)
      .describe('Confirm even when the artwork check warns (low resolution, RGB, no bleed…); a failed check always holds the order'),
  })
  .superRefine((body, ctx) => {
    if (body.items && body.quote_id !== undefined) ctx.addIssue({ code: 'custom', path: ['quote_id'], message: 'Give items or a quote_id, not both' });
    if (!body.items && body.quote_id === undefined) ctx.addIssue({ code: 'custom', path: ['items'], message: 'Give at least one item (or a quote_id)' });
    if (body.address && body.address_id !== undefined) ctx.addIssue({ code: 'custom', path: ['address_id'], message: 'Give address or address_id, not both' });
    if (body.items && !body.address && body.address_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'Give the delivery address (or address_id)' });
    if (body.items && body.delivery_type_id === undefined) ctx.addIssue({ code: 'custom', path: ['delivery_type_id'], message: 'Choose a delivery service' });
  });
export type TradeOrderCreateInput = z.input<typeof tradeOrderCreateSchema>;
export type TradeOrderCreate = z.output<typeof tradeOrderCreateSchema>;

/** The headers `POST /api/v1/orders` reads: its Idempotency-Key (required). */
export const tradeOrderCreateHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema.describe(
    'Any 1–255 printable ASCII characters, one per order you place: a retry with it within 24 hours answers the first answer',
  ),
});

/** `PUT /api/v1/orders/{id}/items/{itemId}/artwork` as JSON: the artwork by URL (or send multipart `file`). */
export const tradeArtworkUrlSchema = z.strictObject({ artwork_url: artworkUrlSchema });

/** An item as the API answers it: what it is (as the customer's own order shows it), its price, and where its artwork stands. */
export const tradeOrderItemSchema = itemChoiceSchema.omit({ turnaround_id: true }).extend({
  /** Pence: today's (or the quote's) while the order awaits, as frozen once confirmed; null when the item cannot be ordered as it is. */
  price: z.number().nullable(),
  artwork: z.object({
    status: z.enum(TRADE_ARTWORK_STATUSES),
    /** Why the order waits for this item, in words (null when it does not). */
    reason: z.string().nullable(),
    name: z.string().nullable(),
    checks: z.array(preflightCheckSchema),
  }),
  proof_requested: z.boolean().describe('The item comes with a proof to approve before printing (asked for, or its product requires one)'),
  proof_price: z.number().nullable().describe('Pence of `price` that is the proof (0 without one, or when proofs are free)'),
  proof: itemProofSchema
    .extend({ url: z.string().describe('The proof’s PDF (GET, with your key)') })
    .nullable()
    .describe(
      'Its current proof once the order is confirmed: `making` (from the checked artwork), `ready` (approve it, or ask for changes), `approved` or `changes_requested`; null before, or without a proof. Production starts only once every proof is approved',
    ),
});

export const tradeOrderSchema = z
  .object({
    id: z.number().describe('The order number'),
    external_ref: z.string().nullable(),
    ref: z.string(),
    status: z.enum(TRADE_ORDER_STATUSES),
    /** Why an awaiting order has not confirmed itself yet (artwork per item, a credit hold); null once confirmed. */
    awaiting_reason: z.string().nullable(),
    test: z.boolean().describe('A sandbox order: never printed, invoiced or charged'),
    blind_dispatch: z.boolean().describe('Sent under your name: your delivery note inside, no printer branding, no e-mail from us to the recipient'),
    accept_warnings: z.boolean(),
    items: z.array(tradeOrderItemSchema),
    address: orderAddressSchema,
    delivery: z.object({ id: z.number(), code: z.string(), name: z.string(), carrier: z.enum(CARRIERS) }).nullable(),
    delivery_cost: z.number().nullable(),
    total_net: z.number().nullable(),
    total_vat: z.number().nullable(),
    total: z.number().nullable(),
    dispatch_due: z.string().nullable(),
    delivery_due: z.string().nullable(),
    problem_text: z.string().nullable(),
    tracking_number: z.string().nullable(),
    created_at: z.string(),
    confirmed_at: z.string().nullable(),
    dispatched_at: z.string().nullable(),
  })
  .describe('An order placed through the trade API');
export type TradeOrder = z.infer<typeof tradeOrderSchema>;

/** `GET /api/v1/orders`: newest first; `after` is the last id of the page before (its `next_cursor`). */
export const tradeOrderListQuerySchema = z.object({
  external_ref: textSchema().trim().min(1, 'Give a reference').max(100, 'At most 100 characters').optional(),
  status: z.enum(TRADE_ORDER_STATUSES, { message: 'Not an order status' }).optional(),
  after: wholeNumberSchema('after', 1, 2_147_483_647).optional().describe('The next_cursor of the page before: orders older than that one'),
  limit: wholeNumberSchema('limit', 1, 100).optional().default(25),
});
export type TradeOrderListQuery = z.output<typeof tradeOrderListQuerySchema>;

export const tradeOrderListSchema = z.object({
  data: z.array(tradeOrderSchema),
  /** Pass as `after` for the next page; null on the last page. */
  next_cursor: z.number().nullable(),
});

/** `POST /api/v1/test/orders/{id}/advance`: the sandbox moves a test order as the printer would. */
export const tradeOrderAdvanceSchema = z.strictObject({
  to: z.enum(['printing', 'dispatched', 'problem'], { message: 'Choose printing, dispatched or problem' }),
  problem_text: textSchema()
    .trim()
    .min(1, 'Say what the problem is')
    .max(2000, 'At most 2000 characters')
    .optional()
    .describe('For `problem`: what the hold says'),
});
