import { z } from 'zod';
import { ukToday } from '../domain/orders/overdue';
import { formatDate } from '../domain/calendar/workingDays';
import { MAX_REPORT_YEARS, REPORT_GROUPS, lastDayAllowed } from '../domain/reports/reports';
import { optionalDaySchema } from './common';

/**
 * Staff reports (DESIGN §3): `GET /api/admin/reports/{name}?from=&to=&group=day|week|month` answers
 * `{rows: [...]}`, and `GET /api/admin/reports/{name}.csv` the same rows as a file. The days are UK
 * civil dates, both included; left out, the range is this month so far (`to` today, `from` the first
 * of `to`'s month). `waiting` is the state now and reads no range.
 */

const GROUP_MESSAGE = `Group by one of: ${REPORT_GROUPS.join(', ')}`;

export const reportQuerySchema = z
  .object({
    from: optionalDaySchema('first'),
    to: optionalDaySchema('last'),
    group: z.enum(REPORT_GROUPS, { message: GROUP_MESSAGE }).optional(),
  })
  .transform((query, ctx) => {
    const to = query.to ?? ukToday();
    const from = query.from ?? `${to.slice(0, 7)}-01`;
    if (from > to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must be on or after the first day' });
      return z.NEVER;
    }
    const last = lastDayAllowed(from);
    if (to > last) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A report covers at most ${MAX_REPORT_YEARS} years: choose a last day on or before ${formatDate(last)}`,
      });
      return z.NEVER;
    }
    return { from, to, group: query.group ?? 'day' };
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

const day = z.string().describe('A UK civil date, YYYY-MM-DD');
const count = z.number().int().nonnegative();
const pence = z.number().int().describe('Pence, net of VAT');

/** The range a report covered, as the server settled it (defaults filled in). */
const rangeSchema = z.object({ from: day, to: day, group: z.enum(REPORT_GROUPS) });

/** Orders confirmed per bucket and their net value (the invoices' net: items and delivery, without VAT). Every bucket of the range has a row. */
export const ordersReportRowSchema = z.object({ period: day.describe('The first day of the bucket'), orders: count, revenue: pence });
export const ordersReportSchema = z.object({ range: rangeSchema, rows: z.array(ordersReportRowSchema) });

/** Orders dispatched per bucket, and how many of them left on or before their `dispatch_due` (`share`: 0–1, null for none). */
export const onTimeReportRowSchema = z.object({ period: day, dispatched: count, on_time: count, share: z.number().min(0).max(1).nullable() });
export const onTimeReportSchema = z.object({ range: rangeSchema, rows: z.array(onTimeReportRowSchema) });

/** Artwork checked per bucket (by the day it was uploaded), by the result of its preflight. */
export const preflightReportRowSchema = z.object({ period: day, pass: count, warn: count, fail: count });
/** The check that failed most often over the range: its code, its name and how many files it failed. */
export const topFailureSchema = z.object({ code: z.string(), name: z.string(), count: count }).nullable();
export const preflightReportSchema = z.object({ range: rangeSchema, rows: z.array(preflightReportRowSchema), top_failure: topFailureSchema });

/** Per product: orders dispatched in the range holding it, and the average working days from confirmation to dispatch. */
export const turnaroundReportRowSchema = z.object({ product_id: z.number().int(), product: z.string(), orders: count, working_days: z.number() });
export const turnaroundReportSchema = z.object({ range: rangeSchema, rows: z.array(turnaroundReportRowSchema) });

/**
 * The customers' companies with the most net revenue from orders confirmed in the range, best first:
 * the company's name, or its owner's when it has none.
 */
export const topCustomersReportRowSchema = z.object({ company_id: z.number().int(), name: z.string(), orders: count, revenue: pence });
export const topCustomersReportSchema = z.object({ range: rangeSchema, rows: z.array(topCustomersReportRowSchema) });

/** Open orders per status now (every open status has a row). */
export const waitingReportRowSchema = z.object({ status: z.string(), label: z.string(), orders: count });
export const waitingReportSchema = z.object({ rows: z.array(waitingReportRowSchema) });

export type OrdersReport = z.infer<typeof ordersReportSchema>;
export type OnTimeReport = z.infer<typeof onTimeReportSchema>;
export type PreflightReportSummary = z.infer<typeof preflightReportSchema>;
export type TurnaroundReport = z.infer<typeof turnaroundReportSchema>;
export type TopCustomersReport = z.infer<typeof topCustomersReportSchema>;
export type WaitingReport = z.infer<typeof waitingReportSchema>;

/** Each report's answer, by name. */
export interface ReportAnswers {
  orders: OrdersReport;
  'on-time': OnTimeReport;
  preflight: PreflightReportSummary;
  turnaround: TurnaroundReport;
  'top-customers': TopCustomersReport;
  waiting: WaitingReport;
}
