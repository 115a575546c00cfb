/**
 * The events a webhook endpoint can subscribe to (DESIGN §2 "Trade API and webhooks"). Order
 * events carry the order with its `sequence`, rising with every event of that order, so a receiver
 * can ignore one that arrives late after retries.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.artwork_checked',
  'order.confirmed',
  'order.proof_ready',
  'order.proof_approved',
  'order.proof_changes_requested',
  'order.problem',
  'order.dispatched',
  'order.cancelled',
  'invoice.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent on demand ("Send test event"): every endpoint receives it, whatever it is subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'Order created (trade API)',
  'order.artwork_checked': 'Artwork checked',
  'order.confirmed': 'Order confirmed',
  'order.proof_ready': 'Proof ready to approve',
  'order.proof_approved': 'Proof approved',
  'order.proof_changes_requested': 'Changes asked to a proof',
  'order.problem': 'Order on hold (problem)',
  'order.dispatched': 'Order dispatched',
  'order.cancelled': 'Order cancelled',
  'invoice.created': 'Invoice created',
};

/** An endpoint receives the events of live orders only, or of sandbox (test) orders only. */
export const WEBHOOK_MODES = ['live', 'test'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * The waits before each retry of a delivery that failed: about three days in all, after which it
 * has failed for good. Attempt n+1 follows attempt n by `RETRY_DELAYS_MS[n-1]`.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, 50_400, 72_000].map((s) => s * 1000);
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** The delivery log is kept this long. */
export const WEBHOOK_LOG_DAYS = 30;
/** After a rotation the previous secret signs beside the new one this long. */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 60 * 60_000;
