import type { z } from 'zod';
import {
  onTimeReportSchema,
  ordersReportSchema,
  preflightReportSchema,
  reportQuerySchema,
  type ReportQuery,
  topCustomersReportSchema,
  turnaroundReportSchema,
  waitingReportSchema,
} from '../../../shared/api/staff-reports';
import { ukToday } from '../../../shared/domain/orders/overdue';
import { REPORT_NAMES, REPORT_TITLES, type ReportName } from '../../../shared/domain/reports/reports';
import type { AppDeps } from '../../deps';
import { attachment } from '../../lib/attachment';
import { staffRoutes } from '../../lib/auth';
import { fileAnswer } from '../../lib/zod';

/** Each report's answer, as the OpenAPI document shows it. */
const ANSWERS: Record<ReportName, z.ZodType> = {
  orders: ordersReportSchema,
  'on-time': onTimeReportSchema,
  preflight: preflightReportSchema,
  turnaround: turnaroundReportSchema,
  'top-customers': topCustomersReportSchema,
  waiting: waitingReportSchema,
};

/**
 * Staff reports (DESIGN §3): `GET /api/admin/reports/{name}` for each report, and its CSV beside it
 * at `/api/admin/reports/{name}.csv` (the same query; a download named for the range). A route per
 * report rather than one with a `:name` parameter: each has its own answer in the API's document.
 */
/** The query as the schema settled it; `waiting` reads none (the state now), and gets the default range. */
const queryOf = (query: unknown): ReportQuery =>
  query && typeof query === 'object' && 'group' in query ? (query as ReportQuery) : reportQuerySchema.parse({});

const reportsStaffRoutes = staffRoutes<Pick<AppDeps, 'reports'>>((app, { reports }) => {
  for (const name of REPORT_NAMES) {
    const ranged = name !== 'waiting';
    const about = ranged
      ? `${REPORT_TITLES[name]} from–to (UK days, both included; this month so far by default), grouped by day, week or month`
      : REPORT_TITLES[name];
    app.get(
      `/api/admin/reports/${name}`,
      { schema: { summary: about, ...(ranged ? { querystring: reportQuerySchema } : {}), response: { 200: ANSWERS[name] } } },
      async (request) => reports.report(name, queryOf(request.query)),
    );
    app.get(
      `/api/admin/reports/${name}.csv`,
      { schema: { summary: `${about}, as CSV`, ...(ranged ? { querystring: reportQuerySchema } : {}), response: { 200: fileAnswer('text/csv') } } },
      async (request, reply) => {
        const query = queryOf(request.query);
        const answer = await reports.report(name, query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(reports.fileName(name, query, ukToday())))
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(reports.csv(name, answer), 'utf8'));
      },
    );
  }
});

export default reportsStaffRoutes;
