import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifyRequest } from 'fastify';
import type { CompanyRow, UserRow } from '../db/schema';
import { COMPANY_REFUSALS, companyMay, type CompanyAction, type CompanyRole } from '../../shared/domain/companies/roles';
import { forbidden, NotAllowed, unauthorized } from './domain-errors';
import { isTradeApiPath } from './problem';
import type { ZodApp, ZodTypeProvider } from './zod';

export interface CurrentSession {
  sessionId: number;
  user: UserRow;
  /** The member's company: its name, logo, terms, credit and blind-dispatch default are the billing. */
  company: CompanyRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from the Bearer token on /api requests; null for visitors. */
    auth: CurrentSession | null;
  }
}

/** The server never accepts the cookie as a credential: only `Authorization: Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  return match?.[1];
}

/**
 * Sets `request.auth` on /api requests. `resolve` answers a session it has at hand (its cache) at
 * once and a promise otherwise; the hook is callback-style so that a cached session, the common
 * case, costs no promise and no extra turn of the event loop.
 */
export function registerAuth(app: FastifyInstance, resolve: (token: string) => CurrentSession | Promise<CurrentSession | null>): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    // The trade API authenticates its keys itself (modules/trade-api/scope.ts); no session opens it.
    if (!request.url.startsWith('/api/') || isTradeApiPath(request.url)) return done();
    const token = bearerToken(request);
    if (!token) {
      request.auth = null;
      return done();
    }
    const found = resolve(token);
    if (!(found instanceof Promise)) {
      request.auth = found;
      return done();
    }
    found.then(
      (auth) => {
        request.auth = auth;
        done();
      },
      (err: Error) => done(err),
    );
  });
}

export function requireUser(request: FastifyRequest): CurrentSession {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): CurrentSession {
  const auth = requireUser(request);
  if (auth.user.role !== 'admin') throw forbidden();
  return auth;
}

/** The signed-in member's role in their company (DESIGN §2 "Companies"). */
export const companyRoleOf = (auth: CurrentSession): CompanyRole => auth.user.companyRole as CompanyRole;

/**
 * The signed-in member, when their company role allows `action` (shared/domain/companies/roles.ts);
 * a 403 saying why otherwise. Reads need no check beyond signing in: every member may read.
 */
export function requireCompanyAction(request: FastifyRequest, action: Exclude<CompanyAction, 'read'>): CurrentSession {
  const auth = requireUser(request);
  if (!companyMay(companyRoleOf(auth), action)) throw new NotAllowed(COMPANY_REFUSALS[action]);
  return auth;
}

/** An onRequest hook of a route that orders: a viewer is told 403 before the body is judged. */
export const orderingOnly = async (request: FastifyRequest) => void requireCompanyAction(request, 'order');
/** An onRequest hook of a route only a company's owner may call (members, billing, API keys, webhooks). */
export const ownersOnly = async (request: FastifyRequest) => void requireCompanyAction(request, 'manage_members');
/**
 * An onRequest hook of a plugin whose every change (any unsafe method) is ordering — the company's
 * baskets, orders, quotes, artwork, proofs, tickets and addresses: a viewer is told 403 before the
 * body is judged, while reads stay open to every member.
 */
export const orderingWrites = async (request: FastifyRequest) => {
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') requireCompanyAction(request, 'order');
};
/** An onRequest hook of a route of the company's billing (details, API keys, webhooks): owners only, told why. */
export const billingOwnersOnly = async (request: FastifyRequest) => void requireCompanyAction(request, 'manage_billing');

/** An onRequest hook: signed in, before the body is judged (a visitor is told 401, not 422). */
export const signedInOnly = async (request: FastifyRequest) => void requireUser(request);

/** The onRequest hook of every staff route (through `staffRoutes`, the one way to make one). */
const staffOnly = async (request: FastifyRequest) => void requireAdmin(request);

/** Where staff routes live: the tests that every staff route refuses a customer walk this prefix. */
const STAFF_PREFIX = '/api/admin/';

/**
 * The one way to make staff routes: a plugin whose `routes` are registered on the zod-typed app, each
 * of them staff only, checked onRequest so that a visitor is told 401 before anything about the
 * request is judged. Every route of it must live under /api/admin/ (refused at start-up otherwise),
 * and every /api/admin/ route is made here (tests/server/admin-access.test.ts). A handler that needs
 * the acting staff member reads it with `requireAdmin(request).user`.
 */
export function staffRoutes<Deps extends FastifyPluginOptions>(routes: (app: ZodApp, deps: Deps) => void | Promise<void>): FastifyPluginAsync<Deps> {
  return async (fastify, deps) => {
    fastify.addHook('onRoute', (route) => {
      if (!route.url.startsWith(STAFF_PREFIX)) throw new Error(`${String(route.method)} ${route.url} is a staff route outside ${STAFF_PREFIX}`);
    });
    fastify.addHook('onRequest', staffOnly);
    await routes(fastify.withTypeProvider<ZodTypeProvider>(), deps);
  };
}
