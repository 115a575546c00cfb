import type { OrderableProduct } from '../../../shared/api/prices';
import { requiredDefaults, type ItemChoice } from './ItemForm';

/** The address's keys of an item chosen on the price list: /create/{id}?product=&stock=&qty=&sides=&turnaround=. */
export const PREFILL_KEYS = ['product', 'stock', 'qty', 'sides', 'turnaround'] as const;

export interface Prefill {
  choice: ItemChoice;
  /** The turnaround chosen on the price list, when it is one of the product's and not its default. */
  turnaround: OrderableProduct['turnarounds'][number] | null;
}

/**
 * The new-item form's starting choice from the address, when it names a product, paper and
 * quantity this customer may order (anything else is ignored: the form starts as it always does).
 */
export function prefillFrom(search: URLSearchParams, products: readonly OrderableProduct[]): Prefill | null {
  const product = products.find((p) => String(p.id) === search.get('product'));
  const stock = product?.stocks.find((s) => String(s.id) === search.get('stock'));
  const qty = stock?.quantities.find((q) => String(q) === search.get('qty'));
  if (!product || !stock || qty === undefined) return null;
  const turnaround = product.turnarounds.find((t) => String(t.id) === search.get('turnaround') && !t.is_default) ?? null;
  return {
    choice: {
      product_id: String(product.id),
      stock_id: String(stock.id),
      qty: String(qty),
      sides: search.get('sides') === 'double' ? 'double' : 'single',
      orientation: 'landscape',
      notes: '',
      option_ids: requiredDefaults(product),
      turnaround_id: turnaround ? String(turnaround.id) : '',
      proof_requested: product.proof_required,
    },
    turnaround,
  };
}

/** The address without the price list's item (once it has been added, the next new item starts afresh). */
export function withoutPrefill(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of PREFILL_KEYS) next.delete(key);
  return next;
}
