import { and, asc, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  optionCreateSchema,
  optionGroupCreateSchema,
  OptionGroupRecord,
  optionGroupUpdateSchema,
  OptionRecord,
  optionUpdateSchema,
} from '../../../shared/api/catalogue-options';
import type { Db } from '../../db/client';
import { columnValues, qualified } from '../../db/columns';
import { optionGroups, options, products, type OptionGroupRow, type OptionRow } from '../../db/schema';
import { notFound, uniqueAsFieldError, unprocessable } from '../../lib/domain-errors';
import { claimVersion, lockForDelete, type RecordKind } from '../../lib/record-versions';
import { fieldsOf, type ListField, type ListSpec } from '../../lib/list-query';
import { bumpCatalogueVersion } from './catalogue-version';

/**
 * A product's finishing options (DESIGN §2 "Options and turnarounds"): its option groups
 * (Lamination, Corners…) and each group's options with what they add to cost and production.
 */

type GroupCreate = z.output<typeof optionGroupCreateSchema>;
type GroupUpdate = z.output<typeof optionGroupUpdateSchema>;
type OptionCreate = z.output<typeof optionCreateSchema>;
type OptionUpdate = z.output<typeof optionUpdateSchema>;

const GROUP: RecordKind = { noun: 'option group', missing: 'No such option group.' };
const OPTION: RecordKind = { noun: 'option', missing: 'No such option.' };
const groupVersioned = { table: optionGroups, id: optionGroups.id, version: optionGroups.version };
const optionVersioned = { table: options, id: options.id, version: options.version };

const DUPLICATE_GROUP = 'This product already has an option group of that name';
const DUPLICATE_OPTION = 'This group already has an option of that name';
const groupNameFree = uniqueAsFieldError('option_groups_name_unique', { name: DUPLICATE_GROUP });
const optionNameFree = uniqueAsFieldError('options_name_unique', { name: DUPLICATE_OPTION });

export function presentOptionGroup(row: OptionGroupRow): OptionGroupRecord {
  return { id: row.id, product_id: row.productId, name: row.name, required: row.required, sort: row.sort, version: row.version };
}

export function presentOption(row: OptionRow, productId: number): OptionRecord {
  return {
    id: row.id,
    option_group_id: row.optionGroupId,
    product_id: productId,
    name: row.name,
    sheet_cost: row.sheetCost,
    setup_cost: row.setupCost,
    production_days: row.productionDays,
    active: row.active,
    sort: row.sort,
    version: row.version,
  };
}

/** The product an option belongs to, through its group: a read-only column of the staff record. */
const optionProductId = sql<number>`(select ${optionGroups.productId} from ${optionGroups} where ${optionGroups.id} = ${qualified(options.optionGroupId)})`;

export const optionGroupsListSpec: ListSpec<OptionGroupRecord, OptionGroupRow> = {
  table: optionGroups,
  present: (rows) => rows.map(presentOptionGroup),
  id: optionGroups.id,
  fields: fieldsOf(optionGroups, { id: 'int', product_id: 'int', name: 'text', required: 'bool', sort: 'int' }),
  sortable: ['id', 'name', 'sort', 'required', 'product_id'],
  defaultSort: ['sort', 'ASC'],
  searchText: sql`lower(${optionGroups.name})`,
};

/** `product_id` on the options list: every option of the product's groups (the product page reads them at once). */
const byProduct: ListField = {
  column: options.optionGroupId,
  type: 'int',
  where: (productId: number): SQL =>
    inArray(options.optionGroupId, sql`(select ${optionGroups.id} from ${optionGroups} where ${optionGroups.productId} = ${productId})`),
};

export const optionsListSpec: ListSpec<OptionRecord, { row: OptionRow; productId: number }> = {
  table: options,
  select: { row: options, productId: optionProductId },
  present: (rows) => rows.map((r) => presentOption(r.row, r.productId)),
  id: options.id,
  fields: { ...fieldsOf(options, { id: 'int', option_group_id: 'int', name: 'text', active: 'bool', sort: 'int' }), product_id: byProduct },
  sortable: ['id', 'name', 'sort', 'active', 'option_group_id', 'production_days'],
  sortBy: { production_days: options.productionDays },
  defaultSort: ['sort', 'ASC'],
  searchText: sql`lower(${options.name})`,
};

/** The next sort within a parent: after the last. */
async function nextSort(tx: Db, table: typeof optionGroups | typeof options, where: SQL): Promise<number> {
  const [row] = await tx
    .select({ last: max(table.sort) })
    .from(table)
    .where(where);
  return (row?.last ?? 0) + 1;
}

export function optionsService(db: Db) {
  async function getGroup(id: number, tx: Db = db): Promise<OptionGroupRecord> {
    const [row] = await tx.select().from(optionGroups).where(eq(optionGroups.id, id));
    if (!row) throw notFound(GROUP.missing);
    return presentOptionGroup(row);
  }

  async function getOption(id: number, tx: Db = db): Promise<OptionRecord> {
    const [row] = await tx.select({ row: options, productId: optionProductId }).from(options).where(eq(options.id, id));
    if (!row) throw notFound(OPTION.missing);
    return presentOption(row.row, row.productId);
  }

  async function checkGroupName(tx: Db, productId: number, name: string, exceptId?: number): Promise<void> {
    const [taken] = await tx
      .select({ id: optionGroups.id })
      .from(optionGroups)
      .where(
        and(eq(optionGroups.productId, productId), sql`lower(${optionGroups.name}) = lower(${name})`, exceptId ? ne(optionGroups.id, exceptId) : undefined),
      );
    if (taken) throw unprocessable({ name: DUPLICATE_GROUP });
  }

  async function checkOptionName(tx: Db, groupId: number, name: string, exceptId?: number): Promise<void> {
    const [taken] = await tx
      .select({ id: options.id })
      .from(options)
      .where(and(eq(options.optionGroupId, groupId), sql`lower(${options.name}) = lower(${name})`, exceptId ? ne(options.id, exceptId) : undefined));
    if (taken) throw unprocessable({ name: DUPLICATE_OPTION });
  }

  const groups = {
    list: optionGroupsListSpec,
    get: (id: number) => getGroup(id),

    create: (input: GroupCreate) =>
      groupNameFree(() =>
        db.transaction(async (tx) => {
          const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.product_id));
          if (!product) throw unprocessable({ product_id: 'Unknown product' });
          await checkGroupName(tx, input.product_id, input.name);
          const sort = input.sort ?? (await nextSort(tx, optionGroups, eq(optionGroups.productId, input.product_id)));
          const [row] = await tx.insert(optionGroups).values({ productId: input.product_id, name: input.name, required: input.required, sort }).returning();
          await bumpCatalogueVersion(tx);
          return presentOptionGroup(row);
        }),
      ),

    update: (id: number, input: Partial<GroupUpdate>, version: number) =>
      groupNameFree(() =>
        db.transaction(async (tx) => {
          await claimVersion(tx, groupVersioned, id, version, GROUP);
          const current = await getGroup(id, tx);
          if (input.name !== undefined) await checkGroupName(tx, current.product_id, input.name, id);
          const changes = columnValues(optionGroups, input);
          if (Object.keys(changes).length) await tx.update(optionGroups).set(changes).where(eq(optionGroups.id, id));
          await bumpCatalogueVersion(tx);
          return getGroup(id, tx);
        }),
      ),

    /** Deletes a group with its options; answers the deleted group. */
    async remove(id: number, version?: number): Promise<OptionGroupRecord> {
      return db.transaction(async (tx) => {
        await lockForDelete(tx, groupVersioned, id, version, GROUP);
        const record = await getGroup(id, tx);
        await tx.delete(optionGroups).where(eq(optionGroups.id, id));
        await bumpCatalogueVersion(tx);
        return record;
      });
    },
  };

  const choices = {
    list: optionsListSpec,
    get: (id: number) => getOption(id),

    create: (input: OptionCreate) =>
      optionNameFree(() =>
        db.transaction(async (tx) => {
          const [group] = await tx.select({ id: optionGroups.id }).from(optionGroups).where(eq(optionGroups.id, input.option_group_id)).for('update');
          if (!group) throw unprocessable({ option_group_id: 'Unknown option group' });
          await checkOptionName(tx, input.option_group_id, input.name);
          const sort = input.sort ?? (await nextSort(tx, options, eq(options.optionGroupId, input.option_group_id)));
          const [row] = await tx
            .insert(options)
            .values({
              optionGroupId: input.option_group_id,
              name: input.name,
              sheetCost: input.sheet_cost,
              setupCost: input.setup_cost,
              productionDays: input.production_days,
              active: input.active,
              sort,
            })
            .returning();
          await bumpCatalogueVersion(tx);
          return getOption(row.id, tx);
        }),
      ),

    update: (id: number, input: Partial<OptionUpdate>, version: number) =>
      optionNameFree(() =>
        db.transaction(async (tx) => {
          await claimVersion(tx, optionVersioned, id, version, OPTION);
          const current = await getOption(id, tx);
          if (input.name !== undefined) await checkOptionName(tx, current.option_group_id, input.name, id);
          const changes = columnValues(options, input);
          if (Object.keys(changes).length) await tx.update(options).set(changes).where(eq(options.id, id));
          await bumpCatalogueVersion(tx);
          return getOption(id, tx);
        }),
      ),

    async remove(id: number, version?: number): Promise<OptionRecord> {
      return db.transaction(async (tx) => {
        await lockForDelete(tx, optionVersioned, id, version, OPTION);
        const record = await getOption(id, tx);
        await tx.delete(options).where(eq(options.id, id));
        await bumpCatalogueVersion(tx);
        return record;
      });
    },

    /** A product's groups with their options, in the printer's order: what an item's choice is checked against. */
    async ofProduct(productId: number, tx: Db = db): Promise<Array<OptionGroupRecord & { options: OptionRecord[] }>> {
      const groupRows = await tx.select().from(optionGroups).where(eq(optionGroups.productId, productId)).orderBy(asc(optionGroups.sort), asc(optionGroups.id));
      if (!groupRows.length) return [];
      const optionRows = await tx
        .select()
        .from(options)
        .where(
          inArray(
            options.optionGroupId,
            groupRows.map((g) => g.id),
          ),
        )
        .orderBy(asc(options.sort), asc(options.id));
      return groupRows.map((g) => ({
        ...presentOptionGroup(g),
        options: optionRows.filter((o) => o.optionGroupId === g.id).map((o) => presentOption(o, productId)),
      }));
    },
  };

  return { groups, options: choices };
}

export type OptionsService = ReturnType<typeof optionsService>;
