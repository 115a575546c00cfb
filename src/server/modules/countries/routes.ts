import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { countrySchema } from '../../../shared/api/countries';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../lib/zod';
import { anyone } from '../../lib/openapi';

/** The countries a customer may choose for an address: the active ones, by name. */
const countriesRoutes: FastifyPluginAsync<Pick<AppDeps, 'countries'>> = async (fastify, { countries }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/countries', { schema: { security: anyone, response: { 200: z.array(countrySchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return countries.active();
  });
};

export default countriesRoutes;
