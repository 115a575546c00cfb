import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import type { AdminInvoice, AdminMail, AdminUser, InvoiceUpload, MarginPair, MarginRecord, MarginRowsInput } from '../../shared/api';
import type { OrdersExportInput } from '../../shared/api/admin-exports';
import type { AdminBulkMove, AdminOrder, AdminOrderCounts, AdminOrderMove, BulkMoveResult } from '../../shared/api/admin-orders';
import type { AdminTicket, TicketCounts } from '../../shared/api/tickets';
import type {
  BatchRun,
  BatchSummary,
  BatchWaiting,
  DownloadLink,
  RoyalMailPushResult,
  RoyalMailStatus,
  TrackingImport,
} from '../../shared/api/admin-production';
import { http, uploadProgress, withFiles } from '../../shared/http';
import { apiResource } from './apiPaths';
import { httpClient, toHttpError } from './httpClient';
import { versionedWrites } from './versions';

const API_BASE = '/api/admin';
const rest = simpleRestProvider(API_BASE, httpClient);

/** Every standard call, with the resource's API name in place of its screen path; updates and deletes send the version read (versions.ts). */
const METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;
const calls = { ...rest, ...versionedWrites(rest, httpClient, API_BASE) };
const standard = Object.fromEntries(
  METHODS.map((method) => [
    method,
    (resource: string, params: unknown) => (calls[method] as (r: string, p: unknown) => Promise<unknown>)(apiResource(resource), params),
  ]),
) as unknown as Pick<DataProvider, (typeof METHODS)[number]>;

/** The resources listed in the printer's own order, which staff can change. */
export type ReorderableResource = 'stock' | 'products';

/**
 * The staff area's one way to the API: react-admin's CRUD plus the calls beyond it, as
 * marmelab's atomic-crm extends its dataProvider. Components reach the custom methods through
 * `useDataProvider<StaffDataProvider>()` with react-query's useQuery / useMutation; each answers
 * the server's record(s) as they are, and fails with the same HttpError as the CRUD calls.
 */
export interface StaffDataProvider extends DataProvider {
  /** Puts these ids first, in this order (the others keep theirs, after them). */
  reorder(resource: ReorderableResource, ids: Identifier[]): Promise<void>;
  /** The margins page's data: the product, the stock (with its costs) and the pair's quantity breaks. */
  getMarginPair(productId: Identifier, stockId: Identifier): Promise<MarginPair>;
  /** Replaces the pair's whole table of breaks in one transaction, at the version the page read (409 when stale); answers the breaks as saved. */
  saveMarginPair(productId: Identifier, stockId: Identifier, rows: MarginRowsInput['rows'], version: number): Promise<MarginRecord[]>;
  /** Uploads (or replaces) a user's logo; answers the user with its new logo. */
  uploadLogo(userId: Identifier, file: File): Promise<AdminUser>;
  /** Removes a user's logo; answers the user without one. */
  removeLogo(userId: Identifier): Promise<AdminUser>;
  /** Queues an outbox message again (failed or sent), or tries a pending one now; answers it as it stands. */
  resendMail(id: Identifier): Promise<AdminMail>;
  /** The orders in each status (and overdue) under the list's other filters. */
  orderCounts(filter: Record<string, unknown>): Promise<AdminOrderCounts>;
  /** One move of the transition table, at the version the order was read at; answers the order as it now is. */
  moveOrder(id: Identifier, move: AdminOrderMove): Promise<AdminOrder>;
  /** The same move for many orders; each answers whether it moved, and why not. */
  bulkMoveOrders(move: AdminBulkMove): Promise<BulkMoveResult[]>;
  /** An item's artwork PDF or preview PNG (the API wants the Bearer header, so not a plain link). */
  orderItemFile(orderId: Identifier, itemId: Identifier, file: 'artwork' | 'preview'): Promise<Blob>;
  /** What the next batch run would take, in all and per stock, and the run being made now if any. */
  batchesWaiting(): Promise<BatchWaiting>;
  /** Starts a batch run (every stock, or one); answers the batch, queued: a background job makes its ZIP. */
  runBatch(run: BatchRun): Promise<BatchSummary>;
  /** A one-minute link to the batch's ZIP, for the browser to follow itself (it saves the file to disk as it streams). */
  batchDownloadLink(id: Identifier): Promise<DownloadLink>;
  /** A one-minute link to the user's orders as a spreadsheet (all or dispatched, between two days), for the browser to follow itself. */
  ordersExportLink(userId: Identifier, filters: OrdersExportInput): Promise<DownloadLink>;
  /** Whether Click & Drop's API is set up, and how many orders wait for Royal Mail. */
  royalMailStatus(): Promise<RoyalMailStatus>;
  /** The selected orders as Click & Drop's order-import CSV, with the file name to save it under. */
  exportRoyalMail(ids: Identifier[]): Promise<{ blob: Blob; name: string }>;
  /** Sends the selected orders to Click & Drop; each answers its tracking number or why not. */
  pushRoyalMail(ids: Identifier[]): Promise<RoyalMailPushResult[]>;
  /** A tracking file checked line by line; with `apply`, its good lines stored. */
  importTracking(file: File, apply: boolean): Promise<TrackingImport>;
  /** An invoice's PDF (raised or uploaded). */
  invoicePdf(id: Identifier): Promise<Blob>;
  /** Uploads an invoice PDF from an accounting package to a customer's account. */
  uploadInvoice(fields: InvoiceUpload, file: File): Promise<AdminInvoice>;
  /** A customer's statement for a month (YYYY-MM). */
  userStatement(userId: Identifier, month: string): Promise<Blob>;
  /** The tickets in each status under the list's other filters (search, customer, order). */
  ticketCounts(filter: Record<string, unknown>): Promise<TicketCounts>;
  /**
   * A staff reply (the ticket becomes Waiting for customer), with up to five files sent with it;
   * `onProgress` gets 0–100 while they upload. Answers the ticket as it now is; a closed ticket
   * answers 409, bad text or files 422 with `errors.body` / `errors.files`.
   */
  replyToTicket(id: Identifier, body: string, files: readonly File[], onProgress?: (percent: number) => void): Promise<AdminTicket>;
  /** Files sent on their own (no text), as a message of the thread. */
  attachToTicket(id: Identifier, files: readonly File[], onProgress?: (percent: number) => void): Promise<AdminTicket>;
  closeTicket(id: Identifier): Promise<AdminTicket>;
  reopenTicket(id: Identifier): Promise<AdminTicket>;
  /** An attachment's bytes (an image's thumbnail with `size: 'thumbnail'`): the API wants the Bearer header, so not a plain link. */
  ticketFile(id: Identifier, fileId: Identifier, size?: 'full' | 'thumbnail'): Promise<Blob>;
}

/** A custom call on the shared client, answering its body; a failure as react-admin's HttpError. */
async function call<T>(request: Promise<{ data: T }>): Promise<T> {
  try {
    return (await request).data;
  } catch (error) {
    throw toHttpError(error);
  }
}

const ticketPath = (id: Identifier, action: string) => `${API_BASE}/tickets/${encodeURIComponent(id)}/${action}`;

/** A ticket message's text and files as one body (JSON without files). */
async function ticketMessage(fields: Record<string, string>, files: readonly File[]) {
  const { TICKET_FILES_FIELD } = await import('../../shared/api/tickets');
  return withFiles(fields, files, TICKET_FILES_FIELD);
}

const userLogoPath = (userId: Identifier) => `${API_BASE}/users/${encodeURIComponent(userId)}/logo`;
const marginPairPath = (productId: Identifier, stockId: Identifier) =>
  `${API_BASE}/products/${encodeURIComponent(productId)}/stock/${encodeURIComponent(stockId)}/margins`;

/** The staff area's dataProvider: ra-data-simple-rest and the custom calls, all on the shared axios client (DESIGN §1). */
export const dataProvider: StaffDataProvider = {
  ...standard,
  async reorder(resource, ids) {
    await call(http.post(`${API_BASE}/${resource}/reorder`, { ids }));
  },
  getMarginPair(productId, stockId) {
    return call(http.get<MarginPair>(marginPairPath(productId, stockId)));
  },
  saveMarginPair(productId, stockId, rows, version) {
    return call(http.put<MarginRecord[]>(marginPairPath(productId, stockId), { rows, version }));
  },
  async uploadLogo(userId, file) {
    // Read when a logo is uploaded: the shared schemas (with the telephone metadata) load with the
    // users screens, not with the staff area's first chunk.
    const { LOGO_FIELD } = await import('../../shared/api/admin-users');
    const form = new FormData();
    form.append(LOGO_FIELD, file);
    return call(http.post<AdminUser>(userLogoPath(userId), form));
  },
  removeLogo(userId) {
    return call(http.delete<AdminUser>(userLogoPath(userId)));
  },
  resendMail(id) {
    return call(http.post<AdminMail>(`${API_BASE}/mail/${encodeURIComponent(id)}/resend`));
  },
  orderCounts(filter) {
    return call(http.get<AdminOrderCounts>(`${API_BASE}/orders/counts`, { params: { filter: JSON.stringify(filter) } }));
  },
  moveOrder(id, move) {
    return call(http.post<AdminOrder>(`${API_BASE}/orders/${encodeURIComponent(id)}/status`, move));
  },
  bulkMoveOrders(move) {
    return call(http.post<BulkMoveResult[]>(`${API_BASE}/orders/status`, move));
  },
  orderItemFile(orderId, itemId, file) {
    const path = `${API_BASE}/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}/${file}`;
    return call(http.get<Blob>(path, { responseType: 'blob', skipErrorDialogs: true }));
  },
  batchesWaiting() {
    return call(http.get<BatchWaiting>(`${API_BASE}/batches/waiting`));
  },
  runBatch(run) {
    return call(http.post<BatchSummary>(`${API_BASE}/batches/run`, run));
  },
  batchDownloadLink(id) {
    return call(http.post<DownloadLink>(`${API_BASE}/batches/${encodeURIComponent(id)}/download`));
  },
  ordersExportLink(userId, filters) {
    // Refusals (dates) show beside the dialog's fields, not in the error dialog.
    return call(http.post<DownloadLink>(`${API_BASE}/users/${encodeURIComponent(userId)}/orders-export`, filters, { skipErrorDialogs: true }));
  },
  royalMailStatus() {
    return call(http.get<RoyalMailStatus>(`${API_BASE}/royalmail/status`));
  },
  async exportRoyalMail(ids) {
    try {
      const res = await http.post<Blob>(`${API_BASE}/royalmail/export`, { ids }, { responseType: 'blob', skipErrorDialogs: true });
      const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''))?.[1] ?? 'click-and-drop.csv';
      return { blob: res.data, name };
    } catch (error) {
      throw toHttpError(await blobErrorAsJson(error));
    }
  },
  pushRoyalMail(ids) {
    // Royal Mail's own failures (502) are shown in the dialog, with what to do.
    return call(http.post<RoyalMailPushResult[]>(`${API_BASE}/royalmail/push`, { ids }, { skipErrorDialogs: true }));
  },
  async importTracking(file, apply) {
    const { TRACKING_FILE_FIELD } = await import('../../shared/api/admin-production');
    const form = new FormData();
    form.append(TRACKING_FILE_FIELD, file);
    return call(http.post<TrackingImport>(`${API_BASE}/royalmail/tracking`, form, { params: apply ? { apply: 1 } : {}, skipErrorDialogs: true }));
  },
  invoicePdf(id) {
    return call(http.get<Blob>(`${API_BASE}/invoices/${encodeURIComponent(id)}/pdf`, { responseType: 'blob', skipErrorDialogs: true }));
  },
  async uploadInvoice(fields, file) {
    const { INVOICE_FILE_FIELD } = await import('../../shared/api/invoices');
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append(INVOICE_FILE_FIELD, file);
    return call(http.post<AdminInvoice>(`${API_BASE}/invoices`, form));
  },
  userStatement(userId, month) {
    return call(
      http.get<Blob>(`${API_BASE}/users/${encodeURIComponent(userId)}/statement`, { params: { month }, responseType: 'blob', skipErrorDialogs: true }),
    );
  },
  ticketCounts(filter) {
    return call(http.get<TicketCounts>(`${API_BASE}/tickets/counts`, { params: { filter: JSON.stringify(filter) } }));
  },
  async replyToTicket(id, body, files, onProgress) {
    return call(http.post<AdminTicket>(ticketPath(id, 'replies'), await ticketMessage({ body }, files), uploadProgress(onProgress)));
  },
  async attachToTicket(id, files, onProgress) {
    return call(http.post<AdminTicket>(ticketPath(id, 'files'), await ticketMessage({}, files), uploadProgress(onProgress)));
  },
  closeTicket(id) {
    return call(http.post<AdminTicket>(ticketPath(id, 'close')));
  },
  reopenTicket(id) {
    return call(http.post<AdminTicket>(ticketPath(id, 'reopen')));
  },
  ticketFile(id, fileId, size = 'full') {
    return call(
      http.get<Blob>(ticketPath(id, `files/${encodeURIComponent(fileId)}`), {
        params: size === 'thumbnail' ? { size } : {},
        responseType: 'blob',
        skipErrorDialogs: true,
      }),
    );
  },
};

/** A refused blob request's body is a Blob of the server's JSON: read it, so the message shows. */
async function blobErrorAsJson(error: unknown): Promise<unknown> {
  const response = (error as { response?: { data?: unknown } } | null)?.response;
  if (response && response.data instanceof Blob) {
    try {
      response.data = JSON.parse(await response.data.text()) as unknown;
    } catch {
      // Not JSON: the status alone says it.
    }
  }
  return error;
}
