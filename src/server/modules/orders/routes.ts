import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import {
  confirmAnswerSchema,
  confirmHeadersSchema,
  confirmSchema,
  deliveryOptionSchema,
  itemCreateSchema,
  itemSchema,
  itemUpdateSchema,
  orderCountsSchema,
  orderCreateSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  orderUpdateSchema,
} from '../../../shared/api/orders';
import type { AppDeps } from '../../deps';
import { requireUser, orderingWrites, signedInOnly } from '../../lib/auth';
import type { ZodTypeProvider } from '../../lib/zod';
import { requireCustomerRole } from '../prices/service';

const orderParams = z.object({ id: idParam('No such order.') });
const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });

/** The signed-in customer (role none may not order: 403); the artwork routes ask it too. */
export function customerOf(request: FastifyRequest) {
  const { user } = requireUser(request);
  requireCustomerRole(user);
  return user;
}

/**
 * The customer's orders (DESIGN §3 "Orders (customer)"). Every call is scoped to the signed-in
 * customer; another customer's order or item answers 404. An item's artwork has its own routes
 * (modules/artwork/routes.ts).
 */
const ordersRoutes: FastifyPluginAsync<Pick<AppDeps, 'orders'>> = async (fastify, { orders }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A visitor is told 401 before a body is judged (these routes are all signed-in only).
  app.addHook('onRequest', signedInOnly);
  // Every change here orders: a viewer of the company may read, never change (403).
  app.addHook('onRequest', orderingWrites);

  app.get('/api/orders', { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } }, async (request) =>
    orders.list(customerOf(request), request.query),
  );

  app.get('/api/orders/counts', { schema: { response: { 200: orderCountsSchema } } }, async (request) => {
    return orders.counts(customerOf(request));
  });

  app.post('/api/orders', { schema: { body: orderCreateSchema, response: { 201: orderSchema } } }, async (request, reply) =>
    reply.code(201).send(await orders.create(customerOf(request), request.body)),
  );

  app.get('/api/orders/:id', { schema: { params: orderParams, response: { 200: orderSchema } } }, async (request) =>
    orders.get(customerOf(request), request.params.id),
  );

  app.patch('/api/orders/:id', { schema: { params: orderParams, body: orderUpdateSchema, response: { 200: orderSchema } } }, async (request) =>
    orders.update(customerOf(request), request.params.id, request.body),
  );

  app.delete('/api/orders/:id', { schema: { params: orderParams, response: { 200: orderSchema } } }, async (request) =>
    orders.discard(customerOf(request), request.params.id),
  );

  app.post('/api/orders/:id/items', { schema: { params: orderParams, body: itemCreateSchema, response: { 201: itemSchema } } }, async (request, reply) =>
    reply.code(201).send(await orders.addItem(customerOf(request), request.params.id, request.body)),
  );

  app.patch('/api/orders/:id/items/:itemId', { schema: { params: itemParams, body: itemUpdateSchema, response: { 200: itemSchema } } }, async (request) =>
    orders.updateItem(customerOf(request), request.params.id, request.params.itemId, request.body),
  );

  app.delete('/api/orders/:id/items/:itemId', { schema: { params: itemParams, response: { 200: itemSchema } } }, async (request) =>
    orders.removeItem(customerOf(request), request.params.id, request.params.itemId),
  );

  app.get('/api/orders/:id/delivery-options', { schema: { params: orderParams, response: { 200: z.array(deliveryOptionSchema) } } }, async (request) =>
    orders.deliveryOptions(customerOf(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/confirm',
    {
      schema: {
        params: orderParams,
        headers: confirmHeadersSchema,
        body: confirmSchema.optional(),
        // 202: a buyer's order above their approval limit, not confirmed but waiting for an owner's approval.
        response: { 200: confirmAnswerSchema, 202: orderSchema },
      },
    },
    async (request, reply) => {
      const answer = await orders.confirm(customerOf(request), request.params.id, request.headers['idempotency-key'], request.body ?? {});
      return 'approval' in answer && answer.approval ? reply.code(202).send(answer) : answer;
    },
  );

  // The customer stops a pending card payment (the payment page is closed) to change the basket.
  app.post('/api/orders/:id/checkout/cancel', { schema: { params: orderParams, response: { 200: orderSchema } } }, async (request) =>
    orders.stopCardCheckout(customerOf(request), request.params.id),
  );

  app.post('/api/orders/:id/cancel', { schema: { params: orderParams, response: { 200: orderSchema } } }, async (request) =>
    orders.cancel(customerOf(request), request.params.id),
  );

  app.post('/api/orders/:id/resubmit', { schema: { params: orderParams, response: { 200: orderSchema } } }, async (request) =>
    orders.resubmit(customerOf(request), request.params.id),
  );

  app.post('/api/orders/:id/reorder', { schema: { params: orderParams, response: { 201: orderSchema } } }, async (request, reply) =>
    reply.code(201).send(await orders.reorder(customerOf(request), request.params.id)),
  );
};

export default ordersRoutes;
