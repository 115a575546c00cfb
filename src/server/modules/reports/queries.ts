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

/** The range's first and last UK civil day, as PostgreSQL reads them: for the columns that hold a UK day. */
function days(range: ReportQuery): { first: SQL; last: SQL } {
  return { first: sql`${range.from}::date`, last: sql`${range.to}::date` };
}

/** The bucket (its first day) of a UK civil day held as a date. */
const bucketOfDay = (column: SQL, range: ReportQuery) => sql`date_trunc(${range.group}, ${column}::timestamp)::date`;

/**
 * Artwork checked per bucket, by the UK day it was uploaded (the check follows the upload within
 * moments), of any order but a sandbox one: a basket's artwork is checked too, and what fails there
 * is what customers struggle with. With it, over the whole range, the check that failed most often
 * in the failed files (ties go to the code first in the alphabet), repeated on each row.
 *
 * Both read indexes alone, never the orders (an item says whether its order is a sandbox one): the
 * results counted per day and result first (a few rows a day), then rolled up into buckets; the
 * failed files' failing codes (kept by the database beside each report) counted per distinct list
 * of codes, then per code.
 */
export async function preflightRows(db: Db, range: ReportQuery) {
  const { first, last } = days(range);
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
    per_day as (
      select i.artwork_uploaded_on as day, i.preflight_status as status, count(*) as n
      from order_items i
      where i.artwork_uploaded_on >= ${first} and i.artwork_uploaded_on <= ${last}
        and i.preflight_status in ('pass', 'warn', 'fail') and not i.sandbox
      group by 1, 2
    ),
    counts as (
      select ${bucketOfDay(sql`day`, range)} as period,
        sum(n) filter (where status = 'pass') as pass,
        sum(n) filter (where status = 'warn') as warn,
        sum(n) filter (where status = 'fail') as fail
      from per_day group by 1
    ),
    failed as (
      select i.preflight_failed as codes, count(*) as n
      from order_items i
      where i.artwork_uploaded_on >= ${first} and i.artwork_uploaded_on <= ${last}
        and i.preflight_status = 'fail' and not i.sandbox
      group by 1
    ),
    top_failure as (
      select c.code, sum(f.n) as n
      from failed f cross join lateral jsonb_array_elements_text(f.codes) as c(code)
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
 * confirmation's Monday is 1). Working days are Monday to Friday but the printer's closed days, as
 * they are now. A calendar of the days the orders span numbers the working days in a running count,
 * so each order's count is one subtraction: no per-order walk over its days. The orders' UK days
 * and products (written by the move to Dispatched) come from one index alone; the orders are
 * counted per working days and set of products before each set is spread over its products.
 */
export async function turnaroundRows(db: Db, range: ReportQuery) {
  const { first, last } = days(range);
  const rows = await rowsOf<{ product_id: number; product: string; orders: string | number; working_days: string | number }>(
    db,
    sql`with done as (
      select o.confirmed_on as confirmed, o.dispatched_on as dispatched, o.dispatched_products as products
      from orders o
      where o.dispatched_on >= ${first} and o.dispatched_on <= ${last} and o.status = 'dispatched' and not o.test and o.confirmed_at is not null
    ),
    span as (select min(confirmed) as first_day, max(dispatched) as last_day from done),
    calendar as (
      select d::date as day,
        sum(case when extract(isodow from d) < 6 and cd.date is null then 1 else 0 end) over (order by d) as working
      from span
      cross join generate_series(span.first_day::timestamp, span.last_day::timestamp, interval '1 day') d
      left join closed_days cd on cd.date = d::date
    ),
    spans as (
      select sent.working - made.working as working_days, done.products, count(*) as n
      from done
      join calendar made on made.day = done.confirmed
      join calendar sent on sent.day = done.dispatched
      group by 1, 2
    )
    select p.id as product_id, p.name as product, sum(s.n) as orders, round(sum(s.n * s.working_days)::numeric / sum(s.n), 1) as working_days
    from spans s
    cross join lateral unnest(s.products) as po(product_id)
    join products p on p.id = po.product_id
    group by p.id, p.name
    order by p.name, p.id`,
  );
  return rows.map((r) => ({ product_id: Number(r.product_id), product: r.product, orders: num(r.orders), working_days: num(r.working_days) }));
}

/**
 * The customers' companies with the most net revenue from orders confirmed in the range (ties: the
 * older company first): an order counts for the company it names, which stays its company when its
 * member moves on. A company without a name is named by its first owner (by its number, without one).
 */
export async function topCustomersRows(db: Db, range: ReportQuery) {
  const { start, end } = bounds(range);
  const rows = await rowsOf<{ company_id: number; name: string; orders: string | number; revenue: string | number }>(
    db,
    sql`with spent as (
      select o.company_id, count(*) as orders, sum(o.total_net) as revenue
      from orders o
      where o.confirmed_at >= ${start} and o.confirmed_at < ${end} and o.status in ${COUNTED} and not o.test
      group by o.company_id
      order by revenue desc nulls last, o.company_id
      limit ${TOP_CUSTOMERS}
    )
    select s.company_id, coalesce(nullif(trim(c.name), ''), nullif(trim(owner.firstname || ' ' || owner.lastname), ''), 'Company ' || c.id) as name, s.orders, coalesce(s.revenue, 0) as revenue
    from spent s
    join companies c on c.id = s.company_id
    left join lateral (
      select u.firstname, u.lastname from users u where u.company_id = c.id and u.company_role = 'owner' order by u.id limit 1
    ) owner on true
    order by s.revenue desc nulls last, s.company_id`,
  );
  return rows.map((r) => ({ company_id: Number(r.company_id), name: r.name, orders: num(r.orders), revenue: num(r.revenue) }));
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
