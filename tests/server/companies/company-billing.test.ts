import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invoices, users } from '../../../src/server/db/schema';
import { creditPosition } from '../../../src/server/modules/payments/credit';
import type { Company } from '../../../src/shared/api/company';
import type { User } from '../../../src/shared/api/accounts';
import type { StaffUser } from '../../../src/shared/api/staff-users';
import { COMPANY_REFUSALS } from '../../../src/shared/domain/companies/roles';
import { ukToday } from '../../../src/shared/domain/orders/overdue';
import { createTestApp, type TestApp } from '../helpers/app';
import { ok, staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';

/*
 * The company holds the billing (DESIGN §2 "Companies"): its name, logo, terms, credit and
 * blind-dispatch default are the company's, read by every member and changed by its owners (and
 * staff); credit control counts every member's invoices; API keys and webhooks are its owners'.
 */

let t: TestApp;
let staff: ApiClient;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ defaultPaymentTerms: 'account' });
  staff = await staffClient(t);
}, 60_000);
afterAll(() => t?.close());

/** An owner who registered with a company name, and a buyer and a viewer made members of that company. */
async function company(name = 'Harbour Print Co') {
  const owner = new ApiClient(t.app);
  const registered = await registerAs(owner, { company_name: name });
  const me = ok<User>(await owner.get('/api/user'));
  const member = async (role: 'buyer' | 'viewer') => {
    const client = new ApiClient(t.app);
    const body = await registerAs(client);
    // Moved into the owner's company before their first signed-in request (the members' invitations do this in the app).
    const [row] = await db().update(users).set({ companyId: me.company_id, companyRole: role }).where(eq(users.email, body.email)).returning();
    return { client, id: row.id };
  };
  return { owner, me, registered, buyer: await member('buyer'), viewer: await member('viewer') };
}

const companyRow = async (id: number) => (await db().select().from(companies).where(eq(companies.id, id)))[0];

describe('the company holds the billing', () => {
  it('registration names the new company; every member reads it, with their own role', async () => {
    const { owner, me, buyer, viewer } = await company('Harbour Print Co');
    expect(me).toMatchObject({ company_name: 'Harbour Print Co', company_role: 'owner', blind_dispatch: false });
    expect(await companyRow(me.company_id)).toMatchObject({
      name: 'Harbour Print Co',
      paymentTerms: 'account',
      address1: '1 Test Street',
      postcode: 'LS1 1AA',
    });

    const seen = ok<Company>(await owner.get('/api/company'));
    expect(seen).toMatchObject({ id: me.company_id, name: 'Harbour Print Co', payment_terms: 'account', credit_days: 30, members_count: 3, role: 'owner' });
    expect(ok<Company>(await viewer.client.get('/api/company'))).toMatchObject({ id: me.company_id, role: 'viewer' });
    // A member's own answer says the company's name, whatever they registered with.
    expect(ok<User>(await buyer.client.get('/api/user')).company_name).toBe('Harbour Print Co');
  });

  it('an owner changes the name, address, blind dispatch and buyers’ approval limit; a stale version is 409; others are told 403', async () => {
    const { owner, me, buyer, viewer } = await company();
    const read = ok<Company>(await owner.get('/api/company'));
    const address = { address1: '9 Quay Street', address2: '', town: 'Bristol', county: '', postcode: 'bs1 4dj', country_id: me.country_id };
    const saved = ok<Company>(
      await owner.patch('/api/company', { name: 'Quayside Print', address, blind_dispatch: true, approval_limit: 50_000, version: read.version }),
    );
    expect(saved).toMatchObject({ name: 'Quayside Print', blind_dispatch: true, approval_limit: 50_000, address: { town: 'Bristol', postcode: 'BS1 4DJ' } });
    expect(saved.version).toBe(read.version + 1);
    // At once for every member: the session's copy of the company is dropped.
    expect(ok<User>(await buyer.client.get('/api/user'))).toMatchObject({ company_name: 'Quayside Print', blind_dispatch: true });

    const stale = await owner.patch('/api/company', { name: 'Late Print', version: read.version });
    expect(stale.statusCode).toBe(409);
    expect((await companyRow(me.company_id)).name).toBe('Quayside Print');

    const bad = await owner.patch('/api/company', { name: ' ', approval_limit: -5, version: saved.version });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['approval_limit', 'name']);

    for (const member of [buyer, viewer]) {
      const refused = await member.client.patch('/api/company', { name: 'Mine now', version: saved.version });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(COMPANY_REFUSALS.manage_billing);
    }
    expect((await companyRow(me.company_id)).name).toBe('Quayside Print');
  });

  it('an owner’s profile names the company; a buyer’s profile leaves it as it is', async () => {
    const { owner, me, registered, buyer } = await company('Old Name Ltd');
    const profile = (body: typeof registered, changes: Record<string, unknown>) => {
      const { password: _p, password_confirmation: _c, ...rest } = body;
      return { ...rest, country_id: me.country_id, ...changes };
    };
    ok(await owner.patch('/api/user', profile(registered, { company_name: 'New Name Ltd', blind_dispatch: true })));
    expect(await companyRow(me.company_id)).toMatchObject({ name: 'New Name Ltd', blindDispatch: true });

    const buyerMe = ok<User>(await buyer.client.get('/api/user'));
    const { id: _id, role: _r, company_id: _ci, company_role: _cr, approval_limit: _al, created_at: _ca, company_logo: _cl, ...buyerProfile } = buyerMe;
    const saved = ok<User>(await buyer.client.patch('/api/user', { ...buyerProfile, company_name: 'Buyer’s Own Ltd', blind_dispatch: false, town: 'Hull' }));
    expect(saved).toMatchObject({ town: 'Hull', company_name: 'New Name Ltd', blind_dispatch: true });
    expect(await companyRow(me.company_id)).toMatchObject({ name: 'New Name Ltd', blindDispatch: true });
  });

  it('credit control counts every member’s unpaid invoices against the company’s limit', async () => {
    const { me, buyer } = await company();
    await db().update(companies).set({ creditLimit: 10_000 }).where(eq(companies.id, me.company_id));
    const before = await creditPosition(db(), me.id);
    expect(before).toMatchObject({ creditLimit: 10_000, balance: 0 });
    // An invoice of the buyer's order is the company's debt: the owner's position (and the buyer's) carries it.
    await db()
      .insert(invoices)
      .values({ number: `CO-${me.company_id}`, userId: buyer.id, source: 'uploaded', date: ukToday(), dueDate: ukToday(), total: 12_000 });
    expect((await creditPosition(db(), me.id)).balance).toBe(12_000);
    expect((await creditPosition(db(), buyer.id)).balance).toBe(12_000);
    const credit = ok<{ balance: number; credit_limit: number | null; on_hold_reason: string | null }>(await staff.get(`/api/admin/users/${me.id}/credit`));
    expect(credit).toMatchObject({ balance: 12_000, credit_limit: 10_000 });
    expect(credit.on_hold_reason).toMatch(/over its credit limit/);
  });

  it('staff’s terms and credit on a user’s record are their company’s, checked against the company’s version', async () => {
    const { owner, me, buyer } = await company();
    const record = ok<StaffUser>(await staff.get(`/api/admin/users/${buyer.id}`));
    expect(record).toMatchObject({ payment_terms: 'account', credit_limit: null, company_name: 'Harbour Print Co' });
    const saved = ok<StaffUser>(
      await staff.put(`/api/admin/users/${buyer.id}`, {
        credit_limit: 250_000,
        credit_days: 14,
        version: record.version,
        company_version: record.company_version,
      }),
    );
    expect(saved).toMatchObject({ credit_limit: 250_000, credit_days: 14 });
    expect(await companyRow(me.company_id)).toMatchObject({ creditLimit: 250_000, creditDays: 14 });
    // The owner sees the company's new credit at once.
    expect(ok<Company>(await owner.get('/api/company'))).toMatchObject({ credit_limit: 250_000, credit_days: 14 });

    // The owner's record was read before that change to the company: its credit change is stale.
    const ownerRecord = ok<StaffUser>(await staff.get(`/api/admin/users/${me.id}`));
    ok(await staff.put(`/api/admin/users/${buyer.id}`, { credit_days: 21, version: saved.version, company_version: saved.company_version }));
    const stale = await staff.put(`/api/admin/users/${me.id}`, { credit_days: 60, version: ownerRecord.version, company_version: ownerRecord.company_version });
    expect(stale.statusCode).toBe(409);
    expect((await companyRow(me.company_id)).creditDays).toBe(21);
  });

  it('API keys and webhooks are the owners’: a buyer or viewer is told 403 why; the owners share the company’s keys', async () => {
    const { owner, buyer, viewer, me } = await company();
    const key = ok<{ id: number; key: string }>(await owner.post('/api/account/api-keys', { name: 'Shop', mode: 'test' }), 201);
    for (const member of [buyer, viewer]) {
      for (const res of [
        await member.client.get('/api/account/api-keys'),
        await member.client.post('/api/account/api-keys', { name: 'Mine', mode: 'test' }),
        await member.client.delete(`/api/account/api-keys/${key.id}`),
        await member.client.get('/api/account/webhooks'),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(COMPANY_REFUSALS.manage_billing);
      }
    }
    // A second owner of the company sees and may revoke the key the first made.
    await db().update(users).set({ companyRole: 'owner' }).where(eq(users.id, buyer.id));
    const second = new ApiClient(t.app);
    const email = (await db().select({ email: users.email }).from(users).where(eq(users.id, buyer.id)))[0].email;
    await second.login(email, 'correct horse battery');
    expect(ok<Array<{ id: number }>>(await second.get('/api/account/api-keys')).map((k) => k.id)).toEqual([key.id]);

    // Another company's owner: 404 on this company's key.
    const stranger = new ApiClient(t.app);
    await registerAs(stranger);
    expect((await stranger.delete(`/api/account/api-keys/${key.id}`)).statusCode).toBe(404);
    expect(ok<unknown[]>(await stranger.get('/api/account/api-keys'))).toEqual([]);

    // The trade API answers for the company: its name and terms.
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${key.key}` } });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ id: me.id, company_name: 'Harbour Print Co', payment_terms: 'account', mode: 'test' });
  });
});
