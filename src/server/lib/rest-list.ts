import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hasNoNul, idParam, INT4_MAX, INT4_MIN, NUL_MESSAGE, recordVersionSchema } from '../../shared/api/common';
import type { Db } from '../db/client';
import { columnsByName } from '../db/columns';
import { HttpError, NOT_AN_OBJECT, notFound } from './errors';
import { documentAs, type ZodTypeProvider } from './zod';

/**
 * The staff list protocol (DESIGN §3), exactly as ra-data-simple-rest speaks it, in one place:
 *   GET    /api/admin/<res>?sort=["field","ASC"]&range=[0,24]&filter={...}  → array + Content-Range
 *   GET    /api/admin/<res>/<id>    POST /api/admin/<res>    PUT /api/admin/<res>/<id>
 *   DELETE /api/admin/<res>/<id>    → the deleted record
 * Records carry the `version` they were read at: a PUT must send it back, a DELETE may
 * (`?version=`), and one at an older version than the row's answers 409 (lib/record-versions.ts).
 * A module's service describes its list (table, fields, sorts, search, presenter) and its record
 * functions; this file parses the request, runs the page and count queries and answers.
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
  /** A unique column: the last sort key, so that pages never overlap or skip a row. */
  id: AnyColumn;
  /** A sortable field ordered by another column that sorts it the same way (and has an index). */
  sortBy?: Record<string, AnyColumn>;
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

function jsonParam(what: string) {
  return z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `${what} must be JSON` });
      return z.NEVER;
    }
  });
}

const sortParam = jsonParam('sort').pipe(
  z.tuple(
    [
      z.string(),
      z
        .string()
        .transform((s) => s.toUpperCase())
        .pipe(z.enum(['ASC', 'DESC'])),
    ],
    {
      message: 'sort must be ["field", "ASC" or "DESC"]',
    },
  ),
);

const index = z.number({ message: 'range must be [first, last]' }).int('range must be whole numbers').min(0, 'range cannot be negative');
const rangeParam = jsonParam('range').pipe(
  z
    .tuple([index, index], { message: 'range must be [first, last]' })
    .refine(([first, last]) => last >= first, 'range must end at or after its start')
    .refine(([first, last]) => last - first < MAX_PAGE_SIZE, `A page holds at most ${MAX_PAGE_SIZE} records`),
);

// Not z.record: it copies keys into a new object, where a "__proto__" key would set the prototype
// instead of being refused as an unknown filter. The parsed object is kept as JSON.parse made it.
const filterParam = jsonParam('filter').pipe(z.custom<Record<string, unknown>>(isPlainObject, { message: 'filter must be a JSON object' }));

/** The querystring of a list; `embed` (a simple-rest option) is accepted and ignored. */
export const listQuerystring = z.object({
  sort: sortParam.optional(),
  range: rangeParam.optional(),
  filter: filterParam.optional(),
  embed: z.string().optional(),
});
export type ListQuerystring = z.output<typeof listQuerystring>;

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

/** The parsed querystring → where, order, offset and limit; every bad part is a 422 naming it. */
export function listQuery(spec: ListSpec, params: ListQuerystring): ListQuery {
  const problems = new FilterErrors();
  const [sortField, order] = params.sort ?? spec.defaultSort;
  if (!spec.sortable.includes(sortField)) problems.errors.sort = `Cannot sort by "${sortField}"; sort by one of: ${spec.sortable.join(', ')}`;
  const conditions = filterConditions(spec, params.filter ?? {}, problems);
  if (Object.keys(problems.errors).length) throw new HttpError(422, 'The given data was invalid.', problems.errors);

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

/** `Content-Range: users 0-24/319`, the total react-admin paginates with; an empty page says `users *` + `/0`. */
export function contentRange(resource: string, query: ListQuery, count: number, total: number): string {
  return count > 0 ? `${resource} ${query.offset}-${query.offset + count - 1}/${total}` : `${resource} */${total}`;
}

/** What a module gives for one staff resource. `Rec` is the record as JSON answers it. */
export interface RestResource<Rec extends { id: number }, Row, Create extends z.ZodObject = z.ZodObject, Update extends z.ZodObject = z.ZodObject> {
  /** The path under /api/admin and the unit of Content-Range. */
  name: string;
  /** The record's response schema: every answer is serialised through it, so no column leaks. */
  record: z.ZodType<Rec>;
  list: ListSpec<Rec, Row>;
  /** The record, or null (404). */
  findOne(id: number): Promise<Rec | null>;
  create?: { schema: Create; run(input: z.output<Create>, request: FastifyRequest): Promise<Rec> };
  /**
   * PUT: the schema names the writable keys; the body's other keys (id, created_at, unknown ones) are
   * dropped. The body's `version` (required) is the one the record was read at: `run` writes only at it.
   */
  update?: { schema: Update; run(id: number, input: Partial<z.output<Update>>, version: number, request: FastifyRequest): Promise<Rec> };
  /** DELETE: `version` is the one the record was read at when the caller sent it (`?version=`), checked likewise. */
  remove?(id: number, version: number | undefined, request: FastifyRequest): Promise<Rec>;
}

/** A service that keeps a resource in the usual words: its list, a record by id, and the writes it allows. */
export interface RecordService<Rec, Row, Create extends z.ZodObject, Update extends z.ZodObject> {
  list: ListSpec<Rec, Row>;
  /** The record, or null (or a 404 of its own) for no such id. */
  get(id: number): Promise<Rec | null>;
  create?(input: z.output<Create>): Promise<Rec>;
  /** The change, made only while the record is still at `version` (409 otherwise). */
  update?(id: number, input: Partial<z.output<Update>>, version: number): Promise<Rec>;
  remove?(id: number, version?: number): Promise<Rec>;
}

/**
 * The resource of such a service, offering the writes named in `writes` and nothing else:
 * `serviceResource('stock', stockRecordSchema, stock, { create: stockCreateSchema, update: stockUpdateSchema, remove: true })`.
 */
export function serviceResource<Rec extends { id: number }, Row, C extends z.ZodObject, U extends z.ZodObject>(
  name: string,
  record: z.ZodType<Rec>,
  service: RecordService<Rec, Row, C, U>,
  writes: { create?: C; update?: U; remove?: true },
): RestResource<Rec, Row, C, U> {
  const { create, update, remove } = service;
  const missing = (['create', 'update', 'remove'] as const).filter((write) => writes[write] && !service[write]);
  if (missing.length) throw new Error(`The ${name} service has no ${missing.join(', ')}`);
  return {
    name,
    record,
    list: service.list,
    findOne: (id) => service.get(id),
    create: writes.create && create && { schema: writes.create, run: (input) => create(input) },
    update: writes.update && update && { schema: writes.update, run: (id, input, version) => update(id, input, version) },
    remove: writes.remove && remove && ((id, version) => remove(id, version)),
  };
}

/** `/:id` of a record: digits only (`1e0`, `0x1`, ` 1` are not ids), a positive int4. */
export const idParams = z.object({ id: idParam('Not a record id') });

/** A DELETE's querystring: the version the record was read at, when the caller knows it. */
export const deleteQuerystring = z.object({ version: recordVersionSchema.optional() });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a body schema made by `writableBody` takes: the resource's fields, and whether a PUT may send any subset of them. */
export interface WritableFields {
  fields: z.ZodObject;
  partial: boolean;
  /** Keys a partial body must still send (a PUT's `version`). */
  required?: readonly string[];
}
/** The fields behind each `writableBody` schema (the route tests fuzz each field of every body by it). */
export const writableFields = new WeakMap<z.ZodType, WritableFields>();

/** The list behind each list route's querystring schema (the route tests fuzz its filters and sorts by it). */
export const listFilters = new WeakMap<z.ZodType, ListSpec<never, never>>();

/**
 * The body of a POST (`partial` false) or PUT (true) of a resource, as the route's body schema:
 * keeps the body's writable keys only (DESIGN §3: unknown and read-only keys are ignored),
 * validates them, and for a PUT answers just the keys that were sent — a schema's defaults must not
 * overwrite what a PUT left out (a missing key leaves the value unchanged). `required` names keys a
 * partial body must still send.
 */
export function writableBody<S extends z.ZodObject, P extends boolean>(
  schema: S,
  partial: P,
  required: readonly string[] = [],
): z.ZodType<P extends true ? Partial<z.output<S>> : z.output<S>> {
  type Out = P extends true ? Partial<z.output<S>> : z.output<S>;
  const fields = partial
    ? z.object(Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, required.includes(key) ? field : field.optional()])))
    : schema;
  const writable = new Set(Object.keys(schema.shape));
  const body = z.custom<Record<string, unknown>>(isPlainObject, { message: NOT_AN_OBJECT }).transform((value, ctx): Out => {
    const sent = Object.fromEntries(Object.entries(value).filter(([key]) => writable.has(key)));
    const result = fields.safeParse(sent);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    const parsed = result.data as Record<string, unknown>;
    return (partial ? Object.fromEntries(Object.keys(sent).map((key) => [key, parsed[key]])) : parsed) as Out;
  });
  writableFields.set(body, { fields: schema, partial, required });
  // Other keys (id, read-only ones react-admin sends back) are dropped, not refused.
  return documentAs(body, fields.loose());
}

/**
 * A PUT's body: the writable keys (any subset of them) and the `version` the record was read at,
 * which it must send. The route hands the version to the resource's update apart from the changes.
 */
export function versionedBody<S extends z.ZodObject>(schema: S): z.ZodType<Partial<z.output<S>> & { version: number }> {
  return writableBody(schema.extend({ version: recordVersionSchema }), true, ['version']) as unknown as z.ZodType<Partial<z.output<S>> & { version: number }>;
}

/**
 * Registers the five routes of a resource, each part of each request declared by its schema (so a
 * bad one answers 422 before the handler runs). The caller's plugin scope guards them (staff only).
 */
export function restResource<Rec extends { id: number }, Row, C extends z.ZodObject, U extends z.ZodObject>(
  fastify: FastifyInstance,
  db: Db,
  resource: RestResource<Rec, Row, C, U>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = `/api/admin/${resource.name}`;
  // The handlers' answers are typed by `resource` (Rec); the type provider cannot resolve the output
  // of a schema of a generic type, so the routes see the record's schema as any schema.
  const record: z.ZodType = resource.record;
  const one = { params: idParams, response: { 200: record } };
  async function find(id: number): Promise<Rec> {
    const record = await resource.findOne(id);
    if (!record) throw notFound('No such record.');
    return record;
  }

  // Its own copy of the querystring schema, so that the list's filters can be found from the route.
  const querystring = listQuerystring.clone();
  listFilters.set(querystring, resource.list as unknown as ListSpec<never, never>);
  app.get(base, { schema: { querystring, response: { 200: z.array(record) } } }, async (request, reply) => {
    const query = listQuery(resource.list, request.query);
    const { rows, total } = await listPage(db, resource.list, query);
    reply.header('content-range', contentRange(resource.name, query, rows.length, total));
    return rows;
  });

  app.get(`${base}/:id`, { schema: one }, async (request) => find(request.params.id));

  const { create, update, remove } = resource;
  if (create) {
    const schema = { body: writableBody(create.schema, false), response: { 201: record } };
    app.post(base, { schema }, async (request, reply) => {
      const record = await create.run(request.body as z.output<C>, request);
      return reply.status(201).send(record);
    });
  }
  if (update) {
    app.put(`${base}/:id`, { schema: { ...one, body: versionedBody(update.schema) } }, async (request) => {
      const { id } = request.params;
      await find(id);
      const { version, ...changes } = request.body as { version: number };
      return update.run(id, changes as Partial<z.output<U>>, version, request);
    });
  }
  if (remove) {
    app.delete(`${base}/:id`, { schema: { ...one, querystring: deleteQuerystring } }, async (request) => {
      const { id } = request.params;
      await find(id);
      return remove(id, request.query.version, request);
    });
  }
}
