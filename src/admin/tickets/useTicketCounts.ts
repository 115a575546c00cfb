import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { TicketCounts } from '../../shared/api/tickets';
import type { StaffDataProvider } from '../dataProvider';

/** The dashboard's line: "3 waiting for staff." */
export function waitingForStaffText(counts: TicketCounts): string {
  return counts.open ? `${counts.open.toLocaleString('en-GB')} waiting for staff.` : 'None waiting for staff.';
}

/**
 * The tickets in each status under the list's other filters (search, customer, order); under the
 * `tickets` key, so react-admin's refresh and a reply, close or reopen reach it.
 */
export function useTicketCounts(filter: Record<string, unknown> = {}) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { status: _status, ...others } = filter;
  return useQuery<TicketCounts>({
    queryKey: ['tickets', 'counts', others],
    queryFn: () => dataProvider.ticketCounts(others),
    staleTime: 5_000,
  });
}
