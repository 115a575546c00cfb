import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import type { ReportAnswers } from '../../shared/api/staff-reports';
import { formatPence } from '../../shared/domain/pricing/format';
import { bucketLabel, formatShare, REPORT_TITLES, type ReportGroup, type ReportName } from '../../shared/domain/reports/reports';

/** A table of a report: its headings, and its rows as the words people read (the same numbers as the chart). */
export interface ReportTable {
  columns: Array<{ label: string; numeric?: boolean }>;
  rows: Array<Array<string | number>>;
}

/** How a report shows: its chart, its table, and when it has nothing to show. */
export interface ReportView<N extends ReportName> {
  title: string;
  /** What the panel says when the range has nothing for this report. */
  emptyText: string;
  isEmpty(answer: ReportAnswers[N]): boolean;
  chart(answer: ReportAnswers[N], height: number): ReactNode;
  table(answer: ReportAnswers[N]): ReportTable;
  /** A line under the chart or table (the most common failing check). */
  note?(answer: ReportAnswers[N]): string | null;
}

/** Pounds without pence on an axis (the tooltips and tables give the pence). */
const poundsAxis = (pence: number | null) => (pence === null ? '' : formatPence(Math.round(pence)).replace(/\.00$/, ''));
/** Working days as the report gives them: one decimal ("2.5", "0.0"). */
const oneDecimal = (n: number | null) => (n === null ? '' : n.toFixed(1));
const whole = (n: number | null) => (n === null ? '' : Number.isInteger(n) ? String(n) : '');
const labelsOf = (rows: Array<{ period: string }>, group: ReportGroup) => rows.map((r) => bucketLabel(r.period, group));
/** A chart's margin: room for the axes' labels and nothing more, so it fits a phone. */
const MARGIN = { left: 4, right: 4, top: 8, bottom: 4 };
const PALETTE = { orders: '#1565c0', revenue: '#2e7d32', pass: '#2e7d32', warn: '#b26a00', fail: '#c62828', late: '#90a4ae' };

export const REPORT_VIEWS: { [N in ReportName]: ReportView<N> } = {
  orders: {
    title: REPORT_TITLES.orders,
    emptyText: 'No orders were confirmed in this range.',
    isEmpty: (a) => a.rows.every((r) => r.orders === 0),
    chart: (a, height) => (
      <BarChart
        height={height}
        margin={MARGIN}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: labelsOf(a.rows, a.range.group) }]}
        yAxis={[
          { id: 'revenue', valueFormatter: poundsAxis, width: 64 },
          { id: 'orders', position: 'right', valueFormatter: whole, width: 36 },
        ]}
        series={[
          {
            label: 'Revenue (net)',
            data: a.rows.map((r) => r.revenue),
            yAxisId: 'revenue',
            color: PALETTE.revenue,
            valueFormatter: (v) => formatPence(v ?? 0),
          },
          { label: 'Orders', data: a.rows.map((r) => r.orders), yAxisId: 'orders', color: PALETTE.orders },
        ]}
      />
    ),
    table: (a) => ({
      columns: [{ label: 'Period' }, { label: 'Orders', numeric: true }, { label: 'Revenue (net)', numeric: true }],
      rows: a.rows.map((r) => [bucketLabel(r.period, a.range.group), r.orders, formatPence(r.revenue)]),
    }),
  },
  'on-time': {
    title: REPORT_TITLES['on-time'],
    emptyText: 'No orders were dispatched in this range.',
    isEmpty: (a) => a.rows.every((r) => r.dispatched === 0),
    chart: (a, height) => (
      <BarChart
        height={height}
        margin={MARGIN}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: labelsOf(a.rows, a.range.group) }]}
        yAxis={[{ valueFormatter: whole, width: 36 }]}
        series={[
          { label: 'On time', data: a.rows.map((r) => r.on_time), stack: 'sent', color: PALETTE.pass },
          { label: 'Late', data: a.rows.map((r) => r.dispatched - r.on_time), stack: 'sent', color: PALETTE.late },
        ]}
      />
    ),
    table: (a) => ({
      columns: [{ label: 'Period' }, { label: 'Dispatched', numeric: true }, { label: 'On time', numeric: true }, { label: 'On time (%)', numeric: true }],
      rows: a.rows.map((r) => [bucketLabel(r.period, a.range.group), r.dispatched, r.on_time, formatShare(r.share)]),
    }),
    note: (a) => {
      const sent = a.rows.reduce((n, r) => n + r.dispatched, 0);
      const onTime = a.rows.reduce((n, r) => n + r.on_time, 0);
      return sent ? `${formatShare(onTime / sent)} of ${sent} dispatched on or before the promised day.` : null;
    },
  },
  preflight: {
    title: REPORT_TITLES.preflight,
    emptyText: 'No artwork was checked in this range.',
    isEmpty: (a) => a.rows.every((r) => r.pass + r.warn + r.fail === 0),
    chart: (a, height) => (
      <BarChart
        height={height}
        margin={MARGIN}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: labelsOf(a.rows, a.range.group) }]}
        yAxis={[{ valueFormatter: whole, width: 36 }]}
        series={[
          { label: 'Pass', data: a.rows.map((r) => r.pass), stack: 'checks', color: PALETTE.pass },
          { label: 'Warn', data: a.rows.map((r) => r.warn), stack: 'checks', color: PALETTE.warn },
          { label: 'Fail', data: a.rows.map((r) => r.fail), stack: 'checks', color: PALETTE.fail },
        ]}
      />
    ),
    table: (a) => ({
      columns: [{ label: 'Period' }, { label: 'Pass', numeric: true }, { label: 'Warn', numeric: true }, { label: 'Fail', numeric: true }],
      rows: a.rows.map((r) => [bucketLabel(r.period, a.range.group), r.pass, r.warn, r.fail]),
    }),
    note: (a) =>
      a.top_failure ? `Most common failing check: ${a.top_failure.name} (${a.top_failure.count} file${a.top_failure.count === 1 ? '' : 's'}).` : null,
  },
  turnaround: {
    title: REPORT_TITLES.turnaround,
    emptyText: 'No orders were dispatched in this range.',
    isEmpty: (a) => a.rows.length === 0,
    chart: (a, height) => (
      <BarChart
        height={Math.max(height, 40 + a.rows.length * 28)}
        margin={MARGIN}
        skipAnimation
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: a.rows.map((r) => r.product), width: 110 }]}
        // From 0, and to at least 1: with every average 0 the axis would otherwise have no span to tick.
        xAxis={[{ label: 'Average working days', min: 0, max: a.rows.some((r) => r.working_days > 0) ? undefined : 1, valueFormatter: oneDecimal }]}
        series={[{ label: 'Working days', data: a.rows.map((r) => r.working_days), color: PALETTE.orders, valueFormatter: oneDecimal }]}
        hideLegend
      />
    ),
    table: (a) => ({
      columns: [{ label: 'Product' }, { label: 'Orders dispatched', numeric: true }, { label: 'Average working days', numeric: true }],
      rows: a.rows.map((r) => [r.product, r.orders, oneDecimal(r.working_days)]),
    }),
    note: (a) => (a.rows.length && a.rows.every((r) => r.working_days === 0) ? 'Every order in this range was dispatched on the day it was confirmed.' : null),
  },
  'top-customers': {
    title: REPORT_TITLES['top-customers'],
    emptyText: 'No orders were confirmed in this range.',
    isEmpty: (a) => a.rows.length === 0,
    chart: (a, height) => (
      <BarChart
        height={Math.max(height, 40 + a.rows.length * 28)}
        margin={MARGIN}
        skipAnimation
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: a.rows.map((r) => r.name), width: 110 }]}
        xAxis={[{ valueFormatter: poundsAxis }]}
        series={[{ label: 'Revenue (net)', data: a.rows.map((r) => r.revenue), color: PALETTE.revenue, valueFormatter: (v) => formatPence(v ?? 0) }]}
        hideLegend
      />
    ),
    table: (a) => ({
      columns: [{ label: 'Company' }, { label: 'Orders', numeric: true }, { label: 'Revenue (net)', numeric: true }],
      rows: a.rows.map((r) => [r.name, r.orders, formatPence(r.revenue)]),
    }),
  },
  waiting: {
    title: REPORT_TITLES.waiting,
    emptyText: 'No orders are waiting.',
    isEmpty: (a) => a.rows.every((r) => r.orders === 0),
    chart: (a, height) => (
      <BarChart
        height={height}
        margin={MARGIN}
        skipAnimation
        xAxis={[{ scaleType: 'band', data: a.rows.map((r) => r.label) }]}
        yAxis={[{ valueFormatter: whole, width: 36 }]}
        series={[{ label: 'Orders', data: a.rows.map((r) => r.orders), color: PALETTE.orders }]}
        hideLegend
      />
    ),
    table: (a) => ({
      columns: [{ label: 'Status' }, { label: 'Orders', numeric: true }],
      rows: a.rows.map((r) => [r.label, r.orders]),
    }),
  },
};
