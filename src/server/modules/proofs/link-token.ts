import { hmac, safeEqual } from '../../lib/tokens';

/** What a proof e-mail's link names: whose it is, and which proof. */
export interface ProofLinkSubject {
  userId: number;
  orderId: number;
  itemId: number;
  version: number;
}

/** A link opened later than this after it was made is out of date (the route answers 410). */
export const PROOF_LINK_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** The signature is over the payload, under the app key kept apart from its other uses by a prefix. */
const sign = (appKey: string, payload: string) => hmac(appKey, `proof-link:${payload}`);

/**
 * The token in a proof e-mail's link (`${APP_URL}/proof/{token}`): base64url of the JSON
 * `{u, o, i, v, t}` (user, order, item, version, issued at in seconds), a dot, and its HMAC under
 * the app key. It is no credential: the page it opens needs the customer signed in, and the route
 * that reads it answers only the account it was made for. Made when the e-mail is written.
 */
export function proofLinkToken(appKey: string, subject: ProofLinkSubject, now: Date = new Date()): string {
  const payload = Buffer.from(
    JSON.stringify({ u: subject.userId, o: subject.orderId, i: subject.itemId, v: subject.version, t: Math.floor(now.getTime() / 1000) }),
  ).toString('base64url');
  return `${payload}.${sign(appKey, payload)}`;
}

/** A token's subject and when it was made, or null for one that is malformed or not signed with this key. */
export function readProofLinkToken(appKey: string, token: string): (ProofLinkSubject & { issuedAt: Date }) | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 1000) return null;
  const payload = token.slice(0, dot);
  if (!safeEqual(sign(appKey, payload), token.slice(dot + 1))) return null;
  try {
    const { u, o, i, v, t } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;
    if (!whole(u) || !whole(o) || !whole(i) || !whole(v) || !whole(t)) return null;
    return { userId: u, orderId: o, itemId: i, version: v, issuedAt: new Date(t * 1000) };
  } catch {
    return null;
  }
}
