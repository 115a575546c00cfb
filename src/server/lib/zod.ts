import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteOptions } from 'fastify';
import { z } from 'zod';
import { RequestValidationError } from './errors';

/** Lets route handlers see the parsed type of the zod schema on each part of the route, and type what they answer. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The app as a plugin sees it after `withTypeProvider<ZodTypeProvider>()`. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * The response schema of an answer that is a file or bytes already made (a stream, a Buffer):
 * Fastify sends those as they are, and the route still declares what it answers.
 */
export const fileBody = z.custom<Buffer | NodeJS.ReadableStream>(() => true, { message: 'A file' });

/**
 * The response schema of JSON answered as bytes made ahead (the cached price list): sent as they
 * are; `shape` is the schema those bytes were built to (checked where they are built).
 */
export const jsonBytes = (shape: z.ZodType) => fileBody.meta({ description: 'JSON made ahead', shape });

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
const isApiRoute = (route: RouteOptions) => route.url.startsWith('/api/');

/**
 * Fastify validates every body, query and param with the shared zod schemas, and serialises every
 * answer through the route's response schema: zod's objects drop keys they do not name, so a
 * column added to a table can never reach a client by accident. An API route without a response
 * schema is refused when the app is built.
 */
export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as unknown as z.ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: new RequestValidationError(result.error, httpPart ?? 'body') };
    };
  });
  app.setSerializerCompiler(({ schema }) => {
    const zodSchema = schema as unknown as z.ZodType;
    return (data: unknown) => JSON.stringify(zodSchema.parse(data));
  });
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
