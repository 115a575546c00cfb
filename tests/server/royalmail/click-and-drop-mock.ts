/**
 * A local Click & Drop built from Royal Mail's own contract (click-and-drop-api-v1.yaml, Swagger
 * 2.0, converted to OpenAPI 3 for openapi-backend): every request is checked against the YAML, so
 * a client test passes only when what we send is what Royal Mail documents. Answers are made up
 * but shaped as the YAML says, and are checked against its response schemas too.
 *
 * Failure sentinel: an order whose recipient postcode is MOCK_FAILING_POSTCODE ("FAIL 1AA", any
 * case or spacing) is refused in `failedOrders` with "Postcode not recognised"; the others are
 * created.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { royalMailTrackingNumber } from '../../../src/shared/domain/orders/tracking';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { OpenAPIBackend, type AjvCustomizer, type Context, type Document } from 'openapi-backend';

/** Royal Mail's published contract, kept in the repository beside the docs (a clean clone has no other copy). */
export const CLICK_AND_DROP_YAML = fileURLToPath(new URL('../../../docs/royalmail/click-and-drop-api-v1.yaml', import.meta.url));
export const MOCK_FAILING_POSTCODE = 'FAIL 1AA';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when it is not JSON. */
  body: unknown;
}

export interface ClickAndDropMock {
  /** Like https://api.parcel.royalmail.com/api/v1: http://127.0.0.1:<port>/api/v1 */
  url: string;
  requests: RecordedRequest[];
  /** Every way a request (or the mock's own answer) broke the contract; a test expects it empty. */
  invalid: string[];
  /** The next call (or the one after `after` more calls) answers `status` with an ErrorResponse. */
  failNext(status: 500 | 400, options?: { after?: number }): void;
  close(): Promise<void>;
}

// swagger2openapi ships no types; this is the one function used.
const require = createRequire(import.meta.url);
const { convertObj } = require('swagger2openapi') as {
  convertObj(swagger: object, options: { patch?: boolean; warnOnly?: boolean }): Promise<{ openapi: Document }>;
};

/** The YAML as OpenAPI 3, read and converted once per test file. */
let definition: Promise<Document> | undefined;
const loadDefinition = () =>
  (definition ??= SwaggerParser.parse(CLICK_AND_DROP_YAML).then(async (swagger) => (await convertObj(swagger, { patch: true, warnOnly: true })).openapi));

/**
 * Ajv as the YAML needs it: `multipleOf: 0.01` on money would refuse 12.3 (12.3 / 0.01 is
 * 1230.0000000000002), so multiples are compared to 8 decimals — 12.345 still fails. The
 * formats openapi-backend does not know (Ajv would otherwise ignore them) are checked for real.
 */
const customizeAjv: AjvCustomizer = (ajv) => {
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (v: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) && !Number.isNaN(Date.parse(v)),
  });
  // .NET's decimal: any JSON number; the YAML bounds it with minimum/maximum/multipleOf.
  ajv.addFormat('decimal', { type: 'number', validate: (v: number) => Number.isFinite(v) });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  return ajv;
};

type Answer = { status: number; body?: unknown };
const errorResponse = (code: string, message: string, details?: string) => ({ code, message, ...(details ? { details } : {}) });
const isFailingPostcode = (postcode: unknown) =>
  typeof postcode === 'string' && postcode.replace(/\s+/g, '').toUpperCase() === MOCK_FAILING_POSTCODE.replace(/\s+/g, '');

interface OrderItem {
  orderReference?: string;
  orderDate?: string;
  recipient?: { address?: { postcode?: string } };
}

export async function startClickAndDropMock({ apiKey }: { apiKey: string }): Promise<ClickAndDropMock> {
  const requests: RecordedRequest[] = [];
  const invalid: string[] = [];
  let failure: { status: 500 | 400; after: number } | undefined;
  let nextOrder = 0;

  const api = new OpenAPIBackend({
    definition: structuredClone(await loadDefinition()),
    apiRoot: '/api/v1',
    // allErrors: a broken request lists every way it breaks the contract, not just the first.
    ajvOpts: { multipleOfPrecision: 8, allErrors: true },
    customizeAjv,
  });
  api.registerSecurityHandler('Bearer', (c: Context) => c.request.headers.authorization === `Bearer ${apiKey}`);
  api.register({
    CreateOrdersAsync: (c: Context): Answer => {
      const items = (c.request.requestBody as { items: OrderItem[] }).items;
      const createdOrders: object[] = [];
      const failedOrders: object[] = [];
      for (const order of items) {
        const postcode = order.recipient?.address?.postcode;
        if (isFailingPostcode(postcode)) {
          failedOrders.push({
            order,
            errors: [{ errorCode: 1001, errorMessage: 'Postcode not recognised', fields: [{ fieldName: 'postcode', value: postcode }] }],
          });
          continue;
        }
        const n = ++nextOrder;
        createdOrders.push({
          orderIdentifier: 1000 + n,
          ...(order.orderReference !== undefined ? { orderReference: order.orderReference } : {}),
          createdOn: new Date().toISOString(),
          ...(order.orderDate ? { orderDate: order.orderDate } : {}),
          trackingNumber: royalMailTrackingNumber('RM', n),
        });
      }
      return { status: 200, body: { successCount: createdOrders.length, errorsCount: failedOrders.length, createdOrders, failedOrders } };
    },
    validationFail: (c: Context): Answer => {
      const errors = (c.validation.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? e.keyword}`);
      invalid.push(...errors.map((e) => `${c.request.method.toUpperCase()} ${c.request.path}: ${e}`));
      return { status: 400, body: errorResponse('ValidationFailed', 'Request has missing or invalid parameters', errors.join('; ')) };
    },
    unauthorizedHandler: (): Answer => ({ status: 401 }),
    notFound: (): Answer => ({ status: 404 }),
    methodNotAllowed: (): Answer => ({ status: 405 }),
    notImplemented: (): Answer => ({ status: 501, body: errorResponse('NotImplemented', 'The mock answers POST /orders only') }),
    postResponseHandler: (c: Context): Answer => {
      const answer = c.response as Answer;
      if (c.operation && answer.body !== undefined) {
        const check = c.api.validateResponse(answer.body, c.operation, answer.status);
        for (const e of check.errors ?? []) {
          invalid.push(`response ${answer.status} of ${c.operation.operationId}: ${e.instancePath || '(body)'} ${e.message ?? e.keyword}`);
        }
      }
      return answer;
    },
  });
  await api.init();

  async function answer(req: http.IncomingMessage, text: string): Promise<Answer> {
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    let body: unknown = text;
    let json = true;
    try {
      if (text !== '') body = JSON.parse(text);
    } catch {
      json = false;
    }
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (!json) {
      invalid.push(`${req.method} ${path}: the body is not JSON`);
      return { status: 400, body: errorResponse('InvalidJson', 'The request body is not JSON') };
    }
    if (failure && failure.after-- <= 0) {
      const { status } = failure;
      failure = undefined;
      return status === 500
        ? { status, body: errorResponse('InternalServerError', 'Something went wrong at Click & Drop (mock)') }
        : { status, body: errorResponse('BadRequest', 'Request has missing or invalid parameters (mock)') };
    }
    return (await api.handleRequest({ method: req.method ?? 'GET', path, headers: req.headers as Record<string, string>, body })) as Answer;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(req, Buffer.concat(chunks).toString('utf8'))
        .catch((err: unknown): Answer => {
          invalid.push(`mock error: ${err instanceof Error ? err.message : String(err)}`);
          return { status: 500, body: errorResponse('MockError', 'The mock failed') };
        })
        .then(({ status, body }) => {
          res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
          res.end(body === undefined ? undefined : JSON.stringify(body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    requests,
    invalid,
    failNext(status, options) {
      failure = { status, after: options?.after ?? 0 };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
