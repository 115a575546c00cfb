import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import type { Order } from '../../shared/api/orders';
import type { Quote, QuoteList } from '../../shared/api/quotes';
import { http } from '../../shared/http';
import { orderKeys } from './orders';
import { queryClient } from './queryClient';

/*
 * Saved quotes (DESIGN §3 "Quotes"): saving a basket as a quote, the list at /quotes, a quote's PDF
 * (for the customer, or for their client with a markup) and ordering a quote into a new basket.
 */

export interface QuoteListParams {
  page: number;
  per_page: number;
}

export const quoteKeys = {
  all: ['quotes'] as const,
  list: (params: QuoteListParams) => ['quotes', 'list', params] as const,
};

const schemas = () => import('../../shared/api/quotes');

export async function fetchQuotes(params: QuoteListParams): Promise<QuoteList> {
  const { data } = await http.get<unknown>('/api/quotes', { params });
  return (await schemas()).quoteListSchema.parse(data);
}

export function useQuotes(params: QuoteListParams) {
  return useQuery({ queryKey: quoteKeys.list(params), queryFn: () => fetchQuotes(params), placeholderData: keepPreviousData });
}

/** A refusal of a PDF: its message and a message per field (a blob answer carries the JSON as a Blob). */
export class PdfRefused extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(message);
  }
}

/** A Blob's text, by FileReader: every browser has it (Blob.text() is newer). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The answer could not be read'));
    reader.readAsText(blob);
  });
}

/**
 * A quote's PDF: for the customer, or for their client (`markup` percent on every price). A 422
 * becomes a PdfRefused with the server's message per field, for the form to show beside the field.
 */
export async function fetchQuotePdf(id: number, forClient: { markup: string } | null): Promise<Blob> {
  const params = forClient ? { for_client: 1, ...(forClient.markup.trim() ? { markup: forClient.markup.trim() } : {}) } : {};
  try {
    const { data } = await http.get<Blob>(`/api/quotes/${id}/pdf`, { params, responseType: 'blob', skipErrorDialogs: true });
    return data;
  } catch (error) {
    const body = isAxiosError(error) ? error.response?.data : undefined;
    if (isAxiosError(error) && error.response?.status === 422 && body instanceof Blob) {
      const json = JSON.parse(await blobText(body)) as { message?: string; errors?: Record<string, string> };
      throw new PdfRefused(json.message ?? 'The PDF could not be made.', json.errors ?? {});
    }
    throw error;
  }
}

/** "Save as quote" on a basket: the saved quote, or the 422 that says what the basket still lacks. */
export function useSaveQuote(orderId: number) {
  return useMutation({
    mutationFn: async () => {
      const { data } = await http.post<unknown>(`/api/orders/${orderId}/quote`, undefined, { skipErrorDialogs: true });
      return (await schemas()).quoteSchema.parse(data) as Quote;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}

/** "Order this quote": a new basket at the quoted prices (today's, once the quote has expired). */
export function useOrderQuote() {
  return useMutation({
    // An expired quote is ordered only when the customer chose "Order at today's prices".
    mutationFn: async ({ id, atTodaysPrices }: { id: number; atTodaysPrices: boolean }) => {
      const { data } = await http.post<unknown>(`/api/quotes/${id}/order`, undefined, {
        params: atTodaysPrices ? { at_todays_prices: '1' } : undefined,
        skipErrorDialogs: true,
      });
      return (await import('../../shared/api/orders')).orderSchema.parse(data) as Order;
    },
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.order(order.id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
