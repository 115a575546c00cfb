import type { Identifier } from 'react-admin';
import type { RoyalMailPushResult, RoyalMailStatus, TrackingImport } from '../../shared/api/staff-production';
import { http } from '../../shared/http';
import { toHttpError } from './httpClient';
import { API_BASE, blobErrorAsJson, call } from './call';

/** The Royal Mail page's calls beyond its list: Click & Drop's CSV and push, and the tracking file. */
export interface RoyalMailCalls {
  /** Whether Click & Drop's API is set up, and how many orders wait for Royal Mail. */
  royalMailStatus(): Promise<RoyalMailStatus>;
  /** The selected orders as Click & Drop's order-import CSV, with the file name to save it under. */
  exportRoyalMail(ids: Identifier[]): Promise<{ blob: Blob; name: string }>;
  /** Sends the selected orders to Click & Drop; each answers its tracking number or why not. */
  pushRoyalMail(ids: Identifier[]): Promise<RoyalMailPushResult[]>;
  /** A tracking file checked line by line; with `apply`, its good lines stored. */
  importTracking(file: File, apply: boolean): Promise<TrackingImport>;
  /** A blind order's delivery note (the PDF that goes in its parcel, under the customer's name). */
  deliveryNotePdf(orderId: Identifier): Promise<Blob>;
}

export const royalMailCalls: RoyalMailCalls = {
  deliveryNotePdf(orderId) {
    return call(http.get<Blob>(`${API_BASE}/orders/${encodeURIComponent(orderId)}/delivery-note.pdf`, { responseType: 'blob', skipErrorDialogs: true }));
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
    const { TRACKING_FILE_FIELD } = await import('../../shared/api/staff-production');
    const form = new FormData();
    form.append(TRACKING_FILE_FIELD, file);
    return call(http.post<TrackingImport>(`${API_BASE}/royalmail/tracking`, form, { params: apply ? { apply: 1 } : {}, skipErrorDialogs: true }));
  },
};
