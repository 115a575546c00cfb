import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAbortAsyncHookHandler, onResponseAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { TooMany } from './domain-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters of every limit, kept in the database (registerRateLimiting). */
    rateCounters: RateCounters;
  }
}

/** Where a key stands once a request is counted: whether it is within its allowance, what is left, and when the window ends. */
export interface Count {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window ends (at least 1): what Retry-After and RateLimit-Reset say. */
  resetSeconds: number;
}

/** Counts requests per key against one rule: `rule.max` in a fixed window of `rule.windowMs` that starts with the key's first request. */
export interface RateCounter {
  count(key: string): Promise<Count>;
}

/**
 * The counters live in the database's rate_limits table, so that every instance counts against the
 * same allowance and a restart forgets nothing. rate-limiter-flexible's drizzle store keeps them,
 * on the app's own drizzle client (PGlite or PostgreSQL alike): counting one request is one
 * upsert that answers the new count. Its table is ours (db/schema/rate-limits.ts, a migration), and
 * its rows are deleted by the purge (purgeExpiredRateLimits) rather than a timer per limit. A
 * database that does not answer makes the count fail as any query would: 503, never an open door.
 */
export class RateCounters {
  private readonly byId = new Map<string, RateCounter>();

  constructor(private readonly db: Db) {}

  /** The counter `name` judged by `rule`; every counter of one name counts in the same rows. */
  counter(name: string, rule: RateLimitRule): RateCounter {
    const id = `${name}:${rule.max}/${rule.windowMs}`;
    let found = this.byId.get(id);
    if (!found) {
      found = storedCounter(this.db, name, rule);
      this.byId.set(id, found);
    }
    return found;
  }
}

function storedCounter(db: Db, name: string, rule: RateLimitRule): RateCounter {
  const store = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points: rule.max,
    duration: rule.windowMs / 1000,
    // The purge deletes ended windows for every limit at once.
    clearExpiredByTimeout: false,
  });
  return {
    async count(key) {
      let result: RateLimiterRes;
      let allowed = true;
      try {
        // Only a digest of the key is kept: the table holds no addresses or e-mails.
        result = await store.consume(createHash('sha256').update(key).digest('base64url'));
      } catch (error) {
        // Past the allowance the store rejects with the count; anything else is the database's error.
        if (!(error instanceof RateLimiterRes)) throw error;
        result = error;
        allowed = false;
      }
      return { allowed, remaining: result.remainingPoints, resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
    },
  };
}

/** Gives the app its counters, before any limited route is registered. */
export function registerRateLimiting(app: FastifyInstance, db: Db): void {
  app.decorate('rateCounters', new RateCounters(db));
}

/** The counter `name` of this app, judged by `rule`. */
export function rateCounter(app: FastifyInstance, name: string, rule: RateLimitRule): RateCounter {
  const counters = app.rateCounters;
  if (!counters) throw new Error('registerRateLimiting must run before any limited route is registered');
  return counters.counter(name, rule);
}

/** Deletes the counters whose window has ended (a new request starts a new window without them); answers how many went. */
export async function purgeExpiredRateLimits(db: Db): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, sql`now()`))
    .returning({ key: rateLimits.key });
  return gone.length;
}

/** The hooks that can answer 429, so that the API's document says so of the routes that run them. */
const tooManyRequestsHooks = new WeakSet<object>();
export const mayAnswerTooManyRequests = (hook: unknown) => typeof hook === 'function' && tooManyRequestsHooks.has(hook);

/** One limit of a route: `rule` attempts per window for each key; a null key skips it for that request. */
export interface Limit {
  rule: RateLimitRule;
  /** Names the counter; two routes naming the same counter share its allowance. */
  name: string;
  key: (request: FastifyRequest) => string | null;
  /** What the 429 says, given the wait ("12 minutes"); by default "Too many attempts…". */
  message?: (wait: string) => string;
}

const TOO_MANY = (wait: string) => `Too many attempts. Please wait ${wait} and try again.`;

/** A limit's window in words: "hour", "15 minutes". */
export function windowWords(ms: number): string {
  const [n, unit] = ms % 3_600_000 === 0 ? [ms / 3_600_000, 'hour'] : ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [Math.ceil(ms / 1000), 'second'];
  return n === 1 ? unit : `${n} ${unit}s`;
}

function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A preHandler (so after validation: a key may use the body) that counts the request against every
 * limit and answers 429 with Retry-After when any is exceeded. Several limits per route — e.g. per
 * address and per account — are counted together, each one statement; a limit whose key is null
 * for this request asks nothing of the database.
 */
export function limited(app: FastifyInstance, ...limits: Limit[]): preHandlerAsyncHookHandler {
  const checks = limits.map((limit) => ({ limit, counter: rateCounter(app, limit.name, limit.rule) }));
  const rateLimited: preHandlerAsyncHookHandler = async function rateLimited(request) {
    const counted = await Promise.all(
      checks.map(async ({ limit, counter }) => {
        const key = limit.key(request);
        return key === null ? null : { limit, count: await counter.count(key) };
      }),
    );
    let retryAfter = 0;
    let message = TOO_MANY;
    for (const found of counted) {
      // The limit that keeps the caller waiting longest says why.
      if (found && !found.count.allowed && found.count.resetSeconds > retryAfter) {
        retryAfter = found.count.resetSeconds;
        message = found.limit.message ?? TOO_MANY;
      }
    }
    if (retryAfter) throw new TooMany(message(wait(retryAfter)), retryAfter);
  };
  tooManyRequestsHooks.add(rateLimited);
  return rateLimited;
}

/** The client's address (after TRUST_PROXY); an IPv6 client is its /64, which it controls whole. */
export const byIp = (request: FastifyRequest) => normalizeIP(request.ip);

/** The e-mail of the body as the schema left it (trimmed, lower case). */
export const bodyEmail = (request: FastifyRequest) => String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();

export const byIpAndEmail = (request: FastifyRequest) => `${byIp(request)}:${bodyEmail(request)}`;

/** The signed-in user (else the address: the handler then answers 401). */
export const byUser = (request: FastifyRequest) => (request.auth ? `user:${request.auth.user.id}` : `ip:${byIp(request)}`);

/**
 * At most `max` requests of one key in flight at once; the others answer 429 at once. Sign-in uses
 * it per address, so one client sending a hundred attempts together holds one password check, not
 * a hundred, and a real customer's sign-in never queues behind an attacker's.
 */
export function oneAtATime(
  key: (request: FastifyRequest) => string,
  max = 1,
): { preHandler: preHandlerAsyncHookHandler; onResponse: onResponseAsyncHookHandler; onRequestAbort: onRequestAbortAsyncHookHandler } {
  const inFlight = new Map<string, number>();
  const counted = new WeakSet<FastifyRequest>();
  return {
    async preHandler(request) {
      const k = key(request);
      const now = inFlight.get(k) ?? 0;
      if (now >= max) throw new TooMany('Another sign-in from your connection is being checked. Please try again in a moment.', 1);
      inFlight.set(k, now + 1);
      counted.add(request);
    },
    onResponse: async (request) => release(request),
    // A client that hangs up is done too.
    onRequestAbort: async (request) => release(request),
  };

  function release(request: FastifyRequest): void {
    if (!counted.delete(request)) return;
    const k = key(request);
    const left = (inFlight.get(k) ?? 1) - 1;
    if (left > 0) inFlight.set(k, left);
    else inFlight.delete(k);
  }
}
