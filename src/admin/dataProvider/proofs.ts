import type { Identifier } from 'react-admin';
import { http, uploadProgress } from '../../shared/http';
import { API_BASE, blobErrorAsJson, call } from './call';
import { toHttpError } from './httpClient';

/**
 * One version of an item's proof as staff see it (`GET /api/admin/orders/{id}/items/{itemId}/proofs`,
 * newest first): how it was made, by whom, and what was decided on it.
 */
export interface StaffProofVersion {
  version: number;
  /** Made by the proof job from the artwork, or uploaded by staff (a hard proof from the RIP). */
  source: 'generated' | 'staff';
  size: number;
  created_at: string;
  /** The staff member who uploaded it; null for a generated one. */
  created_by: string | null;
  decision: 'approved' | 'changes_requested' | null;
  decided_at: string | null;
  decided_by: string | null;
  /** Decided by staff for the customer (by phone): the note they gave. */
  on_behalf: boolean | string | null;
  comment: string | null;
  reminders_sent: number;
}

/** Staff's calls on an item's proof: its versions, each version's PDF, an upload of their own, approval for the customer. */
export interface ProofsCalls {
  proofVersions(orderId: Identifier, itemId: Identifier): Promise<StaffProofVersion[]>;
  /** A version's PDF (the API wants the Bearer header, so not a plain link). */
  proofPdf(orderId: Identifier, itemId: Identifier, version: number): Promise<Blob>;
  /** Staff's own proof (a PDF), made the next version, at the current version they saw (a stale one is refused, 409). */
  uploadProof(
    orderId: Identifier,
    itemId: Identifier,
    file: File,
    seenVersion: number | null,
    onProgress?: (percent: number) => void,
  ): Promise<{ version: number }>;
  /** Approves the version for the customer, with who agreed and how ("approved by Jane on the phone"). */
  approveProofForCustomer(orderId: Identifier, itemId: Identifier, approval: { version: number; note: string }): Promise<unknown>;
}

const itemPath = (orderId: Identifier, itemId: Identifier) => `${API_BASE}/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}`;

export const proofsCalls: ProofsCalls = {
  proofVersions(orderId, itemId) {
    return call(http.get<StaffProofVersion[]>(`${itemPath(orderId, itemId)}/proofs`, { skipErrorDialogs: true }));
  },
  async proofPdf(orderId, itemId, version) {
    try {
      const { data } = await http.get<Blob>(`${itemPath(orderId, itemId)}/proof`, { params: { version }, responseType: 'blob', skipErrorDialogs: true });
      return data;
    } catch (error) {
      throw toHttpError(await blobErrorAsJson(error));
    }
  },
  uploadProof(orderId, itemId, file, seenVersion, onProgress) {
    // The version first: the server reads the fields before the file it streams.
    const form = new FormData();
    if (seenVersion !== null) form.append('version', String(seenVersion));
    form.append('file', file, file.name);
    return call(http.post<{ version: number }>(`${itemPath(orderId, itemId)}/proof`, form, { ...uploadProgress(onProgress), skipErrorDialogs: true }));
  },
  approveProofForCustomer(orderId, itemId, approval) {
    return call(http.post<unknown>(`${itemPath(orderId, itemId)}/proof/approve`, approval, { skipErrorDialogs: true }));
  },
};
