import type { FastifyRequest } from 'fastify';
import { adminUserCreateSchema, adminUserSchema, adminUserUpdateSchema, LOGO_FIELD, LOGO_MAX_BYTES } from '../../../shared/api/admin-users';
import type { AppDeps } from '../../deps';
import { requireAdmin, staffRoutes } from '../../lib/auth';
import { unprocessable } from '../../lib/domain-errors';
import { idParams, restResource } from '../../lib/rest-list';
import { uploadedFile } from '../../lib/openapi';
import { z } from 'zod';

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
const usersAdmin = staffRoutes<AppDeps>((app, { db, users }) => {
  restResource(app, db, {
    name: 'users',
    record: adminUserSchema,
    list: users.list,
    findOne: users.findOne,
    create: { schema: adminUserCreateSchema, run: (input) => users.create(input) },
    update: { schema: adminUserUpdateSchema, run: (id, input, version, request) => users.update(id, input, version, requireAdmin(request).user) },
    remove: (id, version, request) => users.softDelete(id, version, requireAdmin(request).user),
  });

  const logo = { params: idParams, response: { 200: adminUserSchema } };
  const logoUpload = { 'multipart/form-data': z.object({ [LOGO_FIELD]: uploadedFile(`The logo: a PNG or JPEG image of at most ${LOGO_MB} MB`) }) };
  app.post('/api/admin/users/:id/logo', { schema: { ...logo, documentedBody: logoUpload } }, async (request) =>
    users.setLogo(request.params.id, await uploadedLogo(request)),
  );
  app.delete('/api/admin/users/:id/logo', { schema: logo }, async (request) => users.removeLogo(request.params.id));
});

export default usersAdmin;
