import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Lifecycle } from '../../lib/lifecycle';
import type { ZodTypeProvider } from '../../lib/zod';
import { anyone } from '../../lib/openapi';
import { migrationsCheck } from './migrations';

/** How long the health check waits for the database: a load balancer hears "unavailable" within 2 s. */
export const HEALTH_TIMEOUT_MS = 1500;

/** Why an instance is not ready: it is shutting down, its database does not answer, or lacks this build's migrations. */
const NOT_READY = ['draining', 'database', 'migrations'] as const;
const NOT_READY_MESSAGES: Record<(typeof NOT_READY)[number], string> = {
  draining: 'This instance is shutting down: requests under way finish, new ones belong elsewhere.',
  database: 'The database does not answer.',
  migrations: "The database lacks this version's migrations.",
};

/**
 * `/api/health`: `ok` once migrations ran (the app is only built after them) and the database
 * answers; `unavailable` (503) when it does not answer within HEALTH_TIMEOUT_MS, stalled or stopped alike.
 * `/api/health/live`: the process answers (an orchestrator restarts one that does not).
 * `/api/health/ready`: this instance should be sent requests (and its jobs run): not shutting down,
 * the database answers one `select 1` on the probe's own connection, and has this build's migrations.
 */
const healthRoutes: FastifyPluginAsync<Pick<AppDeps, 'database'> & { lifecycle: Lifecycle }> = async (fastify, { database, lifecycle }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const migrated = migrationsCheck(database.db);
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

  app.get(
    '/api/health/live',
    { schema: { summary: 'Whether the process answers', security: anyone, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  const notReady = z.object({ status: z.literal('unavailable'), reason: z.enum(NOT_READY), message: z.string() });
  app.get(
    '/api/health/ready',
    {
      schema: {
        summary: 'Whether this instance should be sent requests',
        description: "503 while it shuts down, while the database does not answer, or when the database lacks this version's migrations.",
        security: anyone,
        response: { 200: z.object({ status: z.literal('ok') }), 503: notReady },
      },
    },
    async (_request, reply) => {
      const refuse = (reason: (typeof NOT_READY)[number]) =>
        reply
          .status(503)
          .header('retry-after', '5')
          .send({ status: 'unavailable' as const, reason, message: NOT_READY_MESSAGES[reason] });
      if (lifecycle.draining) return refuse('draining');
      try {
        await database.availability.check(HEALTH_TIMEOUT_MS);
        if (!(await migrated())) return refuse('migrations');
      } catch {
        return refuse('database');
      }
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
