import { useEffect, useState } from 'react';
import { z } from 'zod';
import { http } from '../../../shared/http';

const countsSchema = z.object({
  live: z.number().int().nonnegative(),
  printing: z.number().int().nonnegative(),
  problem: z.number().int().nonnegative(),
  dispatched: z.number().int().nonnegative(),
  cancelled: z.number().int().nonnegative(),
});
export type OrderCounts = z.infer<typeof countsSchema>;

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
      .then(({ data }) => current && setCounts(countsSchema.parse(data)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return counts;
}
