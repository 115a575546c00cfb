import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type { ZodTypeProvider };

/** The app as a plugin sees it after `withTypeProvider<ZodTypeProvider>()`. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The media types of each file answer's schema, for the API's document (lib/openapi.ts). */
const fileAnswers = new WeakMap<z.ZodType, readonly string[]>();
/** What the API's document shows for a schema zod cannot describe (a custom check, bytes made ahead). */
const shownSchemas = new WeakMap<z.ZodType, z.ZodType>();

/** `schema`, described in the API's document as `shown` (which it checks, where zod cannot say so itself). */
export function documentAs<S extends z.ZodType>(schema: S, shown: z.ZodType): S {
  shownSchemas.set(schema, shown);
  return schema;
}

/**
 * The response schema of an answer that is a file or bytes already made (a stream, a Buffer) of
 * one of `mediaTypes`: Fastify sends those as they are, and the route still declares what it answers.
 */
export function fileAnswer(...mediaTypes: [string, ...string[]]) {
  const schema = z.custom<Buffer | NodeJS.ReadableStream>(() => true, { message: 'A file' });
  fileAnswers.set(schema, mediaTypes);
  return schema;
}

/** A file answer of any type (what was uploaded is sent back as it came). */
export const fileBody = fileAnswer('application/octet-stream');

/**
 * The response schema of JSON answered as bytes made ahead (the cached price list): sent as they
 * are; `shape` is the schema those bytes were built to (checked where they are built).
 */
export function jsonBytes(shape: z.ZodType) {
  return documentAs(
    z.custom<Buffer | NodeJS.ReadableStream>(() => true, { message: 'JSON made ahead' }),
    shape,
  );
}

export const fileMediaTypes = (schema: unknown): readonly string[] | undefined => fileAnswers.get(schema as z.ZodType);
export const shownSchema = (schema: unknown): z.ZodType | undefined => shownSchemas.get(schema as z.ZodType);

/** A route as it was registered: its method, URL, schemas and config, read from the app itself. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  config: unknown;
}

const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Every route of an app built with `registerZodValidation`, in the order they were registered
 * (HEAD routes Fastify adds for each GET left out). Tests walk it so that a route added later is
 * checked without anyone listing it.
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const table = routeTables.get(app);
  if (!table) throw new Error('This app was not built with registerZodValidation');
  return table;
}

/** Answers that are JSON under /api; the SPA's own files are served by the static plugin. */
export const isApiRoute = (route: Pick<RouteOptions, 'url'>) => route.url.startsWith('/api/');

/**
 * Fastify validates every body, query and param with the shared zod schemas, and serialises every
 * answer through the route's response schema (fastify-type-provider-zod): zod's objects drop keys
 * they do not name, so a column added to a table can never reach a client by accident. A request
 * that fails its schema is answered 422 with a message per field by the one error handler
 * (lib/errors.ts). An API route without a response schema is refused when the app is built.
 */
export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const table: RegisteredRoute[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    if (isApiRoute(route) && route.method !== 'HEAD' && !route.schema?.response) {
      throw new Error(`${String(route.method)} ${route.url} declares no response schema (src/shared/api)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, schema: route.schema, config: route.config });
    }
  });
}
