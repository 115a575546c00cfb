import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { oauthProvidersSchema, oauthStartSchema } from '../../../shared/api/oauth';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { ZodTypeProvider } from '../../lib/zod';

/**
 * Social sign-in. The providers themselves (their ids and secrets in the environment) arrive in a
 * later issue; until one is configured the list is empty and every provider answers 404.
 */
const oauthRoutes: FastifyPluginAsync<AppDeps> = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const providers: Array<{ id: string; name: string }> = [];

  app.get('/api/oauth/providers', { schema: { response: { 200: oauthProvidersSchema } } }, async () => ({ providers }));

  const params = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Unknown provider') });
  app.post('/api/oauth/:provider', { schema: { params, response: { 200: oauthStartSchema } } }, async () => {
    throw notFound('This sign-in provider is not available.');
  });
};

export default oauthRoutes;
