import { inArray } from 'drizzle-orm';
import type { PriceList } from '../../../shared/api/prices';
import { productTemplateUrl } from '../../../shared/domain/catalogue';
import type { TradeProduct } from '../../../shared/api/trade-catalogue';
import { SIDES } from '../../../shared/domain/pricing/engine';
import { ORIENTATIONS } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import { products, type UserRow } from '../../db/schema';
import type { PricesService } from '../prices/service';

/** A product's template as a key fetches it: the site's own route (productTemplateUrl) under /api/v1 (proof-routes.ts). */
export const tradeTemplateUrl = (productId: number, orientation: 'portrait' | 'landscape'): string =>
  productTemplateUrl(productId, orientation).replace(/^\/api\//, '/api/v1/');

/**
 * The catalogue a key's account may order, as the trade API answers it: the customer's own price
 * list (GET /api/prices: restricted products, discounts and the account's terms already applied,
 * every figure the shared engine's) with what an integration needs beside it — trim size, bleed,
 * weight, the sides and orientations an item may take.
 */
export function tradeCatalogue({ db, prices }: { db: Db; prices: PricesService }) {
  return {
    async products(user: UserRow): Promise<{ data: TradeProduct[]; production_start: string; cutoff: string }> {
      const list = JSON.parse((await prices.priceList(user)).body.toString('utf8')) as PriceList;
      const ids = list.products.map((p) => p.id);
      const facts = ids.length
        ? await db
            .select({ id: products.id, width: products.trimWidthMm, height: products.trimHeightMm, bleed: products.bleedMm, weight: products.weight })
            .from(products)
            .where(inArray(products.id, ids))
        : [];
      const byId = new Map(facts.map((f) => [f.id, f]));
      const data = list.products.flatMap((p): TradeProduct[] => {
        const f = byId.get(p.id);
        if (!f) return [];
        return [
          {
            id: p.id,
            name: p.name,
            description: p.description,
            trim_size: { width_mm: Number(f.width), height_mm: Number(f.height) },
            bleed_mm: Number(f.bleed),
            weight_grams: Number(f.weight),
            discount_percent: p.discount,
            sides: [...SIDES],
            orientations: [...ORIENTATIONS],
            option_groups: p.option_groups,
            turnarounds: p.turnarounds,
            stocks: p.stocks.map((s) => ({
              id: s.id,
              name: s.name,
              type: s.type,
              price_breaks: s.breaks,
              option_prices: s.options.map((o) => ({ option_id: o.id, adds: o.adds })),
            })),
            proof_required: p.proof_required,
            template_urls: { portrait: tradeTemplateUrl(p.id, 'portrait'), landscape: tradeTemplateUrl(p.id, 'landscape') },
          },
        ];
      });
      return { data, production_start: list.production_start, cutoff: list.cutoff };
    },
  };
}

export type TradeCatalogue = ReturnType<typeof tradeCatalogue>;
