import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { requireAdmin } from './auth';
import { restResource, type ListSpec } from './rest-list';
import type { ZodApp } from './zod';

/**
 * A staff resource's records, named as the list protocol names them: a service that keeps them in
 * these words is given as it is; another is given an object of its functions under these names.
 * Each write is handed the staff member who makes it, for the services that record who did it.
 */
export interface StaffRecords<Rec, Row, Create extends z.ZodObject, Update extends z.ZodObject> {
  list: ListSpec<Rec, Row>;
  /** The record, or null (or a 404 of its own) for no such id. */
  get: (id: number) => Promise<Rec | null>;
  create?: (input: z.output<Create>, staff: UserRow) => Promise<Rec>;
  /** The change, made only while the record is still at `version` (409 otherwise). */
  update?: (id: number, input: Partial<z.output<Update>>, version: number, staff: UserRow) => Promise<Rec>;
  remove?: (id: number, version: number | undefined, staff: UserRow) => Promise<Rec>;
}

/** The writes a resource offers, each by the schema of its body (a delete has none): what is not named is not offered. */
export interface StaffWrites<Create extends z.ZodObject, Update extends z.ZodObject> {
  create?: Create;
  update?: Update;
  remove?: true;
}

const staffOf = (request: FastifyRequest) => requireAdmin(request).user;

/**
 * The one way a staff plugin (lib/auth.ts `staffRoutes`) registers a resource of the
 * ra-data-simple-rest protocol (lib/rest-list.ts): its list and one record, and the writes named in
 * `writes` and nothing else, e.g.
 * `staffResource(app, db, 'stock', stockRecordSchema, stock, { create: stockCreateSchema, update: stockUpdateSchema, remove: true })`.
 * A write named without a function of `records` to make it fails at start-up.
 */
export function staffResource<Rec extends { id: number }, Row, Create extends z.ZodObject, Update extends z.ZodObject>(
  app: ZodApp,
  db: Db,
  name: string,
  record: z.ZodType<Rec>,
  records: StaffRecords<Rec, Row, Create, Update>,
  writes: StaffWrites<Create, Update> = {},
): void {
  const { get, create, update, remove } = records;
  const missing = (['create', 'update', 'remove'] as const).filter((write) => writes[write] && !records[write]);
  if (missing.length) throw new Error(`The ${name} resource has no ${missing.join(', ')}`);
  restResource(app, db, {
    name,
    record,
    list: records.list,
    findOne: (id) => get(id),
    create: writes.create && create && { schema: writes.create, run: (input, request) => create(input, staffOf(request)) },
    update: writes.update && update && { schema: writes.update, run: (id, input, version, request) => update(id, input, version, staffOf(request)) },
    remove: writes.remove && remove && ((id, version, request) => remove(id, version, staffOf(request))),
  });
}
