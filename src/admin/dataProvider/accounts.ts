import type { AccountsPeriod, VatSummary } from '../../shared/api/staff-accounts';
import { http } from '../../shared/http';
import { API_BASE, blobErrorAsJson, call } from './call';

/** The accountant's exports of a period: the Xero invoice import, the payments, the VAT summary. */
export interface AccountsCalls {
  xeroInvoicesCsv(period: AccountsPeriod): Promise<Blob>;
  paymentsCsv(period: AccountsPeriod): Promise<Blob>;
  vatSummary(period: AccountsPeriod): Promise<VatSummary>;
}

const csv = (path: string, period: AccountsPeriod) =>
  call(
    http
      .get<Blob>(`${API_BASE}/exports/${path}`, { params: period, responseType: 'blob', skipErrorDialogs: true })
      .catch(async (error: unknown) => Promise.reject(await blobErrorAsJson(error))),
  );

export const accountsCalls: AccountsCalls = {
  xeroInvoicesCsv: (period) => csv('xero-invoices.csv', period),
  paymentsCsv: (period) => csv('payments.csv', period),
  // Refusals (the period's days) show beside the fields, not in the error dialog.
  vatSummary: (period) => call(http.get<VatSummary>(`${API_BASE}/exports/vat-summary`, { params: period, skipErrorDialogs: true })),
};
