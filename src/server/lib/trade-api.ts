import type { FastifyPluginAsync, FastifyPluginOptions, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { mayOrder } from '../../shared/api/accounts-basics';
import { NotAllowed, NotSignedIn } from './domain-errors';
import { TRADE_API_PREFIX } from './problem';
import type { ZodApp, ZodTypeProvider } from './zod';

/** What a key says of its caller: the account, and whether its orders are real (`live`) or the sandbox's (`test`). */
export interface TradeCaller {
  keyId: number;
  mode: 'live' | 'test';
  user: UserRow;
}

/** Finds the caller an API key names (modules/trade-api/keys.ts), or null for none. */
export interface TradeKeys {
  authenticate(key: string): Promise<TradeCaller | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The account and mode the request's API key names; set on every trade API route before its handler. */
    tradeCaller: TradeCaller | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/;

/** The caller of a trade API route (its scope has already refused a request without a good key). */
export function tradeCaller(request: FastifyRequest): TradeCaller {
  if (!request.tradeCaller) throw new NotSignedIn('Send your API key as `Authorization: Bearer pjt_live_…` (or a pjt_test_ key for the sandbox).');
  return request.tradeCaller;
}

/**
 * The one way to make trade API routes (`/api/v1/…`), as staffRoutes is for staff ones: every route
 * must live under the prefix (refused at start-up otherwise), is marked as the trade API's (no
 * XSRF pair, problem answers, its own OpenAPI document), and is opened by an API key only, checked
 * onRequest so that a caller without one is told 401 before anything about the request is judged.
 * An account that may not order (awaiting approval) or that pays by card before each order (an API
 * order cannot stop to take a card) is told 403 with the reason.
 */
export function tradeApiRoutes<Deps extends FastifyPluginOptions>(
  routes: (app: ZodApp, deps: Deps) => void | Promise<void>,
): FastifyPluginAsync<Deps & { keys: TradeKeys }> {
  return async (fastify, deps) => {
    fastify.addHook('onRoute', (route) => {
      if (!route.url.startsWith(TRADE_API_PREFIX)) throw new Error(`${String(route.method)} ${route.url} is a trade API route outside ${TRADE_API_PREFIX}`);
      route.config = { ...route.config, tradeApi: true };
    });
    fastify.decorateRequest('tradeCaller', null);
    fastify.addHook('onRequest', async (request, reply) => {
      // RFC 6750: a refusal for want of a good key says how to send one.
      reply.header('www-authenticate', 'Bearer realm="trade API"');
      const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!key) throw new NotSignedIn('Send your API key as `Authorization: Bearer pjt_live_…` (or a pjt_test_ key for the sandbox).');
      const caller = await deps.keys.authenticate(key);
      if (!caller) throw new NotSignedIn('This API key is not valid: it was revoked, or never existed. Make a new one on your account’s API page.');
      if (!mayOrder(caller.user)) throw new NotAllowed('This account is waiting for approval: API keys work once it may order.');
      if (caller.user.paymentTerms === 'card')
        throw new NotAllowed('This account pays by card before each order, which an API order cannot do: ask us to open a credit account to use the API.');
      reply.removeHeader('www-authenticate');
      request.tradeCaller = caller;
    });
    await routes(fastify.withTypeProvider<ZodTypeProvider>(), deps);
  };
}
