import type { MarginPair, MarginRecord, MarginRowsInput } from '../../shared/api';
import { http } from '../../shared/http';
import { toHttpError } from '../dataProvider/httpClient';

/** Catalogue calls beyond CRUD (DESIGN §3), on the one shared client; failures as react-admin HttpErrors. */
async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    throw toHttpError(error);
  }
}

/** The printer's order: these ids first, in this order. */
export const reorder = (resource: 'stock' | 'products', ids: number[]) => call(() => http.post(`/api/admin/${resource}/reorder`, { ids }));

const pairPath = (productId: number, stockId: number) => `/api/admin/products/${productId}/stock/${stockId}/margins`;

/** The margins page's data: the product, the stock (with its costs) and the quantity breaks. */
export const getMarginPair = (productId: number, stockId: number) => call<MarginPair>(() => http.get(pairPath(productId, stockId)));

/** Saves the pair's whole table of breaks in one transaction. */
export const saveMarginPair = (productId: number, stockId: number, rows: MarginRowsInput['rows']) =>
  call<MarginRecord[]>(() => http.put(pairPath(productId, stockId), { rows }));

/** The field messages of a refused (422) call, or {} for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = (error as { body?: { errors?: unknown } } | null)?.body;
  const errors = body?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

export const messageOf = (error: unknown) => (error instanceof Error && error.message) || 'Something went wrong. Please try again.';
