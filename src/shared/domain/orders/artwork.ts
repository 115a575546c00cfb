import type { OrderStatus } from './statuses';

/**
 * The statuses in which a customer may upload or replace an item's artwork: a basket, and an order
 * on hold (Issues), where staff may ask for a corrected file before it goes to the press again.
 * Once confirmed and not on hold, the file is the one the press works from and stays as it is.
 */
export const ARTWORK_REPLACEABLE_STATUSES = ['basket', 'problem'] as const satisfies readonly OrderStatus[];

/**
 * Whether an item's artwork can be replaced now, in an order of this status: the server refuses an
 * upload otherwise (409), and the customer's pages offer the upload button only then.
 */
export function canReplaceArtwork(status: string): boolean {
  return (ARTWORK_REPLACEABLE_STATUSES as readonly string[]).includes(status);
}

/** Said (409) when an item's artwork can no longer be replaced. */
export const ARTWORK_LOCKED = 'The artwork of a confirmed order can only be replaced while the order is on hold (Issues), or for a proof you asked to change.';

/**
 * Whether the customer may put new artwork on this item now: in a status above, or — for an item
 * whose proof they sent back for changes — while its order is Pending, so that the next proof is
 * made from the corrected file. Every other item of a confirmed order keeps the file it was confirmed with.
 */
export function canReplaceItemArtwork(orderStatus: string, proofStatus: string | null): boolean {
  return canReplaceArtwork(orderStatus) || (orderStatus === 'live' && proofStatus === 'changes_requested');
}
