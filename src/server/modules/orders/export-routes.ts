import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { downloadLinkSchema } from '../../../shared/api/staff-production';
import { ordersExportSchema, signedOrdersExportSchema, type OrdersExportFilters } from '../../../shared/api/staff-exports';
import type { AppDeps } from '../../deps';
import { attachment } from '../../lib/attachment';
import { staffRoutes } from '../../lib/auth';
import { downloadAllowed, signDownload } from '../../lib/download-links';
import { NotAllowed, notFound } from '../../lib/domain-errors';
import { idParams } from '../../lib/rest-list';
import { fileAnswer, type ZodTypeProvider } from '../../lib/zod';
import { anyone } from '../../lib/openapi';
import { apiErrorSchema } from '../../../shared/api/errors';
import { XLSX_TYPE, type ExportCustomer, type OrdersExportService } from './export';

/** What a link signs: the user and every filter, so that none can be changed without a new link. */
const subjectOf = (userId: number, f: OrdersExportFilters) => `orders-xlsx:${userId}:${f.dispatched ? 1 : 0}:${f.from ?? ''}:${f.to ?? ''}`;

/** The link's query: the filters as they were asked for, in one spelling. */
function filterQuery(f: OrdersExportFilters): string {
  const query = new URLSearchParams({ dispatched: f.dispatched ? '1' : '0' });
  if (f.from) query.set('from', f.from);
  if (f.to) query.set('to', f.to);
  return query.toString();
}

async function customerOr404(ordersExport: OrdersExportService, id: number): Promise<ExportCustomer> {
  const who = await ordersExport.customer(id);
  if (!who) throw notFound(`No such user: ${id}.`);
  return who;
}

function sendXlsx(ordersExport: OrdersExportService, request: FastifyRequest, reply: FastifyReply, who: ExportCustomer, filters: OrdersExportFilters) {
  const body = new PassThrough();
  ordersExport.write(who.id, filters, body).then(
    () => undefined,
    (error: unknown) => {
      // Headers are gone already: the download breaks, rather than end as a short file that looks whole.
      request.log.error({ err: error }, 'orders spreadsheet failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', attachment(ordersExport.fileName(who, filters)))
    .header('cache-control', 'private, no-store')
    .send(body);
}

type OrdersExportDeps = Pick<AppDeps, 'ordersExport' | 'appKey'>;

/**
 * A customer's orders as a spreadsheet by a signed one-minute link (made by `ordersExportStaffRoutes`)
 * that the browser follows itself: the link is the credential (one customer, these filters, one
 * minute), no session is asked for.
 */
export const ordersExportDownloads: FastifyPluginAsync<OrdersExportDeps> = async (fastify, { ordersExport, appKey }) => {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/downloads/orders-xlsx/:id',
      { schema: { security: anyone, params: idParams, querystring: signedOrdersExportSchema, response: { 200: fileAnswer(XLSX_TYPE), 403: apiErrorSchema } } },
      async (request, reply) => {
        const { expires, signature, ...filters } = request.query;
        if (!downloadAllowed(appKey, subjectOf(request.params.id, filters), expires, signature)) {
          throw new NotAllowed('This download link has expired: export the orders again from the customer’s Orders tab.');
        }
        return sendXlsx(ordersExport, request, reply, await customerOr404(ordersExport, request.params.id), filters);
      },
    );
};

/**
 * A customer's orders as a spreadsheet (DESIGN §3): `GET /api/admin/users/{id}/orders.xlsx` by
 * Bearer, or by a signed one-minute link that the browser follows itself (it saves the file with
 * its own progress; the API takes no cookie). The file is streamed as it is written.
 */
const ordersExportStaffRoutes = staffRoutes<OrdersExportDeps>((app, { ordersExport, appKey }) => {
  app.get(
    '/api/admin/users/:id/orders.xlsx',
    { schema: { params: idParams, querystring: ordersExportSchema, response: { 200: fileAnswer(XLSX_TYPE) } } },
    async (request, reply) => sendXlsx(ordersExport, request, reply, await customerOr404(ordersExport, request.params.id), request.query),
  );

  app.post(
    '/api/admin/users/:id/orders-export',
    { schema: { params: idParams, body: ordersExportSchema, response: { 200: downloadLinkSchema } } },
    async (request) => {
      const { id } = request.params;
      // 404 now, rather than when the browser follows the link.
      await customerOr404(ordersExport, id);
      const { query, expiresAt } = signDownload(appKey, subjectOf(id, request.body));
      return { url: `/api/downloads/orders-xlsx/${id}?${filterQuery(request.body)}&${query}`, expires_at: expiresAt.toISOString() };
    },
  );
});

export default ordersExportStaffRoutes;
