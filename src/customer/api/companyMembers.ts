import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AcceptInvitationInput,
  CompanyInvitation,
  CompanyMember,
  CompanyMembers,
  InvitationAccepted,
  InvitationPreview,
  InviteMemberInput,
  UpdateMemberInput,
} from '../../shared/api/company-members';
import { fetchUser, saveToken } from '../../shared/auth';
import { http } from '../../shared/http';
import { queryClient } from './queryClient';

/* The company's members at /account/company, and an invitation's link at /invitations/:token. */

export const companyMemberKeys = { all: ['company-members'] as const, invitation: (token: string) => ['invitation', token] as const };

export function useCompanyMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: companyMemberKeys.all,
    queryFn: async () => (await http.get<CompanyMembers>('/api/company/members')).data,
    enabled,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: companyMemberKeys.all });

export function useInviteMember() {
  return useMutation({
    // A refusal (422 per field, 403) is shown in the dialog, not as an error dialog.
    mutationFn: async (input: InviteMemberInput) => (await http.post<CompanyInvitation>('/api/company/members', input, { skipErrorDialogs: true })).data,
    onSuccess: refresh,
  });
}

export function useWithdrawInvitation() {
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<CompanyInvitation>(`/api/company/invitations/${id}`, { skipErrorDialogs: true })).data,
    onSuccess: refresh,
  });
}

export function useUpdateMember() {
  return useMutation({
    mutationFn: async ({ id, ...input }: UpdateMemberInput & { id: number }) =>
      (await http.patch<CompanyMember>(`/api/company/members/${id}`, input, { skipErrorDialogs: true })).data,
    onSuccess: refresh,
  });
}

export function useRemoveMember() {
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<{ id: number }>(`/api/company/members/${id}`, { skipErrorDialogs: true })).data,
    onSuccess: refresh,
  });
}

/** What a link invites to; a used, withdrawn or expired link rejects with the 410 and its reason. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: companyMemberKeys.invitation(token),
    queryFn: async () => (await http.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, { skipErrorDialogs: true })).data,
    retry: false,
    // Signing in swaps the page's frame (and remounts it): the link is not asked again, which would now say "used".
    staleTime: Infinity,
  });
}

/**
 * Accepts: a visitor's new account is signed in here (this browser session); a signed-in account is
 * read afresh in its new company. Then `onJoined` — called here, not by the caller's onSuccess:
 * signing in remounts the page, and a mutation's per-call callbacks die with the component.
 */
export function useAcceptInvitation(token: string, onJoined: () => void) {
  return useMutation({
    mutationFn: async (input: AcceptInvitationInput) => {
      const { data } = await http.post<InvitationAccepted>(`/api/invitations/${encodeURIComponent(token)}/accept`, input, { skipErrorDialogs: true });
      if (data.token) saveToken(data.token, false);
      await fetchUser();
      onJoined();
      return data;
    },
    // What was read as another company (or as nobody) is dropped; the link's own answer stays while its page leaves.
    onSuccess: () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'invitation' }),
  });
}
