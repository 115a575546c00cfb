import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AddressImport, AddressList, SavedAddress, SavedAddressInput, SavedAddressUpdate } from '../../shared/api/addresses';
import { http } from '../../shared/http';
import { queryClient } from './queryClient';

/*
 * The address book (DESIGN §3 "Addresses (customer)"): the list at /account/addresses and the
 * picker on /create, adding, changing, deleting, the default, and the CSV import (previewed, then applied).
 */

export interface AddressListParams {
  q?: string;
  page: number;
  per_page: number;
}

export const addressKeys = {
  all: ['addresses'] as const,
  list: (params: AddressListParams) => ['addresses', 'list', params] as const,
};

const schemas = () => import('../../shared/api/addresses');

export async function fetchAddresses(params: AddressListParams): Promise<AddressList> {
  const { data } = await http.get<unknown>('/api/addresses', { params: { ...params, q: params.q || undefined } });
  return (await schemas()).addressListSchema.parse(data);
}

export function useAddresses(params: AddressListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: addressKeys.list(params), queryFn: () => fetchAddresses(params), placeholderData: keepPreviousData, ...options });
}

const refreshLists = () => queryClient.invalidateQueries({ queryKey: addressKeys.all });

/** Adds an address; a 422 (a message per field) is left to the form to show beside its fields. */
export async function createAddress(input: SavedAddressInput): Promise<SavedAddress> {
  const { data } = await http.post<unknown>('/api/addresses', input, { skipErrorDialogs: true });
  const saved = (await schemas()).savedAddressSchema.parse(data);
  await refreshLists();
  return saved;
}

export async function updateAddress(id: number, input: SavedAddressUpdate): Promise<SavedAddress> {
  const { data } = await http.patch<unknown>(`/api/addresses/${id}`, input, { skipErrorDialogs: true });
  const saved = (await schemas()).savedAddressSchema.parse(data);
  await refreshLists();
  return saved;
}

export function useDeleteAddress() {
  return useMutation({
    mutationFn: async (id: number) => {
      const { data } = await http.delete<unknown>(`/api/addresses/${id}`, { skipErrorDialogs: true });
      return (await schemas()).savedAddressSchema.parse(data);
    },
    onSuccess: refreshLists,
  });
}

/** "Make default": the address becomes the default, the previous one no longer is. */
export function useMakeDefault() {
  return useMutation({ mutationFn: (id: number) => updateAddress(id, { is_default: true }) });
}

/** A CSV of addresses, judged row by row; stored only with `apply` (the good rows, all at once). */
export function useImportAddresses() {
  return useMutation({
    mutationFn: async ({ file, apply }: { file: File; apply: boolean }) => {
      const body = new FormData();
      body.append('file', file);
      const { data } = await http.post<unknown>('/api/addresses/import', body, { params: apply ? { apply: '1' } : undefined, skipErrorDialogs: true });
      return (await schemas()).addressImportSchema.parse(data) as AddressImport;
    },
    onSuccess: (result) => (result.applied ? refreshLists() : undefined),
  });
}
