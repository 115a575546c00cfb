import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeliveryPriceRecord, deliveryPriceCreateSchema, deliveryPriceUpdateSchema } from '../../../shared/api/delivery';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { deliveryPrices, deliveryTypes, type DeliveryPriceRow } from '../../db/schema';
import { unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';

type PriceCreate = z.output<typeof deliveryPriceCreateSchema>;
type PriceUpdate = Partial<z.output<typeof deliveryPriceUpdateSchema>>;

const UNIQUE_WEIGHT = 'delivery_prices_type_weight_unique';
const grams = (weight: number) => `${weight.toLocaleString('en-GB')} g`;
const duplicateWeight = (weight: number) => unprocessable({ weight_upto: `This delivery type already has a band up to ${grams(weight)}.` });
const noSuchType = () => unprocessable({ delivery_type_id: 'No such delivery type.' });

const present = (row: DeliveryPriceRow): DeliveryPriceRecord => ({
  id: row.id,
  delivery_type_id: row.deliveryTypeId,
  weight_upto: row.weightUpto,
  price: row.price,
  version: row.version,
});

const BAND: RecordKind = { noun: 'weight band', missing: 'No such weight band.' };
const versioned = { table: deliveryPrices, id: deliveryPrices.id, version: deliveryPrices.version };

/** The weight bands of the types, lightest first: a type's view lists its own (`filter={"delivery_type_id":…}`). */
export const deliveryPricesListSpec: ListSpec<DeliveryPriceRecord, DeliveryPriceRow> = {
  table: deliveryPrices,
  present: (rows) => rows.map(present),
  id: deliveryPrices.id,
  fields: fieldsOf(deliveryPrices, { id: 'int', delivery_type_id: 'int', weight_upto: 'int', price: 'int' }),
  sortable: ['id', 'delivery_type_id', 'weight_upto', 'price'],
  defaultSort: ['weight_upto', 'ASC'],
};

/**
 * Staff rules for weight bands (`delivery-prices`): up to `weight_upto` grams costs `price` pence.
 * A type has one band per weight; a second one at the same weight is a 422 on `weight_upto`.
 */
export function deliveryPricesService(db: Db) {
  async function get(id: number, tx: Db = db): Promise<DeliveryPriceRecord | null> {
    const [row] = await tx.select().from(deliveryPrices).where(eq(deliveryPrices.id, id));
    return row ? present(row) : null;
  }

  /** The same 422 when a concurrent write got past the check and the constraint refused it. */
  async function guarded<T>(weight: number | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (weight !== undefined && isUniqueViolation(err, UNIQUE_WEIGHT)) throw duplicateWeight(weight);
      if (isForeignKeyViolation(err)) throw noSuchType();
      throw err;
    }
  }

  async function checkWeightFree(tx: Db, typeId: number, weight: number, exceptId?: number): Promise<void> {
    const [taken] = await tx
      .select({ id: deliveryPrices.id })
      .from(deliveryPrices)
      .where(
        and(
          eq(deliveryPrices.deliveryTypeId, typeId),
          eq(deliveryPrices.weightUpto, weight),
          exceptId === undefined ? undefined : ne(deliveryPrices.id, exceptId),
        ),
      );
    if (taken) throw duplicateWeight(weight);
  }

  return {
    list: deliveryPricesListSpec,
    get,

    async create(input: PriceCreate): Promise<DeliveryPriceRecord> {
      return guarded(input.weight_upto, () =>
        db.transaction(async (tx) => {
          const [type] = await tx.select({ id: deliveryTypes.id }).from(deliveryTypes).where(eq(deliveryTypes.id, input.delivery_type_id));
          if (!type) throw noSuchType();
          await checkWeightFree(tx, input.delivery_type_id, input.weight_upto);
          const [row] = await tx
            .insert(deliveryPrices)
            .values({ deliveryTypeId: input.delivery_type_id, weightUpto: input.weight_upto, price: input.price })
            .returning();
          return present(row);
        }),
      );
    },

    /** Changes the weight and price sent; the band stays with its type. */
    async update(id: number, input: PriceUpdate, version: number): Promise<DeliveryPriceRecord> {
      return guarded(input.weight_upto, () =>
        db.transaction(async (tx) => {
          await claimVersion(tx, versioned, id, version, BAND);
          const [current] = await tx.select().from(deliveryPrices).where(eq(deliveryPrices.id, id));
          if (input.weight_upto !== undefined) await checkWeightFree(tx, current.deliveryTypeId, input.weight_upto, id);
          const changes = Object.fromEntries(Object.entries({ weightUpto: input.weight_upto, price: input.price }).filter(([, v]) => v !== undefined));
          if (!Object.keys(changes).length) return present(current);
          const [row] = await tx.update(deliveryPrices).set(changes).where(eq(deliveryPrices.id, id)).returning();
          return present(row);
        }),
      );
    },

    async remove(id: number, version?: number): Promise<DeliveryPriceRecord> {
      return db.transaction(async (tx) => {
        await lockForDelete(tx, versioned, id, version, BAND);
        const [row] = await tx.delete(deliveryPrices).where(eq(deliveryPrices.id, id)).returning();
        return present(row);
      });
    },
  };
}

export type DeliveryPricesService = ReturnType<typeof deliveryPricesService>;
