import { staffPaymentCreateSchema, staffPaymentSchema } from '../../../shared/api/staff-payments';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { staffResource } from '../../lib/staff-resource';
import { staffCreditSchema } from '../../../shared/api/staff-orders';
import { idParams } from '../../lib/rest-list';
import { staffCredit } from './credit';

/**
 * Payments for staff at /api/admin/payments (DESIGN §3 `payments`): the list (filter user_id,
 * method, received_on; search the reference) with what each paid and what is left as credit, one
 * payment, and recording one with its allocations.
 */
const paymentsStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'staffPayments'>>((app, { db, staffPayments }) => {
  staffResource(app, db, 'payments', staffPaymentSchema, staffPayments, { create: staffPaymentCreateSchema });

  // The customer's credit position for their page: balance, limit, and why their orders on account are held.
  app.get('/api/admin/users/:id/credit', { schema: { params: idParams, response: { 200: staffCreditSchema } } }, async (request) =>
    staffCredit(db, request.params.id),
  );
});

export default paymentsStaffRoutes;
