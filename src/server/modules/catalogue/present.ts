import type { MarginRecord, ProductRecord, StockRecord, UserPriceRecord } from '../../../shared/api/catalogue';
import type { ProductRow, StockMarginRow, StockRow, UserPriceRow } from '../../db/schema';

/** Staff-side records as /api/admin speaks them (DESIGN §3 field names). Costs appear here only. */
export function presentStock(row: StockRow, productCount: number): StockRecord {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    sheet_cost: row.sheetCost,
    single_cost: row.singleCost,
    double_cost: row.doubleCost,
    sort_order: row.sortOrder,
    active: row.active,
    product_count: productCount,
    version: row.version,
  };
}

export function presentProduct(row: ProductRow, stockIds: number[]): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    multiplier: row.multiplier,
    weight: Number(row.weight),
    large_item: row.largeItem,
    restricted: row.restricted,
    sort_order: row.sortOrder,
    active: row.active,
    stock_ids: stockIds,
    trim_width_mm: row.trimWidthMm,
    trim_height_mm: row.trimHeightMm,
    bleed_mm: row.bleedMm,
    production_days: row.productionDays,
    proof_required: row.proofRequired,
    version: row.version,
  };
}

export function presentMargin(row: StockMarginRow): MarginRecord {
  return { id: row.id, product_id: row.productId, stock_id: row.stockId, qty: row.qty, margin: Number(row.margin), version: row.version };
}

export function presentUserPrice(row: UserPriceRow): UserPriceRecord {
  return { id: row.id, user_id: row.userId, product_id: row.productId, discount: Number(row.discount), version: row.version };
}
