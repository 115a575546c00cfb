import type { Identifier } from 'react-admin';
import type { MarginPair, MarginRecord, MarginRowsInput } from '../../shared/api';
import { http } from '../../shared/http';
import { API_BASE, call } from './call';

/** The resources listed in the printer's own order, which staff can change. */
export type ReorderableResource = 'stock' | 'products';

/** The catalogue's calls beyond CRUD: the printer's order of stock and products, and a product/stock pair's margins. */
export interface CatalogueCalls {
  /** Puts these ids first, in this order (the others keep theirs, after them). */
  reorder(resource: ReorderableResource, ids: Identifier[]): Promise<void>;
  /** The margins page's data: the product, the stock (with its costs) and the pair's quantity breaks. */
  getMarginPair(productId: Identifier, stockId: Identifier): Promise<MarginPair>;
  /** Replaces the pair's whole table of breaks in one transaction, at the version the page read (409 when stale); answers the breaks as saved. */
  saveMarginPair(productId: Identifier, stockId: Identifier, rows: MarginRowsInput['rows'], version: number): Promise<MarginRecord[]>;
}

const marginPairPath = (productId: Identifier, stockId: Identifier) =>
  `${API_BASE}/products/${encodeURIComponent(productId)}/stock/${encodeURIComponent(stockId)}/margins`;

export const catalogueCalls: CatalogueCalls = {
  async reorder(resource, ids) {
    await call(http.post(`${API_BASE}/${resource}/reorder`, { ids }));
  },
  getMarginPair(productId, stockId) {
    return call(http.get<MarginPair>(marginPairPath(productId, stockId)));
  },
  saveMarginPair(productId, stockId, rows, version) {
    return call(http.put<MarginRecord[]>(marginPairPath(productId, stockId), { rows, version }));
  },
};
