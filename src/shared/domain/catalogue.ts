/**
 * Who may see and order a product (DESIGN §2 "user_products"): everyone, unless it is restricted —
 * then only the customers linked to it.
 */
export function isVisibleTo(product: { id: number; restricted: boolean }, linkedProductIds: ReadonlySet<number>): boolean {
  return !product.restricted || linkedProductIds.has(product.id);
}

/**
 * A product's artwork template for one orientation (a PDF of trim plus bleed with the trim, bleed
 * and safe-area lines): what the price list, the item step and the trade API's products link.
 */
export const productTemplateUrl = (productId: number, orientation: 'portrait' | 'landscape'): string =>
  `/api/products/${productId}/template.pdf?orientation=${orientation}`;
