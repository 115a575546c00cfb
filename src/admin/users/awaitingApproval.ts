import { useGetList } from 'react-admin';
import type { StaffUser } from '../../shared/api';
import { staffUrl } from '../staffAreas';

/** The users list's filter of accounts awaiting approval (role `none`). */
export const AWAITING_APPROVAL_FILTER = { role: 'none' } as const;

/** /admin/users showing only the accounts that await approval. */
export const awaitingApprovalUrl = (): string => `${staffUrl('users')}?filter=${encodeURIComponent(JSON.stringify(AWAITING_APPROVAL_FILTER))}`;

/** How many accounts await approval (one row is fetched; the count is the list's total). */
export function useAwaitingApprovalCount(): number | undefined {
  const { total } = useGetList<StaffUser>('users', {
    filter: AWAITING_APPROVAL_FILTER,
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'DESC' },
  });
  return total;
}

export const accountsAwaiting = (n: number): string => `${n} account${n === 1 ? '' : 's'} awaiting approval`;
