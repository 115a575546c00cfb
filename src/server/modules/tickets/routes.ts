import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import {
  ticketCreateSchema,
  ticketFileQuerySchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketReplySchema,
  ticketSchema,
} from '../../../shared/api/tickets';
import type { AppDeps } from '../../deps';
import { requireUser, orderingWrites, signedInOnly } from '../../lib/auth';
import { byUser, limited, windowWords } from '../../lib/rate-limit';
import { fileBody, type ZodTypeProvider } from '../../lib/zod';
import { requireCustomerRole } from '../prices/service';
import { filesBody, messageBody, readFilesOnly, readMessage, sendTicketFile } from './message-routes';

const ticketParams = z.object({ id: idParam('No such ticket.') });
const fileParams = ticketParams.extend({ fileId: idParam('No such file.') });

function customerOf(request: FastifyRequest) {
  const { user } = requireUser(request);
  requireCustomerRole(user);
  return user;
}

/**
 * The customer's Resolution Centre at /api/tickets (DESIGN §3): their own tickets only — another
 * customer's ticket, message or file answers 404. Registered where multipart bodies are read.
 */
const ticketsRoutes: FastifyPluginAsync<Pick<AppDeps, 'tickets' | 'config' | 'artworkEngine'>> = async (fastify, { tickets, config, artworkEngine }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', signedInOnly);
  // Every change here orders: a viewer of the company may read, never change (403).
  app.addHook('onRequest', orderingWrites);

  // Per account: each new ticket and each message (a reply, files, a reopen) reaches the help desk
  // and its inbox, so one customer cannot flood them.
  const { tickets: ticketRule, ticketReplies: messageRule } = config.rateLimits;
  const opening = {
    preHandler: limited(fastify, {
      rule: ticketRule,
      name: 'tickets',
      key: byUser,
      message: (wait) =>
        `You can open ${ticketRule.max} tickets per ${windowWords(ticketRule.windowMs)}. Please wait ${wait} before opening another, or write on one of your open tickets.`,
    }),
  };
  const writing = {
    preHandler: limited(fastify, {
      rule: messageRule,
      name: 'ticket-messages',
      key: byUser,
      message: (wait) =>
        `You can send ${messageRule.max} messages per ${windowWords(messageRule.windowMs)} on your tickets. Please wait ${wait} before sending another.`,
    }),
  };

  app.get('/api/tickets', { schema: { querystring: ticketListQuerySchema, response: { 200: ticketListSchema } } }, async (request) => {
    return tickets.listFor(customerOf(request).id, request.query);
  });

  app.post(
    '/api/tickets',
    { schema: { documentedBody: messageBody(ticketCreateSchema), response: { 201: ticketSchema } }, ...opening },
    async (request, reply) => {
      const user = customerOf(request);
      const { input, files } = await readMessage(request, ticketCreateSchema, artworkEngine);
      return reply.status(201).send(await tickets.open(user.id, input, files));
    },
  );

  app.get('/api/tickets/:id', { schema: { params: ticketParams, response: { 200: ticketSchema } } }, async (request) => {
    return tickets.getFor(customerOf(request).id, request.params.id);
  });

  app.post(
    '/api/tickets/:id/replies',
    { schema: { params: ticketParams, documentedBody: messageBody(ticketReplySchema), response: { 200: ticketSchema } }, ...writing },
    async (request) => {
      const user = customerOf(request);
      const { input, files } = await readMessage(request, ticketReplySchema, artworkEngine);
      return tickets.present(await tickets.write(request.params.id, { actor: 'customer', userId: user.id }, user.id, input.body, files));
    },
  );

  app.post(
    '/api/tickets/:id/files',
    { schema: { params: ticketParams, documentedBody: filesBody, response: { 200: ticketSchema } }, ...writing },
    async (request) => {
      const user = customerOf(request);
      const files = await readFilesOnly(request, artworkEngine);
      return tickets.present(await tickets.write(request.params.id, { actor: 'customer', userId: user.id }, user.id, '', files));
    },
  );

  for (const [action, to] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    // A reopen is mailed to staff: it counts as a message.
    app.post(
      `/api/tickets/:id/${action}`,
      { schema: { params: ticketParams, response: { 200: ticketSchema } }, ...(action === 'reopen' ? writing : {}) },
      async (request) => {
        const user = customerOf(request);
        return tickets.present(await tickets.move(request.params.id, to, { actor: 'customer', userId: user.id }, user.id));
      },
    );
  }

  app.get(
    '/api/tickets/:id/files/:fileId',
    { schema: { params: fileParams, querystring: ticketFileQuerySchema, response: { 200: fileBody } } },
    async (request, reply) => sendTicketFile(reply, await tickets.file(request.params.id, request.params.fileId, request.query.size, customerOf(request).id)),
  );
};

export default ticketsRoutes;
