import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { RoyalMailStatus } from '../../shared/api/staff-production';
import type { StaffDataProvider } from '../dataProvider';

export const ROYAL_MAIL_STATUS_KEY = ['royalmail', 'status'];

/** For the dashboard tile: how many orders wait to go by Royal Mail. */
export const royalMailWaitingText = (status: RoyalMailStatus): string =>
  status.waiting ? `${status.waiting.toLocaleString('en-GB')} order${status.waiting === 1 ? '' : 's'} waiting to dispatch.` : 'Nothing waiting to dispatch.';

/** Whether Click & Drop's API is set up, and the orders waiting for Royal Mail; read again after every action of the page. */
export function useRoyalMailStatus() {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useQuery<RoyalMailStatus>({ queryKey: ROYAL_MAIL_STATUS_KEY, queryFn: () => dataProvider.royalMailStatus(), staleTime: 5_000 });
}
