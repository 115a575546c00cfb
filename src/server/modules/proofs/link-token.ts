import { PROOF_LINK_DAYS } from '../../../shared/domain/orders/proofs';
import { hmac, safeEqual } from '../../lib/tokens';

/**
 * The link of a proof's e-mail (`${APP_URL}/proof/{token}`): it names the customer it was made for,
 * the order, the item and the proof's version, when it was made, and is signed with the app's key.
 * It is no credential: the customer signs in first, and the link opens only for that account
 * (another's is told it does not exist). Nothing is stored: the signature is the proof it is ours.
 */

export interface ProofLink {
  userId: number;
  orderId: number;
  itemId: number;
  version: number;
}

/** What the signature covers besides the payload: a token of another kind signed with the same key is never a proof link. */
const PURPOSE = 'proof-link';
const DAY_MS = 24 * 60 * 60_000;

const sign = (appKey: string, payload: string) => hmac(appKey, `${PURPOSE}:${payload}`);

/** The signed token of a proof's link: base64url JSON `{u, o, i, v, t}` (t: when it was made, ms), a dot, its HMAC. */
export function proofLinkToken(appKey: string, link: ProofLink, issuedAt: Date = new Date()): string {
  const payload = Buffer.from(JSON.stringify({ u: link.userId, o: link.orderId, i: link.itemId, v: link.version, t: issuedAt.getTime() })).toString(
    'base64url',
  );
  return `${payload}.${sign(appKey, payload)}`;
}

export type ProofLinkCheck = { ok: true; link: ProofLink; issuedAt: Date } | { ok: false; why: 'invalid' };

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The link a token names, if our key signed it; its age is the caller's to judge (linkExpired). */
export function verifyProofLinkToken(appKey: string, token: string): ProofLinkCheck {
  const invalid = { ok: false, why: 'invalid' } as const;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length || !safeEqual(signature, sign(appKey, payload))) return invalid;
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return invalid;
  }
  if (!fields || typeof fields !== 'object' || ![fields.u, fields.o, fields.i, fields.v, fields.t].every(whole)) return invalid;
  return {
    ok: true,
    link: { userId: fields.u as number, orderId: fields.o as number, itemId: fields.i as number, version: fields.v as number },
    issuedAt: new Date(fields.t as number),
  };
}

/** A link older than PROOF_LINK_DAYS opens nothing any more (410): the order's page still shows the proof. */
export function linkExpired(issuedAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - issuedAt.getTime() > PROOF_LINK_DAYS * DAY_MS;
}
