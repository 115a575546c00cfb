import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { proofQuerySchema, templateQuerySchema } from '../../../shared/api/proofs';
import { attachment } from '../../lib/attachment';
import { signedInOnly } from '../../lib/auth';
import { matchesEtag } from '../../lib/etag';
import { fileAnswer, type ZodTypeProvider } from '../../lib/zod';
import { customerOf } from '../orders/routes';
import type { ProofFile, ProofsService } from './service';

const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });
const productParams = z.object({ id: idParam('No such product.') });

/** A proof's PDF, shown in the browser (it is for reading); never kept by a cache, as a newer version may follow at the same address. */
export function sendProof(reply: FastifyReply, file: ProofFile) {
  return reply
    .type('application/pdf')
    .header('content-length', file.size)
    .header('content-disposition', attachment(file.name, 'inline'))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/**
 * The customer's proofs and templates (DESIGN §3 "Proofs"): an item's proof PDF (their own order's
 * only: another's answers 404), and a product's artwork template. A template is for a product the
 * customer may see on their price list, so it needs them signed in as the price list does.
 */
const proofsRoutes: FastifyPluginAsync<{ proofs: ProofsService; appName: string }> = async (fastify, { proofs, appName }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);

  app.get(
    '/api/orders/:id/items/:itemId/proof',
    { schema: { params: itemParams, querystring: proofQuerySchema, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) =>
      sendProof(reply, await proofs.customerProof(customerOf(request), request.params.id, request.params.itemId, request.query.version)),
  );

  app.get(
    '/api/products/:id/template.pdf',
    { schema: { params: productParams, querystring: templateQuerySchema, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) => {
      const template = await proofs.template(customerOf(request), request.params.id, request.query.orientation, appName);
      // The same product at the same version draws the same template: the browser revalidates its copy.
      reply.header('cache-control', 'private, no-cache').header('etag', template.etag);
      if (matchesEtag(request.headers['if-none-match'], template.etag)) return (reply as FastifyReply).code(304).send();
      const pdf = await template.pdf();
      return reply.type('application/pdf').header('content-disposition', attachment(template.name)).send(pdf);
    },
  );
};

export default proofsRoutes;
