import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { Malformed, Unavailable, UpstreamFailed } from '../../lib/domain-errors';

/*
 * The app's one door to Stripe (DESIGN §2 "Payment terms…", §4 Stripe): Checkout Sessions made,
 * read and expired, refunds, and the webhook's signature. Card data never reaches us: the customer
 * pays on Stripe's own page. Every write carries an idempotency key, so a retry (ours, or the
 * library's after a lost answer) makes nothing twice.
 */

/** A Checkout Session as the app needs it. */
export interface CheckoutSession {
  id: string;
  /** The hosted payment page, while the session is open. */
  url: string | null;
  /** open, complete or expired. */
  status: string | null;
  paymentStatus: string;
  /** Pence. */
  amountTotal: number | null;
  /** The payment's id (pi_…), once paid: what a refund names. */
  paymentIntent: string | null;
}

export interface CheckoutRequest {
  orderId: number;
  /** Pence, VAT included: the order's frozen total. */
  amount: number;
  /** What the payment page says is being paid for. */
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** When the page stops taking the payment (Stripe: 30 minutes to 24 hours from now). */
  expiresAt: Date;
  idempotencyKey: string;
}

export interface CardPayments {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveCheckout(id: string): Promise<CheckoutSession>;
  /** Closes an open session; answers it as it is then (a session already paid is answered as such, not refused). */
  expireCheckout(id: string): Promise<CheckoutSession>;
  refund(request: { paymentIntent: string; amount: number; orderId: number; idempotencyKey: string }): Promise<{ id: string; status: string | null }>;
  /** The event of a webhook delivery whose signature is good; a bad or missing one is Malformed (400). */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

/** The library's options for an API base such as http://127.0.0.1:12111 (a stand-in) or https://api.stripe.com. */
export function stripeHostOptions(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const UNREACHABLE = 'Card payment cannot be reached just now, so nothing was charged and your basket is as it was. Please try again in a minute.';

/** Stripe's refusal or silence in the domain's words: away (503) when it could not answer, else its own reason (502). */
function domainError(error: unknown): Error {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new Unavailable(UNREACHABLE);
  }
  if (error instanceof Stripe.errors.StripeError) {
    if ((error.statusCode ?? 0) >= 500) return new Unavailable(UNREACHABLE);
    return new UpstreamFailed(`The card payment provider refused the request: ${error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function session(s: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: s.id,
    url: s.url,
    status: s.status,
    paymentStatus: s.payment_status,
    amountTotal: s.amount_total,
    paymentIntent: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
  };
}

export function stripeCardPayments(config: StripeConfig): CardPayments {
  const stripe = new Stripe(config.secretKey, {
    ...stripeHostOptions(config.apiBase),
    // A confirmation waits for this: a Stripe that does not answer is told to the customer within seconds.
    timeout: 15_000,
    maxNetworkRetries: 1,
    telemetry: false,
  });
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw domainError(error);
    }
  };
  return {
    createCheckout: (r) =>
      call(async () =>
        session(
          await stripe.checkout.sessions.create(
            {
              mode: 'payment',
              line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: r.amount, product_data: { name: r.description } } }],
              customer_email: r.customerEmail || undefined,
              client_reference_id: String(r.orderId),
              metadata: { order_id: String(r.orderId) },
              payment_intent_data: { metadata: { order_id: String(r.orderId) } },
              success_url: r.successUrl,
              cancel_url: r.cancelUrl,
              expires_at: Math.floor(r.expiresAt.getTime() / 1000),
            },
            { idempotencyKey: r.idempotencyKey },
          ),
        ),
      ),
    retrieveCheckout: (id) => call(async () => session(await stripe.checkout.sessions.retrieve(id))),
    expireCheckout: (id) =>
      call(async () => {
        try {
          return session(await stripe.checkout.sessions.expire(id));
        } catch (error) {
          // Only an open session can be expired: one paid (or expired) meanwhile is answered as it is.
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return session(await stripe.checkout.sessions.retrieve(id));
          throw error;
        }
      }),
    refund: (r) =>
      call(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: r.paymentIntent, amount: r.amount, reason: 'requested_by_customer', metadata: { order_id: String(r.orderId) } },
          { idempotencyKey: r.idempotencyKey },
        );
        return { id: refund.id, status: refund.status };
      }),
    verifyEvent(rawBody, signature) {
      if (!signature) throw new Malformed('The Stripe-Signature header is missing.');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new Malformed('The Stripe-Signature header does not match the body.');
      }
    },
  };
}
