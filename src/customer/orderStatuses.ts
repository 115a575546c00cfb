/** The order statuses a customer can filter by, with the words the specification shows for them. */
export const ORDER_STATUSES = [
  { status: 'live', label: 'Pending' },
  { status: 'printing', label: 'Processing' },
  { status: 'problem', label: 'Issues' },
  { status: 'dispatched', label: 'Dispatched' },
  { status: 'cancelled', label: 'Cancelled' },
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number]['status'];

export function statusLabel(status: string | null): string | undefined {
  return ORDER_STATUSES.find((entry) => entry.status === status)?.label;
}
