import type { Identifier } from 'react-admin';
import type {
  StaffBulkMove,
  StaffOrder,
  StaffOrderCounts,
  StaffOrderMove,
  BulkMoveResult,
  CreditReleaseAnswer,
  StaffCreditRelease,
} from '../../shared/api/staff-orders';
import { http } from '../../shared/http';
import { API_BASE, call } from './call';

/** The orders' calls beyond their list: the counts per status, the moves of the transition table, the items' files. */
export interface OrdersCalls {
  /** The orders in each status (and overdue) under the list's other filters. */
  orderCounts(filter: Record<string, unknown>): Promise<StaffOrderCounts>;
  /** One move of the transition table, at the version the order was read at; answers the order as it now is. */
  moveOrder(id: Identifier, move: StaffOrderMove): Promise<StaffOrder>;
  /** The same move for many orders; each answers whether it moved, and why not. */
  bulkMoveOrders(move: StaffBulkMove): Promise<BulkMoveResult[]>;
  /** An item's artwork PDF or preview PNG (the API wants the Bearer header, so not a plain link). */
  orderItemFile(orderId: Identifier, itemId: Identifier, file: 'artwork' | 'preview'): Promise<Blob>;
  /** Lets one basket of a customer held by credit control be confirmed on account, once, saying why (kept in its history). */
  releaseCredit(orderId: Identifier, release: StaffCreditRelease): Promise<CreditReleaseAnswer>;
}

export const ordersCalls: OrdersCalls = {
  orderCounts(filter) {
    return call(http.get<StaffOrderCounts>(`${API_BASE}/orders/counts`, { params: { filter: JSON.stringify(filter) } }));
  },
  moveOrder(id, move) {
    return call(http.post<StaffOrder>(`${API_BASE}/orders/${encodeURIComponent(id)}/status`, move));
  },
  bulkMoveOrders(move) {
    return call(http.post<BulkMoveResult[]>(`${API_BASE}/orders/status`, move));
  },
  orderItemFile(orderId, itemId, file) {
    const path = `${API_BASE}/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}/${file}`;
    return call(http.get<Blob>(path, { responseType: 'blob', skipErrorDialogs: true }));
  },
  releaseCredit(orderId, release) {
    return call(http.post<CreditReleaseAnswer>(`${API_BASE}/orders/${encodeURIComponent(orderId)}/credit-release`, release, { skipErrorDialogs: true }));
  },
};
