import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { StaffOrderCounts } from '../../shared/api/staff-orders';
import type { StaffDataProvider } from '../dataProvider';

/** Orders waiting for staff, for the dashboard: Pending, Issues and overdue. */
export function waitingText(counts: StaffOrderCounts): string {
  const parts = [`${counts.live} pending`, `${counts.problem} with issues`];
  if (counts.overdue) parts.push(`${counts.overdue} overdue`);
  return `Waiting: ${parts.join(', ')}.`;
}

/**
 * The orders in each status (and overdue) under the list's other filters; refetched with the list
 * (react-admin's refresh invalidates every query) and after every move.
 */
export function useOrderCounts(filter: Record<string, unknown> = {}) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { status: _status, ...others } = filter;
  return useQuery({
    queryKey: ['orders', 'counts', others],
    queryFn: () => dataProvider.orderCounts(others),
    staleTime: 5_000,
  });
}
