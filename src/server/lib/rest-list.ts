import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam, recordVersionSchema } from '../../shared/api/common';
import type { Db } from '../db/client';
import { notFound } from './domain-errors';
import { NOT_AN_OBJECT } from './errors';
import { listPage, listQuery, MAX_PAGE_SIZE, type ListQuery, type ListSpec } from './list-query';
import { documentAs, type ZodTypeProvider } from './zod';

/**
 * The staff list protocol (DESIGN §3), exactly as ra-data-simple-rest speaks it, in one place:
 *   GET    /api/admin/<res>?sort=["field","ASC"]&range=[0,24]&filter={...}  → array + Content-Range
 *   GET    /api/admin/<res>/<id>    POST /api/admin/<res>    PUT /api/admin/<res>/<id>
 *   DELETE /api/admin/<res>/<id>    → the deleted record
 * Records carry the `version` they were read at: a PUT must send it back, a DELETE may
 * (`?version=`), and one at an older version than the row's answers 409 (lib/record-versions.ts).
 * A module's service describes its list (lib/list-query.ts: table, fields, sorts, search,
 * presenter) and its record functions; this file reads the request, runs the list's page and count
 * queries and answers. It is HTTP glue: services import lib/list-query.ts, never this file.
 */

// What services describe lists with, still importable from here by the route plugins that did so.
export {
  containing,
  fieldsOf,
  listPage,
  listQuery,
  MAX_PAGE_SIZE,
  MAX_UNPAGED,
  type FieldType,
  type ListField,
  type ListParams,
  type ListQuery,
  type ListSpec,
  type SortOrder,
} from './list-query';

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
