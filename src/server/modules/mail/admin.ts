import { adminMailResendResponse, adminMailSchema } from '../../../shared/api/admin-mail';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { idParams, restResource } from '../../lib/rest-list';

/** The outbox for staff at /api/admin/mail: list (status filter, search) and show; resend a message. */
const mailAdmin = staffRoutes<AppDeps>((app, { db, outbox }) => {
  restResource(app, db, { name: 'mail', record: adminMailSchema, list: outbox.list, findOne: outbox.findOne });

  app.post('/api/admin/mail/:id/resend', { schema: { params: idParams, response: { 200: adminMailResendResponse } } }, async (request) =>
    outbox.resend(request.params.id),
  );
});

export default mailAdmin;
