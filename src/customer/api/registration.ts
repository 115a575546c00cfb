import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/http';
import { queryClient } from './queryClient';

/*
 * What a visitor is told before registering: whether the printer approves each new account before
 * it may order (setting REGISTRATION_ROLE none) — the role itself stays the staff's. Read by hand:
 * the register page stays free of zod.
 */

/** `approval_required` of an answer `{ approval_required: boolean }`. */
export function readApprovalRequired(data: unknown): boolean {
  const value = typeof data === 'object' && data !== null ? (data as { approval_required?: unknown }).approval_required : undefined;
  if (typeof value !== 'boolean') throw new TypeError('The answer does not say whether accounts are approved');
  return value;
}

async function fetchApprovalRequired(): Promise<boolean> {
  const { data } = await http.get<unknown>('/api/register', { skipErrorDialogs: true });
  return readApprovalRequired(data);
}

const approvalQuery = queryOptions({ queryKey: ['registration', 'approval'], queryFn: fetchApprovalRequired, staleTime: 60_000 });

/** Started by the register route's loader, beside the page's code, so the page usually knows at once. */
export function prefetchApprovalRequired(): Promise<void> {
  return queryClient.prefetchQuery(approvalQuery);
}

/** True when new accounts wait for approval, false when they may order at once, null while unknown (or the call failed: nothing is claimed). */
export function useApprovalRequired(): boolean | null {
  return useQuery(approvalQuery).data ?? null;
}
