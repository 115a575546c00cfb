import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldErrors, type ApiErrorBody } from '../../shared/api/errors';
import { mapDatabaseUnavailable } from '../db/availability';
import {
  Busy,
  Conflict,
  DomainError,
  Gone,
  Invalid,
  Malformed,
  NotAllowed,
  NotFound,
  NotSignedIn,
  PageExpired,
  TooMany,
  Unavailable,
  UpstreamFailed,
} from './domain-errors';
import { SummarisedLog } from './logging';
import { isTradeApiPath, PROBLEM_MEDIA_TYPE, problemOf } from './problem';

/**
 * An error that names its own status: what the HTTP layer itself refuses (a request that fails its
 * schema). Services throw the domain errors of lib/domain-errors.ts instead, which the error handler
 * below maps to their statuses.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A domain error's status; the one place that knows it. */
function statusOf(error: DomainError): number {
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof Gone) return 410;
  if (error instanceof Invalid) return 422;
  if (error instanceof Malformed) return 400;
  if (error instanceof NotSignedIn) return 401;
  if (error instanceof NotAllowed) return 403;
  if (error instanceof PageExpired) return 419;
  if (error instanceof TooMany) return 429;
  if (error instanceof UpstreamFailed) return 502;
  if (error instanceof Busy || error instanceof Unavailable) return 503;
  return 500;
}

// The factories and the write helper services have always imported from here, where they still resolve.
export { conflict, forbidden, notFound, uniqueAsFieldError, unauthorized, unprocessable } from './domain-errors';

export const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/** The zod issue a validation error of fastify-type-provider-zod was made from (its path as the pointer it became). */
function issueOf(validation: ZodFastifySchemaValidationError): z.core.$ZodIssue {
  const pointer = validation.instancePath;
  const path = pointer === '/' ? [] : pointer.slice(1).split('/');
  return { ...validation.params, code: validation.keyword, path, message: validation.message ?? '' } as z.core.$ZodIssue;
}

/**
 * A request that failed the zod schema of one of its parts (`part`: body, querystring, params,
 * headers), as the 422 with a message per field. A body that is not an object at all is said so;
 * a key a strict body does not take is named (never "not an object"). A header the route declares
 * (an Idempotency-Key) is no field of a form: missing or malformed, it is a bad request (400) that
 * says what is wrong, naming the header as a field (`idempotency_key`).
 */
export class RequestValidationError extends HttpError {
  constructor(issues: readonly z.core.$ZodIssue[], part: string) {
    const header = part === 'headers';
    const errors = fieldErrors({
      issues: header ? issues.map((issue) => ({ ...issue, path: issue.path.map((key) => String(key).replaceAll('-', '_')) })) : issues,
    });
    const notAnObject = issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type');
    if (part === 'body' && notAnObject) errors._ = NOT_AN_OBJECT;
    super(header ? 400 : 422, header ? (Object.values(errors)[0] ?? 'A header of the request is invalid.') : 'The given data was invalid.', errors);
  }

  /** The error fastify-type-provider-zod's validator compiler gave Fastify, as ours; null for any other error. */
  static from(error: unknown): RequestValidationError | null {
    if (!hasZodFastifySchemaValidationErrors(error)) return null;
    const part = (error as { validationContext?: string }).validationContext ?? 'body';
    return new RequestValidationError(error.validation.map(issueOf), part);
  }
}

const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'This content type is not supported.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request length is wrong.'],
};

/** Every error leaves as `{message, errors?}` (a problem of RFC 9457 on the trade API); a 500 never shows internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  // One summary per kind of refusal (its `summary` text), written at the end of each interval with refusals.
  const busy = new Map<string, SummarisedLog>();
  const busyLog = (summary: string) => {
    let found = busy.get(summary);
    if (!found) busy.set(summary, (found = new SummarisedLog(() => app.log, { level: 'warn', message: summary, countAs: 'refused' })));
    return found;
  };
  app.addHook('onClose', async () => {
    for (const summary of busy.values()) summary.flush();
  });

  app.setErrorHandler((thrown: FastifyError | HttpError | DomainError, request, reply) => {
    const error = RequestValidationError.from(thrown) ?? thrown;
    let status: number;
    let body: ApiErrorBody;
    // What a conflict names beside its message (the existing order a duplicate reference is of).
    let members: Readonly<Record<string, string | number>> | undefined;
    const domain = error instanceof DomainError ? error : null;
    const refusal = domain ?? (error instanceof HttpError ? error : null);
    // A database that is away or too slow: 503 with Retry-After, logged once per interval (db/availability.ts).
    const fault = error as FastifyError;
    const unavailable = refusal ? null : mapDatabaseUnavailable(fault, request, reply);
    if (refusal) {
      status = domain ? statusOf(domain) : (refusal as HttpError).statusCode;
      body = { message: refusal.message, ...(refusal.errors ? { errors: refusal.errors } : {}) };
      if (domain instanceof Conflict && domain.members) members = domain.members;
      // A refusal that says when to come back (too many attempts, a full queue) says it in Retry-After too.
      if (domain instanceof TooMany || domain instanceof Busy) reply.header('retry-after', String(Math.max(1, Math.ceil(domain.retryAfterSeconds))));
    } else if (fault.code && FASTIFY_CLIENT_ERRORS[fault.code]) {
      const [s, message] = FASTIFY_CLIENT_ERRORS[fault.code];
      status = s;
      body = { message };
    } else if (fault.statusCode === 429) {
      status = 429;
      body = { message: 'Too many attempts. Please wait a moment and try again.' };
    } else if (fault.statusCode && fault.statusCode >= 400 && fault.statusCode < 500) {
      status = fault.statusCode;
      body = { message: fault.message };
    } else if (unavailable) {
      status = 503;
      body = { message: unavailable };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { message: 'Something went wrong on our side. Please try again.' };
    }
    if (domain instanceof Busy) busyLog(domain.summary).note();
    else if (status >= 500 && refusal) request.log.error({ err: error }, 'server error');
    // The trade API's callers are other servers: its errors are problems (RFC 9457), the same facts.
    if (isTradeApiPath(request.url))
      return reply
        .status(status)
        .type(PROBLEM_MEDIA_TYPE)
        .send({ ...problemOf(status, body.message, body.errors), ...members });
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({ ...members, ...body });
  });
}
