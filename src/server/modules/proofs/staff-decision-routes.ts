import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { staffOrderSchema, staffProofApproveSchema } from '../../../shared/api/staff-orders';
import type { AppDeps } from '../../deps';
import { requireAdmin, staffRoutes } from '../../lib/auth';
import { notFound } from '../../lib/domain-errors';

const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });

/**
 * Staff approve a proof for the customer, who said so by phone (DESIGN §3 "Proofs"): at the version
 * they saw (409 when stale), recorded as staff's decision on the customer's behalf with their note.
 * Answers the order as staff see it.
 */
const proofDecisionStaffRoutes = staffRoutes<Pick<AppDeps, 'proofDecisions' | 'staffOrders'>>((app, { proofDecisions, staffOrders }) => {
  app.post(
    '/api/admin/orders/:id/items/:itemId/proof/approve',
    { schema: { params: itemParams, body: staffProofApproveSchema, response: { 200: staffOrderSchema } } },
    async (request) => {
      await proofDecisions.approveForCustomer(requireAdmin(request).user, request.params.id, request.params.itemId, request.body);
      const order = await staffOrders.get(request.params.id);
      if (!order) throw notFound(`No such order: ${request.params.id}.`);
      return order;
    },
  );
});

export default proofDecisionStaffRoutes;
