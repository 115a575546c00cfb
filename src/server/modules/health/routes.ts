import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../lib/zod';
import { anyone } from '../../lib/openapi';

/** How long the health check waits for the database: a load balancer hears "unavailable" within 2 s. */
export const HEALTH_TIMEOUT_MS = 1500;

/**
 * Answers `ok` once migrations ran (the app is only built after them) and the database answers;
 * `unavailable` (503) when it does not answer within HEALTH_TIMEOUT_MS, stalled or stopped alike.
 */
const healthRoutes: FastifyPluginAsync<Pick<AppDeps, 'database'>> = async (fastify, { database }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { security: anyone, response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) } };
  app.get('/api/health', { schema }, async (_request, reply) => {
    try {
      await database.availability.check(HEALTH_TIMEOUT_MS);
    } catch {
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable' as const });
    }
    return { status: 'ok' as const };
  });
};

export default healthRoutes;
