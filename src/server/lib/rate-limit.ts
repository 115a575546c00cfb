import type { FastifyInstance, FastifyRequest, onRequestAbortAsyncHookHandler, onResponseAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { RateLimitRule } from '../config';
import { TooMany } from './domain-errors';

export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  // global:false — only the routes that name their limits are limited (sign-in, registration, resets, password checks).
  await app.register(rateLimit, {
    global: false,
    // Keys per limit kept in memory (least recently used go first): enough that a spray of junk
    // e-mails cannot push one guessed-at account out of its limit.
    cache: 20_000,
  });
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

type Counter = ReturnType<FastifyInstance['createRateLimit']>;
// One counter per name (and rule) per app, so that routes naming the same counter share its allowance.
const counters = new WeakMap<FastifyInstance['createRateLimit'], Map<string, Counter>>();
/** The key a request is being counted under, set just before its counter is asked. */
const countingAs = new WeakMap<FastifyRequest, string>();

function counter(app: FastifyInstance, limit: Limit): Counter {
  const byName = counters.get(app.createRateLimit) ?? new Map<string, Counter>();
  counters.set(app.createRateLimit, byName);
  const id = `${limit.name}:${limit.rule.max}/${limit.rule.windowMs}`;
  let found = byName.get(id);
  if (!found) {
    found = app.createRateLimit({
      max: limit.rule.max,
      timeWindow: limit.rule.windowMs,
      keyGenerator: (request) => countingAs.get(request) ?? '',
    });
    byName.set(id, found);
  }
  return found;
}

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
 * address and per account — are why this does not use the plugin's one-limit route config.
 */
export function limited(app: FastifyInstance, ...limits: Limit[]): preHandlerAsyncHookHandler {
  const checks = limits.map((limit) => ({ limit, check: counter(app, limit) }));
  const rateLimited: preHandlerAsyncHookHandler = async function rateLimited(request) {
    let retryAfter = 0;
    let message = TOO_MANY;
    for (const { limit, check } of checks) {
      const key = limit.key(request);
      if (key === null) continue;
      countingAs.set(request, `${limit.name}:${key}`);
      const result = await check(request);
      // The limit that keeps the caller waiting longest says why.
      if (!result.isAllowed && result.isExceeded && Math.max(result.ttlInSeconds, 1) > retryAfter) {
        retryAfter = Math.max(result.ttlInSeconds, 1);
        message = limit.message ?? TOO_MANY;
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
