import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { approvalLinkTargetSchema, confirmAnswerSchema, orderDeclineSchema, orderSchema } from '../../../shared/api/orders';
import type { AppDeps } from '../../deps';
import { requireCompanyAction, signedInOnly } from '../../lib/auth';
import type { ZodTypeProvider } from '../../lib/zod';
import { customerOf } from './routes';

const orderParams = z.object({ id: idParam('No such order.') });
const linkParams = z.object({ token: z.string().min(1).max(256) });

/** Owners only: a buyer or viewer is told 403 (and why) before the body is judged; a visitor 401. */
const approversOnly = async (request: FastifyRequest) => void requireCompanyAction(request, 'approve');

/**
 * An owner's answer to a buyer's order waiting for approval (DESIGN §2 "Companies"): approve (it
 * confirms by the company's terms: on account the order, by card the checkout the buyer is sent to)
 * or decline with a reason. Another company's order is 404; one not waiting, 409. And what the
 * owner's e-mail link finds (the page `/approval-links/{token}` asks it after sign-in): any member may
 * follow it, an owner since made a buyer too, who then reads the order without deciding.
 */
const orderApprovalRoutes: FastifyPluginAsync<Pick<AppDeps, 'orders'>> = async (fastify, { orders }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/orders/:id/approve', { onRequest: approversOnly, schema: { params: orderParams, response: { 200: confirmAnswerSchema } } }, async (request) =>
    orders.approve(customerOf(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/decline',
    { onRequest: approversOnly, schema: { params: orderParams, body: orderDeclineSchema, response: { 200: orderSchema } } },
    async (request) => orders.decline(customerOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/approval-links/:token',
    { onRequest: signedInOnly, schema: { params: linkParams, response: { 200: approvalLinkTargetSchema } } },
    async (request) => orders.openApprovalLink(customerOf(request), request.params.token),
  );
};

export default orderApprovalRoutes;
