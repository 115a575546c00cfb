import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMediaTypes, registeredRoutes, type RegisteredRoute } from '../../src/server/lib/zod';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';

/**
 * `GET /api/openapi.json` against the app itself: every route registered (as lib/zod.ts saw it,
 * never a list here) is in the document with its method, its answers and its error answers, and
 * what the document says of credentials is what the app does to a visitor.
 */

type Operation = OpenAPIV3_1.OperationObject;
type Response = OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject;

let t: TestApp;
let document: OpenAPIV3_1.Document;
let routes: RegisteredRoute[];
/** The trade API's own document (`/api/v1/openapi.json`) and its routes, whose paths it writes relative to its server `/api/v1`. */
let tradeDocument: OpenAPIV3_1.Document;
let tradeRoutes: RegisteredRoute[];

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const pathOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operationIn = (doc: OpenAPIV3_1.Document, path: string, method: string): Operation | undefined =>
  (doc.paths?.[pathOf(path)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
const operationOf = (route: RegisteredRoute): Operation | undefined => operationIn(document, route.url, route.method);
const tradeOperationOf = (route: RegisteredRoute): Operation | undefined => operationIn(tradeDocument, route.url.slice('/api/v1'.length), route.method);
const isRef = (response: Response): response is OpenAPIV3_1.ReferenceObject => '$ref' in response;
const takesInput = (operation: Operation) => (operation.parameters?.length ?? 0) > 0 || !!operation.requestBody;
/** No requirement (or an empty one among them) is "anyone"; else every way in needs the Bearer token. */
const needsBearer = (operation: Operation) => {
  const security = operation.security ?? document.security ?? [];
  return security.length > 0 && security.every((requirement) => 'bearerAuth' in requirement);
};

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  document = res.json();
  const all = registeredRoutes(t.app).filter((route) => route.url.startsWith('/api/'));
  routes = all.filter((route) => !route.url.startsWith('/api/v1/'));
  tradeRoutes = all.filter((route) => route.url.startsWith('/api/v1/'));
  const trade = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(trade.statusCode, trade.body).toBe(200);
  tradeDocument = trade.json();
}, 120_000);
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, answered to anyone', async () => {
    expect(document.openapi).toBe('3.1.0');
    // validate() dereferences in place: it gets a copy. It checks the document against the
    // OpenAPI 3.1 schema and the rules a schema cannot say (unique operation ids, path parameters).
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('has every registered API route with its method, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter((route) => !operationOf(route)).map(key);
    expect(missing).toEqual([]);
    const registered = new Set(routes.map((route) => `${route.method.toLowerCase()} ${pathOf(route.url)}`));
    const extra = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((method) => !registered.has(`${method} ${path}`))
        .map((method) => `${method} ${path}`),
    );
    expect(extra).toEqual([]);
  });

  it('gives each operation a success answer with its schema, and a 422 with the field errors when it takes input', () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const operation = operationOf(route)!;
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) => Number(status) < 400) as Array<[string, Response]>;
      if (!successes.length) wrong.push(`${key(route)}: no success answer`);
      for (const [status, response] of successes) {
        if (isRef(response)) continue;
        const noContent = status === '204' || status.startsWith('3');
        if (!noContent && !Object.values(response.content ?? {}).some((media) => media.schema)) wrong.push(`${key(route)}: ${status} has no schema`);
      }
      if (takesInput(operation) && (operation.responses?.['422'] as OpenAPIV3_1.ReferenceObject | undefined)?.$ref !== '#/components/responses/Error422') {
        wrong.push(`${key(route)}: takes input but declares no 422`);
      }
    }
    expect(wrong).toEqual([]);
    const unprocessable = document.components?.responses?.Error422 as OpenAPIV3_1.ResponseObject;
    expect(unprocessable.content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/ValidationError' });
    expect(document.components?.schemas?.ValidationError).toMatchObject({ type: 'object', required: ['message', 'errors'] });
  });

  it('answers each error status with the shared error answers by reference, unless the route declares its own', () => {
    const inline: string[] = [];
    for (const route of routes) {
      const own = Object.keys((route.schema?.response as object | undefined) ?? {});
      for (const [status, response] of Object.entries(operationOf(route)!.responses ?? {})) {
        const shared = isRef(response as Response) && (response as OpenAPIV3_1.ReferenceObject).$ref === `#/components/responses/Error${status}`;
        if (Number(status) >= 400 && !shared && !own.includes(status)) {
          inline.push(`${key(route)} ${status}`);
        }
      }
    }
    expect(inline).toEqual([]);
    for (const route of routes) {
      const responses = operationOf(route)!.responses ?? {};
      expect(responses['503'], key(route)).toBeDefined();
      const signedElsewhere = (operationOf(route)!.security ?? []).some((requirement) => 'stripeSignature' in requirement);
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) expect(responses[signedElsewhere ? '400' : '419'], key(route)).toBeDefined();
      if (route.url.startsWith('/api/admin/')) expect(responses['403'], key(route)).toBeDefined();
    }
  });

  it('describes file answers as binary of their media types, and bodies a handler reads itself by their media types', () => {
    let files = 0;
    let uploads = 0;
    for (const route of routes) {
      const operation = operationOf(route)!;
      for (const [status, schema] of Object.entries((route.schema?.response as Record<string, unknown> | undefined) ?? {})) {
        const types = fileMediaTypes(schema);
        if (!types) continue;
        files++;
        const content = (operation.responses?.[status] as OpenAPIV3_1.ResponseObject).content ?? {};
        expect(Object.keys(content), key(route)).toEqual([...types]);
        for (const media of Object.values(content)) expect(media.schema, key(route)).toEqual({ type: 'string', format: 'binary' });
      }
      const documented = route.schema?.documentedBody;
      if (documented) {
        uploads++;
        const content = (operation.requestBody as OpenAPIV3_1.RequestBodyObject).content;
        expect(Object.keys(content).sort(), key(route)).toEqual(Object.keys(documented).sort());
        const multipart = content['multipart/form-data']?.schema as OpenAPIV3_1.SchemaObject | undefined;
        if (multipart) {
          const binary = Object.values(multipart.properties ?? {}).filter((p) => {
            const part = p as { format?: string; items?: { format?: string } };
            return part.format === 'binary' || part.items?.format === 'binary';
          });
          expect(binary.length, `${key(route)}: a multipart body with no file part`).toBeGreaterThan(0);
        }
      }
    }
    expect(files).toBeGreaterThan(5);
    expect(uploads).toBeGreaterThan(5);
  });

  it('documents the headers an operation reads as its header parameters, and a bad one as a 400', () => {
    const confirm = document.paths?.['/api/orders/{id}/confirm']?.post as Operation;
    const header = (confirm.parameters ?? []).find((parameter) => 'in' in parameter && parameter.in === 'header') as OpenAPIV3_1.ParameterObject;
    expect(header).toMatchObject({ name: 'idempotency-key', required: true, schema: { type: 'string', pattern: '^[\\x20-\\x7e]{1,255}$' } });
    expect(header.description ?? (header.schema as OpenAPIV3_1.SchemaObject).description).toMatch(/same key answers the same order/);
    expect(confirm.responses?.['400']).toEqual({ $ref: '#/components/responses/Error400' });
  });

  it('tags every operation by its module, staff routes as staff', () => {
    for (const route of routes) {
      const tags = operationOf(route)!.tags ?? [];
      expect(tags.length, key(route)).toBeGreaterThan(0);
      expect(
        tags.some((tag) => tag.startsWith('staff: ')),
        key(route),
      ).toBe(route.url.startsWith('/api/admin/'));
    }
  });

  it('says which routes need a Bearer token as the app answers a visitor, and the XSRF pair on every unsafe method', async () => {
    const visitor = new ApiClient(t.app);
    await visitor.get('/api/health');
    const wrong: string[] = [];
    for (const route of routes) {
      const operation = operationOf(route)!;
      const unsafe = route.method !== 'GET';
      // A payment provider's webhook carries the provider's signature over the body instead (lib/xsrf.ts `signedElsewhere`).
      const signedElsewhere = (operation.security ?? []).some((requirement) => 'stripeSignature' in requirement);
      if (unsafe && !signedElsewhere && !(operation.security ?? []).every((requirement) => 'xsrfHeader' in requirement && 'xsrfCookie' in requirement)) {
        wrong.push(`${key(route)}: no XSRF pair`);
      }
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, '1');
      const res = await visitor.request(route.method as 'GET', url, unsafe && route.method !== 'DELETE' ? {} : undefined);
      if ((res.statusCode === 401) !== needsBearer(operation)) {
        wrong.push(
          `${key(route)}: the document says ${needsBearer(operation) ? 'a token is needed' : 'anyone may call it'}; a visitor is answered ${res.statusCode}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the trade API's document", () => {
  it('is a valid OpenAPI 3.1 document of the /api/v1 routes alone, relative to its server, answered to anyone', async () => {
    expect(tradeDocument.openapi).toBe('3.1.0');
    expect(tradeDocument.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
    await expect(SwaggerParser.validate(structuredClone(tradeDocument) as never)).resolves.toBeTruthy();
    expect(tradeRoutes.length).toBeGreaterThan(1);
    expect(tradeRoutes.filter((route) => !tradeOperationOf(route)).map(key)).toEqual([]);
    const registered = new Set(tradeRoutes.map((route) => `${route.method.toLowerCase()} ${pathOf(route.url.slice('/api/v1'.length))}`));
    const extra = Object.entries(tradeDocument.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((method) => !registered.has(`${method} ${path}`))
        .map((method) => `${method} ${path}`),
    );
    expect(extra).toEqual([]);
    // …and the web app's document leaves them out.
    expect(Object.keys(document.paths ?? {}).filter((path) => path.startsWith('/api/v1'))).toEqual([]);
  });

  it('answers every error as a problem (RFC 9457), asks for an API key and never the XSRF pair, as the app does', async () => {
    const problem = tradeDocument.components?.schemas?.Problem as OpenAPIV3_1.SchemaObject;
    expect(problem).toMatchObject({ type: 'object', required: expect.arrayContaining(['type', 'title', 'status', 'detail']) });
    const wrong: string[] = [];
    for (const route of tradeRoutes) {
      const operation = tradeOperationOf(route)!;
      const security = operation.security ?? [];
      const needsKey = security.length > 0 && security.every((requirement) => 'apiKey' in requirement);
      if (security.some((requirement) => 'xsrfHeader' in requirement || 'bearerAuth' in requirement)) wrong.push(`${key(route)}: a web credential`);
      if (operation.responses?.['419']) wrong.push(`${key(route)}: a 419`);
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url.replace(/:([A-Za-z0-9_]+)/g, '1') });
      if ((res.statusCode === 401) !== needsKey)
        wrong.push(`${key(route)}: the document says ${needsKey ? 'a key is needed' : 'anyone may call it'}; a visitor is answered ${res.statusCode}`);
      if (needsKey && (operation.responses?.['429'] as OpenAPIV3_1.ReferenceObject | undefined)?.$ref !== '#/components/responses/Error429')
        wrong.push(`${key(route)}: no 429 (each key has its limits)`);
      if (res.statusCode === 401) {
        expect(res.headers['content-type'], key(route)).toMatch(/^application\/problem\+json/);
        expect(res.json(), key(route)).toMatchObject({
          type: '/developers#problem-unauthorized',
          title: 'Unauthorized',
          status: 401,
          detail: expect.any(String),
        });
        expect(res.headers['www-authenticate'], key(route)).toMatch(/^Bearer/);
        expect(res.headers['set-cookie'], key(route)).toBeUndefined();
      }
    }
    expect(wrong).toEqual([]);
    const unprocessable = tradeDocument.components?.responses?.Error422 as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(unprocessable.content ?? {})).toEqual(['application/problem+json']);
    const limited = tradeDocument.components?.responses?.Error429 as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(limited.headers ?? {})).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
  });
});
