import type { FastifyRequest } from 'fastify';
import { staffUserCreateSchema, staffUserSchema, staffUserUpdateSchema, LOGO_FIELD, LOGO_MAX_BYTES } from '../../../shared/api/staff-users';
import type { AppDeps } from '../../deps';
import { staffRoutes } from '../../lib/auth';
import { unprocessable } from '../../lib/domain-errors';
import { idParams } from '../../lib/rest-list';
import { staffResource } from '../../lib/staff-resource';
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
const usersStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'users'>>((app, { db, users }) => {
  staffResource(
    app,
    db,
    'users',
    staffUserSchema,
    {
      list: users.list,
      get: users.findOne,
      create: (input) => users.create(input),
      update: (id, input, version, staff) => users.update(id, input, version, staff),
      remove: (id, version, staff) => users.softDelete(id, version, staff),
    },
    { create: staffUserCreateSchema, update: staffUserUpdateSchema, remove: true },
  );

  const logo = { params: idParams, response: { 200: staffUserSchema } };
  const logoUpload = { 'multipart/form-data': z.object({ [LOGO_FIELD]: uploadedFile(`The logo: a PNG or JPEG image of at most ${LOGO_MB} MB`) }) };
  app.post('/api/admin/users/:id/logo', { schema: { ...logo, documentedBody: logoUpload } }, async (request) =>
    users.setLogo(request.params.id, await uploadedLogo(request)),
  );
  app.delete('/api/admin/users/:id/logo', { schema: logo }, async (request) => users.removeLogo(request.params.id));
});

export default usersStaffRoutes;
