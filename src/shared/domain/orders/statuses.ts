/**
 * The order statuses (DESIGN §2 "Orders"): the words the API and `?status=` use, and the names the
 * screens show for them. One list for server and browser alike.
 */
export const ORDER_STATUS_NAMES = {
  basket: 'Basket',
  live: 'Pending',
  printing: 'Processing',
  problem: 'Issues',
  dispatched: 'Dispatched',
  cancelled: 'Cancelled',
} as const;

export type OrderStatus = keyof typeof ORDER_STATUS_NAMES;

/** Every status, baskets first, in the order an order moves through them. */
export const ALL_ORDER_STATUSES = Object.keys(ORDER_STATUS_NAMES) as OrderStatus[];

/** The statuses of confirmed orders, which customers follow and filter by (baskets live at /create). */
export const CONFIRMED_ORDER_STATUSES = ['live', 'printing', 'problem', 'dispatched', 'cancelled'] as const satisfies readonly OrderStatus[];
export type ConfirmedOrderStatus = (typeof CONFIRMED_ORDER_STATUSES)[number];

/** The confirmed statuses with their names, in the navigation bar's order. */
export const ORDER_STATUSES = CONFIRMED_ORDER_STATUSES.map((status) => ({ status, label: ORDER_STATUS_NAMES[status] }));

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && Object.hasOwn(ORDER_STATUS_NAMES, value);
}

/** The name shown for a status word, or undefined for anything that is not one. */
export function statusLabel(status: string | null): string | undefined {
  return isOrderStatus(status) ? ORDER_STATUS_NAMES[status] : undefined;
}
