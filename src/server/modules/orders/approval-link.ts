import { readSignedLink, signLink } from '../../lib/signed-links';

/**
 * The link of the e-mail asking an owner to approve a buyer's order (`${APP_URL}/approval-links/{token}`):
 * it names the owner it was sent to and the order, signed with the app's key (lib/signed-links.ts).
 * What it opens depends on the order when it is followed: the order while it waits, else what became
 * of it. Like a proof's link it is no credential (the owner signs in first, and it opens only for
 * them, and only while the order is their company's), so it needs no expiry of its own.
 */

export interface ApprovalLink {
  ownerId: number;
  orderId: number;
}

const PURPOSE = 'approval-link';
const KEYS = ['u', 'o'] as const;

export function approvalLinkToken(appKey: string, link: ApprovalLink): string {
  return signLink(appKey, PURPOSE, { u: link.ownerId, o: link.orderId });
}

/** The link a token names, if our key signed it as an approval link; null otherwise. */
export function readApprovalLinkToken(appKey: string, token: string): ApprovalLink | null {
  const fields = readSignedLink(appKey, PURPOSE, token, KEYS);
  return fields && { ownerId: fields.u, orderId: fields.o };
}
