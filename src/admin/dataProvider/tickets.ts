import type { Identifier } from 'react-admin';
import type { StaffTicket, TicketCounts } from '../../shared/api/tickets';
import { http, uploadProgress, withFiles } from '../../shared/http';
import { API_BASE, call } from './call';

/** The Resolution Centre's calls beyond its list: the tab counts, replies and files, close and reopen, attachments. */
export interface TicketsCalls {
  /** The tickets in each status under the list's other filters (search, customer, order). */
  ticketCounts(filter: Record<string, unknown>): Promise<TicketCounts>;
  /**
   * A staff reply (the ticket becomes Waiting for customer), with up to five files sent with it;
   * `onProgress` gets 0–100 while they upload. Answers the ticket as it now is; a closed ticket
   * answers 409, bad text or files 422 with `errors.body` / `errors.files`.
   */
  replyToTicket(id: Identifier, body: string, files: readonly File[], onProgress?: (percent: number) => void): Promise<StaffTicket>;
  /** Files sent on their own (no text), as a message of the thread. */
  attachToTicket(id: Identifier, files: readonly File[], onProgress?: (percent: number) => void): Promise<StaffTicket>;
  closeTicket(id: Identifier): Promise<StaffTicket>;
  reopenTicket(id: Identifier): Promise<StaffTicket>;
  /** An attachment's bytes (an image's thumbnail with `size: 'thumbnail'`): the API wants the Bearer header, so not a plain link. */
  ticketFile(id: Identifier, fileId: Identifier, size?: 'full' | 'thumbnail'): Promise<Blob>;
}

const ticketPath = (id: Identifier, action: string) => `${API_BASE}/tickets/${encodeURIComponent(id)}/${action}`;

/** A ticket message's text and files as one body (JSON without files). */
async function ticketMessage(fields: Record<string, string>, files: readonly File[]) {
  const { TICKET_FILES_FIELD } = await import('../../shared/api/tickets');
  return withFiles(fields, files, TICKET_FILES_FIELD);
}

export const ticketsCalls: TicketsCalls = {
  ticketCounts(filter) {
    return call(http.get<TicketCounts>(`${API_BASE}/tickets/counts`, { params: { filter: JSON.stringify(filter) } }));
  },
  async replyToTicket(id, body, files, onProgress) {
    return call(http.post<StaffTicket>(ticketPath(id, 'replies'), await ticketMessage({ body }, files), uploadProgress(onProgress)));
  },
  async attachToTicket(id, files, onProgress) {
    return call(http.post<StaffTicket>(ticketPath(id, 'files'), await ticketMessage({}, files), uploadProgress(onProgress)));
  },
  closeTicket(id) {
    return call(http.post<StaffTicket>(ticketPath(id, 'close')));
  },
  reopenTicket(id) {
    return call(http.post<StaffTicket>(ticketPath(id, 'reopen')));
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
