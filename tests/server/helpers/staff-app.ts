import { eq } from 'drizzle-orm';
import { companies, countries, users } from '../../../src/server/db/schema';
import { upsertAccount } from '../../../src/server/modules/accounts/operations';
import { createTestApp, type TestApp } from './app';
import { listen, StaffCaller } from './staff-client';
import { ApiClient, registerAs } from './client';

export const STAFF = { email: 'staff@example.test', password: 'staff password 1' };

export interface StaffApp {
  t: TestApp;
  baseUrl: string;
  /** Signed in as the admin STAFF. */
  staff: StaffCaller;
  staffId: number;
  gbId: number;
}

/** The real app listening on a port, with one admin signed in through react-admin's own client. */
export async function startStaffApp(): Promise<StaffApp> {
  const t = await createTestApp();
  const { id: staffId } = await upsertAccount(t.database.db, { ...STAFF, role: 'admin', firstname: 'Sal', lastname: 'Staff' });
  const baseUrl = await listen(t.app);
  const staff = await new StaffCaller(baseUrl).login(STAFF.email, STAFF.password);
  const [gb] = await t.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'GB'));
  return { t, baseUrl, staff, staffId, gbId: gb.id };
}

/** A signed-in customer (registered through the API) as the staff client would call. */
export async function customerCaller(app: StaffApp): Promise<StaffCaller & { email: string; password: string }> {
  const api = new ApiClient(app.t.app);
  const body = await registerAs(api);
  const caller = await new StaffCaller(app.baseUrl).login(body.email, body.password);
  return Object.assign(caller, { email: body.email, password: body.password });
}

/** Accounts written straight to the table (no scrypt): quick to make in numbers. */
export async function insertUsers(app: StaffApp, rows: Array<Partial<typeof users.$inferInsert> & { email: string; companyName?: string }>): Promise<number[]> {
  const inserted = await app.t.database.db
    .insert(users)
    .values(
      rows.map(({ companyName: _companyName, ...row }) => ({
        firstname: 'Test',
        lastname: 'Person',
        address1: '1 Test Street',
        town: 'Leeds',
        postcode: 'LS1 1AA',
        countryId: app.gbId,
        ...row,
      })),
    )
    .returning({ id: users.id, companyId: users.companyId });
  // Each owns a company of its own (made by the database), named as the row says (else "Test Co").
  for (const [i, row] of inserted.entries()) {
    await app.t.database.db
      .update(companies)
      .set({ name: rows[i].companyName ?? 'Test Co' })
      .where(eq(companies.id, row.companyId));
  }
  return inserted.map((row) => row.id);
}
