import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  royalMailIdsSchema,
  royalMailOrderSchema,
  royalMailPushResultSchema,
  royalMailStatusSchema,
  trackingImportQuerySchema,
  trackingImportSchema,
  TRACKING_FILE_FIELD,
} from '../../../shared/api/staff-production';
import type { AppDeps } from '../../deps';
import { attachment } from '../../lib/attachment';
import { staffRoutes } from '../../lib/auth';
import { unprocessable } from '../../lib/domain-errors';
import { staffResource } from '../../lib/staff-resource';
import { fileAnswer } from '../../lib/zod';
import { uploadedFile } from '../../lib/openapi';

/** A tracking file is text: a day's dispatches are a few hundred kilobytes at most. */
const TRACKING_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** The tracking file of a request: a `text/csv` body, or the `file` part of a multipart form. */
async function trackingFile(request: FastifyRequest): Promise<string> {
  if (typeof request.body === 'string') return request.body;
  if (!request.isMultipart())
    throw unprocessable({ [TRACKING_FILE_FIELD]: `Send the CSV as text/csv, or as multipart/form-data in a field named "${TRACKING_FILE_FIELD}".` });
  const part = await request.file({ limits: { fileSize: TRACKING_FILE_MAX_BYTES, files: 1, fields: 5 }, throwFileSizeLimit: false }).catch(() => undefined);
  if (!part || part.fieldname !== TRACKING_FILE_FIELD) throw unprocessable({ [TRACKING_FILE_FIELD]: 'Choose the CSV file of tracking numbers.' });
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw unprocessable({ [TRACKING_FILE_FIELD]: 'A tracking file is at most 2 MB.' });
  return bytes.toString('utf8');
}

/**
 * The Royal Mail page's calls at /api/admin/royalmail (DESIGN §3): the Processing orders going by
 * Royal Mail, whether Click & Drop is set up, the order-import CSV, the push to Click & Drop's API,
 * and the tracking file. Registered where multipart bodies are read (the tracking file).
 */
const royalMailStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'royalMail'>>((app, { db, royalMail }) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: TRACKING_FILE_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get('/api/admin/royalmail/status', { schema: { response: { 200: royalMailStatusSchema } } }, async () => {
    return { push_enabled: royalMail.pushEnabled, waiting: await royalMail.waitingCount() };
  });

  staffResource(app, db, 'royalmail', royalMailOrderSchema, { list: royalMail.list, get: royalMail.findOne });

  app.post('/api/admin/royalmail/export', { schema: { body: royalMailIdsSchema, response: { 200: fileAnswer('text/csv') } } }, async (request, reply) => {
    const csv = await royalMail.exportCsv(request.body.ids);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(`click-and-drop-${new Date().toISOString().slice(0, 10)}.csv`))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(csv, 'utf8'));
  });

  app.post('/api/admin/royalmail/push', { schema: { body: royalMailIdsSchema, response: { 200: z.array(royalMailPushResultSchema) } } }, async (request) =>
    royalMail.push(request.body.ids),
  );

  const trackingUpload = {
    'text/csv': z.string().describe('The tracking export of Click & Drop'),
    'multipart/form-data': z.object({ [TRACKING_FILE_FIELD]: uploadedFile('The tracking export of Click & Drop (CSV), at most 2 MB') }),
  };
  app.post(
    '/api/admin/royalmail/tracking',
    { schema: { querystring: trackingImportQuerySchema, documentedBody: trackingUpload, response: { 200: trackingImportSchema } } },
    async (request) => royalMail.importTracking(await trackingFile(request), request.query.apply === '1'),
  );
});

export default royalMailStaffRoutes;
