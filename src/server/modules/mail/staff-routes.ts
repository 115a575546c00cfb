import { staffMailResendResponse, staffMailSchema } from '../../../shared/api/staff-mail';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { idParams } from '../../lib/rest-list';
import { staffResource } from '../../lib/staff-resource';

/** The outbox for staff at /api/admin/mail: list (status filter, search) and show; resend a message. */
const mailStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'outbox'>>((app, { db, outbox }) => {
  staffResource(app, db, 'mail', staffMailSchema, { list: outbox.list, get: outbox.findOne });

  app.post('/api/admin/mail/:id/resend', { schema: { params: idParams, response: { 200: staffMailResendResponse } } }, async (request) =>
    outbox.resend(request.params.id),
  );
});

export default mailStaffRoutes;
