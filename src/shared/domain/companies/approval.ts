import { formatPence } from '../pricing/format';

/*
 * Approval of a buyer's large orders (DESIGN §2 "Companies"): the words the order's history, its
 * e-mails and its page use for each step, in one place. Whether an order waits is `needsApproval`
 * (roles.ts), on its net total.
 */

/** The longest reason an owner may give for declining (the buyer reads it in an e-mail and the history). */
export const DECLINE_REASON_MAX = 1000;

/**
 * What an owner's approval e-mail link finds, in the order as it is now: still `waiting`, approved —
 * `confirmed`, or `awaiting_payment` by the buyer's card — or `declined` (the buyer's basket again).
 */
export const APPROVAL_LINK_STATES = ['waiting', 'confirmed', 'awaiting_payment', 'declined'] as const;
export type ApprovalLinkState = (typeof APPROVAL_LINK_STATES)[number];

/** What the order's page says while the basket waits. */
export const AWAITING_OWNER_APPROVAL = 'Waiting for approval by an owner';

const SENT_FOR_APPROVAL = 'Sent for approval by ';
const DECLINED = 'Declined by ';

/** The history's note of a confirmation held for approval: who sent it, and why it waits. */
export function approvalRequestedNote(buyer: string, totalNet: number, limit: number): string {
  return `${SENT_FOR_APPROVAL}${buyer}: ${formatPence(totalNet)} before VAT is above the approval limit of ${formatPence(limit)}`;
}

/** The history's note of an approval, which confirms the order (on account) or sends the buyer to pay (card). */
export function approvedNote(owner: string, payByCard: boolean): string {
  return payByCard ? `Approved by ${owner}: waiting for the card payment` : `Approved by ${owner}: order confirmed`;
}

/** The history's note of a decline, with the owner's reason: the basket is the buyer's again. */
export function declinedNote(owner: string, reason: string): string {
  return `${DECLINED}${owner}: ${reason}`;
}

/** A basket's last decline not followed by another request for approval: its history note (who, and why), or null. */
export function standingDecline(notes: readonly string[]): string | null {
  for (let i = notes.length - 1; i >= 0; i--) {
    if (notes[i].startsWith(DECLINED)) return notes[i];
    if (notes[i].startsWith(SENT_FOR_APPROVAL)) return null;
  }
  return null;
}

/** The history's note of a basket that stopped waiting because its buyer left the company: it went with them, as baskets do. */
export function leftCompanyNote(buyer: string, company: string): string {
  return `No longer waiting for approval: ${buyer} left ${company || 'the company'}, and the basket went with them`;
}
