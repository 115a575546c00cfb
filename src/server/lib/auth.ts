import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from './errors';
import type { ZodApp, ZodTypeProvider } from './zod';

export interface CurrentSession {
  sessionId: number;
  user: UserRow;
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

export function registerAuth(app: FastifyInstance, resolve: (token: string) => Promise<CurrentSession | null>): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    request.auth = token ? await resolve(token) : null;
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

/** An onRequest hook: signed in, before the body is judged (a visitor is told 401, not 422). */
export const signedInOnly = async (request: FastifyRequest) => void requireUser(request);

/** An onRequest hook for a whole plugin scope: staff only. */
export const staffOnly = async (request: FastifyRequest) => void requireAdmin(request);

/**
 * A plugin of staff routes (/api/admin/…): `routes` registers them on the zod-typed app, and every
 * one of them is staff only, checked onRequest so that a visitor is told 401 before anything about
 * the request is judged.
 */
export function staffRoutes<Deps extends FastifyPluginOptions>(routes: (app: ZodApp, deps: Deps) => void | Promise<void>): FastifyPluginAsync<Deps> {
  return async (fastify, deps) => {
    fastify.addHook('onRequest', staffOnly);
    await routes(fastify.withTypeProvider<ZodTypeProvider>(), deps);
  };
}
