/**
 * Who may see and order a product (DESIGN §2 "user_products"): everyone, unless it is restricted —
 * then only the customers linked to it.
 */
export function isVisibleTo(product: { id: number; restricted: boolean }, linkedProductIds: ReadonlySet<number>): boolean {
  return !product.restricted || linkedProductIds.has(product.id);
}
