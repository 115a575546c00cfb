import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { invoiceListQuerySchema, invoiceListSchema, statementQuerySchema } from '../../../shared/api/invoices';
import type { AppDeps } from '../../deps';
import { attachment } from '../../lib/attachment';
import { requireUser, signedInOnly } from '../../lib/auth';
import { fileAnswer, type ZodTypeProvider } from '../../lib/zod';
import { requireCustomerRole } from '../prices/service';

const invoiceParams = z.object({ id: idParam('No such invoice.') });

function customerOf(request: FastifyRequest) {
  const { user } = requireUser(request);
  requireCustomerRole(user);
  return user;
}

/** A PDF download: attachment, its own type, never cached by a shared cache. */
export function sendPdf(reply: FastifyReply, file: { body: NodeJS.ReadableStream | Buffer; name: string; size?: number }) {
  reply.type('application/pdf').header('content-disposition', attachment(file.name)).header('cache-control', 'private, no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.body);
}

/** The customer's invoices at /api/invoices (DESIGN §3): their own only; another's answers 404. */
const invoicesRoutes: FastifyPluginAsync<Pick<AppDeps, 'invoices'>> = async (fastify, { invoices }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);

  app.get('/api/invoices', { schema: { querystring: invoiceListQuerySchema, response: { 200: invoiceListSchema } } }, async (request) => {
    return invoices.listFor(customerOf(request).id, request.query);
  });

  app.get(
    '/api/invoices/statement',
    { schema: { querystring: statementQuerySchema, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) => sendPdf(reply, await invoices.statement(customerOf(request).id, request.query.month)),
  );

  app.get('/api/invoices/:id/pdf', { schema: { params: invoiceParams, response: { 200: fileAnswer('application/pdf') } } }, async (request, reply) =>
    sendPdf(reply, await invoices.pdfFor(customerOf(request).id, request.params.id)),
  );
};

export default invoicesRoutes;
