import { z } from 'zod';
import { CONFIRMED_ORDER_STATUSES, type ConfirmedOrderStatus } from '../domain/orders/statuses';
import { moveNeeds } from '../domain/orders/transitions';
import { idSchema, INT4_MAX, nullableText, optionalText, requiredText, wholeNumberSchema } from './common';
import { orderEventSchema, orderSchema } from './orders';

/** A row of the staff orders list (`/api/admin/orders`): confirmed orders only — baskets are their owners' alone. */
export const staffOrderSummarySchema = z.object({
  id: z.number(),
  ref: z.string(),
  status: z.enum(CONFIRMED_ORDER_STATUSES),
  user_id: z.number(),
  customer: z.string(),
  /** The customer's company, or their name when they trade as themselves. */
  company: z.string(),
  email: z.string(),
  postcode: z.string(),
  item_count: z.number(),
  total: z.number().nullable(),
  dispatch_due: z.string().nullable(),
  /** Past its dispatch date and not dispatched (nor cancelled). */
  overdue: z.boolean(),
  tracking_number: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
  /** For a move from the list: the version it was read at. */
  version: z.number(),
  /** A Pending order with a proof that waits for its customer's approval: not printed until it is approved. */
  awaiting_approval: z.boolean(),
  /** Since when it waits: the oldest waiting proof's state (made, ready, sent back for changes), or its confirmation; null when it waits for none. */
  awaiting_approval_since: z.string().nullable(),
});
export type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;

/** A line of an order's history as staff see it: who moved it (a staff member's or the customer's name). */
export const staffOrderEventSchema = orderEventSchema.extend({
  id: z.number(),
  actor_name: z.string().nullable(),
});
export type StaffOrderEvent = z.infer<typeof staffOrderEventSchema>;

/** One order as staff see it: the customer's Order plus who placed it, the staff notes and the full history. */
export const staffOrderSchema = orderSchema.extend({
  user: z.object({ id: z.number(), email: z.string(), company_name: z.string(), firstname: z.string(), lastname: z.string() }),
  notes: z.string(),
  overdue: z.boolean(),
  /** A sandbox order, placed with a test API key: never printed, invoiced or charged. */
  test: z.boolean(),
  events: z.array(staffOrderEventSchema),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** Every staff write carries the version the order was read at; a stale one answers 409. */
const versionSchema = wholeNumberSchema('The version', 1, INT4_MAX, 'The version the order was read at is required: reload the order');

export const STAFF_NOTES_MAX = 5000;
export const PROBLEM_TEXT_MAX = 2000;
export const MOVE_NOTE_MAX = 1000;
/** The most orders one bulk move takes (two pages of 100 and then some). */
export const BULK_MOVE_MAX = 500;

/** `PUT /api/admin/orders/{id}`: staff notes and the tracking number (checked against the carrier's rule). */
export const staffOrderUpdateSchema = z.object({
  notes: nullableText(STAFF_NOTES_MAX).optional(),
  tracking_number: nullableText(64).optional(),
  version: versionSchema,
});
export type StaffOrderUpdate = z.input<typeof staffOrderUpdateSchema>;

/** Beside the problem text of a move to Issues left empty (the screens say it before the server would). */
export const PROBLEM_TEXT_NEEDED = 'Say what the customer must do: this text is e-mailed to them and shown on their order';

const moveFields = {
  status: z.enum(CONFIRMED_ORDER_STATUSES, { message: `Choose one of: ${CONFIRMED_ORDER_STATUSES.join(', ')}` }),
  /** For the history: why the move was made. */
  note: optionalText(MOVE_NOTE_MAX),
  /** Required for Issues: what the customer must do (e-mailed and shown on their order). */
  problem_text: optionalText(PROBLEM_TEXT_MAX),
};

function needsProblemText(move: { status: ConfirmedOrderStatus; problem_text: string }, ctx: z.RefinementCtx) {
  if (moveNeeds(move.status).problemText && !move.problem_text) ctx.addIssue({ code: 'custom', path: ['problem_text'], message: PROBLEM_TEXT_NEEDED });
}

/** `POST /api/admin/orders/{id}/status`: one move of the transition table. */
export const staffOrderMoveSchema = z
  .object({
    ...moveFields,
    /** For Dispatched: required for Royal Mail, optional for couriers and collection. */
    tracking_number: nullableText(64).optional(),
    version: versionSchema,
  })
  .superRefine(needsProblemText);
export type StaffOrderMove = z.input<typeof staffOrderMoveSchema>;

/** `POST /api/admin/orders/status`: the same move for many orders; each answers on its own. */
export const staffBulkMoveSchema = z
  .object({
    ids: z
      .array(idSchema('Not an order number'), { message: 'Choose the orders to move' })
      .min(1, 'Choose the orders to move')
      .max(BULK_MOVE_MAX, `At most ${BULK_MOVE_MAX} orders at once`),
    ...moveFields,
  })
  .superRefine(needsProblemText);
export type StaffBulkMove = z.input<typeof staffBulkMoveSchema>;

export const bulkMoveResultSchema = z.object({ id: z.number(), ok: z.boolean(), message: z.string().optional() });
export type BulkMoveResult = z.infer<typeof bulkMoveResultSchema>;

/** `GET /api/admin/orders/counts?filter=`: the orders in each status (and overdue) under the list's other filters. */
export const staffOrderCountsSchema = z.object({
  live: z.number(),
  printing: z.number(),
  problem: z.number(),
  dispatched: z.number(),
  cancelled: z.number(),
  all: z.number(),
  overdue: z.number(),
  /** Pending orders waiting for a proof's approval (counted among `live` too). */
  awaiting_approval: z.number(),
});
export type StaffOrderCounts = z.infer<typeof staffOrderCountsSchema>;

/** `POST /api/admin/orders/{id}/items/{itemId}/proof/approve`: staff approve a proof for the customer (by phone), at the version they saw; the note is kept in the history. */
export const staffProofApproveSchema = z.strictObject({
  version: wholeNumberSchema('Version', 1, 1000, 'Name the proof version the customer approved'),
  note: optionalText(MOVE_NOTE_MAX),
});
export type StaffProofApprove = z.input<typeof staffProofApproveSchema>;

/** `POST /api/admin/orders/{id}/credit-release`: staff let this basket's next confirmation on account pass the credit hold, saying why. */
export const staffCreditReleaseSchema = z.object({
  reason: requiredText('The reason', MOVE_NOTE_MAX),
  version: versionSchema,
});
export type StaffCreditRelease = z.input<typeof staffCreditReleaseSchema>;

/** The released basket: its new version and when it was released. */
export const creditReleaseAnswerSchema = z.object({ id: z.number().int(), version: z.number().int(), credit_released_at: z.string() });
export type CreditReleaseAnswer = z.infer<typeof creditReleaseAnswerSchema>;

/** `GET /api/admin/users/{id}/credit`: what the customer owes (pence; negative in credit), their limit, and why their orders on account are held. */
export const staffCreditSchema = z.object({
  balance: z.number().int(),
  credit_limit: z.number().int().nullable(),
  on_hold_reason: z.string().nullable(),
  /** Their baskets, for a release: id, version, and whether one is released already. */
  baskets: z.array(z.object({ id: z.number().int(), version: z.number().int(), credit_released_at: z.string().nullable() })),
});
export type StaffCredit = z.infer<typeof staffCreditSchema>;
