import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { proofApproveSchema, proofChangesSchema, ORIENTATIONS } from '../../../shared/api/orders';
import { tradeOrderSchema } from '../../../shared/api/trade-orders';
import { attachment } from '../../lib/attachment';
import { tradeApiRoutes, tradeCaller } from '../../lib/trade-api';
import { fileAnswer } from '../../lib/zod';
import type { ProofDecisionsService } from '../proofs/decisions';
import { sendProof } from '../proofs/routes';
import type { ProofsService } from '../proofs/service';
import type { TradeOrdersService } from './orders';

/*
 * Proofs and templates through the trade API (DESIGN §3 "Trade API"): an item's proof PDF, the
 * decisions on it — the same service as the customer's own routes, so a reseller's approval is the
 * customer's — and a product's artwork template. Every order is the key's account's and mode's
 * (tradeOrders.get answers 404 otherwise) before anything is read or decided.
 *
 * The services are the proof modules' (proofs/service.ts: the PDFs; proofs/decisions.ts: the
 * decisions), named here by what these routes call of them.
 */

export interface TradeProofDeps {
  tradeOrders: Pick<TradeOrdersService, 'get'>;
  proofs: Pick<ProofsService, 'customerProof' | 'template'>;
  proofDecisions: Pick<ProofDecisionsService, 'approve' | 'requestChanges'>;
  appName: string;
}

const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });
const productParams = z.object({ id: idParam('No such product.') });
const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(1000).optional().describe('An earlier version; the current one by default') });
const orientationQuery = z.object({ orientation: z.enum(ORIENTATIONS, { message: 'Choose portrait or landscape' }).optional().default('portrait') });

const tradeProofRoutes = tradeApiRoutes<TradeProofDeps>((app, { tradeOrders, proofs, proofDecisions, appName }) => {
  app.get(
    '/api/v1/orders/:id/items/:itemId/proof',
    {
      schema: {
        summary: 'An item’s proof (PDF)',
        description: 'The current version by default, or `version`. 404 until the item has a proof that has been made.',
        params: itemParams,
        querystring: versionQuery,
        response: { 200: fileAnswer('application/pdf') },
      },
    },
    async (request, reply) => {
      const caller = tradeCaller(request);
      await tradeOrders.get(caller, request.params.id);
      return sendProof(reply, await proofs.customerProof(caller.user, request.params.id, request.params.itemId, request.query.version));
    },
  );

  app.post(
    '/api/v1/orders/:id/items/:itemId/proof/approve',
    {
      schema: {
        summary: 'Approve an item’s proof',
        description:
          'Name the `version` you looked at (an older one is a 409). Final for that version; once every proof of the order is approved it goes into production, its dispatch date counted from this approval.',
        params: itemParams,
        body: proofApproveSchema,
        response: { 200: tradeOrderSchema },
      },
    },
    async (request) => {
      const caller = tradeCaller(request);
      await tradeOrders.get(caller, request.params.id);
      await proofDecisions.approve(caller.user, request.params.id, request.params.itemId, request.body.version);
      return tradeOrders.get(caller, request.params.id);
    },
  );

  app.post(
    '/api/v1/orders/:id/items/:itemId/proof/changes',
    {
      schema: {
        summary: 'Ask for changes to an item’s proof',
        description:
          'Name the `version` you looked at and say what should change in `comment`; then send corrected artwork with `PUT …/artwork` if it is yours to change: its check makes the next version.',
        params: itemParams,
        body: proofChangesSchema,
        response: { 200: tradeOrderSchema },
      },
    },
    async (request) => {
      const caller = tradeCaller(request);
      await tradeOrders.get(caller, request.params.id);
      await proofDecisions.requestChanges(caller.user, request.params.id, request.params.itemId, request.body);
      return tradeOrders.get(caller, request.params.id);
    },
  );

  app.get(
    '/api/v1/products/:id/template.pdf',
    {
      schema: {
        summary: 'A product’s artwork template (PDF)',
        description: 'The page (trim plus bleed) with the trim, bleed and safe-area lines and the sizes written on it, portrait or landscape.',
        params: productParams,
        querystring: orientationQuery,
        response: { 200: fileAnswer('application/pdf') },
      },
    },
    async (request, reply) => {
      const template = await proofs.template(tradeCaller(request).user, request.params.id, request.query.orientation, appName);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(template.name))
        .send(await template.pdf());
    },
  );
});

export default tradeProofRoutes;
