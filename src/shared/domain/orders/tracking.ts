import type { Carrier } from '../delivery/delivery';

/**
 * What each carrier's tracking number looks like, whether dispatching needs one, and where the
 * customer follows it. Royal Mail's Click & Drop labels (24, 48, Tracked, International) all carry
 * one of up to 16 letters and digits (e.g. AB123456789GB); a courier's or a collection's is
 * optional and free-form.
 */
export interface TrackingRule {
  required: boolean;
  maxLength: number;
  pattern: RegExp;
  /** What a valid number looks like, for the form's helper text and the 422. */
  hint: string;
  /** The carrier's public tracking page for a number, when it has one. */
  url?: (trackingNumber: string) => string;
}

export const TRACKING_RULES: Readonly<Record<Carrier, TrackingRule>> = {
  royalmail: {
    required: true,
    maxLength: 16,
    pattern: /^[A-Z0-9]+$/,
    hint: 'Royal Mail tracking numbers are up to 16 letters and digits, e.g. AB123456789GB',
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${encodeURIComponent(n)}`,
  },
  courier: { required: false, maxLength: 35, pattern: /^[A-Z0-9][A-Z0-9-]*$/, hint: "The courier's consignment number: up to 35 letters, digits and dashes" },
  collection: { required: false, maxLength: 35, pattern: /^[A-Z0-9][A-Z0-9-]*$/, hint: 'A collection reference, if any: up to 35 letters, digits and dashes' },
};

/** An order without a delivery service (never the case once confirmed) is treated as a courier's. */
export const trackingRuleOf = (carrier: Carrier | null | undefined): TrackingRule => TRACKING_RULES[carrier ?? 'courier'];

/** As staff type or paste it: spaces dropped, upper case ("ab 1234 5678 9gb" → AB123456789GB). */
export const normaliseTracking = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/**
 * A tracking number checked against the carrier's rule: the number to store (null for none), or
 * the message to show beside the field. `required` false lets a correction clear it.
 */
export function checkTracking(carrier: Carrier | null | undefined, text: string | null | undefined, required = true): { value: string | null } | { message: string } {
  const rule = trackingRuleOf(carrier);
  const value = normaliseTracking(text ?? '');
  if (!value) return required && rule.required ? { message: 'A tracking number is required for Royal Mail: it is on the Click & Drop label' } : { value: null };
  if (value.length > rule.maxLength) return { message: `At most ${rule.maxLength} characters. ${rule.hint}` };
  if (!rule.pattern.test(value)) return { message: rule.hint };
  return { value };
}

/** The carrier's public tracking page for this order, or null (no number, or a carrier without one). */
export function trackingUrl(carrier: Carrier | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!trackingNumber) return null;
  const url = trackingRuleOf(carrier).url;
  return url ? url(trackingNumber) : null;
}
