import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceList } from '../../shared/api/invoices';
import type { StatementAnswer } from '../../shared/api/statements';
import { http } from '../../shared/http';

export interface InvoiceListParams {
  q?: string;
  /** '1': only the invoices still owing (unpaid, part-paid or overdue). */
  unpaid?: '1';
  page: number;
  per_page: number;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (params: InvoiceListParams) => ['invoices', 'list', params] as const,
};

export async function fetchInvoices(params: InvoiceListParams): Promise<InvoiceList> {
  const { data } = await http.get<InvoiceList>('/api/invoices', { params });
  return data;
}

/** An invoice's PDF (the API wants the Bearer header, so a blob rather than a plain link: invoices are small). */
export async function fetchInvoicePdf(id: number): Promise<Blob> {
  const { data } = await http.get<Blob>(`/api/invoices/${id}/pdf`, { responseType: 'blob', skipErrorDialogs: true });
  return data;
}

/** A month's statement (YYYY-MM) as a PDF. */
export async function fetchStatement(month: string): Promise<Blob> {
  const { data } = await http.get<Blob>('/api/invoices/statement', { params: { month }, responseType: 'blob', skipErrorDialogs: true });
  return data;
}

export function useInvoices(params: InvoiceListParams) {
  return useQuery({ queryKey: invoiceKeys.list(params), queryFn: () => fetchInvoices(params), placeholderData: keepPreviousData });
}

/** The customer's statement of a period (both days included). */
export async function fetchAccountStatement(from: string, to: string): Promise<StatementAnswer> {
  const { data } = await http.get<StatementAnswer>('/api/statement', { params: { from, to }, skipErrorDialogs: true });
  return data;
}

export function useAccountStatement(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invoices', 'statement', from, to],
    queryFn: () => fetchAccountStatement(from, to),
    enabled,
    placeholderData: keepPreviousData,
  });
}
