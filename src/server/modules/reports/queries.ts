import { sql, type SQL } from 'drizzle-orm';
import type { ReportQuery } from '../../../shared/api/staff-reports';
import { nextDay, ukStartOfDay } from '../../../shared/domain/calendar/workingDays';
import { OPEN_ORDER_STATUSES } from '../../../shared/domain/orders/overdue';
import { TOP_CUSTOMERS } from '../../../shared/domain/reports/reports';
import type { Db } from '../../db/client';

/**
 * The SQL of the staff reports: one statement per report, the same text on PGlite and PostgreSQL.
 * Instants are bucketed by their UK civil day (`at time zone 'Europe/London'`, GMT or BST), as
 * every date of the system is; the range's bounds are the UK midnights that begin its first day and
 * end its last, so a range reads the orders' indexes on the instant columns.
 *
 * What counts: an order once confirmed (never a basket), not cancelled, and never a sandbox (`test`)
 * order, which is neither invoiced nor printed. Revenue is `total_net`, the net frozen at
 * confirmation that the order's invoice carries (items and delivery, without VAT).
 */

/** The statuses of an order that counts as business done or under way. */
const COUNTED = sql`('live', 'printing', 'problem', 'dispatched')`;

/** The range's first and last instant (UK midnights), as PostgreSQL reads them. */
function bounds(range: ReportQuery): { start: SQL; end: SQL } {
  return {
    start: sql`${ukStartOfDay(range.from).toISOString()}::timestamptz`,
    end: sql`${ukStartOfDay(nextDay(range.to)).toISOString()}::timestamptz`,
  };
}

/** The UK civil day of an instant column, truncated to the range's bucket (its first day). */
const bucketOf = (column: SQL, range: ReportQuery) => sql`date_trunc(${range.group}, (${column} at time zone 'Europe/London'))::date`;

/**
 * Every bucket of the range, first day of each, so that a chart's axis has no gaps: the first starts
 * on or before `from` (the Monday of its week, the first of its month).
 */
const buckets = (range: ReportQuery) =>
  sql`buckets as (
    select d::date as period
    from generate_series(date_trunc(${range.group}, ${range.from}::date::timestamp), ${range.to}::date::timestamp, ${`1 ${range.group}`}::interval) d
  )`;

/** The rows of a statement (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Numbers come back as text where PostgreSQL's type is bigint or numeric (count, sum, avg). */
const num = (value: string | number | null): number => (value === null ? 0 : Number(value));

export async function ordersRows(db: Db, range: ReportQuery) {
  const { start, end } = bounds(range);
  const rows = await rowsOf<{ period: string; orders: string | number; revenue: string | number | null }>(
    db,
    sql`with ${buckets(range)},
    confirmed as (
      select ${bucketOf(sql`o.confirmed_at`, range)} as period, count(*) as orders, sum(o.total_net) as revenue
      from orders o
      where o.confirmed_at >= ${start} and o.confirmed_at < ${end} and o.status in ${COUNTED} and not o.test
      group by 1
    )
    select b.period::text as period, coalesce(c.orders, 0) as orders, coalesce(c.revenue, 0) as revenue
    from buckets b left join confirmed c on c.period = b.period
    order by b.period`,
  );
  return rows.map((r) => ({ period: r.period, orders: num(r.orders), revenue: num(r.revenue) }));
}

export async function onTimeRows(db: Db, range: ReportQuery) {
  const { start, end } = bounds(range);
  const rows = await rowsOf<{ period: string; dispatched: string | number; on_time: string | number }>(
    db,
    sql`with ${buckets(range)},
    sent as (
      select ${bucketOf(sql`o.dispatched_at`, range)} as period, count(*) as dispatched,
        count(*) filter (where (o.dispatched_at at time zone 'Europe/London')::date <= o.dispatch_due) as on_time
      from orders o
      where o.dispatched_at >= ${start} and o.dispatched_at < ${end} and o.status = 'dispatched' and not o.test
      group by 1
    )
    select b.period::text as period, coalesce(s.dispatched, 0) as dispatched, coalesce(s.on_time, 0) as on_time
    from buckets b left join sent s on s.period = b.period
    order by b.period`,
  );
  return rows.map((r) => {
    const dispatched = num(r.dispatched);
    const onTime = num(r.on_time);
    return { period: r.period, dispatched, on_time: onTime, share: dispatched ? onTime / dispatched : null };
  });
}

/**
 * Artwork checked per bucket, by the day it was uploaded (the check follows the upload within
 * moments), of any order but a sandbox one: a basket's artwork is checked too, and what fails there
 * is what customers struggle with. With it, over the whole range, the check that failed most often
 * (ties go to the code first in the alphabet), repeated on each row.
 */
export async function preflightRows(db: Db, range: ReportQuery) {
  const { start, end } = bounds(range);
  const rows = await rowsOf<{
    period: string;
    pass: string | number;
    warn: string | number;
    fail: string | number;
    top_code: string | null;
    top_count: string | number | null;
  }>(
    db,
    sql`with ${buckets(range)},
    checked as (
      select ${bucketOf(sql`i.artwork_uploaded_at`, range)} as period, i.preflight_status as status, i.preflight as report
      from order_items i join orders o on o.id = i.order_id
      where i.artwork_uploaded_at >= ${start} and i.artwork_uploaded_at < ${end}
        and i.preflight_status in ('pass', 'warn', 'fail') and not o.test
    ),
    counts as (
      select period,
        count(*) filter (where status = 'pass') as pass,
        count(*) filter (where status = 'warn') as warn,
        count(*) filter (where status = 'fail') as fail
      from checked group by period
    ),
    top_failure as (
      select c.result ->> 'code' as code, count(*) as n
      from checked k
      cross join lateral jsonb_array_elements(case when jsonb_typeof(k.report -> 'checks') = 'array' then k.report -> 'checks' else '[]'::jsonb end) as c(result)
      where k.status = 'fail' and c.result ->> 'status' = 'fail'
      group by 1 order by n desc, code limit 1
    )
    select b.period::text as period, coalesce(n.pass, 0) as pass, coalesce(n.warn, 0) as warn, coalesce(n.fail, 0) as fail,
      (select code from top_failure) as top_code, (select n from top_failure) as top_count
    from buckets b left join counts n on n.period = b.period
    order by b.period`,
  );
  const top = rows[0]?.top_code ? { code: rows[0].top_code, count: num(rows[0].top_count) } : null;
  return { rows: rows.map((r) => ({ period: r.period, pass: num(r.pass), warn: num(r.warn), fail: num(r.fail) })), top };
}

/**
 * Per product, the orders dispatched in the range that hold it and their average working days from
 * confirmation to dispatch: the working days after the UK day of confirmation up to and including
 * the UK day of dispatch (as `addWorkingDays` counts them: dispatched the day after a Friday
 * confirmation's Monday is 1). Working days are Monday to Friday but the printer's closed days.
 * A calendar of the days the orders span numbers the working days in a running count, so each
 * order's count is one subtraction: no per-order walk over its days.
 */
export async function turnaroundRows(db: Db, range: ReportQuery) {
  const { start, end } = bounds(range);
  const rows = await rowsOf<{ product_id: number; product: string; orders: string | number; working_days: string | number }>(
    db,
    sql`with done as (
      select o.id, (o.confirmed_at at time zone 'Europe/London')::date as confirmed, (o.dispatched_at at time zone 'Europe/London')::date as dispatched
      from orders o
      where o.dispatched_at >= ${start} and o.dispatched_at < ${end} and o.status = 'dispatched' and not o.test and o.confirmed_at is not null
    ),
    span as (select min(confirmed) as first_day, max(dispatched) as last_day from done),
    calendar as (
      select d::date as day,
        sum(case when extract(isodow from d) < 6 and cd.date is null then 1 else 0 end) over (order by d) as working
      from span
      cross join generate_series(span.first_day::timestamp, span.last_day::timestamp, interval '1 day') d
      left join closed_days cd on cd.date = d::date
    ),
    product_orders as (
      select distinct i.order_id, i.product_id from order_items i where i.order_id in (select id from done)
    )
    select p.id as product_id, p.name as product, count(*) as orders, round(avg(sent.working - made.working), 1) as working_days
    from done
    join calendar made on made.day = done.confirmed
    join calendar sent on sent.day = done.dispatched
    join product_orders po on po.order_id = done.id
    join products p on p.id = po.product_id
    group by p.id, p.name
    order by p.name, p.id`,
  );
  return rows.map((r) => ({ product_id: Number(r.product_id), product: r.product, orders: num(r.orders), working_days: num(r.working_days) }));
}

/** The customer accounts with the most net revenue from orders confirmed in the range (ties: the older account first). */
export async function topCustomersRows(db: Db, range: ReportQuery) {
  const { start, end } = bounds(range);
  const rows = await rowsOf<{ user_id: number; firstname: string; lastname: string; company: string; orders: string | number; revenue: string | number }>(
    db,
    sql`with spent as (
      select o.user_id, count(*) as orders, sum(o.total_net) as revenue
      from orders o
      where o.confirmed_at >= ${start} and o.confirmed_at < ${end} and o.status in ${COUNTED} and not o.test
      group by o.user_id
      order by revenue desc nulls last, o.user_id
      limit ${TOP_CUSTOMERS}
    )
    select s.user_id, u.firstname, u.lastname, u.company_name as company, s.orders, coalesce(s.revenue, 0) as revenue
    from spent s join users u on u.id = s.user_id
    order by s.revenue desc nulls last, s.user_id`,
  );
  return rows.map((r) => ({
    user_id: Number(r.user_id),
    name: `${r.firstname} ${r.lastname}`.trim(),
    company: r.company,
    orders: num(r.orders),
    revenue: num(r.revenue),
  }));
}

/** Open orders per status now (not sandbox ones): the statuses with none have no row here. */
export async function waitingRows(db: Db) {
  const statuses = sql.join(
    OPEN_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await rowsOf<{ status: string; orders: string | number }>(
    db,
    sql`select o.status, count(*) as orders from orders o where o.status in (${statuses}) and not o.test group by o.status`,
  );
  return new Map(rows.map((r) => [r.status, num(r.orders)]));
}
