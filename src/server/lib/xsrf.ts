import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PageExpired } from './domain-errors';
import { isTradeApiPath } from './problem';
import { readCookie, serializeCookie } from './cookies';
import { hmac, randomToken, safeEqual } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route called by another server, never by a browser page, whose request carries its own
     * signature over the body (a payment provider's webhook): no anti-forgery pair is asked of it.
     */
    signedElsewhere?: boolean;
    /**
     * A route of the trade API (`/api/v1`): called by a reseller's server with an API key in the
     * Authorization header, never with cookies, so a forged cross-site request carries no credential.
     */
    tradeApi?: boolean;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How many verified cookie values a process remembers (one per browser that calls it). */
const VERIFIED_MAX = 10_000;

/** `<random>.<hmac(random)>`: a value the server can recognise as its own without storing it. */
export function issueXsrfToken(key: string): string {
  const nonce = randomToken(18);
  return `${nonce}.${hmac(key, nonce)}`;
}

export function isValidXsrfToken(key: string, token: string | undefined): token is string {
  if (!token) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  return safeEqual(hmac(key, token.slice(0, dot)), token.slice(dot + 1));
}

/**
 * The cookie goes with API answers and the app's page, never with a built file: those are cached
 * (immutable assets for a year), and a Set-Cookie on them would be stored with them, or make a
 * shared cache refuse them.
 */
function mayIssue(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  // No route: the not-found handler, which answers the SPA's page for any path but /assets/.
  if (route === undefined) return !request.url.startsWith('/assets/') && !isTradeApiPath(request.url);
  // The trade API's callers are servers with keys: no cookie goes to them, and none is asked of them.
  return route.startsWith('/api/') && !isTradeApiPath(route);
}

/**
 * Double-submit anti-forgery (DESIGN §2): an API answer or page to a browser without a valid cookie
 * sets a readable XSRF-TOKEN (one with a valid cookie keeps it); every unsafe request must echo it
 * in X-XSRF-TOKEN, else 419.
 */
export function registerXsrf(app: FastifyInstance, opts: { key: string; secure: boolean }): void {
  // Cookie values this key has already verified. A value's validity never changes, so a remembered
  // answer is exact; the HMAC then runs once per browser's cookie, not on every request.
  // Only valid values are kept (a forged one is checked every time); bounded, emptied when full.
  const verified = new Set<string>();
  const isValid = (cookie: string | undefined): cookie is string => {
    if (cookie === undefined) return false;
    if (verified.has(cookie)) return true;
    if (!isValidXsrfToken(opts.key, cookie)) return false;
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.add(cookie);
    return true;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
    const cookieValid = isValid(cookie);
    if (!cookieValid && mayIssue(request)) {
      reply.header('set-cookie', serializeCookie(XSRF_COOKIE, issueXsrfToken(opts.key), { secure: opts.secure }));
    }
    if (!UNSAFE.has(request.method) || request.routeOptions.config?.signedElsewhere || request.routeOptions.config?.tradeApi) return done();
    const header = request.headers[XSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!cookieValid || !sent || !safeEqual(sent, cookie)) {
      return done(new PageExpired());
    }
    done();
  });
}
