import type { Identifier } from 'react-admin';
import type { StaffInvoice, InvoiceUpload } from '../../shared/api';
import type { OrdersExportInput } from '../../shared/api/staff-exports';
import type { DownloadLink } from '../../shared/api/staff-production';
import { http } from '../../shared/http';
import { API_BASE, call } from './call';

/** A customer's paperwork: invoices' PDFs and uploads, the monthly statement, the orders spreadsheet. */
export interface InvoicesCalls {
  /** An invoice's PDF (raised or uploaded). */
  invoicePdf(id: Identifier): Promise<Blob>;
  /** Uploads an invoice PDF from an accounting package to a customer's account. */
  uploadInvoice(fields: InvoiceUpload, file: File): Promise<StaffInvoice>;
  /** The aged-debt report as CSV, searched and sorted as the list is. */
  agedDebtCsv(params: { q?: string; onHold?: boolean; sort: [string, string] }): Promise<Blob>;
  /** A customer's statement for a month (YYYY-MM). */
  userStatement(userId: Identifier, month: string): Promise<Blob>;
  /** A one-minute link to the user's orders as a spreadsheet (all or dispatched, between two days), for the browser to follow itself. */
  ordersExportLink(userId: Identifier, filters: OrdersExportInput): Promise<DownloadLink>;
}

export const invoicesCalls: InvoicesCalls = {
  agedDebtCsv({ q, onHold, sort }) {
    return call(
      http.get<Blob>(`${API_BASE}/aged-debt.csv`, {
        params: { sort: JSON.stringify(sort), filter: JSON.stringify({ ...(q ? { q } : {}), ...(onHold ? { on_hold: true } : {}) }) },
        responseType: 'blob',
        skipErrorDialogs: true,
      }),
    );
  },
  invoicePdf(id) {
    return call(http.get<Blob>(`${API_BASE}/invoices/${encodeURIComponent(id)}/pdf`, { responseType: 'blob', skipErrorDialogs: true }));
  },
  async uploadInvoice(fields, file) {
    const { INVOICE_FILE_FIELD } = await import('../../shared/api/invoices');
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append(INVOICE_FILE_FIELD, file);
    return call(http.post<StaffInvoice>(`${API_BASE}/invoices`, form));
  },
  userStatement(userId, month) {
    return call(
      http.get<Blob>(`${API_BASE}/users/${encodeURIComponent(userId)}/statement`, { params: { month }, responseType: 'blob', skipErrorDialogs: true }),
    );
  },
  ordersExportLink(userId, filters) {
    // Refusals (dates) show beside the dialog's fields, not in the error dialog.
    return call(http.post<DownloadLink>(`${API_BASE}/users/${encodeURIComponent(userId)}/orders-export`, filters, { skipErrorDialogs: true }));
  },
};
