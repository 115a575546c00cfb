import { useMutation } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import type { Order, ProofApproveInput, ProofChangesInput } from '../../shared/api/orders';
import { http } from '../../shared/http';
import { asOrder, invalidateOrder, storeOrder } from './orders';

/*
 * An item's proof (DESIGN §2 "Proofs and templates"): the PDF, and the customer's decision on the
 * version they looked at. A decision answers the order as it now is; an outdated version (a newer
 * proof, or a decision taken in another window) answers 409, and the order is read again.
 */

const itemPath = (orderId: number, itemId: number) => `/api/orders/${orderId}/items/${itemId}`;

/** The name the server gives the PDF (and a saved copy gets). */
export const proofFileName = (orderId: number, itemId: number, version: number) => `order-${orderId}-item-${itemId}-proof-v${version}.pdf`;

/** The proof PDF, the current version unless one is named (fetched through the client: it needs the Bearer header). */
export async function fetchProof(orderId: number, itemId: number, version?: number): Promise<Blob> {
  const { data } = await http.get<Blob>(`${itemPath(orderId, itemId)}/proof`, {
    params: version === undefined ? {} : { version },
    responseType: 'blob',
    skipErrorDialogs: true,
  });
  return data;
}

/** A refusal because what the customer judged is no longer the current proof. */
export const isOutdated = (error: unknown): boolean => isAxiosError(error) && error.response?.status === 409;

/** After a refusal the order may have moved on (a new version, another window's decision): it is read again. */
const reloadOrder = (orderId: number) => () => invalidateOrder(orderId);

/** "Approve": final for that version; the answer carries the dispatch date counted from now. */
export function useApproveProof(orderId: number, itemId: number) {
  return useMutation({
    mutationFn: async (input: ProofApproveInput): Promise<Order> =>
      asOrder((await http.post<unknown>(`${itemPath(orderId, itemId)}/proof/approve`, input)).data),
    onSuccess: (order) => storeOrder(order),
    onError: reloadOrder(orderId),
  });
}

/** "Ask for changes": what should change, on the version looked at. New artwork, if any, is uploaded after it. */
export function useRequestProofChanges(orderId: number, itemId: number) {
  return useMutation({
    mutationFn: async (input: ProofChangesInput): Promise<Order> =>
      asOrder((await http.post<unknown>(`${itemPath(orderId, itemId)}/proof/changes`, input)).data),
    onSuccess: (order) => storeOrder(order),
    onError: reloadOrder(orderId),
  });
}

/** Where an e-mail's proof link leads: the signed-in customer's order, item and the proof's version. */
export interface ProofLink {
  order_id: number;
  item_id: number;
  version: number;
}

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

/** The link's target (404: not for this account; 410: expired). */
export async function fetchProofLink(token: string): Promise<ProofLink> {
  const { data } = await http.get<unknown>(`/api/proof-links/${encodeURIComponent(token)}`, { skipErrorDialogs: true });
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (!isId(record.order_id) || !isId(record.item_id) || !isId(record.version)) throw new TypeError('Not a proof link');
  return { order_id: record.order_id, item_id: record.item_id, version: record.version };
}
