import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { batchRunSchema, batchSchema, batchSummarySchema, batchWaitingSchema, downloadLinkSchema } from '../../../shared/api/staff-production';
import type { AppDeps } from '../../deps';
import { attachment } from '../../lib/attachment';
import { requireAdmin, staffRoutes } from '../../lib/auth';
import { downloadAllowed, signDownload } from '../../lib/download-links';
import { NotAllowed } from '../../lib/domain-errors';
import { idParams } from '../../lib/rest-list';
import { staffResource } from '../../lib/staff-resource';
import { fileAnswer, type ZodTypeProvider } from '../../lib/zod';
import { anyone } from '../../lib/openapi';
import { apiErrorSchema } from '../../../shared/api/errors';
import { sendPdf } from '../invoices/routes';
import { staffDeliveryNote } from './delivery-note';

const signedQuery = z.object({
  expires: z
    .string()
    .regex(/^\d{1,12}$/, 'Not a download link')
    .transform(Number),
  signature: z.string().max(100, 'Not a download link'),
});

function sendZip(reply: FastifyReply, zip: { body: Readable; size: number; name: string }) {
  return reply
    .type('application/zip')
    .header('content-length', zip.size)
    .header('content-disposition', attachment(zip.name))
    .header('cache-control', 'private, no-store')
    .send(zip.body);
}

/** A batch's ZIP by a signed one-minute link the browser follows itself: the link is the credential (one file, one minute), no session is asked for. */
export const batchDownloads: FastifyPluginAsync<Pick<AppDeps, 'batches' | 'appKey'>> = async (fastify, { batches, appKey }) => {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/downloads/batches/:id',
      { schema: { security: anyone, params: idParams, querystring: signedQuery, response: { 200: fileAnswer('application/zip'), 403: apiErrorSchema } } },
      async (request, reply) => {
        const { expires, signature } = request.query;
        if (!downloadAllowed(appKey, `batch:${request.params.id}`, expires, signature)) {
          throw new NotAllowed('This download link has expired: download the ZIP again from the batch page.');
        }
        return sendZip(reply, await batches.zip(request.params.id));
      },
    );
};

/**
 * Production batches at /api/admin/batches (DESIGN §3): the list and one batch with its items
 * (read-only records: a batch is made by a run, never typed), what the next run would take, a run,
 * and the batch's ZIP — by Bearer, or by a signed one-minute link (`batchDownloads`) the browser follows itself.
 */
const batchesStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'batches' | 'appKey' | 'files'>>((app, { db, batches, appKey, files }) => {
  app.get('/api/admin/batches/waiting', { schema: { response: { 200: batchWaitingSchema } } }, async () => {
    return batches.waiting();
  });

  app.post('/api/admin/batches/run', { schema: { body: batchRunSchema, response: { 201: batchSummarySchema } } }, async (request, reply) =>
    reply.status(201).send(await batches.run(request.body, requireAdmin(request).user)),
  );

  staffResource(app, db, 'batches', z.union([batchSchema, batchSummarySchema]), { list: batches.list, get: batches.get });

  app.get('/api/admin/batches/:id/zip', { schema: { params: idParams, response: { 200: fileAnswer('application/zip') } } }, async (request, reply) =>
    sendZip(reply, await batches.zip(request.params.id)),
  );

  app.post('/api/admin/batches/:id/download', { schema: { params: idParams, response: { 200: downloadLinkSchema } } }, async (request) => {
    const { id } = request.params;
    // 404 or 409 now, rather than when the browser follows the link.
    (await batches.zip(id)).body.destroy();
    const { query, expiresAt } = signDownload(appKey, `batch:${id}`);
    return { url: `/api/downloads/batches/${id}?${query}`, expires_at: expiresAt.toISOString() };
  });

  // A blind order's delivery note, as the batch ZIP carries it: printed from the staff order and Royal Mail pages (409 for an order not sent blind).
  app.get(
    '/api/admin/orders/:id/delivery-note.pdf',
    { schema: { params: idParams, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) => sendPdf(reply, await staffDeliveryNote(db, files, request.params.id)),
  );
});

export default batchesStaffRoutes;
