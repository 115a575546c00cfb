import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { RateLimitRule } from '../config';

export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  // global:false — only the routes that name a rule are limited (sign-in, registration, resets).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
  });
}

/**
 * Route options for a limited route. It runs after validation, so a key may use the e-mail of
 * the body: one address cannot be guessed at from many IPs faster than the rule allows.
 */
export function limitedBy(rule: RateLimitRule, group: string, key: (request: FastifyRequest) => string = () => '') {
  return {
    rateLimit: {
      max: rule.max,
      timeWindow: rule.windowMs,
      hook: 'preHandler' as const,
      groupId: group,
      keyGenerator: (request: FastifyRequest) => `${group}:${request.ip}:${key(request)}`,
    },
  };
}

export const bodyEmail = (request: FastifyRequest) => String((request.body as { email?: unknown } | undefined)?.email ?? '');
