import { STATUS_CODES } from 'node:http';
import type { Problem } from '../../shared/api/problem';

/** Where the trade API lives: its callers are other servers with keys, and its errors are problems (RFC 9457). */
export const TRADE_API_PREFIX = '/api/v1/';

export const isTradeApiPath = (url: string): boolean => url.startsWith(TRADE_API_PREFIX) || url === '/api/v1' || url.startsWith('/api/v1?');

export const PROBLEM_MEDIA_TYPE = 'application/problem+json; charset=utf-8';

/** The kinds of problem the developer documentation explains, by status (its anchors on /developers). */
const KINDS: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'too-large',
  415: 'unsupported-media-type',
  422: 'invalid',
  429: 'rate-limited',
  500: 'server-error',
  502: 'upstream-failed',
  503: 'unavailable',
};

/** An error answer `{message, errors?}` as the problem the trade API answers instead. */
export function problemOf(status: number, detail: string, errors?: Record<string, string>): Problem {
  const kind = KINDS[status] ?? 'error';
  return {
    type: `/developers#problem-${kind}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors ? { errors } : {}),
  };
}
