import { useGetList } from 'react-admin';
import type { StaffMail } from '../../shared/api';
import { staffUrl } from '../staffAreas';

/** The outbox's resource, at /admin/mail (the API's /api/admin/mail). */
export const MAIL_RESOURCE = 'mail';

/** The outbox list's filter of messages given up on (every attempt failed): the ones staff must act on. */
export const FAILED_FILTER = { status: ['failed'] } as const;

/** /admin/mail showing only the failed messages. */
export const failedMailUrl = (): string => `${staffUrl(MAIL_RESOURCE)}?filter=${encodeURIComponent(JSON.stringify(FAILED_FILTER))}`;

/** How many messages failed (one row is fetched; the count is the list's total). */
export function useFailedMailCount(): number | undefined {
  const { total } = useGetList<StaffMail>(MAIL_RESOURCE, { filter: FAILED_FILTER, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } });
  return total;
}
