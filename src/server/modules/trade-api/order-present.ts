import type { Item, Order } from '../../../shared/api/orders';
import type { TradeArtworkStatus, TradeOrder, TradeOrderStatus } from '../../../shared/api/trade-orders';
import type { OrderRow } from '../../db/schema';

/*
 * An order as the trade API answers it: the customer's order (modules/orders/present.ts, the one
 * place prices and totals are worked out) in the API's words, with why it still waits.
 */

/** What the trade API keeps of an order it placed (api_orders), when it did. */
export interface ApiOrderMark {
  acceptWarnings: boolean;
  waitingReason: string | null;
}

/** An item's artwork in the API's words, with why the order waits for it (null when it does not). */
export function artworkState(item: Item, acceptWarnings: boolean): { status: TradeArtworkStatus; reason: string | null } {
  const artwork = item.artwork;
  const fetch = item.artwork_fetch;
  if (fetch?.status === 'fetching') return { status: 'fetching', reason: `Its artwork is being fetched from ${fetch.url}.` };
  if (!artwork) {
    if (fetch?.status === 'failed')
      return {
        status: 'failed',
        reason: `Its artwork could not be fetched: ${fetch.error ?? 'the address did not answer with a PDF.'} Give another artwork_url, or upload the file.`,
      };
    return { status: 'awaiting', reason: 'Give its artwork: PUT /orders/{id}/items/{item_id}/artwork (a file or an artwork_url).' };
  }
  const messages = (status: 'warn' | 'fail') =>
    artwork.preflight.checks
      .filter((c) => c.status === status)
      .map((c) => c.message)
      .join(' ');
  switch (artwork.preflight.status) {
    case 'pending':
      return { status: 'checking', reason: 'Its artwork is being checked; this takes a few seconds.' };
    case 'pass':
      return { status: 'passed', reason: null };
    case 'warn':
      return acceptWarnings || item.warnings_accepted
        ? { status: 'warnings', reason: null }
        : { status: 'warnings', reason: `Its artwork has warnings (${messages('warn')}): send corrected artwork, or place the order with accept_warnings.` };
    case 'fail':
      return { status: 'failed', reason: `Its artwork failed its check: ${messages('fail') || 'see the checks'} Send corrected artwork.` };
  }
}

/** Where the trade API serves an item's current proof (its PDF). */
export const tradeProofUrl = (orderId: number, itemId: number): string => `/api/v1/orders/${orderId}/items/${itemId}/proof`;

/** The API's status of an order: a basket it placed is `awaiting` its artwork (or its account's credit). */
export const tradeStatus = (status: Order['status']): TradeOrderStatus => (status === 'basket' ? 'awaiting' : status);

export function presentTradeOrder(order: Order, row: Pick<OrderRow, 'test' | 'externalRef'>, mark: ApiOrderMark | null): TradeOrder {
  const awaiting = order.status === 'basket';
  const acceptWarnings = mark?.acceptWarnings ?? false;
  const items = order.items.map((item, i) => {
    const state = artworkState(item, acceptWarnings);
    return {
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      stock_id: item.stock_id,
      stock_name: item.stock_name,
      qty: item.qty,
      sides: item.sides,
      orientation: item.orientation,
      notes: item.notes,
      option_ids: item.option_ids,
      options: item.options,
      turnaround: item.turnaround,
      price: item.price,
      artwork: {
        status: state.status,
        reason: awaiting && state.reason ? `Item ${i + 1}: ${state.reason}` : null,
        name: item.artwork?.name ?? null,
        checks: item.artwork?.preflight.checks ?? [],
      },
      proof_requested: item.proof_requested,
      proof_price: item.proof_price,
      proof: item.proof && { ...item.proof, url: tradeProofUrl(order.id, item.id) },
    };
  });
  // Why it waits: each item's artwork, then what else stops the confirmation (the basket's own blockers, or the last try's credit hold).
  const reasons = awaiting
    ? [
        ...items.flatMap((item) => (item.artwork.reason ? [item.artwork.reason] : [])),
        ...order.blockers.filter((b) => !/^Item \d+ /.test(b)),
        ...(mark?.waitingReason ? [mark.waitingReason] : []),
      ]
    : [];
  return {
    id: order.id,
    external_ref: row.externalRef,
    ref: order.ref,
    status: tradeStatus(order.status),
    awaiting_reason: awaiting ? reasons.join(' ') || 'It is being confirmed.' : null,
    test: row.test,
    blind_dispatch: order.blind_dispatch,
    accept_warnings: acceptWarnings,
    items,
    address: order.address,
    delivery: order.delivery_type,
    delivery_cost: order.delivery_cost,
    total_net: order.total_net,
    total_vat: order.total_vat,
    total: order.total,
    dispatch_due: order.dispatch_due,
    delivery_due: order.delivery_due,
    problem_text: order.problem_text,
    tracking_number: order.tracking_number,
    created_at: order.created_at,
    confirmed_at: order.confirmed_at,
    dispatched_at: order.dispatched_at,
  };
}
