import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../lib/auth';
import { pricesService } from './service';

/** The customer's price list and orderable catalogue (DESIGN §3): scoped to the signed-in user. */
const pricesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const prices = pricesService(deps.db);

  // The service answers finished JSON bytes, assembled from cached per-product parts: sent as they are.
  app.get('/api/prices', async (request, reply) => {
    const body = await prices.priceListBody(requireUser(request).user);
    return reply.header('cache-control', 'private, no-cache').type('application/json; charset=utf-8').send(body);
  });

  app.get('/api/products', async (request, reply) => {
    const body = await prices.orderableBody(requireUser(request).user);
    return reply.header('cache-control', 'private, no-cache').type('application/json; charset=utf-8').send(body);
  });
};

export default pricesRoutes;
