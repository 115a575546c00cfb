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
