import { PROOF_LINK_DAYS } from '../../../shared/domain/orders/proofs';
import { readSignedLink, signLink } from '../../lib/signed-links';

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
const KEYS = ['u', 'o', 'i', 'v', 't'] as const;

/** The signed token of a proof's link: `{u, o, i, v, t}` (t: when it was made, ms), signed (lib/signed-links.ts). */
export function proofLinkToken(appKey: string, link: ProofLink, issuedAt: Date = new Date()): string {
  return signLink(appKey, PURPOSE, { u: link.userId, o: link.orderId, i: link.itemId, v: link.version, t: issuedAt.getTime() });
}

export type ProofLinkCheck = { ok: true; link: ProofLink; issuedAt: Date } | { ok: false; why: 'invalid' };

/** The link a token names, if our key signed it; its age is the caller's to judge (linkExpired). */
export function verifyProofLinkToken(appKey: string, token: string): ProofLinkCheck {
  const fields = readSignedLink(appKey, PURPOSE, token, KEYS);
  if (!fields) return { ok: false, why: 'invalid' };
  return { ok: true, link: { userId: fields.u, orderId: fields.o, itemId: fields.i, version: fields.v }, issuedAt: new Date(fields.t) };
}

/** A link older than PROOF_LINK_DAYS opens nothing any more (410): the order's page still shows the proof. */
export function linkExpired(issuedAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - issuedAt.getTime() > PROOF_LINK_DAYS * DAY_MS;
}
