import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { apiErrorSchema, validationErrorSchema } from '../../shared/api/errors';
import { openApiDocumentSchema } from '../../shared/api/openapi';
import { mayAnswerTooManyRequests } from './rate-limit';
import { XSRF_COOKIE, XSRF_HEADER } from './xsrf';
import { fileMediaTypes, isApiRoute, jsonBytes, shownSchema } from './zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body the handler reads itself (a multipart upload, a CSV), by media type: Fastify does not
     * validate it (the handler answers 422 per field); the API's document describes it.
     */
    documentedBody?: Readonly<Record<string, z.ZodType>>;
  }
}

/** `security` of a route anyone may call: no credential at all (unsafe methods still need the XSRF pair). */
export const anyone: FastifySchema['security'] = [];
/** `security` of a route anyone may call that does more for a signed-in caller (linking an OAuth login, ending the session). */
export const anyoneOrSignedIn: FastifySchema['security'] = [{}, { bearerAuth: [] }];

/** The version of the package (its package.json where the app runs), else 0.0.0. */
export function appVersion(): string {
  try {
    const { version } = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A part of a multipart body that is a file. */
export const uploadedFile = (description: string) => z.custom<unknown>(() => true).meta({ type: 'string', format: 'binary', description });

const securitySchemes: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The token POST /api/login or /api/register answers (or an OAuth sign-in hands over), as `Authorization: Bearer <token>`. The cookie the web app keeps it in is never accepted as a credential.',
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: XSRF_HEADER.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase()),
    description: `Every POST, PUT, PATCH and DELETE echoes the ${XSRF_COOKIE} cookie in this header (double submit), signed in or not; without it, or with another value, the answer is 419.`,
  },
  xsrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: XSRF_COOKIE,
    description: 'Set (readable, SameSite) by any API answer to a client without a valid one: call any GET first, e.g. GET /api/health.',
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature of the exact body with the webhook's signing secret (STRIPE_WEBHOOK_SECRET): missing or wrong, the answer is 400.",
  },
};

/** `security` of a route another server calls with its own signature over the body instead of a session and the XSRF pair (a payment provider's webhook). */
export const stripeSigned: FastifySchema['security'] = [{ stripeSignature: [] }];

/** The error answers every route shares, declared once and referenced by status. */
const errorResponses: Record<string, { description: string; schema: 'ApiError' | 'ValidationError'; retryAfter?: true }> = {
  400: {
    description: 'The body is not valid JSON, or is empty where JSON was announced; or a header the operation reads is missing or malformed',
    schema: 'ApiError',
  },
  401: { description: 'Not signed in: no Bearer token, or one that no longer opens a session', schema: 'ApiError' },
  403: { description: 'Signed in, but not allowed to do this (staff routes need a staff account)', schema: 'ApiError' },
  404: { description: 'No such object, or one of another customer', schema: 'ApiError' },
  409: { description: 'The object is not in a state that allows this (or was changed meanwhile)', schema: 'ApiError' },
  413: { description: 'The body is too large', schema: 'ApiError' },
  419: { description: 'The XSRF header is missing or does not match the XSRF-TOKEN cookie: reload and try again', schema: 'ApiError' },
  422: { description: 'A part of the request is invalid: a message per field', schema: 'ValidationError' },
  429: { description: 'Too many attempts: wait for Retry-After seconds', schema: 'ApiError', retryAfter: true },
  503: { description: 'The database is unavailable or too slow: try again after Retry-After seconds', schema: 'ApiError', retryAfter: true },
};
const responseName = (status: string) => `Error${status}`;

const arrayOf = <T>(value: T | readonly T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T]);

/** The module an API path belongs to, from its first segment: `/api/admin/orders/:id` → `staff: orders`. */
function tagOf(url: string): string {
  const [first, second] = url.replace(/^\/api\//, '').split('/');
  return first === 'admin' ? `staff: ${second}` : first;
}

const operationId = (method: string, url: string) =>
  method.toLowerCase() +
  url
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part[1].toUpperCase()}${part.slice(2)}` : part[0].toUpperCase() + part.slice(1)))
    .join('');

/** The error statuses a route can answer, from what it declares and what runs before its handler. */
function errorStatuses(route: RouteOptions, method: string, security: NonNullable<FastifySchema['security']>): string[] {
  const schema = route.schema ?? {};
  const hasParams = route.url.includes(':');
  const takesBody = !!schema.body || !!schema.documentedBody;
  const statuses = new Set<number>([503]);
  if (hasParams || schema.querystring || takesBody) statuses.add(422);
  // A declared header is not a field: missing or malformed, it is a bad request (lib/errors.ts).
  if (schema.headers) statuses.add(400);
  const anyone = security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
  if (!anyone) statuses.add(401);
  if (route.url.startsWith('/api/admin/')) statuses.add(403);
  if (hasParams) statuses.add(404);
  // A request signed by another server instead: a missing or wrong signature is a bad request.
  if (route.config?.signedElsewhere) statuses.add(400);
  else if (UNSAFE.has(method)) statuses.add(419);
  // A change to an object that exists may find it in a state that refuses it.
  if (UNSAFE.has(method) && hasParams) statuses.add(409);
  if (takesBody) statuses.add(400).add(413);
  if (arrayOf(route.preHandler).some(mayAnswerTooManyRequests)) statuses.add(429);
  for (const [status, answer] of Object.entries((schema.response as object | undefined) ?? {})) {
    if (Number(status) < 400) continue;
    if (answer === apiErrorSchema) statuses.add(Number(status));
    else statuses.delete(Number(status));
  }
  return [...statuses].map(String);
}

/**
 * Each API route as an operation: its zod schemas through fastify-type-provider-zod's transform,
 * then what that cannot know — file answers and made-ahead JSON, bodies the handler reads itself,
 * the module's tag, the credentials, and the error answers (as references, resolved by `finish`).
 */
function routeTransform(): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  const zodToJson = (parts: FastifySchema, document: Parameters<SwaggerTransform>[0]) =>
    zodTransform({ ...document, schema: parts } as Parameters<typeof zodTransform>[0]).schema as Record<string, unknown>;
  return (document) => {
    const { url, route } = document as typeof document & { route: RouteOptions };
    const schema = (route.schema ?? {}) as FastifySchema & { response?: Record<string, unknown> };
    if (!isApiRoute(route) || schema.hide) return { schema: { hide: true }, url };
    const method = arrayOf(route.method)[0];

    const files: Record<string, readonly string[]> = {};
    const response: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(schema.response ?? {})) {
      const types = fileMediaTypes(answer);
      if (types) files[status] = types;
      // An error answer of the shared shape is referenced; one of the route's own shape is its own.
      else if (Number(status) < 400 || answer !== apiErrorSchema) response[status] = shownSchema(answer) ?? answer;
    }
    const { documentedBody, response: _declared, security: declaredSecurity, ...parts } = schema;
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) parts[part] = shownSchema(parts[part]) ?? parts[part];
    const transformed = zodToJson({ ...parts, response }, document);
    const responses = (transformed.response ?? {}) as Record<string, Record<string, unknown>>;
    for (const answer of Object.values(responses)) {
      // @fastify/swagger takes this as the answer's description, and leaves the schema's own alone.
      answer['x-response-description'] = answer.description ?? (answer.type === 'null' ? 'No content' : 'Success');
    }
    for (const [status, types] of Object.entries(files)) {
      responses[status] = { description: 'A file', content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) };
    }
    if (documentedBody) {
      const content = Object.fromEntries(
        Object.entries(documentedBody).map(([type, body]) => [type, { schema: (zodToJson({ body }, document).body as object) ?? {} }]),
      );
      transformed.body = { content };
    }

    const required = declaredSecurity ?? [{ bearerAuth: [] }];
    const security =
      UNSAFE.has(method) && !route.config?.signedElsewhere
        ? (required.length ? required : [{}]).map((requirement) => ({ ...requirement, xsrfHeader: [], xsrfCookie: [] }))
        : required;
    return {
      url,
      schema: {
        ...transformed,
        response: responses,
        tags: schema.tags ?? [tagOf(url)],
        operationId: schema.operationId ?? operationId(method, url),
        security,
        'x-error-answers': errorStatuses(route, method, required),
      },
    };
  };
}

/** The shared error answers as components, each operation's referenced; the tags listed, staff ones said so. */
function finish(): (input: { openapiObject: Partial<OpenAPIV3_1.Document> }) => OpenAPIV3_1.Document {
  const zodComponents = createJsonSchemaTransformObject({});
  const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return (input) => {
    const document = zodComponents(input as Parameters<typeof zodComponents>[0]) as OpenAPIV3_1.Document;
    const schemas = { ...document.components?.schemas };
    for (const [name, schema] of [
      ['ApiError', apiErrorSchema],
      ['ValidationError', validationErrorSchema],
    ] as const) {
      const { $schema: _, ...json } = toJson(schema);
      schemas[name] = json;
    }
    const responses: Record<string, OpenAPIV3_1.ResponseObject> = {};
    for (const [status, { description, schema, retryAfter }] of Object.entries(errorResponses)) {
      responses[responseName(status)] = {
        description,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
        ...(retryAfter ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } } } : {}),
      };
    }
    const tags = new Set<string>();
    for (const path of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(path ?? {}) as Array<OpenAPIV3_1.OperationObject & { 'x-error-answers'?: string[] }>) {
        if (typeof operation !== 'object' || !operation.responses) continue;
        for (const status of operation['x-error-answers'] ?? []) {
          if (!errorResponses[status]) throw new Error(`No shared error answer for status ${status}: add it to lib/openapi.ts`);
          operation.responses[status] = { $ref: `#/components/responses/${responseName(status)}` };
        }
        delete operation['x-error-answers'];
        for (const tag of operation.tags ?? []) tags.add(tag);
      }
    }
    return {
      ...document,
      tags: [...tags].sort().map((name) => ({ name, ...(name.startsWith('staff: ') ? { description: 'Staff only (an account with the admin role)' } : {}) })),
      components: { ...document.components, schemas, responses, securitySchemes },
    };
  };
}

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document of every API route, made from the routes' own
 * schemas when first asked for (every route is registered by then). Public: it describes the API
 * the web app already shows anyone who loads it, and holds no data and no secret. Registered
 * before the routes, so that it sees each of them. The same for everyone, so any cache may keep it
 * for five minutes.
 */
export async function registerOpenApi(app: FastifyInstance, info: { title: string; version: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        ...info,
        description:
          'The API of the web app. Errors are `{message, errors?}`; a 422 names each bad field in `errors`. Sign in with POST /api/login and send the token as a Bearer; send the XSRF-TOKEN cookie back in X-XSRF-TOKEN on every unsafe method.',
      },
      components: { securitySchemes },
    },
    transform: routeTransform(),
    transformObject: finish() as never,
  });
  let made: Buffer | undefined;
  app.get(
    '/api/openapi.json',
    { schema: { security: anyone, tags: ['api'], summary: 'This document', response: { 200: jsonBytes(openApiDocumentSchema) } } },
    async (_request, reply) => {
      made ??= Buffer.from(JSON.stringify(app.swagger()));
      return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(made);
    },
  );
}
