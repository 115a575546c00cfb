import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { hasNoNul, INT4_MAX, INT4_MIN, NUL_MESSAGE } from '../../shared/api/common';
import type { Db } from '../db/client';
import { columnsByName } from '../db/columns';
import { unprocessable } from './domain-errors';

/**
 * A list as services describe it (the table, its filterable fields, its sorts, its search, its
 * presenter) and the SQL of one page of it: filters, a sort and a range in, a where, an order and
 * a page out. The staff list protocol (lib/rest-list.ts) reads these from a request's querystring
 * and answers with the page; a service may run the same filters itself (the counts beside a list).
 */

/** How a filter value is read: ids and numbers, exact text, booleans, dates, or one of a list. */
export type FieldType = 'int' | 'text' | 'bool' | 'date' | 'enum';
export type SortOrder = 'ASC' | 'DESC';

export interface ListField {
  column: AnyColumn;
  type: FieldType;
  /** The allowed values of an enum field. */
  values?: readonly [string, ...string[]];
  /**
   * A derived field (no column of its own, e.g. an order's `overdue`): the condition for one
   * parsed value, made when the request is read (so it may depend on today's date).
   */
  where?: (value: never) => SQL;
}

/**
 * A list's filterable fields by their JSON names, which are the columns' own names (sort_order,
 * product_id…): `fieldsOf(stock, { id: 'int', name: 'text', sort_order: 'int' })`. An enum names its
 * values. A name that is no column of the table fails at start-up.
 */
export function fieldsOf(
  table: PgTable,
  types: Record<string, FieldType | { type: 'enum'; values: readonly [string, ...string[]] }>,
): Record<string, ListField> {
  const byName = columnsByName(table);
  return Object.fromEntries(
    Object.entries(types).map(([name, type]) => {
      const column = byName.get(name);
      if (!column) throw new Error(`List field "${name}" is no column of its table`);
      return [name, typeof type === 'string' ? { column, type } : { column, ...type }];
    }),
  );
}

export interface ListSpec<Rec = unknown, Row = never> {
  /** The table a page is read from. */
  table: PgTable;
  /** The columns a page selects (default: the whole row); a subquery column may count linked rows. */
  select?: SelectedFields;
  /** A page of selected rows → records; may load what the rows link to in one more query. */
  present(rows: Row[]): Rec[] | Promise<Rec[]>;
  /** Fields the filter may name by their JSON names: equality, id arrays, and `<field>_gte` / `<field>_lte`. */
  fields: Record<string, ListField>;
  /** The fields a list may be sorted by; each one is also in `fields`. */
  sortable: readonly string[];
  defaultSort: readonly [string, SortOrder];
  /** Lower-cased text that each word of `filter.q` must occur in; without it `q` is refused. */
  searchText?: SQL;
  /**
   * Instead of `searchText`: the condition for one word's LIKE pattern, when a list searches
   * several places each with its own index (an order's own text or its customer's).
   */
  searchWord?: (pattern: string) => SQL;
  /** Always applies, e.g. soft-deleted rows are left out. */
  scope?: SQL;
  /** Filters that apply unless the request names the field itself (the sandbox's orders are left out of the staff list unless asked for). */
  defaultFilter?: Record<string, unknown>;
  /** A unique column: the last sort key, so that pages never overlap or skip a row. */
  id: AnyColumn;
  /** A sortable field ordered by another column that sorts it the same way (and has an index), or by an expression (a linked row's value). */
  sortBy?: Record<string, AnyColumn | SQL>;
}

/** A parsed list request, ready for a drizzle select. */
export interface ListQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  offset: number;
  limit: number;
}

/** Largest page a client may ask for (react-admin's export asks for 1000); screens page by 25–100. */
export const MAX_PAGE_SIZE = 1000;
/** Without `range` (react-admin's getMany: `filter={"id":[…]}`) every match is answered, up to this many. */
export const MAX_UNPAGED = 1000;
/** Searching is by whole words of at most this many. */
const MAX_SEARCH_WORDS = 8;

const WHOLE = 'Must be a whole number';
/** Every whole-number column is an int4: a value beyond it could match nothing, and must not reach the database. */
const intValue = z
  .union(
    [
      z.number().int(WHOLE),
      z
        .string()
        .regex(/^-?\d{1,10}$/, WHOLE)
        .transform(Number),
    ],
    { message: WHOLE },
  )
  .pipe(z.number().min(INT4_MIN, `Must be at least ${INT4_MIN}`).max(INT4_MAX, `Must be at most ${INT4_MAX}`));
const boolValue = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: 'Must be true or false' });
const textValue = z.union([z.string().max(200, 'At most 200 characters').refine(hasNoNul, NUL_MESSAGE), z.number().transform(String)], {
  message: 'Must be text',
});

/** A date filter's value: the instant it names, and whether it named a whole day (no time). */
interface DateValue {
  at: Date;
  wholeDay: boolean;
}
const DATE_MESSAGE = 'Must be a date (YYYY-MM-DD) or an ISO date-time';
const dateValue = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: DATE_MESSAGE }).transform((text, ctx): DateValue => {
  const wholeDay = text.length === 10;
  const at = new Date(wholeDay ? `${text}T00:00:00Z` : text);
  // The day must exist: it reads back as itself (no 30 February rolled over into March).
  const day = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text.slice(0, 10)) {
    ctx.addIssue({ code: 'custom', message: 'No such date' });
    return z.NEVER;
  }
  return { at, wholeDay };
});

/**
 * The instants PostgreSQL takes as written (years 1 to 9999). A bound beyond them is moved to
 * them, which changes no answer: no row is dated outside them.
 */
const EARLIEST = new Date('0001-01-01T00:00:00.000Z').getTime();
const LATEST = new Date('9999-12-31T23:59:59.999Z').getTime();
const DAY_MS = 24 * 60 * 60 * 1000;
const clamp = (ms: number) => new Date(Math.min(Math.max(ms, EARLIEST), LATEST));
const inRange = (ms: number) => ms >= EARLIEST && ms <= LATEST;

/** `created_at: "2025-05-01"` is the whole of that day (UTC); a date-time is that instant. */
function dateEquals(column: AnyColumn, { at, wholeDay }: DateValue): SQL {
  const start = at.getTime();
  if (!wholeDay) return inRange(start) ? eq(column, at) : sql`false`;
  const end = start + DAY_MS;
  if (end <= EARLIEST || start > LATEST) return sql`false`;
  return and(gte(column, clamp(start)), end > LATEST ? lte(column, clamp(end)) : lt(column, new Date(end)))!;
}

function valueSchema(field: ListField): z.ZodType<unknown> {
  switch (field.type) {
    case 'int':
      return intValue;
    case 'bool':
      return boolValue;
    case 'text':
      return textValue;
    case 'date':
      return dateValue;
    case 'enum':
      return z.enum(field.values ?? [''], { message: `Must be one of: ${(field.values ?? []).join(', ')}` });
  }
}

/** `%`, `_` and `\` are LIKE's own characters: a search for "50%" means the text "50%". */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of text that contains `words` as they are typed (the customer lists' searches). */
export const containing = (words: string) => `%${escapeLike(words)}%`;

class FilterErrors {
  readonly errors: Record<string, string> = {};
  add(key: string, message: string): void {
    this.errors[`filter.${key}`] ??= message;
  }
  parse<T>(schema: z.ZodType<T>, value: unknown, key: string): T | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    this.add(key, result.error.issues[0]?.message ?? 'Invalid value');
    return undefined;
  }
}

function equality(field: ListField, raw: unknown, key: string, problems: FilterErrors): SQL | undefined {
  if (raw === null && !field.where) return isNull(field.column);
  const schema = valueSchema(field);
  if (Array.isArray(raw)) {
    if (raw.length > MAX_UNPAGED) {
      problems.add(key, `At most ${MAX_UNPAGED} values`);
      return undefined;
    }
    const values = raw.map((v) => problems.parse(schema, v, key));
    if (values.some((v) => v === undefined)) return undefined;
    // An empty list matches nothing (react-admin asks for no records), never everything.
    if (!values.length) return sql`false`;
    if (field.where) return or(...values.map((v) => field.where!(v as never)));
    if (field.type === 'date') return or(...values.map((v) => dateEquals(field.column, v as DateValue)));
    return inArray(field.column, values);
  }
  const value = problems.parse(schema, raw, key);
  if (value === undefined) return undefined;
  if (field.where) return field.where(value as never);
  return field.type === 'date' ? dateEquals(field.column, value as DateValue) : eq(field.column, value);
}

function bound(field: ListField, raw: unknown, key: string, side: 'gte' | 'lte', problems: FilterErrors): SQL | undefined {
  if (field.type === 'bool' || field.type === 'enum' || field.where) {
    problems.add(key, 'This field has no range');
    return undefined;
  }
  const value = problems.parse(valueSchema(field), raw, key);
  if (value === undefined) return undefined;
  if (field.type !== 'date') return side === 'gte' ? gte(field.column, value) : lte(field.column, value);
  const { at, wholeDay } = value as DateValue;
  if (side === 'gte') return gte(field.column, clamp(at.getTime()));
  // A date without a time means the whole day: `created_at_lte: "2025-05-01"` includes all of 1 May.
  if (!wholeDay) return lte(field.column, clamp(at.getTime()));
  const end = at.getTime() + DAY_MS;
  return end > LATEST ? lte(field.column, clamp(end)) : lt(field.column, clamp(end));
}

function search(spec: ListSpec, raw: unknown, problems: FilterErrors): SQL | undefined {
  if (!spec.searchText && !spec.searchWord) {
    problems.add('q', 'This list has no search');
    return undefined;
  }
  const q = problems.parse(textValue, raw, 'q');
  if (q === undefined) return undefined;
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  // Every word somewhere in the searched text: "jane inkwell" finds Jane at Inkwell Design.
  const like = (pattern: string) => (spec.searchWord ? spec.searchWord(pattern) : sql`${spec.searchText} like ${pattern}`);
  return and(...words.map((word) => like(containing(word))));
}

function filterConditions(spec: ListSpec, filter: Record<string, unknown>, problems: FilterErrors): SQL[] {
  const conditions: SQL[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    let condition: SQL | undefined;
    const ranged = /^(.+)_(gte|lte)$/.exec(key);
    // Own properties only: a filter named "constructor" or "toString" is unknown, not Object's member.
    if (key === 'q') condition = search(spec, raw, problems);
    else if (Object.hasOwn(spec.fields, key)) condition = equality(spec.fields[key], raw, key, problems);
    else if (ranged && Object.hasOwn(spec.fields, ranged[1])) condition = bound(spec.fields[ranged[1]], raw, key, ranged[2] as 'gte' | 'lte', problems);
    else problems.add(key, 'Unknown filter');
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** What a list is asked for: its sort, the range of its rows, and its filters by field (each part may be left out). */
export interface ListParams {
  sort?: readonly [string, SortOrder];
  range?: readonly [number, number];
  filter?: Record<string, unknown>;
}

/** The list's params → where, order, offset and limit; every bad part is an Invalid naming it (`sort`, `filter.<key>`). */
export function listQuery(spec: ListSpec, params: ListParams): ListQuery {
  const problems = new FilterErrors();
  const [sortField, order] = params.sort ?? spec.defaultSort;
  if (!spec.sortable.includes(sortField)) problems.errors.sort = `Cannot sort by "${sortField}"; sort by one of: ${spec.sortable.join(', ')}`;
  const conditions = filterConditions(spec, { ...spec.defaultFilter, ...params.filter }, problems);
  if (Object.keys(problems.errors).length) throw unprocessable(problems.errors, 'The given data was invalid.');

  const column =
    spec.sortBy && Object.hasOwn(spec.sortBy, sortField)
      ? spec.sortBy[sortField]
      : Object.hasOwn(spec.fields, sortField)
        ? spec.fields[sortField].column
        : spec.id;
  const orderBy = [order === 'DESC' ? desc(column) : asc(column)];
  if (column !== spec.id) orderBy.push(asc(spec.id));
  const [first, last] = params.range ?? [0, MAX_UNPAGED - 1];
  return { where: and(spec.scope, ...conditions), orderBy, offset: first, limit: last - first + 1 };
}

/** One page of a list and the total under the same where: two queries, side by side. */
export async function listPage<Rec, Row>(db: Db, spec: ListSpec<Rec, Row>, query: ListQuery): Promise<{ rows: Rec[]; total: number }> {
  const select = spec.select ? db.select(spec.select) : db.select();
  const [rows, [{ total }]] = await Promise.all([
    select
      .from(spec.table)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(spec.table).where(query.where),
  ]);
  return { rows: await spec.present(rows as Row[]), total };
}
