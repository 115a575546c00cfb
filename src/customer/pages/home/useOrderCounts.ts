import { useEffect, useState } from 'react';
import { http } from '../../../shared/http';

const STATUSES = ['live', 'printing', 'problem', 'dispatched', 'cancelled'] as const;
export type OrderCounts = Record<(typeof STATUSES)[number], number>;

/** The counts of an answer `{ live, printing, … }` (checked by hand: the home page stays free of zod). */
export function readOrderCounts(data: unknown): OrderCounts {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const counts = {} as OrderCounts;
  for (const status of STATUSES) {
    const n = record[status];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new TypeError(`No count for ${status}`);
    counts[status] = n;
  }
  return counts;
}

/**
 * How many orders the customer has in each status, or null. The counts are a nicety: before the
 * orders API exists, or when it fails, the tiles simply show no numbers (and no error dialog).
 */
export function useOrderCounts(): OrderCounts | null {
  const [counts, setCounts] = useState<OrderCounts | null>(null);
  useEffect(() => {
    let current = true;
    http
      .get<unknown>('/api/orders/counts', { skipErrorDialogs: true })
      .then(({ data }) => current && setCounts(readOrderCounts(data)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return counts;
}
