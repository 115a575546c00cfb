import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';
import type { CompanyRow, UserRow } from '../db/schema';
import { mayOrder } from '../../shared/api/accounts-basics';
import { NotAllowed, NotSignedIn, TooMany } from './domain-errors';
import { rateCounter, type RateCounter } from './rate-limit';
import { TRADE_API_PREFIX } from './problem';
import type { ZodApp, ZodTypeProvider } from './zod';

/** What a key says of its caller: the account, and whether its orders are real (`live`) or the sandbox's (`test`). */
export interface TradeCaller {
  keyId: number;
  mode: 'live' | 'test';
  /** The owner who made the key: the orders it places are theirs. */
  user: UserRow;
  /** The company the key belongs to: its orders, invoices and quotes are what the key sees; its terms apply. */
  company: CompanyRow;
}

/** Finds the caller an API key names (modules/trade-api/keys.ts), or null for none. */
export interface TradeKeys {
  authenticate(key: string): Promise<TradeCaller | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each key's allowance of requests (registerTradeApiLimits), shared by every trade API route. */
    tradeApiLimits: TradeApiLimits;
  }
  interface FastifyRequest {
    /** The account and mode the request's API key names; set on every trade API route before its handler. */
    tradeCaller: TradeCaller | null;
  }
}

/** Counts a key's requests in its current window; answers what the RateLimit headers say. */
export interface TradeApiLimits {
  count(keyId: number): Promise<{ limit: number; remaining: number; resetSeconds: number; allowed: boolean }>;
}

const WINDOW_MS = 60_000;

/**
 * Each key's allowance: `perMinute` requests in a fixed window of a minute that starts with the
 * key's first request, counted in the database (lib/rate-limit.ts) so that a key has one allowance
 * however many instances answer it. Only keys that authenticated are counted.
 */
export function tradeApiLimits(counter: RateCounter, perMinute: number): TradeApiLimits {
  return {
    async count(keyId) {
      const { allowed, remaining, resetSeconds } = await counter.count(String(keyId));
      return { limit: perMinute, remaining, resetSeconds, allowed };
    },
  };
}

/** Gives the app each key's allowance, before any trade API route is registered (and after registerRateLimiting). */
export function registerTradeApiLimits(app: FastifyInstance, perMinute: number): void {
  app.decorate('tradeApiLimits', tradeApiLimits(rateCounter(app, 'trade-api-key', { max: perMinute, windowMs: WINDOW_MS }), perMinute));
}

/** Counts the request against its key's allowance: the RateLimit headers (IETF draft) on every answer, 429 with Retry-After past it. */
async function countRequest(limits: TradeApiLimits, keyId: number, reply: FastifyReply): Promise<void> {
  const { limit, remaining, resetSeconds, allowed } = await limits.count(keyId);
  reply.header('ratelimit-limit', String(limit)).header('ratelimit-remaining', String(remaining)).header('ratelimit-reset', String(resetSeconds));
  if (!allowed)
    throw new TooMany(
      `This API key has made more than its ${limit} requests a minute. Wait ${resetSeconds} second${resetSeconds === 1 ? '' : 's'} (Retry-After), then go on.`,
      resetSeconds,
    );
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
 * order cannot stop to take a card) is told 403 with the reason. Every request of a key counts
 * against its allowance (registerTradeApiLimits), with RateLimit headers on every answer.
 */
export function tradeApiRoutes<Deps extends FastifyPluginOptions>(
  routes: (app: ZodApp, deps: Deps) => void | Promise<void>,
): FastifyPluginAsync<Deps & { keys: TradeKeys }> {
  return async (fastify, deps) => {
    const limits = fastify.tradeApiLimits;
    if (!limits) throw new Error('registerTradeApiLimits must run before any trade API route is registered');
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
      reply.removeHeader('www-authenticate');
      await countRequest(limits, caller.keyId, reply);
      if (!mayOrder(caller.user)) throw new NotAllowed('This account is waiting for approval: API keys work once it may order.');
      if (caller.company.paymentTerms === 'card')
        throw new NotAllowed('This account pays by card before each order, which an API order cannot do: ask us to open a credit account to use the API.');
      request.tradeCaller = caller;
    });
    await routes(fastify.withTypeProvider<ZodTypeProvider>(), deps);
  };
}
