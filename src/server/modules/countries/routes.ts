import type { FastifyPluginAsync } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { countries } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** The countries a customer may choose for an address: the active ones, by name. */
const countriesRoutes: FastifyPluginAsync<AppDeps> = async (app, { db }) => {
  app.get('/api/countries', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return db
      .select({ id: countries.id, code: countries.code, name: countries.name })
      .from(countries)
      .where(eq(countries.active, true))
      .orderBy(asc(countries.name));
  });
};

export default countriesRoutes;
