import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { adminUserCreateSchema, adminUserUpdateSchema, LOGO_FIELD, LOGO_MAX_BYTES } from '../../../shared/api/admin-users';
import type { AppDeps } from '../../deps';
import { requireAdmin, staffOnly } from '../../lib/auth';
import { unprocessable } from '../../lib/errors';
import { appFileStore } from '../../lib/files';
import { restResource } from '../../lib/rest-list';
import { passwordResetService } from '../accounts/password-resets';
import { accountsService } from '../accounts/service';
import { adminUsersService, usersListSpec } from './service';

const idParams = z.object({ id: z.coerce.number({ message: 'Not a user id' }).int('Not a user id').positive('Not a user id').max(2 ** 31 - 1, 'Not a user id') });
const LOGO_MB = LOGO_MAX_BYTES / 1024 / 1024;

/** The one uploaded file of a logo request, whole, or a 422 that says what is wrong with it. */
async function uploadedLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unprocessable({ [LOGO_FIELD]: `Send the image as multipart/form-data in a field named "${LOGO_FIELD}".` });
  const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 }, throwFileSizeLimit: false }).catch(() => undefined);
  if (!part || part.fieldname !== LOGO_FIELD) throw unprocessable({ [LOGO_FIELD]: 'Choose an image file to upload.' });
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw unprocessable({ [LOGO_FIELD]: `The logo must be at most ${LOGO_MB} MB.` });
  if (bytes.length === 0) throw unprocessable({ [LOGO_FIELD]: 'This file is empty.' });
  return bytes;
}

/** Staff CRUD of users at /api/admin/users (DESIGN §3), plus the logo of each account. */
const usersAdmin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // onRequest, not preHandler: a visitor is told 401 before anything about the request is judged.
  app.addHook('onRequest', staffOnly);
  await app.register(multipart);

  const appInfo = { appUrl: deps.config.appUrl, appName: deps.config.appName };
  const accounts = accountsService({ ...deps, ...appInfo });
  const resets = passwordResetService({ db: deps.db, accounts, mailer: deps.mailer, ...appInfo });
  const service = adminUsersService({ db: deps.db, resets, files: appFileStore(deps.config) });

  restResource(app, {
    name: 'users',
    list: usersListSpec,
    findMany: service.findMany,
    findOne: service.findOne,
    create: { schema: adminUserCreateSchema, run: (input) => service.create(input) },
    update: { schema: adminUserUpdateSchema, run: (id, input, request) => service.update(id, input, requireAdmin(request).user) },
    remove: (id, request) => service.softDelete(id, requireAdmin(request).user),
  });

  app.post('/api/admin/users/:id/logo', { schema: { params: idParams } }, async (request) => {
    const { id } = request.params as z.output<typeof idParams>;
    return service.setLogo(id, await uploadedLogo(request));
  });

  app.delete('/api/admin/users/:id/logo', { schema: { params: idParams } }, async (request) => {
    const { id } = request.params as z.output<typeof idParams>;
    return service.removeLogo(id);
  });
};

export default usersAdmin;
