import { z } from 'zod';
import { idParam } from '../../../shared/api/common';
import { tradeInvoiceListSchema, tradeInvoiceSchema, tradePageQuerySchema } from '../../../shared/api/trade-catalogue';
import { notFound } from '../../lib/domain-errors';
import { tradeApiRoutes, tradeCaller } from '../../lib/trade-api';
import { fileAnswer } from '../../lib/zod';
import { sendPdf } from '../invoices/routes';
import type { InvoicesService } from '../invoices/service';

const invoiceParams = z.object({ id: idParam('No such invoice.') });

const SANDBOX_NOTE = 'A test key sees no invoice: sandbox orders are never invoiced.';

/** `GET /api/v1/invoices`, one invoice and its PDF: the account's own, for a live key. */
const tradeInvoiceRoutes = tradeApiRoutes<{ invoices: InvoicesService }>((app, { invoices }) => {
  app.get(
    '/api/v1/invoices',
    {
      schema: {
        summary: 'Your invoices',
        description: `Your account’s invoices, newest first, a page at a time: pass the \`next_cursor\` of a page as \`after\` for the next, until it is null. Each says its due date, what has been paid and what is left, and its state. An invoice is raised when its order is dispatched. ${SANDBOX_NOTE}`,
        querystring: tradePageQuerySchema,
        response: { 200: tradeInvoiceListSchema },
      },
    },
    async (request) => {
      const { user, mode } = tradeCaller(request);
      if (mode === 'test') return { data: [], next_cursor: null };
      const { data, next } = await invoices.pageFor(user.id, request.query);
      return { data, next_cursor: next };
    },
  );

  app.get(
    '/api/v1/invoices/:id',
    {
      schema: {
        summary: 'An invoice',
        description: `One of your invoices, with its due date, state and balance. Another account’s invoice is 404. ${SANDBOX_NOTE}`,
        params: invoiceParams,
        response: { 200: tradeInvoiceSchema },
      },
    },
    async (request) => {
      const { user, mode } = tradeCaller(request);
      if (mode === 'test') throw notFound('No such invoice: a test key sees no invoice.');
      return invoices.getFor(user.id, request.params.id);
    },
  );

  app.get(
    '/api/v1/invoices/:id/pdf',
    {
      schema: {
        summary: 'An invoice as a PDF',
        description: `The invoice as the PDF we send (application/pdf, as an attachment). Another account’s invoice is 404. ${SANDBOX_NOTE}`,
        params: invoiceParams,
        response: { 200: fileAnswer('application/pdf') },
      },
    },
    async (request, reply) => {
      const { user, mode } = tradeCaller(request);
      if (mode === 'test') throw notFound('No such invoice: a test key sees no invoice.');
      return sendPdf(reply, await invoices.pdfFor(user.id, request.params.id));
    },
  );
});

export default tradeInvoiceRoutes;
