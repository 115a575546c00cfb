import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeliveryTypeRecord, deliveryTypeCreateSchema, deliveryTypeUpdateSchema } from '../../../shared/api/delivery';
import type { Carrier } from '../../../shared/domain/delivery/delivery';
import { CARRIERS } from '../../../shared/domain/delivery/delivery';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { countries, deliveryPrices, deliveryTypes, deliveryTypesCountries, orders, type DeliveryTypeRow } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { qualified } from '../../db/columns';

type TypeCreate = z.output<typeof deliveryTypeCreateSchema>;
type TypeUpdate = Partial<z.output<typeof deliveryTypeUpdateSchema>>;

/** How many weight bands each type has: a read-only column of the staff record (a type without any is never offered). */
// The outer id is named with its table: drizzle writes a single table's columns unqualified, and a
// bare "id" inside the subquery would be delivery_prices' own.
const bandCount = sql<number>`(select count(*)::int from ${deliveryPrices} where ${deliveryPrices.deliveryTypeId} = ${qualified(deliveryTypes.id)})`;

/** How many orders chose each type: such a type is made inactive, never deleted. */
const orderCount = sql<number>`(select count(*)::int from ${orders} where ${orders.deliveryTypeId} = ${qualified(deliveryTypes.id)})`;
const listColumns = { row: deliveryTypes, bands: bandCount, orders: orderCount };

type TypeListRow = { row: DeliveryTypeRow; bands: number; orders: number };

const TYPE: RecordKind = { noun: 'delivery type', missing: 'No such delivery type.' };
const versioned = { table: deliveryTypes, id: deliveryTypes.id, version: deliveryTypes.version };

/** The country ids of each type, by country name: one query for a whole page. */
async function countryIdsOf(db: Db, typeIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(typeIds.map((id) => [id, []]));
  if (!typeIds.length) return out;
  const rows = await db
    .select({ typeId: deliveryTypesCountries.deliveryTypeId, countryId: deliveryTypesCountries.countryId })
    .from(deliveryTypesCountries)
    .innerJoin(countries, eq(countries.id, deliveryTypesCountries.countryId))
    .where(inArray(deliveryTypesCountries.deliveryTypeId, typeIds))
    .orderBy(asc(countries.name), asc(countries.id));
  for (const r of rows) out.get(r.typeId)?.push(r.countryId);
  return out;
}

function present(r: TypeListRow, countryIds: number[]): DeliveryTypeRecord {
  const { row } = r;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    carrier: row.carrier as Carrier,
    large_item: row.largeItem,
    transit_days: row.transitDays,
    active: row.active,
    sort_order: row.sortOrder,
    country_ids: countryIds,
    band_count: r.bands,
    order_count: r.orders,
    version: row.version,
  };
}

async function presentAll(db: Db, rows: TypeListRow[]): Promise<DeliveryTypeRecord[]> {
  const links = await countryIdsOf(
    db,
    rows.map((r) => r.row.id),
  );
  return rows.map((r) => present(r, links.get(r.row.id) ?? []));
}

/** Every id must name a country; 422 on country_ids otherwise. */
async function checkCountryIds(tx: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = new Set((await tx.select({ id: countries.id }).from(countries).where(inArray(countries.id, ids))).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw unprocessable({ country_ids: `Unknown ${missing.length === 1 ? 'country' : 'countries'}: ${missing.slice(0, 10).join(', ')}` });
}

/** Replaces a type's countries with `ids` (the whole new set). */
async function setCountries(tx: Db, typeId: number, ids: number[]): Promise<void> {
  await checkCountryIds(tx, ids);
  await tx
    .delete(deliveryTypesCountries)
    .where(and(eq(deliveryTypesCountries.deliveryTypeId, typeId), ids.length ? notInArray(deliveryTypesCountries.countryId, ids) : undefined));
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    await tx
      .insert(deliveryTypesCountries)
      .values(part.map((countryId) => ({ deliveryTypeId: typeId, countryId })))
      .onConflictDoNothing();
  }
}

/** The staff list of delivery types, in the printer's order by default. */
export const deliveryTypesListSpec = (db: Db): ListSpec<DeliveryTypeRecord, TypeListRow> => ({
  table: deliveryTypes,
  select: listColumns,
  present: (rows) => presentAll(db, rows),
  id: deliveryTypes.id,
  fields: fieldsOf(deliveryTypes, {
    id: 'int',
    code: 'text',
    name: 'text',
    carrier: { type: 'enum', values: CARRIERS },
    large_item: 'bool',
    transit_days: 'int',
    active: 'bool',
    sort_order: 'int',
  }),
  sortable: ['id', 'code', 'name', 'carrier', 'large_item', 'transit_days', 'active', 'sort_order'],
  defaultSort: ['sort_order', 'ASC'],
  searchText: sql`lower(${deliveryTypes.code} || ' ' || ${deliveryTypes.name})`,
});

/**
 * Staff rules for delivery types (DESIGN §2 "Delivery"): the service with the countries it serves
 * (`country_ids`, the whole set) and how many weight bands it has. A type used by an order is
 * never deleted (it is made inactive instead).
 */
/** The API's fields as the table's columns (those not sent stay undefined). */
function columnsOf(input: TypeUpdate) {
  return {
    code: input.code,
    name: input.name,
    carrier: input.carrier,
    largeItem: input.large_item,
    transitDays: input.transit_days,
    active: input.active,
    sortOrder: input.sort_order,
  } satisfies Partial<typeof deliveryTypes.$inferInsert>;
}

export function deliveryTypesService(db: Db) {
  async function get(id: number, tx: Db = db): Promise<DeliveryTypeRecord | null> {
    const [row] = await tx.select(listColumns).from(deliveryTypes).where(eq(deliveryTypes.id, id));
    return row ? (await presentAll(tx, [row]))[0] : null;
  }
  async function mustGet(id: number, tx: Db = db): Promise<DeliveryTypeRecord> {
    const record = await get(id, tx);
    if (!record) throw notFound('No such delivery type.');
    return record;
  }

  return {
    list: deliveryTypesListSpec(db),
    get,

    async create(input: TypeCreate): Promise<DeliveryTypeRecord> {
      return db.transaction(async (tx) => {
        await checkCountryIds(tx, input.country_ids);
        const [{ next }] = await tx.select({ next: sql<number>`(coalesce(max(${deliveryTypes.sortOrder}), 0) + 1)::int` }).from(deliveryTypes);
        const [row] = await tx
          .insert(deliveryTypes)
          .values({ ...columnsOf(input), sortOrder: input.sort_order ?? next } as typeof deliveryTypes.$inferInsert) // a create has every field
          .returning({ id: deliveryTypes.id });
        await setCountries(tx, row.id, input.country_ids);
        return mustGet(row.id, tx);
      });
    },

    /** Changes the fields sent; `country_ids`, when sent, is the whole new set (a missing key leaves them as they are). */
    async update(id: number, input: TypeUpdate, version: number): Promise<DeliveryTypeRecord> {
      return db.transaction(async (tx) => {
        await claimVersion(tx, versioned, id, version, TYPE);
        const defined = Object.fromEntries(Object.entries(columnsOf(input)).filter(([, v]) => v !== undefined));
        if (Object.keys(defined).length) await tx.update(deliveryTypes).set(defined).where(eq(deliveryTypes.id, id));
        if (input.country_ids !== undefined) await setCountries(tx, id, input.country_ids);
        return mustGet(id, tx);
      });
    },

    /** Deletes a type no order uses, with its countries and bands; answers the deleted record. */
    async remove(id: number, version?: number): Promise<DeliveryTypeRecord> {
      const inUse = (orderCount: number) =>
        conflict(
          `This delivery type is used by ${orderCount === 1 ? 'an order' : orderCount > 1 ? `${orderCount} orders` : 'orders'} and cannot be deleted. Make it inactive instead: it is then no longer offered.`,
        );
      try {
        return await db.transaction(async (tx) => {
          await lockForDelete(tx, versioned, id, version, TYPE);
          const record = await mustGet(id, tx);
          if (record.order_count > 0) throw inUse(record.order_count);
          await tx.delete(deliveryTypes).where(eq(deliveryTypes.id, id));
          return record;
        });
      } catch (err) {
        // An order that chose it meanwhile: the foreign key refuses the delete.
        if (isForeignKeyViolation(err)) throw inUse(0);
        throw err;
      }
    },
  };
}

export type DeliveryTypesService = ReturnType<typeof deliveryTypesService>;
