import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { apiErrorSchema, validationErrorSchema } from '../../shared/api/errors';
import { openApiDocumentSchema } from '../../shared/api/openapi';
import { problemSchema } from '../../shared/api/problem';
import { isTradeApiPath } from './problem';
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

const tradeSecuritySchemes: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pjt_live_… or pjt_test_…',
    description:
      'An API key made on your account’s API page, as `Authorization: Bearer pjt_live_…`. A `pjt_test_` key works the same on the sandbox: real catalogue and prices, orders that are never printed, invoiced or charged. No cookies, no other header.',
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
/** What the trade API's errors mean where the web app's words would not fit. */
const tradeErrorDescriptions: Record<string, string> = {
  401: 'No API key, or one that is not valid (revoked, or never made)',
  403: 'The key’s account may not use the API now (awaiting approval, or paying by card before each order): `detail` says why',
  404: 'No such object, or one of another account — or of the other mode (a test key sees only sandbox orders, a live key only real ones)',
  422: 'A part of the request is invalid: `errors` has a message per field',
  429: 'Too many requests with this key: wait for Retry-After seconds',
};
const responseName = (status: string) => `Error${status}`;

const arrayOf = <T>(value: T | readonly T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T]);

/** The module an API path belongs to, from its first segment: `/api/admin/orders/:id` → `staff: orders`. */
function tagOf(url: string): string {
  const [first, second] = url
    .replace(/^\/api\/(v1\/)?/, '')
    .replace(/^\//, '')
    .split('/');
  return first === 'admin' ? `staff: ${second}` : first;
}

const operationId = (method: string, url: string) =>
  method.toLowerCase() +
  url
    .replace(/^\/api\/(v1\/)?/, '')
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
  // A key of an account that may not use the API (awaiting approval, paying by card), and each key's limits.
  if (route.config?.tradeApi && !anyone) statuses.add(403).add(429);
  if (hasParams) statuses.add(404);
  // A request signed by another server instead: a missing or wrong signature is a bad request.
  if (route.config?.signedElsewhere) statuses.add(400);
  else if (UNSAFE.has(method) && !route.config?.tradeApi) statuses.add(419);
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
/** Which document: the web app's (`/api/openapi.json`) or the trade API's (`/api/v1/openapi.json`, paths relative to its server `/api/v1`). */
type DocumentKind = 'web' | 'trade';

function routeTransform(kind: DocumentKind): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  const zodToJson = (parts: FastifySchema, document: Parameters<SwaggerTransform>[0]) =>
    zodTransform({ ...document, schema: parts } as Parameters<typeof zodTransform>[0]).schema as Record<string, unknown>;
  return (document) => {
    const { url, route } = document as typeof document & { route: RouteOptions };
    const schema = (route.schema ?? {}) as FastifySchema & { response?: Record<string, unknown> };
    if (!isApiRoute(route) || schema.hide || isTradeApiPath(url) !== (kind === 'trade')) return { schema: { hide: true }, url };
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

    const required = declaredSecurity ?? (kind === 'trade' ? [{ apiKey: [] }] : [{ bearerAuth: [] }]);
    const security =
      UNSAFE.has(method) && !route.config?.signedElsewhere && kind === 'web'
        ? (required.length ? required : [{}]).map((requirement) => ({ ...requirement, xsrfHeader: [], xsrfCookie: [] }))
        : required;
    return {
      url: kind === 'trade' ? url.slice('/api/v1'.length) : url,
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

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const, minimum: 0 } });

/** What a 429 (and a 503) says of when to come back; the trade API's 429 also says the key's limit. */
function retryHeaders(keyLimits: boolean): Record<string, OpenAPIV3_1.HeaderObject> {
  return {
    'Retry-After': integerHeader('Seconds to wait'),
    ...(keyLimits
      ? {
          'RateLimit-Limit': integerHeader('Requests this key may make in the window'),
          'RateLimit-Remaining': integerHeader('Requests left in this window'),
          'RateLimit-Reset': integerHeader('Seconds until the window starts again'),
        }
      : {}),
  };
}

/** The shared error answers as components, each operation's referenced; the tags listed, staff ones said so. */
function finish(kind: DocumentKind): (input: { openapiObject: Partial<OpenAPIV3_1.Document> }) => OpenAPIV3_1.Document {
  // The trade API answers every error as a problem (RFC 9457); the web app as `{message, errors?}`.
  const errorSchemas =
    kind === 'trade'
      ? ([['Problem', problemSchema]] as const)
      : ([
          ['ApiError', apiErrorSchema],
          ['ValidationError', validationErrorSchema],
        ] as const);
  const errorMedia = kind === 'trade' ? 'application/problem+json' : 'application/json';
  const zodComponents = createJsonSchemaTransformObject({});
  const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return (input) => {
    const document = zodComponents(input as Parameters<typeof zodComponents>[0]) as OpenAPIV3_1.Document;
    const schemas = { ...document.components?.schemas };
    for (const [name, schema] of errorSchemas) {
      const { $schema: _, ...json } = toJson(schema);
      schemas[name] = json;
    }
    const responses: Record<string, OpenAPIV3_1.ResponseObject> = {};
    for (const [status, { description, schema, retryAfter }] of Object.entries(errorResponses)) {
      // The trade API asks for no XSRF pair, so never answers 419.
      if (kind === 'trade' && status === '419') continue;
      responses[responseName(status)] = {
        description: (kind === 'trade' && tradeErrorDescriptions[status]) || description,
        content: { [errorMedia]: { schema: { $ref: `#/components/schemas/${kind === 'trade' ? 'Problem' : schema}` } } },
        ...(retryAfter ? { headers: retryHeaders(kind === 'trade' && status === '429') } : {}),
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
      components: { ...document.components, schemas, responses, securitySchemes: kind === 'trade' ? tradeSecuritySchemes : securitySchemes },
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
    transform: routeTransform('web'),
    transformObject: finish('web') as never,
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The trade API's OpenAPI document (a second @fastify/swagger, of the /api/v1 routes only). */
    tradeApiDocument: FastifyInstance['swagger'];
  }
}

/**
 * `GET /api/v1/openapi.json`: the trade API's own OpenAPI 3.1 document, made from the same route
 * schemas as the web app's, of the /api/v1 routes alone, with paths relative to its server
 * (`/api/v1`), API-key security and problem answers. Public and the same for everyone.
 */
export async function registerTradeApiDocument(app: FastifyInstance, info: { title: string; version: string; description: string }): Promise<void> {
  await app.register(fastifySwagger, {
    decorator: 'tradeApiDocument',
    openapi: {
      openapi: '3.1.0',
      info,
      servers: [{ url: '/api/v1', description: 'This server' }],
      components: { securitySchemes: tradeSecuritySchemes },
    },
    transform: routeTransform('trade'),
    transformObject: finish('trade') as never,
  });
  let made: Buffer | undefined;
  app.get(
    '/api/v1/openapi.json',
    { schema: { security: anyone, tags: ['api'], summary: 'This document', response: { 200: jsonBytes(openApiDocumentSchema) } } },
    async (_request, reply) => {
      made ??= Buffer.from(JSON.stringify(app.tradeApiDocument()));
      return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(made);
    },
  );
}
