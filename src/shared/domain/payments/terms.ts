/*
 * How a customer pays (DESIGN §2 "Payment terms, payments and credit control"): by card when
 * confirming, or on account (invoiced, paid within `credit_days`, up to `credit_limit`).
 */

export const PAYMENT_TERMS = ['card', 'account'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  card: 'Card: pays by card when confirming',
  account: 'Account: invoiced, pays within the credit days',
};

/** Days an invoice on account is due after its date: 0 (on receipt) to a year. */
export const CREDIT_DAYS_MIN = 0;
export const CREDIT_DAYS_MAX = 365;
export const DEFAULT_CREDIT_DAYS = 30;
/** The largest credit limit staff may give, in pence (£1,000,000): a typing slip past it is refused, not trusted. */
export const CREDIT_LIMIT_MAX = 100_000_000;

/**
 * Where a card payment of an order stands: `pending` while the customer is on the payment page
 * (the order is still a basket, and cannot be changed), `paid` once the payment provider said so,
 * `refunding` once a paid order was cancelled and its refund is on its way, `refunded` when it went
 * through. Null: no card payment (an order on account, or a basket).
 */
export const CARD_PAYMENT_STATUSES = ['pending', 'paid', 'refunding', 'refunded'] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

/** How a payment reached the printer; card payments are recorded by the app itself, the others by staff. */
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cheque', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How this customer may pay for a basket: a card customer by card only; an account customer on
 * account, or by card for this one order when card payment is set up. A card customer with card
 * payment not set up may not confirm at all (and is told so).
 */
export function paymentOptions(terms: PaymentTerms, cardPayments: boolean): PaymentTerms[] {
  if (terms === 'card') return cardPayments ? ['card'] : [];
  return cardPayments ? ['account', 'card'] : ['account'];
}
