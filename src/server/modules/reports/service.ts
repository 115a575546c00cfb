import type { ReportAnswers, ReportQuery } from '../../../shared/api/staff-reports';
import { toCsv, type CsvCell } from '../../../shared/domain/csv';
import { OPEN_ORDER_STATUSES } from '../../../shared/domain/orders/overdue';
import { ORDER_STATUS_NAMES } from '../../../shared/domain/orders/statuses';
import { preflightCheckName } from '../../../shared/domain/orders/preflight-checks';
import type { ReportName } from '../../../shared/domain/reports/reports';
import type { Db } from '../../db/client';
import { onTimeRows, ordersRows, preflightRows, topCustomersRows, turnaroundRows, waitingRows } from './queries';

/** Pence as the pounds a spreadsheet sums: 123456 → "1234.56". */
const pounds = (pence: number) => (pence / 100).toFixed(2);
/** A share as a percentage with one decimal, empty when there was nothing to share out. */
const percent = (share: number | null) => (share === null ? '' : (Math.round(share * 1000) / 10).toFixed(1));

/** Each report's CSV: its headings, then a line per row of its answer (money in pounds, shares in per cent). */
const CSV_WRITERS: { [N in ReportName]: (answer: ReportAnswers[N]) => CsvCell[][] } = {
  orders: (a) => [['Period starting', 'Orders', 'Revenue (£, net)'], ...a.rows.map((r) => [r.period, r.orders, pounds(r.revenue)])],
  'on-time': (a) => [['Period starting', 'Dispatched', 'On time', 'On time (%)'], ...a.rows.map((r) => [r.period, r.dispatched, r.on_time, percent(r.share)])],
  preflight: (a) => [
    ['Period starting', 'Pass', 'Warn', 'Fail'],
    ...a.rows.map((r) => [r.period, r.pass, r.warn, r.fail]),
    ...(a.top_failure ? [[], ['Most common failing check', a.top_failure.name, a.top_failure.count]] : []),
  ],
  turnaround: (a) => [['Product', 'Orders dispatched', 'Average working days'], ...a.rows.map((r) => [r.product, r.orders, r.working_days.toFixed(1)])],
  'top-customers': (a) => [['Company', 'Orders', 'Revenue (£, net)'], ...a.rows.map((r) => [r.name, r.orders, pounds(r.revenue)])],
  waiting: (a) => [['Status', 'Orders'], ...a.rows.map((r) => [r.label, r.orders])],
};

/**
 * Staff reports (DESIGN §3 "Staff reports"): each report is one statement (queries.ts) shaped into
 * its answer here, and the same answer as CSV for a spreadsheet.
 */
export function reportsService({ db }: { db: Db }) {
  const range = (q: ReportQuery) => ({ from: q.from, to: q.to, group: q.group });
  const reports: { [N in ReportName]: (q: ReportQuery) => Promise<ReportAnswers[N]> } = {
    orders: async (q) => ({ range: range(q), rows: await ordersRows(db, q) }),
    'on-time': async (q) => ({ range: range(q), rows: await onTimeRows(db, q) }),
    preflight: async (q) => {
      const { rows, top } = await preflightRows(db, q);
      return { range: range(q), rows, top_failure: top && { code: top.code, name: preflightCheckName(top.code), count: top.count } };
    },
    turnaround: async (q) => ({ range: range(q), rows: await turnaroundRows(db, q) }),
    'top-customers': async (q) => ({ range: range(q), rows: await topCustomersRows(db, q) }),
    waiting: async () => {
      const counts = await waitingRows(db);
      return { rows: OPEN_ORDER_STATUSES.map((status) => ({ status, label: ORDER_STATUS_NAMES[status], orders: counts.get(status) ?? 0 })) };
    },
  };

  return {
    report<N extends ReportName>(name: N, query: ReportQuery): Promise<ReportAnswers[N]> {
      return reports[name](query);
    },
    /** The answer as CSV text (with a byte-order mark, so Excel reads `£` as UTF-8). */
    csv<N extends ReportName>(name: N, answer: ReportAnswers[N]): string {
      return toCsv(CSV_WRITERS[name](answer), { bom: true });
    },
    /** `orders-2025-03-01-to-2025-03-31.csv`; `waiting-2025-03-14.csv` for the state of a day. */
    fileName(name: ReportName, query: ReportQuery, today: string): string {
      return name === 'waiting' ? `${name}-${today}.csv` : `${name}-${query.from}-to-${query.to}.csv`;
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
