import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/api/orders';
import type { StaffOrder } from '../../../src/shared/api/staff-orders';
import type {
  OnTimeReport,
  OrdersReport,
  PreflightReportSummary,
  TopCustomersReport,
  TurnaroundReport,
  WaitingReport,
} from '../../../src/shared/api/staff-reports';
import { closedDays, companies, orderItems, orders, users } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import {
  artworkChecked,
  basketWithCard,
  confirmedOrder,
  customer,
  ok,
  pdf,
  seedCatalogue,
  seedDelivery,
  upload,
  WRONG_SIZE,
  type Catalogue,
} from '../orders/helpers';

let t: TestApp;
let staff: ApiClient;
let cat: Catalogue;
const people: Record<'ann' | 'bea' | 'cal', number> = { ann: 0, bea: 0, cal: 0 };

const address = { firstname: 'Jo', lastname: 'Bloggs', email: 'jo@example.test', address1: '1 High St', town: 'Leeds', postcode: 'LS1 1AA' };
const fail = (...codes: string[]) => ({ status: 'fail', pages: 1, checks: codes.map((code) => ({ code, status: 'fail', message: code })) });

interface Item {
  product: 'cards' | 'posters';
  preflight?: 'pass' | 'warn' | 'fail' | 'pending';
  report?: unknown;
  uploaded?: string;
}
interface Planned {
  who: keyof typeof people;
  status: string;
  net: number;
  confirmed?: string;
  due?: string;
  dispatched?: string;
  test?: boolean;
  items: Item[];
}

/**
 * March 2025 (GMT until the clocks go forward on the 30th), with one order in May around the Early
 * May bank holiday (Monday 5 May). Nets in pence; each order says why it counts or not.
 */
const PLAN: Planned[] = [
  // Monday 3 March: dispatched on its due day (on time), two working days after confirmation.
  {
    who: 'ann',
    status: 'dispatched',
    net: 10_000,
    confirmed: '2025-03-03T10:00:00Z',
    due: '2025-03-05',
    dispatched: '2025-03-05T15:00:00Z',
    items: [{ product: 'cards', preflight: 'pass', report: { status: 'pass', pages: 1, checks: [] }, uploaded: '2025-03-03T09:00:00Z' }],
  },
  {
    who: 'ann',
    status: 'live',
    net: 2_500,
    confirmed: '2025-03-03T16:00:00Z',
    items: [{ product: 'cards', preflight: 'fail', report: fail('fonts', 'image_resolution'), uploaded: '2025-03-03T15:00:00Z' }],
  },
  {
    who: 'bea',
    status: 'printing',
    net: 40_000,
    confirmed: '2025-03-05T09:00:00Z',
    items: [
      {
        product: 'posters',
        preflight: 'fail',
        report: {
          status: 'fail',
          pages: 1,
          checks: [
            { code: 'image_resolution', status: 'fail', message: 'Low' },
            { code: 'fonts', status: 'warn', message: 'Not embedded' },
          ],
        },
        uploaded: '2025-03-05T08:00:00Z',
      },
    ],
  },
  // Cancelled: not business done.
  { who: 'bea', status: 'cancelled', net: 99_999, confirmed: '2025-03-05T11:00:00Z', items: [{ product: 'cards' }] },
  // A basket: not an order yet; its artwork was checked all the same.
  {
    who: 'ann',
    status: 'basket',
    net: 0,
    items: [{ product: 'cards', preflight: 'warn', report: { status: 'warn', pages: 1, checks: [] }, uploaded: '2025-03-06T10:00:00Z' }],
  },
  // A sandbox order of the trade API: never counted, its artwork neither.
  {
    who: 'cal',
    status: 'dispatched',
    net: 77_777,
    test: true,
    confirmed: '2025-03-04T10:00:00Z',
    due: '2025-03-10',
    dispatched: '2025-03-06T10:00:00Z',
    items: [{ product: 'cards', preflight: 'fail', report: fail('image_resolution', 'colour'), uploaded: '2025-03-04T09:00:00Z' }],
  },
  { who: 'cal', status: 'live', net: 1_000, test: true, confirmed: '2025-03-04T11:00:00Z', items: [{ product: 'cards' }] },
  // Monday 10 March, due Wednesday, dispatched Thursday: late, three working days.
  {
    who: 'bea',
    status: 'dispatched',
    net: 5_000,
    confirmed: '2025-03-10T09:00:00Z',
    due: '2025-03-12',
    dispatched: '2025-03-13T10:00:00Z',
    items: [
      { product: 'cards', preflight: 'fail', report: fail('colour'), uploaded: '2025-03-10T08:00:00Z' },
      { product: 'posters', preflight: 'pending', uploaded: '2025-03-10T08:05:00Z' },
    ],
  },
  // 23:30 GMT on 31 March is 00:30 on 1 April in London (BST): an April order.
  { who: 'ann', status: 'live', net: 700, confirmed: '2025-03-31T23:30:00Z', items: [{ product: 'cards' }] },
  // Friday 2 May, dispatched Thursday 8 May: Tuesday, Wednesday, Thursday — the bank holiday and the weekend are no working days.
  {
    who: 'ann',
    status: 'dispatched',
    net: 3_000,
    confirmed: '2025-05-02T10:00:00Z',
    due: '2025-05-08',
    dispatched: '2025-05-08T12:00:00Z',
    items: [{ product: 'posters' }],
  },
];

async function account(fields: { firstname: string; lastname: string; company: string }): Promise<number> {
  const client = new ApiClient(t.app);
  await registerAs(client, { firstname: fields.firstname, lastname: fields.lastname });
  const { id } = ok<{ id: number }>(await client.get('/api/user'));
  const [member] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, id));
  await t.database.db.update(companies).set({ name: fields.company }).where(eq(companies.id, member.companyId));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
  cat = await seedCatalogue(staff);
  people.ann = await account({ firstname: 'Ann', lastname: 'Able', company: '' });
  people.bea = await account({ firstname: 'Bea', lastname: 'Baker', company: 'Baker Design' });
  people.cal = await account({ firstname: 'Cal', lastname: 'Coder', company: 'Sandbox Ltd' });
  const db = t.database.db;
  await db.insert(closedDays).values({ date: '2025-05-05', name: 'Early May bank holiday' }).onConflictDoNothing();
  for (const o of PLAN) {
    const [row] = await db
      .insert(orders)
      .values({
        ...address,
        userId: people[o.who],
        status: o.status,
        totalNet: o.status === 'basket' ? null : o.net,
        total: o.status === 'basket' ? null : Math.round(o.net * 1.2),
        confirmedAt: o.confirmed ? new Date(o.confirmed) : null,
        dispatchDue: o.due ?? null,
        dispatchedAt: o.dispatched ? new Date(o.dispatched) : null,
        test: o.test ?? false,
      })
      .returning({ id: orders.id });
    for (const item of o.items) {
      await db.insert(orderItems).values({
        orderId: row.id,
        productId: cat[item.product].id,
        stockId: cat.silk.id,
        qty: 100,
        sides: 'single',
        orientation: 'portrait',
        priceSaved: o.net,
        preflightStatus: item.preflight ?? null,
        preflight: item.report ?? null,
        artworkUploadedAt: item.uploaded ? new Date(item.uploaded) : null,
      });
    }
    // What the move to Dispatched writes on the order: its items' products, each once.
    if (o.status === 'dispatched') {
      const products = [...new Set(o.items.map((item) => cat[item.product].id))].sort((a, b) => a - b);
      await db.update(orders).set({ dispatchedProducts: products }).where(eq(orders.id, row.id));
    }
  }
}, 60_000);
afterAll(() => t?.close());

const report = async <T>(name: string, query: string) => ok<T>(await staff.get(`/api/admin/reports/${name}?${query}`));
const MARCH = 'from=2025-03-01&to=2025-03-31';

describe('orders and revenue', () => {
  it('counts confirmed orders and their net by UK day, with a zero row for every day without any', async () => {
    const answer = await report<OrdersReport>('orders', `${MARCH}&group=day`);
    expect(answer.range).toEqual({ from: '2025-03-01', to: '2025-03-31', group: 'day' });
    expect(answer.rows).toHaveLength(31);
    expect(answer.rows[0]).toEqual({ period: '2025-03-01', orders: 0, revenue: 0 });
    const busy = answer.rows.filter((r) => r.orders > 0);
    // Not the cancelled order, the basket, the sandbox orders, nor the order of 00:30 on 1 April (UK).
    expect(busy).toEqual([
      { period: '2025-03-03', orders: 2, revenue: 12_500 },
      { period: '2025-03-05', orders: 1, revenue: 40_000 },
      { period: '2025-03-10', orders: 1, revenue: 5_000 },
    ]);
  });

  it('groups by weeks from Monday and by months, and counts a late-night order on its UK day', async () => {
    const weeks = await report<OrdersReport>('orders', `${MARCH}&group=week`);
    expect(weeks.rows).toEqual([
      { period: '2025-02-24', orders: 0, revenue: 0 },
      { period: '2025-03-03', orders: 3, revenue: 52_500 },
      { period: '2025-03-10', orders: 1, revenue: 5_000 },
      { period: '2025-03-17', orders: 0, revenue: 0 },
      { period: '2025-03-24', orders: 0, revenue: 0 },
      { period: '2025-03-31', orders: 0, revenue: 0 },
    ]);
    const months = await report<OrdersReport>('orders', 'from=2025-03-01&to=2025-05-31&group=month');
    expect(months.rows).toEqual([
      { period: '2025-03-01', orders: 4, revenue: 57_500 },
      { period: '2025-04-01', orders: 1, revenue: 700 },
      { period: '2025-05-01', orders: 1, revenue: 3_000 },
    ]);
  });
});

describe('dispatched on time', () => {
  it('counts dispatched orders per bucket and the share that left on or before their due day', async () => {
    const weeks = await report<OnTimeReport>('on-time', `${MARCH}&group=week`);
    expect(weeks.rows.slice(0, 3)).toEqual([
      { period: '2025-02-24', dispatched: 0, on_time: 0, share: null },
      { period: '2025-03-03', dispatched: 1, on_time: 1, share: 1 },
      { period: '2025-03-10', dispatched: 1, on_time: 0, share: 0 },
    ]);
    const month = await report<OnTimeReport>('on-time', `${MARCH}&group=month`);
    expect(month.rows).toEqual([{ period: '2025-03-01', dispatched: 2, on_time: 1, share: 0.5 }]);
  });
});

describe('artwork checks', () => {
  it('counts checked files by result per bucket (baskets included, sandbox orders and pending checks not) and names the most common failing check', async () => {
    const answer = await report<PreflightReportSummary>('preflight', `${MARCH}&group=week`);
    expect(answer.rows.slice(0, 3)).toEqual([
      { period: '2025-02-24', pass: 0, warn: 0, fail: 0 },
      { period: '2025-03-03', pass: 1, warn: 1, fail: 2 },
      { period: '2025-03-10', pass: 0, warn: 0, fail: 1 },
    ]);
    // image_resolution failed two files (a warning is not a failure; the sandbox order's is not counted).
    expect(answer.top_failure).toEqual({ code: 'image_resolution', name: 'Image resolution', count: 2 });
  });

  it('has no failing check in a range without failures', async () => {
    const answer = await report<PreflightReportSummary>('preflight', 'from=2025-04-01&to=2025-04-30&group=month');
    expect(answer).toMatchObject({ rows: [{ period: '2025-04-01', pass: 0, warn: 0, fail: 0 }], top_failure: null });
  });
});

describe('working days to dispatch', () => {
  it('averages working days from confirmation to dispatch per product, skipping weekends and closed days', async () => {
    const answer = await report<TurnaroundReport>('turnaround', 'from=2025-03-01&to=2025-05-31');
    expect(answer.rows).toEqual([
      // 3 March → 5 March (2) and 10 March → 13 March (3).
      { product_id: cat.cards.id, product: 'Cards', orders: 2, working_days: 2.5 },
      // 10 March → 13 March (3) and Friday 2 May → Thursday 8 May over the bank holiday (3).
      { product_id: cat.posters.id, product: 'Posters', orders: 2, working_days: 3 },
    ]);
    expect((await report<TurnaroundReport>('turnaround', 'from=2025-04-01&to=2025-04-30')).rows).toEqual([]);
  });
});

describe('top customers', () => {
  const companyOf = async (userId: number) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0].companyId;

  it('ranks companies by net revenue of the orders confirmed in the range, named by their owner when they have no name', async () => {
    const answer = await report<TopCustomersReport>('top-customers', MARCH);
    expect(answer.rows).toEqual([
      { company_id: await companyOf(people.bea), name: 'Baker Design', orders: 2, revenue: 45_000 },
      { company_id: await companyOf(people.ann), name: 'Ann Able', orders: 2, revenue: 12_500 },
    ]);
  });

  it("adds up the orders of a company's members, and counts an order for the company it names", async () => {
    const db = t.database.db;
    const baker = await companyOf(people.bea);
    const dee = await account({ firstname: 'Dee', lastname: 'Baker', company: '' });
    await db.update(users).set({ companyId: baker, companyRole: 'buyer' }).where(eq(users.id, dee));
    const june = (userId: number, net: number, at: string) =>
      db.insert(orders).values({ ...address, userId, status: 'dispatched', totalNet: net, total: net, confirmedAt: new Date(at) });
    await june(people.bea, 1_000, '2025-06-02T10:00:00Z');
    await june(dee, 2_000, '2025-06-03T10:00:00Z');
    await june(people.ann, 2_500, '2025-06-04T10:00:00Z');
    const answer = await report<TopCustomersReport>('top-customers', 'from=2025-06-01&to=2025-06-30');
    expect(answer.rows).toEqual([
      { company_id: baker, name: 'Baker Design', orders: 2, revenue: 3_000 },
      { company_id: await companyOf(people.ann), name: 'Ann Able', orders: 1, revenue: 2_500 },
    ]);
    const csv = await staff.get('/api/admin/reports/top-customers.csv?from=2025-06-01&to=2025-06-30');
    expect(csv.body).toBe('\uFEFFCompany,Orders,"Revenue (£, net)"\r\nBaker Design,2,30.00\r\nAnn Able,1,25.00\r\n');
  });
});

describe('waiting now', () => {
  it('counts open orders per status, with a zero for a status with none, never a sandbox order', async () => {
    const answer = await report<WaitingReport>('waiting', '');
    expect(answer.rows).toEqual([
      { status: 'live', label: 'Pending', orders: 2 },
      { status: 'printing', label: 'Processing', orders: 1 },
      { status: 'problem', label: 'Issues', orders: 0 },
    ]);
  });
});

describe('CSV', () => {
  it('answers the same rows as a download named for the range', async () => {
    const res = await staff.get('/api/admin/reports/orders.csv?from=2025-03-03&to=2025-03-05&group=day');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment; filename="orders-2025-03-03-to-2025-03-05.csv"');
    expect(res.body).toBe(
      '\uFEFFPeriod starting,Orders,Revenue (£, net)\r\n'.replace('Revenue (£, net)', '"Revenue (£, net)"') +
        '2025-03-03,2,125.00\r\n2025-03-04,0,0.00\r\n2025-03-05,1,400.00\r\n',
    );
  });

  it('writes the most common failing check under the artwork checks', async () => {
    const res = await staff.get(`/api/admin/reports/preflight.csv?${MARCH}&group=month`);
    expect(res.body).toBe('\uFEFFPeriod starting,Pass,Warn,Fail\r\n2025-03-01,1,1,3\r\n\r\nMost common failing check,Image resolution,2\r\n');
  });

  it('has a CSV for every report', async () => {
    for (const name of ['on-time', 'turnaround', 'top-customers', 'waiting']) {
      const res = await staff.get(`/api/admin/reports/${name}.csv?${MARCH}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-disposition'], name).toMatch(new RegExp(`^attachment; filename="${name}-`));
    }
  });
});

describe('bad input', () => {
  it.each([
    ['from=2025-03-10&to=2025-03-01', 'to', 'The last day must be on or after the first day'],
    ['from=2025-02-30', 'from', 'Give the first day as a date, e.g. 2025-01-31, or leave it empty'],
    ['from=2025-01-01&to=31/01/2025', 'to', 'Give the last day as a date, e.g. 2025-01-31, or leave it empty'],
    ['from=2020-01-01&to=2023-01-01', 'to', 'A report covers at most 3 years: choose a last day on or before 31 Dec 2022'],
    ['group=year', 'group', 'Group by one of: day, week, month'],
  ])('refuses %s with a message beside the field', async (query, field, message) => {
    for (const path of ['orders', 'turnaround.csv']) {
      const res = await staff.get(`/api/admin/reports/${path}?${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [field]: message });
    }
  });

  it('accepts exactly three years', async () => {
    const answer = await report<OrdersReport>('orders', 'from=2020-01-01&to=2022-12-31&group=month');
    expect(answer.rows).toHaveLength(36);
  });

  it('is for staff only', async () => {
    const customer = new ApiClient(t.app);
    await registerAs(customer);
    expect((await customer.get('/api/admin/reports/orders')).statusCode).toBe(403);
    expect((await new ApiClient(t.app).get('/api/admin/reports/orders.csv')).statusCode).toBe(401);
  });
});

describe('what the app writes for the reports', () => {
  let order: Order;
  let today: string;

  beforeAll(async () => {
    const buyer = await customer(t);
    const del = await seedDelivery(t, buyer.gbId);
    today = ukToday();
    // A card ordered, its artwork checked by the job, then dispatched as staff do it; and a basket's artwork of the wrong size.
    order = await confirmedOrder(t, buyer.client, cat, del.first.id);
    const version = async () => ok<StaffOrder>(await staff.get(`/api/admin/orders/${order.id}`)).version;
    ok(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'printing', version: await version() }));
    ok(await staff.post(`/api/admin/orders/${order.id}/status`, { status: 'dispatched', tracking_number: 'AB123456785GB', version: await version() }));
    const basket = await basketWithCard(buyer.client, cat);
    ok(await upload(buyer.client, basket.order.id, basket.item.id, await pdf(WRONG_SIZE)));
    await artworkChecked(t, buyer.client, basket.order.id);
  }, 120_000);

  it('counts an order dispatched by staff under its products, on the UK days of its confirmation and dispatch', async () => {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ dispatchedProducts: [cat.cards.id], confirmedOn: today, dispatchedOn: today });
    const answer = await report<TurnaroundReport>('turnaround', `from=${today}&to=${today}`);
    expect(answer.rows).toEqual([{ product_id: cat.cards.id, product: 'Cards', orders: 1, working_days: 0 }]);
  });

  it("counts the job's checks by result, and the failing check of the failed file", async () => {
    const answer = await report<PreflightReportSummary>('preflight', `from=${today}&to=${today}&group=day`);
    expect(answer.rows).toEqual([{ period: today, pass: 1, warn: 0, fail: 1 }]);
    const [failed] = await t.database.db
      .select({ report: orderItems.preflight, codes: orderItems.preflightFailed })
      .from(orderItems)
      .where(eq(orderItems.preflightStatus, 'fail'))
      .orderBy(sql`${orderItems.id} desc`)
      .limit(1);
    const failing = (failed.report as { checks: Array<{ code: string; status: string }> }).checks.filter((c) => c.status === 'fail').map((c) => c.code);
    expect(failing.length).toBeGreaterThan(0);
    expect(failed.codes).toEqual(failing);
    expect(answer.top_failure).toMatchObject({ code: failing.sort()[0], count: 1 });
  });

  /** A statement of the migration that brought the reports' facts, found by what it sets (the lead may renumber the file). */
  function migrationStatement(sets: string): string {
    const dir = fileURLToPath(new URL('../../../src/server/db/migrations/', import.meta.url));
    const statement = readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .flatMap((name) => readFileSync(`${dir}${name}`, 'utf8').split('--> statement-breakpoint'))
      .find((text) => text.includes(sets));
    expect(statement, sets).toBeDefined();
    return statement!;
  }

  it("the migration gives each order dispatched before it its items' products, as the move writes them", async () => {
    const db = t.database.db;
    const dispatched = await db.select({ id: orders.id, products: orders.dispatchedProducts }).from(orders).where(eq(orders.status, 'dispatched'));
    await db.update(orders).set({ dispatchedProducts: null });
    await db.execute(sql.raw(migrationStatement('SET "dispatched_products"')));
    const after = await db.select({ id: orders.id, products: orders.dispatchedProducts, status: orders.status }).from(orders);
    expect(after.filter((r) => r.status === 'dispatched').sort((a, b) => a.id - b.id)).toEqual(
      dispatched.map((r) => ({ ...r, status: 'dispatched' })).sort((a, b) => a.id - b.id),
    );
    expect(after.filter((r) => r.status !== 'dispatched').every((r) => r.products === null)).toBe(true);
  });

  it('marks the items of sandbox orders, as the database does when an item is made, and the migration did for those before it', async () => {
    const db = t.database.db;
    const items = () =>
      db
        .select({ id: orderItems.id, sandbox: orderItems.sandbox, test: orders.test })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .orderBy(orderItems.id);
    const made = await items();
    expect(made.filter((i) => i.test).length).toBeGreaterThan(0);
    expect(made.every((i) => i.sandbox === i.test)).toBe(true);
    await db.update(orderItems).set({ sandbox: false });
    await db.execute(sql.raw(migrationStatement('SET "sandbox" = true')));
    expect(await items()).toEqual(made);
  });
});
