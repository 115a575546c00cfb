import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import {
  confirmSchema,
  deliveryOptionSchema,
  idempotencyKeySchema,
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
import { requireUser, signedInOnly } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/errors';
import { matchesEtag } from '../../lib/etag';
import { fileBody, type ZodTypeProvider } from '../../lib/zod';
import { requireCustomerRole } from '../prices/service';

const orderParams = z.object({ id: idParam('No such order.') });
const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });

/** The signed-in customer (role none may not order: 403). */
function customerOf(request: FastifyRequest) {
  const { user } = requireUser(request);
  requireCustomerRole(user);
  return user;
}

/** A file name safe inside a Content-Disposition header, with the UTF-8 form beside it. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The customer's orders (DESIGN §3 "Orders (customer)"). Every call is scoped to the signed-in
 * customer; another customer's order, item, artwork or preview answers 404.
 */
const ordersRoutes: FastifyPluginAsync<AppDeps> = async (fastify, { orders, artwork, files }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A visitor is told 401 before a body is judged (these routes are all signed-in only).
  app.addHook('onRequest', signedInOnly);

  app.get('/api/orders', { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } }, async (request) =>
    orders.list(customerOf(request), request.query),
  );

  app.get('/api/orders/counts', { schema: { response: { 200: orderCountsSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
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

  // Multipart: the body is streamed to the store by artwork.receive, never parsed whole.
  app.post('/api/orders/:id/items/:itemId/artwork', { schema: { params: itemParams, response: { 200: itemSchema } } }, async (request) => {
    const user = customerOf(request);
    const { id, itemId } = request.params;
    // Refused before a byte of the file is read: not theirs (404), or no longer changeable (409).
    await orders.artworkTarget(user, id, itemId, true);
    const file = await artwork.receive(request);
    await artwork.attach(user.id, id, itemId, file);
    return orders.presentItemOf(user, (await orders.artworkTarget(user, id, itemId, false)).order, itemId);
  });

  app.delete('/api/orders/:id/items/:itemId/artwork', { schema: { params: itemParams, response: { 200: itemSchema } } }, async (request) => {
    const user = customerOf(request);
    const { id, itemId } = request.params;
    await artwork.detach(user.id, id, itemId);
    return orders.presentItemOf(user, (await orders.artworkTarget(user, id, itemId, false)).order, itemId);
  });

  app.get('/api/orders/:id/items/:itemId/artwork', { schema: { params: itemParams, response: { 200: fileBody } } }, async (request, reply) => {
    const { item } = await orders.artworkTarget(customerOf(request), request.params.id, request.params.itemId, false);
    const file = item.artworkKey ? await files.stream(item.artworkKey) : null;
    if (!file) throw notFound('This item has no artwork.');
    return reply
      .type('application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', attachment(item.artworkName ?? 'artwork.pdf'))
      .header('cache-control', 'private, no-cache')
      .send(file.body);
  });

  app.get('/api/orders/:id/items/:itemId/preview', { schema: { params: itemParams, response: { 200: fileBody } } }, async (request, reply) => {
    const { item } = await orders.artworkTarget(customerOf(request), request.params.id, request.params.itemId, false);
    const file = item.previewKey ? await files.stream(item.previewKey) : null;
    if (!file) throw notFound('This item has no preview yet.');
    // The URL stays when the artwork is replaced, the file's key does not: the browser asks again
    // each time and gets 304 while its copy is the current one.
    const etag = `"${item.previewKey}"`;
    const untyped = reply as FastifyReply; // a 304 has no body for the response schema to describe
    untyped.header('cache-control', 'private, no-cache').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      file.body.destroy();
      return untyped.code(304).send();
    }
    return reply.type('image/png').header('content-length', file.size).send(file.body);
  });

  app.get('/api/orders/:id/delivery-options', { schema: { params: orderParams, response: { 200: z.array(deliveryOptionSchema) } } }, async (request) =>
    orders.deliveryOptions(customerOf(request), request.params.id),
  );

  app.post('/api/orders/:id/confirm', { schema: { params: orderParams, body: confirmSchema.optional(), response: { 200: orderSchema } } }, async (request) => {
    const user = customerOf(request);
    const key = idempotencyKeySchema.safeParse(request.headers['idempotency-key']);
    if (!key.success) throw new HttpError(400, key.error.issues[0]?.message ?? 'An Idempotency-Key header is required', { idempotency_key: key.error.issues[0]?.message ?? '' });
    return orders.confirm(user, request.params.id, key.data, request.body ?? {});
  });

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
