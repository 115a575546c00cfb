import type { FastifyReply } from 'fastify';
import { accountsPeriodSchema, vatSummarySchema, type AccountsPeriod, type AccountsPeriodQuery } from '../../../shared/api/staff-accounts';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { monthOf } from '../../../shared/domain/payments/statement';
import type { AppDeps } from '../../deps';
import { attachment } from '../../lib/attachment';
import { staffRoutes } from '../../lib/auth';
import { fileAnswer } from '../../lib/zod';
import { accountsExportsService } from './exports';

/** The period asked for, or — neither end given — this UK calendar month. */
const periodOf = ({ from, to }: AccountsPeriodQuery): AccountsPeriod => (from && to ? { from, to } : monthOf(ukToday()));

function sendCsv(reply: FastifyReply, name: string, period: AccountsPeriod, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(`${name}-${period.from}-${period.to}.csv`))
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(csv, 'utf8'));
}

/**
 * The accountant's exports of a period at /api/admin/exports (DESIGN §2 Exports): the invoices as
 * Xero's sales-invoice import, the payments, and the VAT summary (boxes 1 and 6).
 */
const accountsStaffRoutes = staffRoutes<Pick<AppDeps, 'db'>>((app, { db }) => {
  const exports = accountsExportsService({ db });

  app.get(
    '/api/admin/exports/xero-invoices.csv',
    { schema: { querystring: accountsPeriodSchema, response: { 200: fileAnswer('text/csv') } } },
    async (request, reply) => {
      const period = periodOf(request.query);
      return sendCsv(reply, 'xero-invoices', period, await exports.xeroInvoicesCsv(period));
    },
  );

  app.get(
    '/api/admin/exports/payments.csv',
    { schema: { querystring: accountsPeriodSchema, response: { 200: fileAnswer('text/csv') } } },
    async (request, reply) => {
      const period = periodOf(request.query);
      return sendCsv(reply, 'payments', period, await exports.paymentsCsv(period));
    },
  );

  app.get('/api/admin/exports/vat-summary', { schema: { querystring: accountsPeriodSchema, response: { 200: vatSummarySchema } } }, async (request) =>
    exports.vatSummary(periodOf(request.query)),
  );
});

export default accountsStaffRoutes;
