import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated } from '../../shared/api/trade-api';
import { http } from '../../shared/http';
import { queryClient } from './queryClient';

/* The customer's trade API keys at /account/api: listed, made (the key shown once) and revoked. */

export const apiKeyKeys = { all: ['api-keys'] as const };

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async () => (await http.get<ApiKey[]>('/api/account/api-keys')).data,
  });
}

export function useCreateApiKey() {
  return useMutation({
    // A refusal (a 403 for a card account, a 422 per field) is shown in the dialog, not as an error dialog.
    mutationFn: async (input: ApiKeyCreate) => (await http.post<ApiKeyCreated>('/api/account/api-keys', input, { skipErrorDialogs: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<ApiKey>(`/api/account/api-keys/${id}`, { skipErrorDialogs: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
