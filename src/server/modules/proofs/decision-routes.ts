import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { orderSchema, proofApproveSchema, proofChangesSchema, proofLinkTargetSchema } from '../../../shared/api/orders';
import type { AppDeps } from '../../deps';
import { orderingWrites, signedInOnly } from '../../lib/auth';
import type { ZodTypeProvider } from '../../lib/zod';
import { customerOf } from '../orders/routes';

const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });
const linkParams = z.object({ token: z.string().min(1).max(256) });

/**
 * The customer's decisions on their proofs (DESIGN §3 "Proofs"): approve a ready proof, or ask for
 * changes to it with a comment, at the version they looked at; both answer the order as it is then.
 * And what a proof's e-mail link opens (the page `/proof/{token}` asks it after sign-in).
 */
const proofDecisionRoutes: FastifyPluginAsync<Pick<AppDeps, 'proofDecisions' | 'orders'>> = async (fastify, { proofDecisions, orders }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);
  // Every change here orders: a viewer of the company may read, never change (403).
  app.addHook('onRequest', orderingWrites);

  app.post(
    '/api/orders/:id/items/:itemId/proof/approve',
    { schema: { params: itemParams, body: proofApproveSchema, response: { 200: orderSchema } } },
    async (request) => {
      const user = customerOf(request);
      await proofDecisions.approve(user, request.params.id, request.params.itemId, request.body.version);
      return orders.get(user, request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/items/:itemId/proof/changes',
    { schema: { params: itemParams, body: proofChangesSchema, response: { 200: orderSchema } } },
    async (request) => {
      const user = customerOf(request);
      await proofDecisions.requestChanges(user, request.params.id, request.params.itemId, request.body);
      return orders.get(user, request.params.id);
    },
  );

  app.get('/api/proof-links/:token', { schema: { params: linkParams, response: { 200: proofLinkTargetSchema } } }, async (request) =>
    proofDecisions.openLink(customerOf(request), request.params.token),
  );
};

export default proofDecisionRoutes;
