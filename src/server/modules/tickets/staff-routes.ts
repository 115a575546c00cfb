import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { staffTicketSchema, staffTicketSummarySchema, ticketCountsSchema, ticketFileQuerySchema, ticketReplySchema } from '../../../shared/api/tickets';
import type { AppDeps } from '../../deps';
import { requireAdmin, staffRoutes } from '../../lib/auth';
import { listQuerystring } from '../../lib/rest-list';
import { staffResource } from '../../lib/staff-resource';
import { fileBody } from '../../lib/zod';
import { filesBody, messageBody, readFilesOnly, readMessage, sendTicketFile } from './message-routes';

const ticketParams = z.object({ id: idParam('No such ticket.') });
const fileParams = ticketParams.extend({ fileId: idParam('No such file.') });

/**
 * Staff tickets at /api/admin/tickets (DESIGN §3): the list (status, q, user_id, order_id) with its
 * tab counts, one ticket with its thread, and replies, files, close and reopen. Registered where
 * multipart bodies are read.
 */
const ticketsStaffRoutes = staffRoutes<Pick<AppDeps, 'db' | 'tickets' | 'artworkEngine'>>((app, { db, tickets, artworkEngine }) => {
  app.get(
    '/api/admin/tickets/counts',
    { schema: { querystring: listQuerystring.pick({ filter: true }), response: { 200: ticketCountsSchema } } },
    async (request) => {
      return tickets.counts(request.query);
    },
  );

  // One ticket answers its thread; a list row its summary.
  staffResource(app, db, 'tickets', z.union([staffTicketSchema, staffTicketSummarySchema]), { list: tickets.list, get: tickets.get });

  app.post(
    '/api/admin/tickets/:id/replies',
    { schema: { params: ticketParams, documentedBody: messageBody(ticketReplySchema), response: { 200: staffTicketSchema } } },
    async (request) => {
      const { user } = requireAdmin(request);
      const { input, files } = await readMessage(request, ticketReplySchema, artworkEngine);
      return tickets.presentForStaff(await tickets.write(request.params.id, { actor: 'staff', userId: user.id }, null, input.body, files));
    },
  );

  app.post(
    '/api/admin/tickets/:id/files',
    { schema: { params: ticketParams, documentedBody: filesBody, response: { 200: staffTicketSchema } } },
    async (request) => {
      const { user } = requireAdmin(request);
      const files = await readFilesOnly(request, artworkEngine);
      return tickets.presentForStaff(await tickets.write(request.params.id, { actor: 'staff', userId: user.id }, null, '', files));
    },
  );

  for (const [action, to] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    app.post(`/api/admin/tickets/:id/${action}`, { schema: { params: ticketParams, response: { 200: staffTicketSchema } } }, async (request) => {
      const { user } = requireAdmin(request);
      return tickets.presentForStaff(await tickets.move(request.params.id, to, { actor: 'staff', userId: user.id }, null));
    });
  }

  app.get(
    '/api/admin/tickets/:id/files/:fileId',
    { schema: { params: fileParams, querystring: ticketFileQuerySchema, response: { 200: fileBody } } },
    async (request, reply) => sendTicketFile(reply, await tickets.file(request.params.id, request.params.fileId, request.query.size, null)),
  );
});

export default ticketsStaffRoutes;
