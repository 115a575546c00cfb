import type { Carrier } from '../delivery/delivery';

/**
 * What an order's tracking number must look like, by its carrier AND its service: whether the
 * service gives one at all, whether dispatching needs it, what a valid one is, and where the
 * customer follows it. The server checks every number it stores by this rule (staff edits and
 * moves, the tracking import, Click & Drop's answers); the staff forms show its hint, and links in
 * e-mails and on order pages come only from `trackingUrl`.
 *
 * - Royal Mail tracked services (Tracked 24/48, Special Delivery, International Tracked…) label each
 *   parcel with a UPU S10 number: two letters, eight digits and a check digit, then GB
 *   (AB123456785GB). The check digit is verified, so a mistyped number is refused, not e-mailed.
 * - Royal Mail untracked services (Royal Mail 24/48, 1st and 2nd class, International Standard and
 *   Economy) give no tracking number: any number is refused, and no link is ever made.
 * - Couriers: the service is not one carrier's, so the consignment number is free text (letters,
 *   digits and dashes), optional, and shown with no link. Collections take an optional reference.
 */

/** The delivery service an order goes by, as far as tracking cares. */
export interface TrackedService {
  carrier: Carrier;
  /** The carrier's service code (Click & Drop's for Royal Mail, e.g. TPN24). */
  code: string;
  /** The service's name, for messages ("Royal Mail 48 (2nd class)"). */
  name?: string;
}

export interface TrackingRule {
  /** `required`: dispatching needs a number; `optional`: it may have one; `none`: the service gives none. */
  takes: 'required' | 'optional' | 'none';
  maxLength: number;
  /** What a valid number looks like, for the form's helper text and the 422. */
  hint: string;
  /** Why a number (normalised) is not one of this service's, or null when it is. */
  problem(value: string): string | null;
  /** The carrier's public tracking page for a number, when it has one. */
  url?: (trackingNumber: string) => string;
}

/**
 * Royal Mail's untracked services by their Click & Drop service codes: Royal Mail 24 and 48
 * (CRL24/CRL48 and the older CRL1/CRL2), 1st and 2nd class (STL1/STL2), Business Parcels 1st and 2nd
 * class (BPL1/BPL2, BPR1/BPR2), International Standard (OLA/OLS) and International Economy
 * (OSA/OSB). Every other Royal Mail code is taken as tracked: a tracked parcel without its number
 * is the costlier mistake.
 */
export const UNTRACKED_ROYAL_MAIL_CODES: ReadonlySet<string> = new Set([
  'CRL24',
  'CRL48',
  'CRL1',
  'CRL2',
  'STL1',
  'STL2',
  'BPL1',
  'BPL2',
  'BPR1',
  'BPR2',
  'OLA',
  'OLS',
  'OSA',
  'OSB',
]);

/** The UPU S10 check digit's weights over the eight serial digits. */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

/** The S10 check digit of eight serial digits: 11 − (Σ digit × weight mod 11), where 10 is written 0 and 11 is written 5. */
export function s10CheckDigit(serial: string): number {
  const sum = S10_WEIGHTS.reduce((total, weight, i) => total + weight * Number(serial[i]), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** The Royal Mail (GB) S10 number of two letters and eight serial digits, its check digit added: ('AB', 12345678) → AB123456785GB. */
export function royalMailTrackingNumber(letters: string, serial: number): string {
  const digits = String(serial % 100_000_000).padStart(8, '0');
  return `${letters}${digits}${s10CheckDigit(digits)}GB`;
}

const S10_SHAPE = /^[A-Z]{2}(\d{8})(\d)GB$/;
const S10_EXAMPLE = 'AB123456785GB';

/** Why `value` is not a Royal Mail (GB) S10 tracking number, or null when it is one. */
export function royalMailTrackingProblem(value: string): string | null {
  const match = S10_SHAPE.exec(value);
  if (!match) return `A Royal Mail tracking number is two letters, nine digits and GB, e.g. ${S10_EXAMPLE}`;
  if (s10CheckDigit(match[1]) !== Number(match[2]))
    return `${value} is not a Royal Mail tracking number: its ninth digit (the check digit) does not match. Check it against the label.`;
  return null;
}

const freeText = (what: string) => (value: string) => (/^[A-Z0-9][A-Z0-9-]*$/.test(value) ? null : `${what}: letters, digits and dashes`);

const ROYAL_MAIL_TRACKED: TrackingRule = {
  takes: 'required',
  maxLength: 13,
  hint: `Two letters, nine digits and GB, as on the Click & Drop label, e.g. ${S10_EXAMPLE}`,
  problem: royalMailTrackingProblem,
  url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${encodeURIComponent(n)}`,
};

const untracked = (service: string): TrackingRule => ({
  takes: 'none',
  maxLength: 0,
  hint: `${service} is not a tracked service: it has no tracking number`,
  problem: () => `${service} is not a tracked service: it takes no tracking number`,
});

const COURIER: TrackingRule = {
  takes: 'optional',
  maxLength: 35,
  hint: "The courier's consignment number, if any: up to 35 letters, digits and dashes",
  problem: freeText("The courier's consignment number"),
};

const COLLECTION: TrackingRule = {
  takes: 'optional',
  maxLength: 35,
  hint: 'A collection reference, if any: up to 35 letters, digits and dashes',
  problem: freeText('A collection reference'),
};

/** The tracking rule of a delivery service; an order without one (never the case once confirmed) is treated as a courier's. */
export function trackingRuleOf(service: TrackedService | null | undefined): TrackingRule {
  if (!service) return COURIER;
  switch (service.carrier) {
    case 'royalmail':
      return UNTRACKED_ROYAL_MAIL_CODES.has(service.code.trim().toUpperCase()) ? untracked(serviceLabel(service)) : ROYAL_MAIL_TRACKED;
    case 'collection':
      return COLLECTION;
    default:
      return COURIER;
  }
}

/** As staff type or paste it: spaces dropped, upper case ("ab 1234 5678 5gb" → AB123456785GB). */
export const normaliseTracking = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** The service as messages name it: its name, else the carrier and code. */
const serviceLabel = (service: TrackedService | null | undefined): string =>
  service?.name || (service?.carrier === 'royalmail' ? `Royal Mail ${service.code}` : 'this service');

/**
 * A tracking number checked against its service's rule: the number to store (null for none), or
 * the message to show beside the field. `required` false lets a correction clear it.
 */
export function checkTracking(
  service: TrackedService | null | undefined,
  text: string | null | undefined,
  required = true,
): { value: string | null } | { message: string } {
  const rule = trackingRuleOf(service);
  const value = normaliseTracking(text ?? '');
  if (!value)
    return required && rule.takes === 'required' ? { message: `A tracking number is required for ${serviceLabel(service)}. ${rule.hint}` } : { value: null };
  if (rule.takes !== 'none' && value.length > rule.maxLength) return { message: `At most ${rule.maxLength} characters. ${rule.hint}` };
  const problem = rule.problem(value);
  return problem ? { message: problem } : { value };
}

/** The carrier's public tracking page for this order, or null (no number, an untracked service, or a carrier without one). */
export function trackingUrl(service: TrackedService | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!trackingNumber) return null;
  const rule = trackingRuleOf(service);
  // A number stored before the rule knew better (or an untracked service's) is never made a link.
  if (!rule.url || rule.problem(trackingNumber) !== null) return null;
  return rule.url(trackingNumber);
}
