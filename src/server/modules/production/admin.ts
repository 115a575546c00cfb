import type { FastifyPluginAsync } from 'fastify';
import { batchRunSchema, batchSchema, batchSummarySchema, batchWaitingSchema } from '../../../shared/api/admin-production';
import type { AppDeps } from '../../deps';
import { requireAdmin, staffOnly } from '../../lib/auth';
import { idParams, restResource } from '../../lib/rest-list';
import { attachment } from '../../lib/attachment';
import { fileBody, type ZodTypeProvider } from '../../lib/zod';
import { z } from 'zod';

/**
 * Production batches at /api/admin/batches (DESIGN §3): the list and one batch with its items
 * (read-only records: a batch is made by a run, never typed), what the next run would take, a run,
 * and the batch's ZIP.
 */
const batchesAdmin: FastifyPluginAsync<AppDeps> = async (fastify, { db, batches }) => {
  fastify.addHook('onRequest', staffOnly);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/batches/waiting', { schema: { response: { 200: batchWaitingSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return batches.waiting();
  });

  app.post('/api/admin/batches/run', { schema: { body: batchRunSchema, response: { 201: batchSummarySchema } } }, async (request, reply) =>
    reply.status(201).send(await batches.run(request.body, requireAdmin(request).user)),
  );

  restResource(app, db, { name: 'batches', record: z.union([batchSchema, batchSummarySchema]), list: batches.list, findOne: batches.get });

  app.get('/api/admin/batches/:id/zip', { schema: { params: idParams, response: { 200: fileBody } } }, async (request, reply) => {
    const zip = await batches.zip(request.params.id);
    return reply
      .type('application/zip')
      .header('content-length', zip.size)
      .header('content-disposition', attachment(zip.name))
      .header('cache-control', 'private, no-cache')
      .send(zip.body);
  });
};

export default batchesAdmin;
