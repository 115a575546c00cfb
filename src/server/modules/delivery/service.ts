import { asc, eq, gte, inArray } from 'drizzle-orm';
import type { Carrier, DeliveryTypeRule } from '../../../shared/domain/delivery/delivery';
import type { CivilDate } from '../../../shared/domain/calendar/workingDays';
import type { Db } from '../../db/client';
import { closedDays, deliveryPrices, deliveryTypes, deliveryTypesCountries } from '../../db/schema';
import { closedDaysService } from './closed-days';
import { deliveryPricesService } from './prices';
import { deliveryTypesService } from './types';
import { readTogether } from '../../lib/read-together';

/** A delivery type as ordering needs it: the shared rules' facts plus what the customer is shown. */
export interface DeliveryTypeFacts extends DeliveryTypeRule {
  code: string;
  name: string;
  carrier: Carrier;
  transit_days: number;
}

/**
 * The delivery catalogue as ordering reads it (DESIGN §2 "Delivery", "Working days"): the active
 * delivery types with their countries and weight bands, and the closed days. Three small queries.
 * Staff edits are its `types`, `prices` (weight bands) and `closedDays` (types.ts, prices.ts,
 * closed-days.ts), served at /api/admin by staff-routes.ts.
 */
export function deliveryService(db: Db) {
  return {
    types: deliveryTypesService(db),
    prices: deliveryPricesService(db),
    closedDays: closedDaysService(db),

    /** Every active delivery type, in the staff's order, with its countries and bands. */
    async activeTypes(executor: Db = db): Promise<DeliveryTypeFacts[]> {
      const types = await executor
        .select()
        .from(deliveryTypes)
        .where(eq(deliveryTypes.active, true))
        .orderBy(asc(deliveryTypes.sortOrder), asc(deliveryTypes.id));
      if (!types.length) return [];
      const ids = types.map((t) => t.id);
      const [links, bands] = await readTogether(executor, [
        () => executor.select().from(deliveryTypesCountries).where(inArray(deliveryTypesCountries.deliveryTypeId, ids)),
        () => executor.select().from(deliveryPrices).where(inArray(deliveryPrices.deliveryTypeId, ids)).orderBy(asc(deliveryPrices.weightUpto)),
      ] as const);
      return types.map((t) => ({
        id: t.id,
        code: t.code,
        name: t.name,
        carrier: t.carrier as Carrier,
        transit_days: t.transitDays,
        active: t.active,
        large_item: t.largeItem,
        country_ids: links.filter((l) => l.deliveryTypeId === t.id).map((l) => l.countryId),
        bands: bands.filter((b) => b.deliveryTypeId === t.id).map((b) => ({ weight_upto: b.weightUpto, price: b.price })),
      }));
    },

    /** One delivery type (active or not) by id, or null. */
    async typeName(id: number, executor: Db = db): Promise<{ id: number; code: string; name: string; carrier: Carrier } | null> {
      const [row] = await executor
        .select({ id: deliveryTypes.id, code: deliveryTypes.code, name: deliveryTypes.name, carrier: deliveryTypes.carrier })
        .from(deliveryTypes)
        .where(eq(deliveryTypes.id, id));
      return row ? { ...row, carrier: row.carrier as Carrier } : null;
    },

    /** The closed days from `from` on (a year and a half is plenty for any promise we make). */
    async closedDaysFrom(from: CivilDate, executor: Db = db): Promise<Set<CivilDate>> {
      const rows = await executor.select({ date: closedDays.date }).from(closedDays).where(gte(closedDays.date, from));
      return new Set(rows.map((r) => r.date));
    },
  };
}

export type DeliveryService = ReturnType<typeof deliveryService>;
