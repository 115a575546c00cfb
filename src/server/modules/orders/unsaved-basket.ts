import { inArray } from 'drizzle-orm';
import type { Sides } from '../../../shared/domain/pricing';
import { products, stock } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { unprocessable } from '../../lib/domain-errors';
import { assessBasket, type BasketAssessment, type BasketContext } from './assessment';
import { PROOF_REQUIRED_MESSAGE } from './basket';
import { basketContext, type OrdersContext } from './context';
import type { ItemFacts } from './snapshot';

/** An item as a caller without a basket names it (the trade API's quote). */
export interface UnsavedItem {
  product_id: number;
  stock_id: number;
  qty: number;
  sides: Sides;
  orientation: 'portrait' | 'landscape';
  option_ids?: number[];
  turnaround_id?: number | null;
  /** A proof to approve before printing (a product that requires one has it anyway). */
  proof_requested?: boolean;
}

/**
 * Items and a delivery country judged as a basket would be (assessment.ts, the one pricing path of
 * /create), with no basket saved: for a saved quote made from the trade API. `strict`: an item this
 * customer cannot order as named is 422 with a message per field (`items.0.qty`) before anything is
 * priced; else (a saved quote's items, judged again for today's delivery) it is priced null.
 */
export async function assessUnsavedBasket(
  ctx: OrdersContext,
  user: UserRow,
  input: { items: UnsavedItem[]; countryId: number },
  { strict }: { strict: boolean },
): Promise<{ assessment: BasketAssessment; facts: ItemFacts[]; rules: BasketContext }> {
  const rules = await basketContext(ctx, user);
  const errors: Record<string, string> = {};
  if (strict)
    input.items.forEach((item, i) => {
      const quote = rules.quoter.quote({ ...item, option_ids: item.option_ids ?? [] }, rules.now);
      if (!('price' in quote)) for (const [field, message] of Object.entries(quote.errors)) errors[`items.${i}.${field}`] = message;
      else if (item.proof_requested === false && quote.product.proofRequired) errors[`items.${i}.proof_requested`] = PROOF_REQUIRED_MESSAGE;
    });
  if (Object.keys(errors).length) throw unprocessable(errors, 'Some items cannot be ordered as named: ' + Object.values(errors).join(' '));

  // What the catalogue says of each product and paper today (their rows stay while any item names them).
  const [productRows, stockRows] = await Promise.all([
    ctx.db
      .select({
        id: products.id,
        name: products.name,
        trimWidthMm: products.trimWidthMm,
        trimHeightMm: products.trimHeightMm,
        bleedMm: products.bleedMm,
        weight: products.weight,
        largeItem: products.largeItem,
        productionDays: products.productionDays,
        proofRequired: products.proofRequired,
      })
      .from(products)
      .where(inArray(products.id, [...new Set(input.items.map((i) => i.product_id))])),
    ctx.db
      .select({ id: stock.id, name: stock.name })
      .from(stock)
      .where(inArray(stock.id, [...new Set(input.items.map((i) => i.stock_id))])),
  ]);
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  const stockNames = new Map(stockRows.map((p) => [p.id, p.name]));
  const facts: ItemFacts[] = input.items.map((item, i) => {
    const product = productsById.get(item.product_id);
    if (!product) throw unprocessable({ [`items.${i}.product_id`]: 'This product is not available to order.' });
    return {
      // Not saved: a position stands in for the id (the assessment names an item's problem by it).
      id: i,
      orderId: 0,
      sandbox: false,
      productId: item.product_id,
      stockId: item.stock_id,
      qty: item.qty,
      sides: item.sides,
      orientation: item.orientation,
      notes: '',
      priceSaved: null,
      optionIds: item.option_ids ?? [],
      turnaroundId: item.turnaround_id ?? null,
      choicesSaved: null,
      quoteId: null,
      quotedPrice: null,
      quotedUntil: null,
      proofPrice: null,
      artworkName: null,
      artworkSize: null,
      artworkKey: null,
      artworkUploadedAt: null,
      artworkUploadedOn: null,
      previewKey: null,
      artworkUrl: null,
      artworkFetchStatus: null,
      artworkFetchError: null,
      artworkFetchStartedAt: null,
      preflightStatus: null,
      preflight: null,
      preflightFailed: null,
      warningsAccepted: false,
      proofRequested: item.proof_requested ?? false,
      proofStatus: null,
      proofVersion: null,
      proofStatusAt: null,
      proofComment: null,
      proofDecidedBy: null,
      batchId: null,
      createdAt: rules.now,
      productName: product.name,
      stockName: stockNames.get(item.stock_id) ?? '',
      productProofRequired: product.proofRequired,
      trimWidthMm: product.trimWidthMm,
      trimHeightMm: product.trimHeightMm,
      bleedMm: product.bleedMm,
      productWeight: product.weight,
      largeItem: product.largeItem,
      productionDays: product.productionDays,
    };
  });
  return { assessment: assessBasket({ countryId: input.countryId, deliveryTypeId: null }, facts, rules), facts, rules };
}
