import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BatchWaiting } from '../../shared/api/staff-production';
import type { StaffDataProvider } from '../dataProvider';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** "12 items of 7 orders". */
export const itemsOfOrders = (counts: { items: number; orders: number }): string => `${plural(counts.items, 'item')} of ${plural(counts.orders, 'order')}`;

/** The dashboard's line: "12 items of 7 orders waiting for the press." */
export function waitingForPressText(waiting: BatchWaiting): string {
  return waiting.items ? `${itemsOfOrders(waiting)} waiting for the press.` : 'Nothing waiting for the press.';
}

/** The query key of what waits (under `batches`: react-admin's refresh and a run's invalidation reach it). */
export const WAITING_KEY = ['batches', 'waiting'] as const;

/**
 * What the next run would take, in all and per stock, and the run being made now. While a run is
 * being made it is asked again every second: the counts fall to what is left when the run ends.
 */
export function useBatchesWaiting() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useQuery({
    queryKey: WAITING_KEY,
    queryFn: () => dataProvider.batchesWaiting(),
    staleTime: 5_000,
    refetchInterval: (query) => (query.state.data?.running ? 1_000 : false),
  });
}
