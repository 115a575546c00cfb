import { getTableColumns, getTableName, sql, type AnyColumn, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A column with its table's name ("orders"."id"), for the outer side of a correlated subquery:
 * drizzle writes columns bare when a query reads one table, and inside the subquery a bare "id"
 * would be the inner table's own.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * A column's bare name ("id"), for the column list of an `insert … select` written in SQL (a CTE of
 * a statement that writes several tables at once), where a qualified name is not allowed.
 */
export function bare(column: { name: string }): ReturnType<typeof sql.identifier> {
  return sql.identifier(column.name);
}

/**
 * A table's columns by their own (SQL) names, which are the JSON names of the API's records and
 * bodies (sort_order, product_id…): the one place that mapping is read.
 */
export function columnsByName(table: PgTable): Map<string, AnyColumn> {
  return new Map(Object.values(getTableColumns(table)).map((column) => [column.name, column]));
}

/**
 * A body's values for an insert or update of `table`, each field under its column's property
 * (`{ sort_order: 2, stock_ids: [1] }` → `{ sortOrder: 2 }`): fields that name no column of the
 * table, and fields left undefined (not sent), are left out.
 */
export function columnValues<T extends PgTable>(table: T, fields: object): Partial<InferInsertModel<T>> {
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => {
      const key = keyOf.get(name);
      return key === undefined || value === undefined ? [] : [[key, value]];
    }),
  ) as Partial<InferInsertModel<T>>;
}

/**
 * The same for an insert: every column that needs a value (not null, no default) must have one, so
 * that a body schema that lost a required field fails here, by name, not as a database error.
 */
export function insertValues<T extends PgTable>(table: T, fields: object): InferInsertModel<T> {
  const values: Record<string, unknown> = columnValues(table, fields);
  const missing = Object.entries(getTableColumns(table)).filter(([key, column]) => column.notNull && !column.hasDefault && values[key] === undefined);
  if (missing.length) throw new Error(`No value for ${missing.map(([, column]) => column.name).join(', ')} of a new row`);
  return values as InferInsertModel<T>;
}

const decoders = new WeakMap<PgTable, Array<[key: string, column: AnyColumn]>>();

/**
 * A row of `table` that a statement returned as JSON (`to_jsonb(t.*)` in a subquery that reads a
 * record with its children in one go): each column's value under its property, decoded as drizzle
 * decodes the column itself (timestamps to Dates, bigints to numbers…). A numeric column comes as a
 * JSON number, without its trailing zeros: a table with one needs it cast to text in the JSON.
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  let columns = decoders.get(table);
  if (!columns) decoders.set(table, (columns = Object.entries(getTableColumns(table))));
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
