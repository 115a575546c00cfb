import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { orderSchema } from '../../../shared/api/orders';
import { quoteListQuerySchema, quoteListSchema, quoteOrderQuerySchema, quotePdfQuerySchema, quoteSchema } from '../../../shared/api/quotes';
import type { AppDeps } from '../../deps';
import { orderingWrites, signedInOnly } from '../../lib/auth';
import { fileAnswer, type ZodTypeProvider } from '../../lib/zod';
import { sendPdf } from '../invoices/routes';
import { customerOf } from '../orders/routes';

const orderParams = z.object({ id: idParam('No such order.') });
const quoteParams = z.object({ id: idParam('No such quote.') });

/**
 * The customer's saved quotes (DESIGN §3 "Quotes"): saved from a basket, listed, downloaded as a PDF
 * (for them, or for their client with their markup) and ordered. Another customer's quote is 404.
 */
const quotesRoutes: FastifyPluginAsync<Pick<AppDeps, 'quotes'>> = async (fastify, { quotes }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);
  // Every change here orders: a viewer of the company may read, never change (403).
  app.addHook('onRequest', orderingWrites);

  app.post('/api/orders/:id/quote', { schema: { params: orderParams, response: { 201: quoteSchema } } }, async (request, reply) =>
    reply.code(201).send(await quotes.save(customerOf(request), request.params.id)),
  );

  app.get('/api/quotes', { schema: { querystring: quoteListQuerySchema, response: { 200: quoteListSchema } } }, async (request) =>
    quotes.list(customerOf(request), request.query),
  );

  app.get('/api/quotes/:id', { schema: { params: quoteParams, response: { 200: quoteSchema } } }, async (request) =>
    quotes.get(customerOf(request), request.params.id),
  );

  app.get(
    '/api/quotes/:id/pdf',
    { schema: { params: quoteParams, querystring: quotePdfQuerySchema, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) =>
      sendPdf(reply, await quotes.pdf(customerOf(request), request.params.id, { forClient: request.query.for_client === '1', markup: request.query.markup })),
  );

  app.post(
    '/api/quotes/:id/order',
    { schema: { params: quoteParams, querystring: quoteOrderQuerySchema, response: { 201: orderSchema } } },
    async (request, reply) =>
      reply.code(201).send(await quotes.order(customerOf(request), request.params.id, { atTodaysPrices: request.query.at_todays_prices === '1' })),
  );
};

export default quotesRoutes;
