import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { turnaroundCreateSchema, TurnaroundRecord, turnaroundUpdateSchema } from '../../../shared/api/catalogue-options';
import type { Db } from '../../db/client';
import { columnValues, qualified } from '../../db/columns';
import { products, turnarounds, type TurnaroundRow } from '../../db/schema';
import { conflict, notFound, uniqueAsFieldError, unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, nextVersion, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListSpec } from '../../lib/list-query';
import { bumpCatalogueVersion } from './catalogue-version';

type TurnaroundCreate = z.output<typeof turnaroundCreateSchema>;
type TurnaroundUpdate = z.output<typeof turnaroundUpdateSchema>;

const TURNAROUND: RecordKind = { noun: 'turnaround', missing: 'No such turnaround.' };
const versioned = { table: turnarounds, id: turnarounds.id, version: turnarounds.version };

const DUPLICATE_NAME = 'This product already has a turnaround of that name';
const KEEP_A_DEFAULT = 'A product always has a default turnaround: make another one the default instead';
const DEFAULT_IS_ACTIVE = 'The default turnaround is always on offer: make another one the default first';

/** A concurrent write that gets past a check loses to the constraint: the same 422, never a 500. */
const sameName = uniqueAsFieldError('turnarounds_name_unique', { name: DUPLICATE_NAME });
const oneDefault = uniqueAsFieldError('turnarounds_one_default', { is_default: 'Another turnaround was made the default meanwhile: reload and try again' });
const guarded = <T>(run: () => Promise<T>) => sameName(() => oneDefault(run));

export function presentTurnaround(row: TurnaroundRow): TurnaroundRecord {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    production_days: row.productionDays,
    price_percent: row.pricePercent,
    is_default: row.isDefault,
    active: row.active,
    version: row.version,
  };
}

/** The staff list of turnarounds; the product page reads one product's, slowest first. */
export const turnaroundsListSpec: ListSpec<TurnaroundRecord, TurnaroundRow> = {
  table: turnarounds,
  present: (rows) => rows.map(presentTurnaround),
  id: turnarounds.id,
  fields: fieldsOf(turnarounds, { id: 'int', product_id: 'int', name: 'text', is_default: 'bool', active: 'bool', production_days: 'int' }),
  sortable: ['id', 'name', 'production_days', 'price_percent', 'is_default', 'active'],
  defaultSort: ['production_days', 'DESC'],
  searchText: sql`lower(${turnarounds.name})`,
};

/**
 * The product's row, locked for the rest of the transaction: every change to a product's
 * turnarounds takes it first, so that two colleagues moving the default wait for each other.
 */
async function lockProduct(tx: Db, productId: number): Promise<{ name: string } | undefined> {
  const [row] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId)).for('update');
  return row;
}

/**
 * A product's production_days is its default turnaround's (DESIGN §2): written here, in the
 * transaction that changed the default, and the product's version goes up with it when it moves, so
 * that a product form opened before does not write the old days back.
 */
export async function syncProductionDays(tx: Db, productId: number): Promise<void> {
  // Qualified: inside the subqueries a bare "id" would be the turnaround's own.
  const days = sql`(select t.production_days from ${turnarounds} t where t.product_id = ${qualified(products.id)} and t.is_default)`;
  await tx
    .update(products)
    .set({ productionDays: days, version: nextVersion(products.version) })
    .where(and(eq(products.id, productId), sql`${days} <> ${qualified(products.productionDays)}`));
}

/** Makes `id` the product's only default: the old default is no longer one (a change to it, so its version goes up). */
async function clearOtherDefaults(tx: Db, productId: number, id?: number): Promise<void> {
  await tx
    .update(turnarounds)
    .set({ isDefault: false, version: nextVersion(turnarounds.version) })
    .where(and(eq(turnarounds.productId, productId), eq(turnarounds.isDefault, true), id === undefined ? undefined : ne(turnarounds.id, id)));
}

/** A new product's one turnaround: "Standard", its default, at the product's own days and 0 %. */
export async function addStandardTurnaround(tx: Db, productId: number, productionDays: number): Promise<void> {
  await tx.insert(turnarounds).values({ productId, name: 'Standard', productionDays, pricePercent: 0, isDefault: true, active: true });
}

/**
 * The product's production days were changed on the product itself: its default turnaround takes
 * them (the one place they are kept), with its version raised.
 */
export async function setDefaultTurnaroundDays(tx: Db, productId: number, productionDays: number): Promise<void> {
  await tx
    .update(turnarounds)
    .set({ productionDays, version: nextVersion(turnarounds.version) })
    .where(and(eq(turnarounds.productId, productId), eq(turnarounds.isDefault, true), ne(turnarounds.productionDays, productionDays)));
}

/** Staff rules for turnarounds: one default per product, always on offer, whose days are the product's. */
export function turnaroundsService(db: Db) {
  async function get(id: number, tx: Db = db): Promise<TurnaroundRecord> {
    const [row] = await tx.select().from(turnarounds).where(eq(turnarounds.id, id));
    if (!row) throw notFound(TURNAROUND.missing);
    return presentTurnaround(row);
  }

  async function checkNameFree(tx: Db, productId: number, name: string, exceptId?: number): Promise<void> {
    const [taken] = await tx
      .select({ id: turnarounds.id })
      .from(turnarounds)
      .where(and(eq(turnarounds.productId, productId), sql`lower(${turnarounds.name}) = lower(${name})`, exceptId ? ne(turnarounds.id, exceptId) : undefined));
    if (taken) throw unprocessable({ name: DUPLICATE_NAME });
  }

  return {
    list: turnaroundsListSpec,
    get,

    /** One product's turnarounds, slowest first (the product page and, later, the customer's choice). */
    async ofProduct(productId: number, tx: Db = db): Promise<TurnaroundRecord[]> {
      const rows = await tx
        .select()
        .from(turnarounds)
        .where(eq(turnarounds.productId, productId))
        .orderBy(sql`${turnarounds.productionDays} desc`, asc(turnarounds.id));
      return rows.map(presentTurnaround);
    },

    create: (input: TurnaroundCreate) =>
      guarded(() =>
        db.transaction(async (tx) => {
          if (!(await lockProduct(tx, input.product_id))) throw unprocessable({ product_id: 'Unknown product' });
          if (input.is_default && !input.active) throw unprocessable({ active: DEFAULT_IS_ACTIVE });
          await checkNameFree(tx, input.product_id, input.name);
          if (input.is_default) await clearOtherDefaults(tx, input.product_id);
          const [row] = await tx
            .insert(turnarounds)
            .values({
              productId: input.product_id,
              name: input.name,
              productionDays: input.production_days,
              pricePercent: input.price_percent,
              isDefault: input.is_default,
              active: input.active,
            })
            .returning();
          await syncProductionDays(tx, input.product_id);
          await bumpCatalogueVersion(tx);
          return presentTurnaround(row);
        }),
      ),

    update: (id: number, input: Partial<TurnaroundUpdate>, version: number) =>
      guarded(() =>
        db.transaction(async (tx) => {
          const [found] = await tx.select({ productId: turnarounds.productId }).from(turnarounds).where(eq(turnarounds.id, id));
          if (!found) throw notFound(TURNAROUND.missing);
          const { productId } = found;
          await lockProduct(tx, productId);
          await claimVersion(tx, versioned, id, version, TURNAROUND);
          const current = await get(id, tx);
          if (current.is_default && input.is_default === false) throw unprocessable({ is_default: KEEP_A_DEFAULT });
          const willBeDefault = input.is_default ?? current.is_default;
          if (willBeDefault && (input.active ?? current.active) === false) throw unprocessable({ active: DEFAULT_IS_ACTIVE });
          if (input.name !== undefined) await checkNameFree(tx, productId, input.name, id);
          if (willBeDefault && !current.is_default) await clearOtherDefaults(tx, productId, id);
          const changes = columnValues(turnarounds, input);
          if (Object.keys(changes).length) await tx.update(turnarounds).set(changes).where(eq(turnarounds.id, id));
          await syncProductionDays(tx, productId);
          await bumpCatalogueVersion(tx);
          return get(id, tx);
        }),
      ),

    /** Deletes a turnaround that is not the product's default (409 for the default); answers the deleted record. */
    async remove(id: number, version?: number): Promise<TurnaroundRecord> {
      return db.transaction(async (tx) => {
        await lockForDelete(tx, versioned, id, version, TURNAROUND);
        const record = await get(id, tx);
        if (record.is_default) {
          throw conflict(`“${record.name}” is the product’s default turnaround and cannot be deleted: make another one the default first.`);
        }
        await tx.delete(turnarounds).where(eq(turnarounds.id, id));
        await bumpCatalogueVersion(tx);
        return record;
      });
    },
  };
}

export type TurnaroundsService = ReturnType<typeof turnaroundsService>;
