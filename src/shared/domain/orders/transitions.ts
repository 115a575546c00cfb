import type { OrderStatus } from './statuses';

/**
 * The order transition table (DESIGN §2 "Orders") as data: who may move an order from which status
 * to which, and what the move needs. The server's order service applies it in a transaction; the
 * screens offer exactly the moves it allows. Anything not listed answers 409.
 */
export type OrderActor = 'customer' | 'staff' | 'system';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  /** Who may make the move. */
  by: readonly OrderActor[];
  /** What the move is called on a button. */
  action: string;
  /** What staff's button says, where it differs (they release a held order; the customer resubmits it). */
  staffAction?: string;
  /** The move needs a problem text for the customer (to Issues). */
  needsProblemText?: true;
  /** The move takes a tracking number (to Dispatched): required unless the carrier gives none. */
  takesTracking?: true;
  /** The customer is e-mailed about the move (its job is written with the move, in the same transaction). */
  mailsCustomer?: true;
  /** The order's invoice is raised with the move (in the same transaction). */
  raisesInvoice?: true;
}

// prettier-ignore
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'basket',   to: 'live',       by: ['customer'],                   action: 'Confirm order',        mailsCustomer: true },
  { from: 'live',     to: 'cancelled',  by: ['customer', 'staff'],          action: 'Cancel order' },
  { from: 'live',     to: 'printing',   by: ['staff', 'system'],            action: 'Move to Processing' },
  { from: 'live',     to: 'problem',    by: ['staff', 'system'],            action: 'Hold with a problem',  needsProblemText: true, mailsCustomer: true },
  { from: 'printing', to: 'problem',    by: ['staff', 'system'],            action: 'Hold with a problem',  needsProblemText: true, mailsCustomer: true },
  { from: 'problem',  to: 'live',       by: ['customer', 'staff'],          action: 'Resubmit',             mailsCustomer: true, staffAction: 'Release to Pending' },
  { from: 'problem',  to: 'cancelled',  by: ['customer', 'staff'],          action: 'Cancel order' },
  { from: 'printing', to: 'dispatched', by: ['staff', 'system'],            action: 'Mark dispatched',      takesTracking: true, mailsCustomer: true, raisesInvoice: true },
];

/** The move from → to that `actor` may make, or undefined when the table has none. */
export function findTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by.includes(actor));
}

/** What a move to `to` asks for, as the table says for every move there: a problem text, a tracking number. */
export function moveNeeds(to: OrderStatus): { problemText: boolean; tracking: boolean } {
  const into = ORDER_TRANSITIONS.filter((t) => t.to === to);
  return { problemText: into.some((t) => t.needsProblemText), tracking: into.some((t) => t.takesTracking) };
}

/** Every move `actor` may make from `from`, in the table's order. */
export function movesFrom(from: OrderStatus, actor: OrderActor): OrderTransition[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor));
}

/** The statuses every one of `froms` may move to (for a bulk move of several orders). */
export function commonTargets(froms: readonly OrderStatus[], actor: OrderActor): OrderStatus[] {
  if (!froms.length) return [];
  const [first, ...rest] = froms.map((from) => new Set(movesFrom(from, actor).map((t) => t.to)));
  return [...first].filter((to) => rest.every((targets) => targets.has(to)));
}
