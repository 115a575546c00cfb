import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TICKET_FILES_FIELD, type Ticket, type TicketCreateInput, type TicketList } from '../../shared/api/tickets';
import type { TicketStatus } from '../../shared/domain/tickets/tickets';
import { http, uploadProgress, withFiles } from '../../shared/http';

/*
 * The customer's Resolution Centre (DESIGN §3): their tickets, one ticket's thread, and the calls
 * that change a ticket; each answers the ticket, which replaces the cached one.
 */

export interface TicketListParams {
  status?: TicketStatus;
  q?: string;
  page: number;
  per_page: number;
}

export const ticketKeys = {
  all: ['tickets'] as const,
  list: (params: TicketListParams) => ['tickets', 'list', params] as const,
  one: (id: number) => ['tickets', 'one', id] as const,
};

const base = (id: number) => `/api/tickets/${id}`;

export async function fetchTickets(params: TicketListParams): Promise<TicketList> {
  const { data } = await http.get<TicketList>('/api/tickets', { params });
  return data;
}

export function useTickets(params: TicketListParams) {
  return useQuery({ queryKey: ticketKeys.list(params), queryFn: () => fetchTickets(params), placeholderData: keepPreviousData });
}

export function useTicket(id: number) {
  return useQuery({ queryKey: ticketKeys.one(id), queryFn: async () => (await http.get<Ticket>(base(id), { skipErrorDialogs: true })).data });
}

/** An attachment, or an image's thumbnail (the API wants the Bearer header, so a blob rather than a link). */
export async function fetchTicketFile(ticketId: number, fileId: number, size: 'full' | 'thumbnail'): Promise<Blob> {
  const { data } = await http.get<Blob>(`${base(ticketId)}/files/${fileId}`, {
    params: size === 'thumbnail' ? { size } : {},
    responseType: 'blob',
    skipErrorDialogs: true,
  });
  return data;
}

type Progress = (percent: number) => void;

const messageBody = (fields: Record<string, string | number | undefined>, files: File[]) => withFiles(fields, files, TICKET_FILES_FIELD);

export async function openTicket(input: TicketCreateInput, files: File[], onProgress: Progress): Promise<Ticket> {
  const fields = {
    reason: input.reason,
    details: input.details,
    order_id: input.order_id === '' ? undefined : (input.order_id as number | string | undefined),
  };
  return (await http.post<Ticket>('/api/tickets', messageBody(fields, files), uploadProgress(onProgress))).data;
}

export async function replyToTicket(id: number, body: string, files: File[], onProgress: Progress): Promise<Ticket> {
  return (await http.post<Ticket>(`${base(id)}/replies`, messageBody({ body }, files), uploadProgress(onProgress))).data;
}

export async function sendTicketFiles(id: number, files: File[], onProgress: Progress): Promise<Ticket> {
  return (await http.post<Ticket>(`${base(id)}/files`, messageBody({}, files), uploadProgress(onProgress))).data;
}

/** Runs a call that sends files, with its progress (null when none is under way). */
export function useSending() {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async <T>(send: (onProgress: Progress) => Promise<T>): Promise<T> => {
    setProgress(0);
    try {
      return await send(setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { progress, run };
}

/** The cached ticket replaced by an answer, and the lists asked again. */
export function useStoreTicket() {
  const client = useQueryClient();
  return (ticket: Ticket) => {
    client.setQueryData(ticketKeys.one(ticket.id), ticket);
    return client.invalidateQueries({ queryKey: ['tickets', 'list'] });
  };
}

export function useMoveTicket(id: number) {
  const store = useStoreTicket();
  return useMutation({
    mutationFn: async (action: 'close' | 'reopen') => (await http.post<Ticket>(`${base(id)}/${action}`, undefined, { skipErrorDialogs: true })).data,
    onSuccess: store,
  });
}
