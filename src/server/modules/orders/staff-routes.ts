import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  staffBulkMoveSchema,
  staffOrderCountsSchema,
  staffOrderMoveSchema,
  staffOrderSchema,
  staffOrderUpdateSchema,
  bulkMoveResultSchema,
  creditReleaseAnswerSchema,
  staffCreditReleaseSchema,
} from '../../../shared/api/staff-orders';
import { idParam } from '../../../shared/api/common';
import { previewQuerySchema } from '../../../shared/api/orders';
import type { AppDeps } from '../../deps';
import { requireAdmin, staffRoutes } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/rest-list';
import { staffResource } from '../../lib/staff-resource';
import { fileAnswer } from '../../lib/zod';
import { sendArtwork, sendPreview } from '../artwork/file-routes';
import { releaseCreditHold } from './credit-release';

const itemParams = z.object({ id: idParam('No such order.'), itemId: idParam('No such item.') });

/**
 * Staff orders at /api/admin/orders (DESIGN §3): the list (status, search, customer, dates,
 * overdue) with its counts per status, one order with its history, notes and tracking, every staff
 * move of the transition table (one order at its version, or many at once), and the items' files.
 */
const ordersStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'staffOrders' | 'files'>>((app, { db, staffOrders, files }) => {
  const one = { params: idParams, response: { 200: staffOrderSchema } };

  // Declared before the resource's `/:id` routes for readability; find-my-way prefers static paths anyway.
  app.get(
    '/api/admin/orders/counts',
    { schema: { querystring: listQuerystring.pick({ filter: true }), response: { 200: staffOrderCountsSchema } } },
    async (request) => {
      return staffOrders.counts(request.query);
    },
  );

  app.post('/api/admin/orders/status', { schema: { body: staffBulkMoveSchema, response: { 200: z.array(bulkMoveResultSchema) } } }, async (request) =>
    staffOrders.bulkMove(request.body, requireAdmin(request).user),
  );

  staffResource(app, db, 'orders', staffOrders.recordSchema, { list: staffOrders.list, get: staffOrders.get });

  app.put('/api/admin/orders/:id', { schema: { ...one, body: staffOrderUpdateSchema } }, async (request) =>
    staffOrders.update(request.params.id, request.body),
  );

  app.post('/api/admin/orders/:id/status', { schema: { ...one, body: staffOrderMoveSchema } }, async (request) =>
    staffOrders.move(request.params.id, request.body, requireAdmin(request).user),
  );

  app.post(
    '/api/admin/orders/:id/credit-release',
    { schema: { params: idParams, body: staffCreditReleaseSchema, response: { 200: creditReleaseAnswerSchema } } },
    async (request) => releaseCreditHold(db, request.params.id, request.body, requireAdmin(request).user),
  );

  app.get(
    '/api/admin/orders/:id/items/:itemId/artwork',
    { schema: { params: itemParams, response: { 200: fileAnswer('application/pdf') } } },
    async (request, reply) => sendArtwork(reply, files, await staffOrders.item(request.params.id, request.params.itemId)),
  );

  app.get(
    '/api/admin/orders/:id/items/:itemId/preview',
    { schema: { params: itemParams, querystring: previewQuerySchema, response: { 200: fileAnswer('image/png') } } },
    async (request, reply) =>
      // Untyped: a 304 has no body for the response schema to describe.
      sendPreview(request, reply as FastifyReply, files, await staffOrders.item(request.params.id, request.params.itemId), request.query.page),
  );
});

export default ordersStaffRoutes;
