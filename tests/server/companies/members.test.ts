import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInvitations, orders, users } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { ok, staffClient } from '../helpers/catalogue';
import { ApiClient, registerAs } from '../helpers/client';

/**
 * A company's members (DESIGN §2 "Companies"): an owner invites by e-mail, the invitee accepts with a
 * new account or moves their own in, the owner changes roles and removes members; staff move accounts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

interface Me {
  id: number;
  email: string;
  company_id: number;
  company_role: string;
  approval_limit: number | null;
}
const me = async (c: ApiClient) => ok<Me>(await c.get('/api/user'));

async function owner(): Promise<ApiClient> {
  const c = new ApiClient(t.app);
  await registerAs(c);
  return c;
}

let invitee = 0;
const newAddress = () => `colleague${++invitee}-${process.pid}@example.test`;

/** The invitation link's token in the newest invitation mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mails = (await t.outbox()).filter((m) => m.text.includes(`To: ${email}`) && /\/invitations\//.test(m.text));
  const match = /http:\/\/localhost:3000\/invitations\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no invitation mail to ${email}`);
  return match[1];
}

async function invite(by: ApiClient, email: string, role = 'buyer', extra: Record<string, unknown> = {}) {
  const invitation = ok<{ id: number; email: string; role: string }>(await by.post('/api/company/members', { email, role, ...extra }), 201);
  return { invitation, token: await invitationToken(email) };
}

const accepted = { firstname: 'Ada', lastname: 'Colleague', password: 'a long new password', password_confirmation: 'a long new password' };

/** A visitor accepts `token`; the client is signed in as the new member. */
async function acceptAsVisitor(token: string): Promise<ApiClient> {
  const c = new ApiClient(t.app);
  const answer = ok<{ token: string }>(await c.post(`/api/invitations/${token}/accept`, accepted));
  c.token = answer.token;
  return c;
}

describe('invitations', () => {
  it('an owner invites a buyer with a limit; the link says what it is; the visitor accepts and is a signed-in member', async () => {
    const boss = await owner();
    const company = await me(boss);
    const email = newAddress();
    const { invitation, token } = await invite(boss, email, 'buyer', { approval_limit: 50_000 });
    expect(invitation).toMatchObject({ email, role: 'buyer', approval_limit: 50_000, expired: false });
    const mail = (await t.outbox()).filter((m) => m.text.includes(`To: ${email}`)).at(-1)!.text;
    expect(mail).toContain('Sam Printer invites you');

    const visitor = new ApiClient(t.app);
    expect(ok(await visitor.get(`/api/invitations/${token}`))).toMatchObject({ email, role: 'buyer', invited_by: 'Sam Printer' });

    // Each missing or bad field is named.
    const refused = await visitor.post(`/api/invitations/${token}/accept`, { password: 'short', password_confirmation: 'other' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(expect.arrayContaining(['password', 'password_confirmation']));
    const unnamed = await visitor.post(`/api/invitations/${token}/accept`, { password: accepted.password, password_confirmation: accepted.password });
    expect(unnamed.statusCode).toBe(422);
    expect(Object.keys(unnamed.json().errors).sort()).toEqual(['firstname', 'lastname']);

    const member = await acceptAsVisitor(token);
    expect(await me(member)).toMatchObject({ email, company_id: company.company_id, company_role: 'buyer', approval_limit: 50_000 });

    const list = ok<{ members: Array<{ email: string; role: string; you: boolean }>; invitations: unknown[] }>(await boss.get('/api/company/members'));
    expect(list.members.map((m) => [m.email, m.role, m.you])).toEqual([
      [company.email, 'owner', true],
      [email, 'buyer', false],
    ]);
    // Both signed in (registration and acceptance start sessions): the newest session's start is shown.
    expect(list.members.every((m) => typeof (m as { last_sign_in_at?: unknown }).last_sign_in_at === 'string')).toBe(true);
    expect(list.invitations).toEqual([]);

    // Used: a clear 410, for the page and for a second acceptance.
    const again = await visitor.get(`/api/invitations/${token}`);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already been accepted/);
    expect((await new ApiClient(t.app).post(`/api/invitations/${token}/accept`, accepted)).statusCode).toBe(410);
  });

  it('an expired invitation and a withdrawn one answer 410 saying so; an unknown link 404', async () => {
    const boss = await owner();
    const late = newAddress();
    const { invitation: expired, token: expiredToken } = await invite(boss, late);
    await t.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, expired.id));
    const visitor = new ApiClient(t.app);
    const page = await visitor.get(`/api/invitations/${expiredToken}`);
    expect(page.statusCode).toBe(410);
    expect(page.json().message).toMatch(/expired/);
    expect((await visitor.post(`/api/invitations/${expiredToken}/accept`, accepted)).statusCode).toBe(410);
    // The owner sees it as expired among the open ones.
    const list = ok<{ invitations: Array<{ id: number; expired: boolean }> }>(await boss.get('/api/company/members'));
    expect(list.invitations).toEqual([expect.objectContaining({ id: expired.id, expired: true })]);

    const { invitation, token } = await invite(boss, newAddress(), 'viewer');
    // Another company's owner cannot see or withdraw it.
    expect((await (await owner()).delete(`/api/company/invitations/${invitation.id}`)).statusCode).toBe(404);
    ok(await boss.delete(`/api/company/invitations/${invitation.id}`));
    const withdrawn = await visitor.get(`/api/invitations/${token}`);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().message).toMatch(/withdrawn/);
    expect((await visitor.post(`/api/invitations/${token}/accept`, accepted)).statusCode).toBe(410);

    expect((await visitor.get(`/api/invitations/${'x'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('inviting an existing member is refused on email; inviting again renews the link (the old one stops working)', async () => {
    const boss = await owner();
    const self = await me(boss);
    const refused = await boss.post('/api/company/members', { email: self.email.toUpperCase(), role: 'buyer' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toMatch(/already a member/);

    const email = newAddress();
    const first = await invite(boss, email);
    const second = await invite(boss, email, 'viewer');
    expect(second.invitation.id).toBe(first.invitation.id);
    expect(second.token).not.toBe(first.token);
    expect((await new ApiClient(t.app).get(`/api/invitations/${first.token}`)).statusCode).toBe(404);
    expect(ok(await new ApiClient(t.app).get(`/api/invitations/${second.token}`))).toMatchObject({ role: 'viewer' });
    const list = ok<{ invitations: unknown[] }>(await boss.get('/api/company/members'));
    expect(list.invitations).toHaveLength(1);
  });

  it('buyers and viewers read the members but may not invite (403); bad input is 422 per field', async () => {
    const boss = await owner();
    const buyer = await acceptAsVisitor((await invite(boss, newAddress(), 'buyer')).token);
    const viewer = await acceptAsVisitor((await invite(boss, newAddress(), 'viewer')).token);
    for (const member of [buyer, viewer]) {
      const list = ok<{ members: unknown[]; invitations: unknown[] }>(await member.get('/api/company/members'));
      expect(list.members).toHaveLength(3);
      expect(list.invitations).toEqual([]);
      expect((await member.post('/api/company/members', { email: newAddress(), role: 'buyer' })).statusCode).toBe(403);
    }
    const bad = await boss.post('/api/company/members', { email: 'not an address', role: 'boss', approval_limit: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['approval_limit', 'email', 'role']);
  });

  it('a signed-in customer with no orders moves their account in; one with orders is refused', async () => {
    const boss = await owner();
    const company = await me(boss);
    const empty = new ApiClient(t.app);
    const { email } = await registerAs(empty);
    const { token } = await invite(boss, email, 'viewer');
    const answer = ok<{ token: string | null; company_name: string }>(await empty.post(`/api/invitations/${token}/accept`, {}));
    expect(answer.token).toBeNull();
    expect(await me(empty)).toMatchObject({ company_id: company.company_id, company_role: 'viewer' });

    const busy = new ApiClient(t.app);
    const registered = await registerAs(busy);
    ok(await busy.post('/api/orders', { ref: 'Own order' }), 201);
    const second = await invite(boss, registered.email);
    const refused = await busy.post(`/api/invitations/${second.token}/accept`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toMatch(/orders of its own/);
    expect((await me(busy)).company_id).not.toBe(company.company_id);
  });
});

describe('members', () => {
  it('an owner changes a role and a limit; the last owner cannot step down; a stale version is 409; another company’s member is 404', async () => {
    const boss = await owner();
    const self = await me(boss);
    const buyer = await acceptAsVisitor((await invite(boss, newAddress())).token);
    const buyerId = (await me(buyer)).id;
    const list = ok<{ members: Array<{ id: number; version: number }> }>(await boss.get('/api/company/members'));
    const version = list.members.find((m) => m.id === buyerId)!.version;

    const changed = ok<{ role: string; approval_limit: number | null; version: number }>(
      await boss.patch(`/api/company/members/${buyerId}`, { approval_limit: 120_000, version }),
    );
    expect(changed).toMatchObject({ role: 'buyer', approval_limit: 120_000 });
    expect((await me(buyer)).approval_limit).toBe(120_000);
    expect((await boss.patch(`/api/company/members/${buyerId}`, { role: 'viewer', version })).statusCode).toBe(409);

    const lastOwner = await boss.patch(`/api/company/members/${self.id}`, { role: 'buyer' });
    expect(lastOwner.statusCode).toBe(422);
    expect(lastOwner.json().errors.role).toMatch(/at least one owner/);

    expect((await (await owner()).patch(`/api/company/members/${buyerId}`, { role: 'viewer' })).statusCode).toBe(404);
    expect((await buyer.patch(`/api/company/members/${buyerId}`, { role: 'owner' })).statusCode).toBe(403);

    // A viewer holds no limit: it is cleared with the role.
    expect(ok(await boss.patch(`/api/company/members/${buyerId}`, { role: 'viewer' }))).toMatchObject({ role: 'viewer', approval_limit: null });
  });

  it('removing a member ends their sessions and gives them a company of their own, their basket going along; the last owner is refused', async () => {
    const boss = await owner();
    const self = await me(boss);
    const email = newAddress();
    const buyer = await acceptAsVisitor((await invite(boss, email)).token);
    const buyerId = (await me(buyer)).id;
    const order = ok<{ id: number }>(await buyer.post('/api/orders', { ref: 'Taken along' }), 201);

    // The last owner cannot be removed (nor remove themself), even alone in their company.
    const alone = await owner();
    const lone = await alone.delete(`/api/company/members/${(await me(alone)).id}`);
    expect(lone.statusCode).toBe(422);
    expect(lone.json().errors.member).toMatch(/at least one owner/);
    const refused = await boss.delete(`/api/company/members/${self.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.member).toMatch(/at least one owner/);
    expect((await (await owner()).delete(`/api/company/members/${buyerId}`)).statusCode).toBe(404);

    ok(await boss.delete(`/api/company/members/${buyerId}`));
    expect((await buyer.get('/api/user')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, buyerId));
    expect(row.companyId).not.toBe(self.company_id);
    expect(row.companyRole).toBe('owner');
    // A basket is its maker's until confirmed: it goes with them (their confirmed orders stay: order-approval.test.ts).
    const [taken] = await t.database.db.select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, order.id));
    expect(taken.companyId).toBe(row.companyId);
    const again = new ApiClient(t.app);
    await again.login(email, accepted.password);
    expect(await me(again)).toMatchObject({ company_id: row.companyId, company_role: 'owner' });
    expect(ok<{ ref: string }>(await again.get(`/api/orders/${order.id}`)).ref).toBe('Taken along');
    const left = (await t.outbox()).filter((m) => m.text.includes(`To: ${email}`)).at(-1)!.text;
    expect(left).toMatch(/removed you from/);
  });
});

describe('staff', () => {
  it('staff see an account’s company and move it to another, version-checked; its sessions end', async () => {
    const staff = await staffClient(t);
    const from = await owner();
    const to = await owner();
    const mover = await me(from);
    const target = await me(to);

    const company = ok<{ id: number; members: Array<{ id: number; role: string }> }>(await staff.get(`/api/admin/users/${mover.id}/company`));
    expect(company).toMatchObject({ id: mover.company_id, members: [{ id: mover.id, role: 'owner' }] });
    const picker = await staff.get(`/api/admin/companies?filter=${encodeURIComponent(JSON.stringify({ id: target.company_id }))}`);
    expect(ok<Array<{ id: number; members_count: number }>>(picker)).toEqual([expect.objectContaining({ id: target.company_id, members_count: 1 })]);

    const { version } = ok<{ version: number }>(await staff.get(`/api/admin/users/${mover.id}`));
    expect((await staff.post(`/api/admin/users/${mover.id}/company`, { company_id: target.company_id, role: 'buyer', version: version + 1 })).statusCode).toBe(
      409,
    );
    expect((await staff.post(`/api/admin/users/${mover.id}/company`, { company_id: 4_000_000, role: 'buyer', version })).statusCode).toBe(422);
    expect((await from.post(`/api/admin/users/${mover.id}/company`, { company_id: target.company_id, role: 'buyer', version })).statusCode).toBe(403);

    const moved = ok<{ id: number; members: Array<{ id: number; role: string }> }>(
      await staff.post(`/api/admin/users/${mover.id}/company`, { company_id: target.company_id, role: 'buyer', version }),
    );
    expect(moved.id).toBe(target.company_id);
    expect(new Map(moved.members.map((m) => [m.id, m.role]))).toEqual(
      new Map([
        [target.id, 'owner'],
        [mover.id, 'buyer'],
      ]),
    );
    expect((await from.get('/api/user')).statusCode).toBe(401);
  });
});
