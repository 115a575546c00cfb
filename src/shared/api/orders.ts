import { z } from 'zod';
import { CARRIERS } from '../domain/delivery/delivery';
import { PROOF_COMMENT_MAX, PROOF_STATUSES, type ItemProofState } from '../domain/orders/proofs';
import { ALL_ORDER_STATUSES } from '../domain/orders/statuses';
import { CARD_PAYMENT_STATUSES, PAYMENT_TERMS } from '../domain/payments/terms';
import { SIDES } from '../domain/pricing/engine';
import { APPROVAL_LINK_STATES, DECLINE_REASON_MAX } from '../domain/companies/approval';
import { profileFields, userSchema } from './accounts';
import { daysInOrder, idSchema, nullableText, optionalDaySchema, optionalText, placedBySchema, textSchema, wholeNumberSchema } from './common';

/**
 * The customer's orders (DESIGN §3 "Orders (customer)"): baskets built at /create, confirmed orders
 * followed at /orders. Money is integer pence; a basket's prices are today's, a confirmed order's
 * are frozen. Dates are UK civil dates 'YYYY-MM-DD'; instants are ISO strings.
 */

export const ORIENTATIONS = ['portrait', 'landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];
export const PREFLIGHT_STATUSES = ['pending', 'pass', 'warn', 'fail'] as const;
export type PreflightStatus = (typeof PREFLIGHT_STATUSES)[number];
export const ARTWORK_FETCH_STATUSES = ['fetching', 'failed'] as const;
export type ArtworkFetchStatus = (typeof ARTWORK_FETCH_STATUSES)[number];

const text = nullableText;
const optional = optionalText;

/** Who receives the parcel and where: defaults from the customer's profile, with the same rules as a profile's address. */
const { firstname, lastname, company_name, telephone, email, address1, address2, town, county, postcode, country_id } = profileFields;
export const addressSchema = z.strictObject({ firstname, lastname, company_name, telephone, email, address1, address2, town, county, postcode, country_id });
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

export const refSchema = optional(60);

/**
 * Blind dispatch: the parcel goes to the customer's client under the customer's name (no printer
 * branding, their delivery note in it, no e-mail from us to the delivery address).
 */
export const blindDispatchSchema = z.boolean({ message: 'Choose yes or no' });

/** POST /api/orders: a new basket; the address defaults from the profile, and blind dispatch from the account, when left out. */
export const orderCreateSchema = z.strictObject({ ref: refSchema, address: addressSchema.optional(), blind_dispatch: blindDispatchSchema.optional() });
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

/** PATCH /api/orders/{id} (baskets only). */
export const orderUpdateSchema = z.strictObject({
  ref: text(60).optional(),
  address: addressSchema.optional(),
  delivery_type_id: z.union([idSchema('Choose a delivery service'), z.null()]).optional(),
  blind_dispatch: blindDispatchSchema.optional(),
});
export type OrderUpdateInput = z.input<typeof orderUpdateSchema>;

export const itemFields = {
  product_id: idSchema('Choose a product'),
  stock_id: idSchema('Choose a paper'),
  qty: wholeNumberSchema('Quantity', 1, 10_000_000, 'Choose one of the quantities offered'),
  sides: z.enum(SIDES, { message: 'Choose single- or double-sided' }),
  orientation: z.enum(ORIENTATIONS, { message: 'Choose portrait or landscape' }),
  notes: optional(1000),
  /** The finishing options chosen: at most one per group, one of each required group. */
  option_ids: z
    .array(idSchema('Choose one of the options offered'), { message: 'Choose the options as a list' })
    .max(20, 'Choose at most 20 options')
    .optional(),
  /** The turnaround chosen; the product's default when left out or null. */
  turnaround_id: z.union([idSchema('Choose one of the turnarounds offered'), z.null()]).optional(),
  /** Send a proof to approve before printing (at the PROOF_PRICE setting); a product that requires a proof always has one. */
  proof_requested: z.boolean({ message: 'Choose yes or no' }).optional(),
};
/** POST /api/orders/{id}/items. */
export const itemCreateSchema = z.strictObject(itemFields);
export type ItemCreateInput = z.input<typeof itemCreateSchema>;
/** PATCH /api/orders/{id}/items/{itemId}: any of the fields, and the customer's acceptance of warnings. */
export const itemUpdateSchema = z.strictObject({
  product_id: itemFields.product_id.optional(),
  stock_id: itemFields.stock_id.optional(),
  qty: itemFields.qty.optional(),
  sides: itemFields.sides.optional(),
  orientation: itemFields.orientation.optional(),
  notes: text(1000).optional(),
  option_ids: itemFields.option_ids,
  turnaround_id: itemFields.turnaround_id,
  proof_requested: itemFields.proof_requested,
  warnings_accepted: z.boolean({ message: 'Choose yes or no' }).optional(),
});
export type ItemUpdateInput = z.input<typeof itemUpdateSchema>;

/**
 * POST /api/orders/{id}/confirm: the delivery service may be chosen here, and how to pay: by default
 * the customer's terms; an account customer may pay this one order by card.
 */
export const confirmSchema = z.strictObject({
  delivery_type_id: idSchema('Choose a delivery service').optional(),
  payment: z.enum(PAYMENT_TERMS, { message: 'Choose card or account' }).optional(),
});

/**
 * The Idempotency-Key header, as the IETF draft has it: any printable-ASCII string of 1 to 255
 * characters (space to tilde). One rule for the customer's confirmation (made by the browser) and
 * the trade API's orders.
 */
export const idempotencyKeySchema = z
  .string({ message: 'An Idempotency-Key header is required' })
  .regex(/^[\x20-\x7e]{1,255}$/, 'The Idempotency-Key must be 1 to 255 printable ASCII characters');

/** The headers POST /api/orders/{id}/confirm reads (names lower-cased, as Node gives them). */
export const confirmHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema.describe('One per confirmation attempt: a retry with the same key answers the same order'),
});

/** An item's current proof (shared/domain/orders/proofs.ts). */
export const itemProofSchema = z.object({
  status: z.enum(PROOF_STATUSES),
  version: z.number().int(),
  comment: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
}) satisfies z.ZodType<ItemProofState>;

export const preflightCheckSchema = z.object({ code: z.string(), status: z.enum(['pass', 'warn', 'fail']), message: z.string() });
export type PreflightCheckResult = z.infer<typeof preflightCheckSchema>;

/** What an item is — product, paper, quantity, sides, finishes and turnaround — as a basket, an order and a quote show it. */
export const itemChoiceSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  stock_id: z.number(),
  stock_name: z.string(),
  qty: z.number(),
  sides: z.enum(SIDES),
  orientation: z.enum(ORIENTATIONS),
  notes: z.string(),
  option_ids: z.array(z.number()),
  /** The turnaround chosen; null for the product's default. */
  turnaround_id: z.number().nullable(),
  /** The options chosen with their groups' names: today's for a basket, as frozen at confirmation for an order. */
  options: z.array(z.object({ id: z.number(), group: z.string(), name: z.string() })),
  /** The turnaround it is made at (a basket's default one included); null when it cannot be told (no longer offered). */
  turnaround: z.object({ id: z.number(), name: z.string(), production_days: z.number() }).nullable(),
});

export const itemSchema = itemChoiceSchema.extend({
  /** Pence; null when the item can no longer be ordered as it is (see `unavailable`). */
  price: z.number().nullable(),
  /** Why a basket's item cannot be ordered as it is today (product withdrawn, quantity gone…); null when it can. */
  unavailable: z.string().nullable(),
  /**
   * The saved quote the item was ordered from (null when none): its price is the quote's through the
   * quote's last day (`holds`), today's after; `note` says which in plain words.
   */
  quote: z.object({ id: z.number(), number: z.string(), price: z.number(), valid_until: z.string(), holds: z.boolean(), note: z.string() }).nullable(),
  warnings_accepted: z.boolean(),
  /** The finished size the artwork is checked against. */
  trim: z.object({ width_mm: z.number(), height_mm: z.number(), bleed_mm: z.number() }),
  artwork: z
    .object({
      name: z.string(),
      size: z.number(),
      uploaded_at: z.string(),
      preflight: z.object({ status: z.enum(PREFLIGHT_STATUSES), checks: z.array(preflightCheckSchema) }),
      preview: z.boolean(),
      /**
       * Pages with a preview (front and back of a double-sided item), each at `…/preview?page=n`;
       * 0 until the check has drawn them, or when the file could not be drawn.
       */
      preview_pages: z.number().int().min(0),
    })
    .nullable(),
  /**
   * Artwork by URL while it is being fetched (`fetching`), or why the last fetch failed (`failed`,
   * with `error`); null once the fetched file is the item's `artwork`, or when none was asked for.
   * The artwork in place, if any, stays the item's until a fetch succeeds.
   */
  artwork_fetch: z.object({ url: z.string(), status: z.enum(ARTWORK_FETCH_STATUSES), error: z.string().nullable() }).nullable(),
  /** The item gets a proof to approve before printing (asked for, or its product requires one). */
  proof_requested: z.boolean(),
  /** Its product requires a proof of every item: `proof_requested` cannot be turned off. */
  proof_required: z.boolean(),
  /** Pence of `price` that is the proof (0 without a proof, or when proofs are free); null with `price`. */
  proof_price: z.number().nullable(),
  /** Its current proof once the order is confirmed (null before, and for an item without one); the PDF at `…/items/{itemId}/proof`. */
  proof: itemProofSchema.nullable(),
});
export type Item = z.infer<typeof itemSchema>;

/** POST /api/orders/{id}/items/{itemId}/proof/approve: the version looked at (an older one is a 409). */
export const proofApproveSchema = z.strictObject({ version: wholeNumberSchema('Version', 1, 1000, 'Name the proof version you looked at') });
export type ProofApproveInput = z.input<typeof proofApproveSchema>;

/** POST /api/orders/{id}/items/{itemId}/proof/changes: the version looked at and what to change. */
export const proofChangesSchema = z.strictObject({
  version: proofApproveSchema.shape.version,
  comment: textSchema({ message: 'Say what should change' })
    .trim()
    .min(1, 'Say what should change')
    .max(PROOF_COMMENT_MAX, `At most ${PROOF_COMMENT_MAX} characters`),
});
export type ProofChangesInput = z.input<typeof proofChangesSchema>;

/** `GET /api/proof-links/{token}`: what a proof's e-mail link opens, for the customer it was made for. */
export const proofLinkTargetSchema = z.object({ order_id: z.number(), item_id: z.number(), version: z.number() });
export type ProofLinkTarget = z.infer<typeof proofLinkTargetSchema>;

/** `GET /api/approval-links/{token}`: the order an owner's approval e-mail link names, and what became of it (APPROVAL_LINK_STATES). */
export const approvalLinkTargetSchema = z.object({ order_id: z.number(), state: z.enum(APPROVAL_LINK_STATES) });
export type ApprovalLinkTarget = z.infer<typeof approvalLinkTargetSchema>;

/** The longest artwork address taken: longer is no file link a person shares. */
export const ARTWORK_URL_MAX = 2000;

/**
 * `POST /api/orders/{id}/items/{itemId}/artwork/url`: the address of a print-ready PDF on the public
 * internet, fetched by the server (http or https, no user name or password in it).
 */
export const artworkUrlSchema = z.strictObject({
  artwork_url: z
    .string({ message: 'Give the address of the PDF.' })
    .trim()
    .min(1, 'Give the address of the PDF.')
    .max(ARTWORK_URL_MAX, `At most ${ARTWORK_URL_MAX} characters`)
    .pipe(textSchema()),
});
export type ArtworkUrlInput = z.input<typeof artworkUrlSchema>;

/** `GET …/items/{itemId}/preview?page=n`: which page's preview, from 1 (page 1 when left out). */
export const previewQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'The page is a number from 1.')
    .transform(Number)
    .optional()
    .default(1),
});

export const orderEventSchema = z.object({
  from: z.enum(ALL_ORDER_STATUSES).nullable(),
  to: z.enum(ALL_ORDER_STATUSES),
  note: z.string(),
  actor: z.enum(['customer', 'staff', 'system']),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** An order's delivery contact and address: the same fields, named the same, as a user's. */
export const orderAddressSchema = userSchema.pick({
  firstname: true,
  lastname: true,
  company_name: true,
  telephone: true,
  email: true,
  address1: true,
  address2: true,
  town: true,
  county: true,
  postcode: true,
  country_id: true,
});

/**
 * A buyer's confirmation above their approval limit (DESIGN §2 "Companies"): the basket waits, frozen at
 * the prices it was sent with, for an owner of the company to approve or decline it. Null otherwise.
 */
export const orderApprovalSchema = z
  .object({
    /** The member who confirmed it (the basket's buyer). */
    requested_by: z.number(),
    requested_at: z.string(),
  })
  .nullable();
export type OrderApproval = z.infer<typeof orderApprovalSchema>;

/**
 * An order placed through the trade API (DESIGN §2 "Trade API and webhooks"): the key that placed it
 * and the integration's own reference for it. Null for an order made in the browser. While it awaits
 * its artwork it is a basket of the API integration, listed apart from the baskets built at /create.
 */
export const orderTradeApiSchema = z
  .object({
    /** The name the customer gave the API key (null once the key itself is gone). */
    key_name: z.string().nullable(),
    /** The integration's own id for the order (the trade API's `external_ref`). */
    external_ref: z.string().nullable(),
  })
  .nullable();
export type OrderTradeApi = z.infer<typeof orderTradeApiSchema>;

export const orderSchema = z.object({
  id: z.number(),
  ref: z.string(),
  status: z.enum(ALL_ORDER_STATUSES),
  address: orderAddressSchema,
  /** The country's name, for display. */
  country_name: z.string().nullable(),
  delivery_type_id: z.number().nullable(),
  delivery_type: z.object({ id: z.number(), code: z.string(), name: z.string(), carrier: z.enum(CARRIERS) }).nullable(),
  /** Sent under the customer's name to their client: no printer branding, their delivery note in the parcel. */
  blind_dispatch: z.boolean(),
  /** A sandbox order, placed with a test key of the trade API: never printed, invoiced or charged. */
  test: z.boolean(),
  /** Placed through the trade API: its key and reference; null for an order made in the browser. */
  trade_api: orderTradeApiSchema,
  delivery_cost: z.number().nullable(),
  total_net: z.number().nullable(),
  total_vat: z.number().nullable(),
  total: z.number().nullable(),
  weight: z.number(),
  /** While the order waits for the approval of a proof, the dates an approval now would give (they count from the last approval). */
  dispatch_due: z.string().nullable(),
  delivery_due: z.string().nullable(),
  /** A confirmed order with an item whose proof waits for the customer's approval: it is not printed until then. */
  awaiting_approval: z.boolean(),
  /** While it waits: by when an approval keeps `dispatch_due` ('today before 12:00', 'before 12:00 on Mon 30 Nov'); null otherwise. */
  approve_by: z.string().nullable(),
  problem_text: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The invoice raised when it was dispatched. */
  invoice: z.object({ id: z.number(), number: z.string() }).nullable(),
  confirmed_at: z.string().nullable(),
  dispatched_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
  /** The member of the company who placed it (members see each other's orders). */
  placed_by: placedBySchema,
  items: z.array(itemSchema),
  events: z.array(orderEventSchema),
  /** What is still missing before a basket can be confirmed (empty when it can): one line each. */
  blockers: z.array(z.string()),
  /** The order's card payment: `pending` while the customer pays (the basket is frozen meanwhile), then paid, refunding, refunded; null for none. */
  payment_status: z.enum(CARD_PAYMENT_STATUSES).nullable(),
  /** The payment page, while the card payment is pending. */
  checkout_url: z.string().nullable(),
  /** How this basket may be paid when confirmed (the first is the customer's terms); empty for an order. */
  payment_options: z.array(z.enum(PAYMENT_TERMS)),
  /** While the basket waits for an owner's approval: who sent it and when. */
  approval: orderApprovalSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** A card customer's confirmation: the order, still a basket awaiting its payment, and the payment page to send the browser to. */
export const cardCheckoutSchema = z.object({ order: orderSchema, checkout_url: z.string() });
export type CardCheckout = z.infer<typeof cardCheckoutSchema>;

/** What POST /api/orders/{id}/confirm answers: the confirmed order (on account), or the card checkout to go through first. */
export const confirmAnswerSchema = z.union([cardCheckoutSchema, orderSchema]);
export type ConfirmAnswer = z.infer<typeof confirmAnswerSchema>;

/** A row of the customer's order list: no items or history. */
export const orderSummarySchema = z.object({
  id: z.number(),
  ref: z.string(),
  status: z.enum(ALL_ORDER_STATUSES),
  item_count: z.number(),
  /** Pence: a confirmed order's total; a basket's items at today's prices, before delivery and VAT. */
  value: z.number().nullable(),
  dispatch_due: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** Who carries it (a collection is ready at the works rather than dispatched); null before a service is chosen. */
  carrier: z.enum(CARRIERS).nullable(),
  /** A sandbox order of the trade API (a test key's): never printed, invoiced or charged. */
  test: z.boolean(),
  /** Placed through the trade API: its key and reference; null for an order made in the browser. */
  trade_api: orderTradeApiSchema,
  /** A confirmed order with an item whose proof waits for the customer's approval: it is not printed, and its dispatch date counts from the approval. */
  awaiting_approval: z.boolean(),
  /** The member of the company who placed it. */
  placed_by: placedBySchema,
  /** A buyer's basket waiting for an owner's approval of the order: who sent it and when (null otherwise). */
  approval: orderApprovalSchema,
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  dispatched_at: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** Where an order was made: in the browser (at /create), or by an integration through the trade API. */
export const ORDER_SOURCES = ['browser', 'api'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** The list's status filter: an order status, or `approval` for the company's baskets waiting for an owner's approval. */
export const ORDER_LIST_STATUSES = [...ALL_ORDER_STATUSES, 'approval'] as const;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];

/**
 * GET /api/orders: without a status, every confirmed order (baskets live at /create); `approval`, the
 * company's baskets waiting for an owner's approval, whoever sent them. `q` finds an
 * order by its number, the customer's reference, a product on it or the delivery postcode (spaces
 * ignored); `from` and `to` bound the UK day it was confirmed, both days included. `source` keeps the
 * orders made in the browser or those placed through the trade API; `status=basket` without it is the
 * browser's baskets (those of /create), and `status=basket&source=api` the API's orders still awaiting
 * their artwork.
 */
export const orderListQuerySchema = z
  .object({
    status: z.enum(ORDER_LIST_STATUSES, { message: 'Not an order status' }).optional(),
    source: z
      .enum(ORDER_SOURCES, { message: 'Either browser or api' })
      .optional()
      .describe('Where the orders were made: `browser`, or `api` (the trade API). A list of baskets without it is the browser’s.'),
    q: textSchema().trim().max(100, 'At most 100 characters').optional(),
    from: optionalDaySchema('first'),
    to: optionalDaySchema('last'),
    page: wholeNumberSchema('Page', 1, 100_000).optional().default(1),
    per_page: wholeNumberSchema('Per page', 1, 100).optional().default(20),
  })
  .superRefine(daysInOrder);
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const orderListSchema = z.object({ data: z.array(orderSummarySchema), total: z.number(), page: z.number(), per_page: z.number() });
export type OrderList = z.infer<typeof orderListSchema>;

/** GET /api/orders/counts: per status (`basket`: the browser's baskets, as /create lists them), and two more. */
export const orderCountsSchema = z.object({
  ...(Object.fromEntries(ALL_ORDER_STATUSES.map((s) => [s, z.number()])) as Record<(typeof ALL_ORDER_STATUSES)[number], z.ZodNumber>),
  /** Confirmed orders with a proof waiting for the customer's approval (counted among `live` too). */
  awaiting_approval: z.number(),
  /** The company's baskets waiting for an owner's approval of the order, whoever sent them. */
  approval: z.number(),
});

/** POST /api/orders/{id}/decline: why the owner declines the order (the buyer is told). */
export const orderDeclineSchema = z.strictObject({
  reason: textSchema({ message: 'Say why the order is declined' })
    .trim()
    .min(1, 'Say why the order is declined')
    .max(DECLINE_REASON_MAX, `At most ${DECLINE_REASON_MAX} characters`),
});
export type OrderDeclineInput = z.input<typeof orderDeclineSchema>;

export const deliveryOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  carrier: z.enum(CARRIERS),
  price: z.number(),
  transit_days: z.number(),
  dispatch_date: z.string(),
  delivery_date: z.string(),
  /** The cut-off that makes these dates true ('12:00' UK time today), or null when already past. */
  confirm_by: z.string().nullable(),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;
