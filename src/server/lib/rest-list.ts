import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldErrors } from '../../shared/api/errors';
import { HttpError, notFound } from './errors';

/**
 * The staff list protocol (DESIGN §3), exactly as ra-data-simple-rest speaks it, in one place:
 *   GET    /api/admin/<res>?sort=["field","ASC"]&range=[0,24]&filter={...}  → array + Content-Range
 *   GET    /api/admin/<res>/<id>    POST /api/admin/<res>    PUT /api/admin/<res>/<id>
 *   DELETE /api/admin/<res>/<id>    → the deleted record
 * A module describes its resource (fields, sorts, search, data functions); this file does the rest.
 */

/** How a filter value is read: ids and numbers, exact text, booleans, dates, or one of a list. */
export type FieldType = 'int' | 'text' | 'bool' | 'date' | 'enum';
export type SortOrder = 'ASC' | 'DESC';

export interface ListField {
  column: AnyColumn;
  type: FieldType;
  /** The allowed values of an enum field. */
  values?: readonly [string, ...string[]];
}

export interface ListSpec {
  /** Fields the filter may name by their JSON names: equality, id arrays, and `<field>_gte` / `<field>_lte`. */
  fields: Record<string, ListField>;
  /** The fields a list may be sorted by; each one is also in `fields`. */
  sortable: readonly string[];
  defaultSort: readonly [string, SortOrder];
  /** Lower-cased text that each word of `filter.q` must occur in; without it `q` is refused. */
  searchText?: SQL;
  /** Always applies, e.g. soft-deleted rows are left out. */
  scope?: SQL;
  /** A unique column: the last sort key, so that pages never overlap or skip a row. */
  id: AnyColumn;
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
  z.tuple([z.string(), z.string().transform((s) => s.toUpperCase()).pipe(z.enum(['ASC', 'DESC']))], {
    message: 'sort must be ["field", "ASC" or "DESC"]',
  }),
);

const index = z.number({ message: 'range must be [first, last]' }).int('range must be whole numbers').min(0, 'range cannot be negative');
const rangeParam = jsonParam('range').pipe(
  z
    .tuple([index, index], { message: 'range must be [first, last]' })
    .refine(([first, last]) => last >= first, 'range must end at or after its start')
    .refine(([first, last]) => last - first < MAX_PAGE_SIZE, `A page holds at most ${MAX_PAGE_SIZE} records`),
);

const filterParam = jsonParam('filter').pipe(z.record(z.string(), z.unknown(), { message: 'filter must be a JSON object' }));

/** The querystring of a list; `embed` (a simple-rest option) is accepted and ignored. */
export const listQuerystring = z.object({
  sort: sortParam.optional(),
  range: rangeParam.optional(),
  filter: filterParam.optional(),
  embed: z.string().optional(),
});
export type ListQuerystring = z.output<typeof listQuerystring>;

const intValue = z.union([z.number().int(), z.string().regex(/^-?\d{1,15}$/).transform(Number)], { message: 'Must be a whole number' });
const boolValue = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: 'Must be true or false' });
const textValue = z.union([z.string().max(200, 'At most 200 characters'), z.number().transform(String)], { message: 'Must be text' });
const dateValue = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'Must be a date (YYYY-MM-DD) or an ISO date-time' });

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
  if (raw === null) return isNull(field.column);
  const schema = valueSchema(field);
  if (Array.isArray(raw)) {
    if (raw.length > MAX_UNPAGED) {
      problems.add(key, `At most ${MAX_UNPAGED} values`);
      return undefined;
    }
    const values = raw.map((v) => problems.parse(schema, v, key));
    if (values.some((v) => v === undefined)) return undefined;
    // An empty list matches nothing (react-admin asks for no records), never everything.
    return values.length ? inArray(field.column, values) : sql`false`;
  }
  const value = problems.parse(schema, raw, key);
  return value === undefined ? undefined : eq(field.column, value);
}

function bound(field: ListField, raw: unknown, key: string, side: 'gte' | 'lte', problems: FilterErrors): SQL | undefined {
  if (field.type === 'bool' || field.type === 'enum') {
    problems.add(key, 'This field has no range');
    return undefined;
  }
  const value = problems.parse(valueSchema(field), raw, key);
  if (value === undefined) return undefined;
  if (field.type !== 'date') return side === 'gte' ? gte(field.column, value) : lte(field.column, value);
  const text = String(value);
  const at = new Date(text);
  // A date without a time means the whole day: `created_at_lte: "2025-05-01"` includes all of 1 May.
  if (side === 'lte' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return lt(field.column, new Date(at.getTime() + 24 * 60 * 60 * 1000));
  return side === 'gte' ? gte(field.column, at) : lte(field.column, at);
}

function search(spec: ListSpec, raw: unknown, problems: FilterErrors): SQL | undefined {
  if (!spec.searchText) {
    problems.add('q', 'This list has no search');
    return undefined;
  }
  const q = problems.parse(textValue, raw, 'q');
  if (q === undefined) return undefined;
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  // Every word somewhere in the searched text: "jane inkwell" finds Jane at Inkwell Design.
  return and(...words.map((word) => sql`${spec.searchText} like ${`%${escapeLike(word)}%`}`));
}

function filterConditions(spec: ListSpec, filter: Record<string, unknown>, problems: FilterErrors): SQL[] {
  const conditions: SQL[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    let condition: SQL | undefined;
    const ranged = /^(.+)_(gte|lte)$/.exec(key);
    if (key === 'q') condition = search(spec, raw, problems);
    else if (spec.fields[key]) condition = equality(spec.fields[key], raw, key, problems);
    else if (ranged && spec.fields[ranged[1]]) condition = bound(spec.fields[ranged[1]], raw, key, ranged[2] as 'gte' | 'lte', problems);
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

  const column = spec.fields[sortField]?.column ?? spec.id;
  const orderBy = [order === 'DESC' ? desc(column) : asc(column)];
  if (column !== spec.id) orderBy.push(asc(spec.id));
  const [first, last] = params.range ?? [0, MAX_UNPAGED - 1];
  return { where: and(spec.scope, ...conditions), orderBy, offset: first, limit: last - first + 1 };
}

/** `Content-Range: users 0-24/319`, the total react-admin paginates with; an empty page says `users *` + `/0`. */
export function contentRange(resource: string, query: ListQuery, count: number, total: number): string {
  return count > 0 ? `${resource} ${query.offset}-${query.offset + count - 1}/${total}` : `${resource} */${total}`;
}

/** What a module gives for one staff resource. `Rec` is the record as JSON answers it. */
export interface RestResource<Rec extends { id: number }, Create extends z.ZodObject = z.ZodObject, Update extends z.ZodObject = z.ZodObject> {
  /** The path under /api/admin and the unit of Content-Range. */
  name: string;
  list: ListSpec;
  findMany(query: ListQuery): Promise<{ rows: Rec[]; total: number }>;
  findOne(id: number): Promise<Rec | null>;
  create?: { schema: Create; run(input: z.output<Create>, request: FastifyRequest): Promise<Rec> };
  /** PUT: the schema names the writable keys; the body's other keys (id, created_at, unknown ones) are dropped. */
  update?: { schema: Update; run(id: number, input: Partial<z.output<Update>>, request: FastifyRequest): Promise<Rec> };
  remove?(id: number, request: FastifyRequest): Promise<Rec>;
}

const idParams = z.object({ id: z.coerce.number({ message: 'Not a record id' }).int('Not a record id').positive('Not a record id').max(2 ** 31 - 1, 'Not a record id') });

function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new HttpError(422, 'The given data was invalid.', fieldErrors(result.error));
  return result.data;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Keeps the body's writable keys only, validates them, and answers just the keys that were sent
 * (a schema's defaults must not overwrite what a PUT left out).
 */
export function writableInput<S extends z.ZodObject>(schema: S, body: unknown, partial: boolean): z.output<S> {
  if (!isPlainObject(body)) throw new HttpError(422, 'The request body must be a JSON object.', { _: 'The request body must be a JSON object.' });
  const writable = Object.keys(schema.shape);
  const sent = Object.fromEntries(Object.entries(body).filter(([key]) => writable.includes(key)));
  if (!partial) return parseOrThrow(schema, sent);
  const parsed = parseOrThrow(schema.partial(), sent) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(sent).map((key) => [key, parsed[key]])) as z.output<S>;
}

/** Registers the five routes of a resource. The caller's plugin scope guards them (staff only). */
export function restResource<Rec extends { id: number }, C extends z.ZodObject, U extends z.ZodObject>(app: FastifyInstance, resource: RestResource<Rec, C, U>): void {
  const base = `/api/admin/${resource.name}`;
  async function find(id: number): Promise<Rec> {
    const record = await resource.findOne(id);
    if (!record) throw notFound('No such record.');
    return record;
  }

  app.get(base, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = listQuery(resource.list, parseOrThrow(listQuerystring, request.query));
    const { rows, total } = await resource.findMany(query);
    reply.header('content-range', contentRange(resource.name, query, rows.length, total));
    return rows;
  });

  app.get(`${base}/:id`, async (request) => find(parseOrThrow(idParams, request.params).id));

  const { create, update, remove } = resource;
  if (create) {
    app.post(base, async (request, reply) => {
      const record = await create.run(writableInput(create.schema, request.body, false), request);
      return reply.status(201).send(record);
    });
  }
  if (update) {
    app.put(`${base}/:id`, async (request) => {
      const { id } = parseOrThrow(idParams, request.params);
      await find(id);
      return update.run(id, writableInput(update.schema, request.body, true), request);
    });
  }
  if (remove) {
    app.delete(`${base}/:id`, async (request) => {
      const { id } = parseOrThrow(idParams, request.params);
      await find(id);
      return remove(id, request);
    });
  }
}
