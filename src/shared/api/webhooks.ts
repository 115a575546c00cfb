import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES, WEBHOOK_MODES, WEBHOOK_TEST_EVENT } from '../domain/webhooks/events';
import { textSchema, wholeNumberSchema } from './common';
import { invoiceSchema } from './invoices';
import { tradeOrderSchema } from './trade-orders';

/**
 * Webhooks (DESIGN §2 "Trade API and webhooks", §3): the customer's endpoints, their delivery log,
 * and the bodies the endpoints receive. Secrets are shown only in the answers that make them.
 */

const urlField = textSchema({ message: 'URL is required' }).trim().min(1, 'URL is required').max(2000, 'At most 2000 characters');
const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'Not an event type' }), { message: 'Choose the events to send' })
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e)));

export const webhookEndpointCreateSchema = z.strictObject({
  url: urlField,
  events: eventsField,
  mode: z.enum(WEBHOOK_MODES, { message: 'Choose live or test' }),
});
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z.strictObject({
  url: urlField.optional(),
  events: eventsField.optional(),
  /** true re-enables a disabled endpoint; false disables it. */
  active: z.boolean({ message: 'Active is true or false' }).optional(),
});
export type WebhookEndpointUpdateInput = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  mode: z.enum(WEBHOOK_MODES),
  active: z.boolean(),
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number(),
  /** While the secret before the last rotation still signs. */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** A new endpoint, or one just rotated: with its secret, shown only in this answer. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  /** The event's id (`msg_…`), the `webhook-id` header of every attempt. */
  event_id: z.string(),
  event_type: z.string(),
  order_id: z.number().nullable(),
  invoice_id: z.number().nullable(),
  sequence: z.number().nullable(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  status_code: z.number().nullable(),
  duration_ms: z.number().nullable(),
  error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.object({
  page: wholeNumberSchema('Page', 1, 100_000).default(1),
  per_page: wholeNumberSchema('Per page', 1, 100).default(20),
});
export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliverySchema), total: z.number(), page: z.number(), per_page: z.number() });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/*
 * What an endpoint receives: `{type, timestamp, data}`. An order event's data is the order as the
 * trade API answers it (GET /api/v1/orders/{id}), with its `sequence`: rising with each event of
 * that order, so that a receiver can ignore one that arrives after a later one.
 */
export const webhookOrderDataSchema = tradeOrderSchema.extend({ sequence: z.number() });
export type WebhookOrderData = z.infer<typeof webhookOrderDataSchema>;

const orderEvent = <T extends string>(type: T) => z.object({ type: z.literal(type), timestamp: z.string(), data: webhookOrderDataSchema });

export const webhookPayloadSchema = z.discriminatedUnion('type', [
  orderEvent('order.created'),
  z.object({
    type: z.literal('order.artwork_checked'),
    timestamp: z.string(),
    /** The order, and which item's artwork was checked (its result is that item's `artwork`). */
    data: webhookOrderDataSchema.extend({ item_id: z.number() }),
  }),
  orderEvent('order.confirmed'),
  z.object({
    type: z.literal('order.proof_ready'),
    timestamp: z.string(),
    /** The order, and which item's proof is ready for its customer's approval (a new version of it, or its first). */
    data: webhookOrderDataSchema.extend({ item_id: z.number() }),
  }),
  orderEvent('order.problem'),
  orderEvent('order.dispatched'),
  orderEvent('order.cancelled'),
  z.object({ type: z.literal('invoice.created'), timestamp: z.string(), data: invoiceSchema }),
  z.object({ type: z.literal(WEBHOOK_TEST_EVENT), timestamp: z.string(), data: z.object({ endpoint_id: z.number(), message: z.string() }) }),
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
