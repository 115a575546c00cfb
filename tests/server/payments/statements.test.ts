import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, users, companies } from '../../../src/server/db/schema';
import { companyOfUser } from '../helpers/companies';
import type { AgedDebtRow, StatementAnswer } from '../../../src/shared/api/statements';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { addCalendarDays } from '../../../src/shared/domain/payments/invoice-state';
import { monthOf } from '../../../src/shared/domain/payments/statement';
import { createTestApp, type TestApp } from '../helpers/app';
import { ok, staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';

/*
 * A customer's statement (GET /api/statement) and the staff aged-debt report (GET
 * /api/admin/aged-debt and its CSV), on the real app and database: invoices and payments recorded
 * as staff record them, balances and buckets counted in UK dates.
 */

let t: TestApp;
let staff: ApiClient;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffClient(t);
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const today = () => ukToday();
const daysAgo = (n: number) => addCalendarDays(today(), -n);

async function newCustomer(fields: Record<string, string> = {}) {
  const client = new ApiClient(t.app);
  const { email } = await registerAs(client, fields);
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, String(email)));
  return { client, id: row.id, email: String(email) };
}

/** An invoice dated `date`, due `dueInDays` after. */
async function invoiceOf(userId: number, total: number, date: string, dueInDays = 30) {
  const [row] = await db()
    .insert(invoices)
    .values({ number: `ST-${process.pid}-${++counter}`, userId, source: 'uploaded', date, dueDate: addCalendarDays(date, dueInDays), total })
    .returning();
  return row;
}

const pay = async (userId: number, amount: number, receivedOn: string, allocations?: { invoice_id: number; amount: number }[]) =>
  ok(
    await staff.post('/api/admin/payments', {
      user_id: userId,
      amount,
      received_on: receivedOn,
      method: 'bank_transfer',
      reference: `BACS ${++counter}`,
      ...(allocations ? { allocations } : {}),
    }),
    201,
  );

const statementOf = async (client: ApiClient, from?: string, to?: string) =>
  ok<StatementAnswer>(await client.get(from && to ? `/api/statement?from=${from}&to=${to}` : '/api/statement'));

describe('a customer statement', () => {
  it('opens with what was owed before the period, runs through invoices and payments, and closes with what is owed', async () => {
    const { client, id } = await newCustomer();
    // Before the period: an invoice of £300 and a part payment of £100.
    const first = await invoiceOf(id, 30_000, daysAgo(50));
    await pay(id, 10_000, daysAgo(45), [{ invoice_id: first.id, amount: 10_000 }]);
    // In the period: a second invoice of £240 and a payment of £400 that clears the first and leaves £40 of the second.
    const second = await invoiceOf(id, 24_000, daysAgo(20));
    await pay(id, 40_000, daysAgo(10));
    const statement = await statementOf(client, daysAgo(30), today());
    expect(statement.opening_balance).toBe(20_000);
    expect(statement.lines.map((l) => [l.kind, l.date, l.amount, l.balance])).toEqual([
      ['invoice', daysAgo(20), 24_000, 44_000],
      ['payment', daysAgo(10), 40_000, 4_000],
    ]);
    expect(statement.lines[0].reference).toBe(second.number);
    expect(statement.lines[1].reference).toMatch(/^Bank transfer BACS \d+$/);
    expect(statement.closing_balance).toBe(4_000);
    // What is left is on the second invoice, due in 10 days: current.
    expect(statement.aged_debt).toEqual({ current: 4_000, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0, total: 4_000 });

    // The period before ends where this one opens.
    const before = await statementOf(client, daysAgo(60), daysAgo(31));
    expect(before.lines.map((l) => l.balance)).toEqual([30_000, 20_000]);
    expect(before.closing_balance).toBe(statement.opening_balance);
  });

  it('ages what is unpaid by UK days past due: due 30 days ago is 1–30, 31 days ago is 31–60', async () => {
    const { client, id } = await newCustomer();
    await invoiceOf(id, 1_000, daysAgo(60)); // due 30 days ago
    await invoiceOf(id, 2_000, daysAgo(61)); // due 31 days ago
    await invoiceOf(id, 4_000, daysAgo(30)); // due today: current
    const part = await invoiceOf(id, 8_000, daysAgo(130)); // due 100 days ago, part-paid
    await pay(id, 3_000, today(), [{ invoice_id: part.id, amount: 3_000 }]);
    const { aged_debt, aged_on } = await statementOf(client);
    expect(aged_on).toBe(today());
    expect(aged_debt).toEqual({ current: 4_000, days_1_30: 1_000, days_31_60: 2_000, days_61_90: 0, over_90: 5_000, total: 12_000 });
  });

  it('covers this calendar month by default and never shows another customer’s invoices or payments', async () => {
    const mine = await newCustomer();
    const other = await newCustomer();
    const invoice = await invoiceOf(other.id, 9_900, today());
    await pay(other.id, 9_900, today(), [{ invoice_id: invoice.id, amount: 9_900 }]);
    const statement = await statementOf(mine.client);
    expect(statement).toMatchObject({ ...monthOf(today()), opening_balance: 0, lines: [], closing_balance: 0 });
    expect(statement.aged_debt.total).toBe(0);
    expect((await statementOf(other.client)).lines).toHaveLength(2);
  });

  it('refuses a bad period with a message beside each field', async () => {
    const { client } = await newCustomer();
    const errorsOf = async (query: string) => {
      const res = await client.get(`/api/statement?${query}`);
      expect(res.statusCode).toBe(422);
      return (res.json() as { errors: Record<string, string[] | string> }).errors;
    };
    expect(Object.keys(await errorsOf('from=2026-05-10&to=2026-05-01'))).toEqual(['to']);
    expect(Object.keys(await errorsOf('from=2025-01-01&to=2026-01-02'))).toEqual(['to']);
    expect(Object.keys(await errorsOf('from=2026-02-30&to=2026-03-01'))).toEqual(['from']);
    expect(Object.keys(await errorsOf('from=2026-05-01'))).toEqual(['to']);
    expect(Object.keys(await errorsOf('to=yesterday'))).toEqual(expect.arrayContaining(['to', 'from']));
    // A leap year's whole year is 366 days: allowed.
    ok(await client.get('/api/statement?from=2028-01-01&to=2028-12-31'));
  });

  it('is for customers signed in only', async () => {
    expect((await new ApiClient(t.app).get('/api/statement')).statusCode).toBe(401);
  });
});

describe('the staff aged-debt report', () => {
  it('lists each customer with a balance, by bucket, sortable, searchable, and as CSV', async () => {
    const marker = `Aged${process.pid}`;
    const a = await newCustomer({ company_name: `${marker} Alpha` });
    const b = await newCustomer({ company_name: `${marker} Beta` });
    await invoiceOf(a.id, 5_000, daysAgo(45)); // due 15 days ago
    await invoiceOf(b.id, 7_000, daysAgo(10)); // current
    await invoiceOf(b.id, 1_500, daysAgo(200)); // over 90
    const filter = encodeURIComponent(JSON.stringify({ q: marker.toLowerCase() }));
    const res = await staff.get(`/api/admin/aged-debt?filter=${filter}&sort=${encodeURIComponent('["total","DESC"]')}&range=[0,24]`);
    const rows = ok<AgedDebtRow[]>(res);
    expect(res.headers['content-range']).toBe('aged-debt 0-1/2');
    expect(rows.map((r) => [r.id, r.company, r.total, r.current, r.days_1_30, r.over_90])).toEqual([
      [b.id, `${marker} Beta`, 8_500, 7_000, 0, 1_500],
      [a.id, `${marker} Alpha`, 5_000, 0, 5_000, 0],
    ]);
    // One customer's row, as their page shows it.
    expect(ok<AgedDebtRow[]>(await staff.get(`/api/admin/aged-debt?filter=${encodeURIComponent(JSON.stringify({ id: a.id }))}`)).map((r) => r.id)).toEqual([
      a.id,
    ]);
    const byBucket = ok<AgedDebtRow[]>(await staff.get(`/api/admin/aged-debt?filter=${filter}&sort=${encodeURIComponent('["days_1_30","DESC"]')}`));
    expect(byBucket[0].id).toBe(a.id);

    const csv = await staff.get(`/api/admin/aged-debt.csv?filter=${filter}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Customer,Company,E-mail,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total owed,Credit,On hold');
    expect(lines[1]).toContain(`${marker} Beta,${b.email},70.00,0.00,0.00,0.00,15.00,85.00,0.00,An invoice is`);

    // Credit control's holds (both are on account): Alpha's invoice is 15 days overdue, Beta's oldest far more; a limit holds too.
    const held = ok<AgedDebtRow[]>(
      await staff.get(`/api/admin/aged-debt?filter=${encodeURIComponent(JSON.stringify({ q: marker.toLowerCase(), on_hold: true }))}`),
    );
    expect(held.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(held.find((r) => r.id === a.id)!.on_hold_reason).toMatch(
      /^An invoice is 15 days overdue \(due \d{1,2} \w{3} \d{4}\): orders on account are held until it is paid\.$/,
    );
    const c = await newCustomer({ company_name: `${marker} Gamma` });
    await invoiceOf(c.id, 2_000, daysAgo(5)); // current, but over a £10 limit
    await db().update(companies).set({ creditLimit: 1_000 }).where(companyOfUser(c.id));
    const gamma = ok<AgedDebtRow[]>(await staff.get(`/api/admin/aged-debt?filter=${encodeURIComponent(JSON.stringify({ id: c.id }))}`))[0];
    expect(gamma.on_hold_reason).toBe('The account owes £20.00, over its credit limit of £10.00.');
    await db().update(companies).set({ paymentTerms: 'card' }).where(companyOfUser(c.id));
    expect(ok<AgedDebtRow[]>(await staff.get(`/api/admin/aged-debt?filter=${encodeURIComponent(JSON.stringify({ id: c.id }))}`))[0].on_hold_reason).toBeNull();

    expect((await staff.get(`/api/admin/aged-debt?sort=${encodeURIComponent('["password","ASC"]')}`)).statusCode).toBe(422);
    expect((await staff.get(`/api/admin/aged-debt?filter=${encodeURIComponent('{"role":"user"}')}`)).statusCode).toBe(422);
    expect((await staff.get(`/api/admin/aged-debt?filter=${encodeURIComponent('{"on_hold":"yes"}')}`)).statusCode).toBe(422);
    expect((await a.client.get('/api/admin/aged-debt')).statusCode).toBe(403);
  });
});
