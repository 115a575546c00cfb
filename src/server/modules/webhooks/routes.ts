import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from '../../../shared/api/webhooks';
import type { AppDeps } from '../../deps';
import { billingOwnersOnly, signedInOnly } from '../../lib/auth';
import type { ZodTypeProvider } from '../../lib/zod';
import { customerOf } from '../orders/routes';

const endpointParams = z.object({ id: idParam('No such webhook endpoint.') });
const deliveryParams = endpointParams.extend({ deliveryId: idParam('No such delivery.') });

/**
 * The company's webhook endpoints (DESIGN §3 "Trade API keys and webhooks"), managed by its owners (a
 * buyer or viewer is told 403 why): a secret is in the answer that makes it (creation, rotation) and
 * never again. Another company's endpoint is 404.
 */
const webhooksRoutes: FastifyPluginAsync<Pick<AppDeps, 'webhooks'>> = async (fastify, { webhooks }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);
  app.addHook('onRequest', billingOwnersOnly);

  app.get('/api/account/webhooks', { schema: { response: { 200: webhookEndpointListSchema } } }, async (request) => ({
    data: await webhooks.list(customerOf(request)),
  }));

  app.post(
    '/api/account/webhooks',
    { schema: { body: webhookEndpointCreateSchema, response: { 201: webhookEndpointWithSecretSchema } } },
    async (request, reply) => reply.code(201).send(await webhooks.create(customerOf(request), request.body)),
  );

  app.patch(
    '/api/account/webhooks/:id',
    { schema: { params: endpointParams, body: webhookEndpointUpdateSchema, response: { 200: webhookEndpointSchema } } },
    async (request) => webhooks.update(customerOf(request), request.params.id, request.body),
  );

  app.delete('/api/account/webhooks/:id', { schema: { params: endpointParams, response: { 200: webhookEndpointSchema } } }, async (request) =>
    webhooks.remove(customerOf(request), request.params.id),
  );

  app.post('/api/account/webhooks/:id/rotate', { schema: { params: endpointParams, response: { 200: webhookEndpointWithSecretSchema } } }, async (request) =>
    webhooks.rotate(customerOf(request), request.params.id),
  );

  app.get(
    '/api/account/webhooks/:id/deliveries',
    { schema: { params: endpointParams, querystring: webhookDeliveryListQuerySchema, response: { 200: webhookDeliveryListSchema } } },
    async (request) => webhooks.deliveries(customerOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/account/webhooks/:id/deliveries/:deliveryId/resend',
    { schema: { params: deliveryParams, response: { 200: webhookDeliverySchema } } },
    async (request) => webhooks.resend(customerOf(request), request.params.id, request.params.deliveryId),
  );

  app.post('/api/account/webhooks/:id/test', { schema: { params: endpointParams, response: { 202: webhookDeliverySchema } } }, async (request, reply) =>
    reply.code(202).send(await webhooks.test(customerOf(request), request.params.id)),
  );
};

export default webhooksRoutes;
