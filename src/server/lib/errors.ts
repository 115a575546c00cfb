import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldErrors, type ApiErrorBody } from '../../shared/api/errors';
import { mapDatabaseUnavailable } from '../db/availability';
import { isUniqueViolation } from '../db/errors';
import { SummarisedLog } from './logging';

/** An error whose status and message are safe to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * 503 by design: the server refuses work it has no room for (a full queue) and says when to come
 * back (`retryAfterSeconds` becomes Retry-After). It is load, not a fault: the log says `summary` as
 * a warning once per interval with a count (SummarisedLog), as it does the database's outages — not
 * an error with a stack for every request refused.
 */
export class BusyError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    readonly summary: string,
  ) {
    super(503, message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const conflict = (message: string) => new HttpError(409, message);
export const unauthorized = () => new HttpError(401, 'You are not signed in.');
export const forbidden = () => new HttpError(403, 'You are not allowed to do this.');

/** 422 with a message per field, the shape every form shows beside its inputs. */
export function unprocessable(errors: Record<string, string>, message?: string): HttpError {
  return new HttpError(422, message ?? Object.values(errors)[0] ?? 'The given data was invalid.', errors);
}

/**
 * Runs a write whose service checks `constraint` itself: when a concurrent write gets past that
 * check, the constraint's violation is the same 422 with the same `errors`, never a 500.
 */
export const uniqueAsFieldError =
  (constraint: string, errors: Record<string, string>) =>
  async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err, constraint)) throw unprocessable(errors);
      throw err;
    }
  };

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
 * a key a strict body does not take is named (never "not an object").
 */
export class RequestValidationError extends HttpError {
  constructor(issues: readonly z.core.$ZodIssue[], part: string) {
    const errors = fieldErrors({ issues });
    const notAnObject = issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type');
    if (part === 'body' && notAnObject) errors._ = NOT_AN_OBJECT;
    super(422, 'The given data was invalid.', errors);
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

/** Every error leaves as `{message, errors?}`; a 500 never shows internals. */
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

  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    const error = RequestValidationError.from(thrown) ?? thrown;
    let status: number;
    let body: ApiErrorBody;
    // A database that is away or too slow: 503 with Retry-After, logged once per interval (db/availability.ts).
    const unavailable = error instanceof HttpError ? null : mapDatabaseUnavailable(error, request, reply);
    if (error instanceof HttpError) {
      status = error.statusCode;
      body = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (error.code && FASTIFY_CLIENT_ERRORS[error.code]) {
      const [s, message] = FASTIFY_CLIENT_ERRORS[error.code];
      status = s;
      body = { message };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { message: 'Too many attempts. Please wait a moment and try again.' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: error.message };
    } else if (unavailable) {
      status = 503;
      body = { message: unavailable };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { message: 'Something went wrong on our side. Please try again.' };
    }
    if (error instanceof BusyError) busyLog(error.summary).note();
    else if (status >= 500 && error instanceof HttpError) request.log.error({ err: error }, 'server error');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
