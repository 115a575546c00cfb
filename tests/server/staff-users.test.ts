import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refused, StaffCaller } from './helpers/staff-client';
import { customerCaller, STAFF, startStaffApp, type StaffApp } from './helpers/staff-app';

/** The staff rules for users, through react-admin's own dataProvider over real HTTP. */
let app: StaffApp;
beforeAll(async () => {
  app = await startStaffApp();
});
afterAll(() => app.t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  firstname: 'Priya',
  lastname: 'Shah',
  company_name: 'Shah & Daughters Print',
  email: `priya${Math.random().toString(36).slice(2, 8)}@shah-print.test`,
  address1: '8 Mill Lane',
  town: 'Bradford',
  postcode: 'bd1 2ab',
  country_id: app.gbId,
  role: 'trade',
  ...over,
});

async function userByEmail(email: string) {
  const { data } = await app.staff.dataProvider.getList('users', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
    filter: { email },
  });
  return data[0];
}

describe('adding a user', () => {
  it('creates the account without a password and e-mails a set-password link that works once', async () => {
    const input = newUser({ password: 'smuggled password', id: 99, created_at: '2000-01-01' });
    const { data } = await app.staff.dataProvider.create('users', { data: input });
    expect(data).toMatchObject({ id: expect.any(Number), email: input.email, role: 'trade', postcode: 'BD1 2AB', password_set: false, company_logo: null });
    expect(data.id).not.toBe(99);

    const mail = (await app.t.outbox()).find((m) => m.text.includes(`To: ${input.email}`));
    expect(mail?.text).toContain('Subject: Your Print Junction Trade account: set your password');
    expect(mail?.text).toContain('works once, for 7 days');
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1];

    // No password yet: the smuggled one was ignored.
    const signIn = (password: string) =>
      app.staff.fetch('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: input.email, password }),
      });
    expect((await signIn('smuggled password')).status).toBe(422);

    const reset = (password: string) =>
      app.staff.fetch('/api/password/reset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, password, password_confirmation: password }),
      });
    expect((await reset('a fresh password 7')).status).toBe(200);
    expect((await reset('another password 8')).status).toBe(422);
    expect((await signIn('a fresh password 7')).status).toBe(200);
    expect((await app.staff.dataProvider.getOne('users', { id: data.id })).data.password_set).toBe(true);
  });

  it('refuses missing fields, a taken e-mail and an unknown country with 422 per field', async () => {
    const missing = await refused(app.staff.dataProvider.create('users', { data: { email: 'x' } }));
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body!.errors!)).toEqual(
      expect.arrayContaining(['firstname', 'lastname', 'email', 'address1', 'town', 'postcode', 'country_id', 'role']),
    );
    // The company name is required on trade accounts only.
    expect(missing.body!.errors).not.toHaveProperty('company_name');
    const taken = await refused(app.staff.dataProvider.create('users', { data: newUser({ email: STAFF.email.toUpperCase() }) }));
    expect(taken.body?.errors).toEqual({ email: 'An account with this e-mail address already exists' });
    const nowhere = await refused(app.staff.dataProvider.create('users', { data: newUser({ country_id: 99999 }) }));
    expect(nowhere.body?.errors).toEqual({ country_id: 'Choose a country from the list' });
    const role = await refused(app.staff.dataProvider.create('users', { data: newUser({ role: 'owner' }) }));
    expect(role.body?.errors).toEqual({ role: 'Choose a role' });
  });
});

describe('editing a user', () => {
  it('changes details and role; an e-mail already in use is refused', async () => {
    const { data: created } = await app.staff.dataProvider.create('users', { data: newUser() });
    const { data } = await app.staff.dataProvider.update('users', {
      id: created.id,
      data: { ...created, role: 'user', telephone: '01274 000000' },
      previousData: created,
    });
    expect(data).toMatchObject({ role: 'user', telephone: '01274 000000' });
    const clash = await refused(app.staff.dataProvider.update('users', { id: created.id, data: { email: STAFF.email }, previousData: data }));
    expect(clash.body?.errors).toEqual({ email: 'An account with this e-mail address already exists' });
  });

  it('takes null, which react-admin sends for an emptied input, as empty for optional fields and as missing for required ones', async () => {
    const { data: created } = await app.staff.dataProvider.create('users', { data: newUser({ telephone: '01274 111111', county: 'West Yorkshire' }) });
    const { data } = await app.staff.dataProvider.update('users', {
      id: created.id,
      data: { ...created, telephone: null, county: null, title: null },
      previousData: created,
    });
    expect(data).toMatchObject({ telephone: '', county: '', title: '' });
    const error = await refused(
      app.staff.dataProvider.update('users', { id: created.id, data: { ...data, firstname: null, country_id: null }, previousData: data }),
    );
    expect(error.body?.errors).toEqual({ firstname: 'First name is required', country_id: 'Choose a country' });
  });

  it('refuses a staff member demoting themself, and allows keeping their own admin role', async () => {
    const me = await userByEmail(STAFF.email);
    for (const role of ['none', 'user', 'trade']) {
      const error = await refused(app.staff.dataProvider.update('users', { id: app.staffId, data: { role }, previousData: me }));
      expect(error.status).toBe(422);
      expect(error.body?.errors?.role).toMatch(/cannot take away your own admin role/);
    }
    const { data } = await app.staff.dataProvider.update('users', { id: app.staffId, data: { telephone: '0113 000 0000', role: 'admin' }, previousData: me });
    expect(data).toMatchObject({ role: 'admin', telephone: '0113 000 0000' });
  });

  it('refuses a staff member deleting themself', async () => {
    const error = await refused(app.staff.dataProvider.delete('users', { id: app.staffId }));
    expect(error.status).toBe(422);
    expect(error.body?.message).toMatch(/cannot delete your own account/);
    expect((await app.staff.dataProvider.getOne('users', { id: app.staffId })).data.role).toBe('admin');
  });

  it('may demote another staff member', async () => {
    const { data: colleague } = await app.staff.dataProvider.create('users', { data: newUser({ role: 'admin' }) });
    const { data } = await app.staff.dataProvider.update('users', { id: colleague.id, data: { role: 'trade' }, previousData: colleague });
    expect(data.role).toBe('trade');
  });
});

describe('ending sessions', () => {
  it('role none ends every session of that user; other role changes do not', async () => {
    const customer = await customerCaller(app);
    const target = await userByEmail(customer.email);
    const second = await new StaffCaller(app.baseUrl).login(customer.email, customer.password);

    const { data: trade } = await app.staff.dataProvider.update('users', {
      id: target.id,
      data: { role: 'trade', company_name: 'Caller Print' },
      previousData: target,
    });
    expect((await customer.fetch('/api/user')).status).toBe(200);

    await app.staff.dataProvider.update('users', { id: target.id, data: { role: 'none' }, previousData: trade });
    expect((await customer.fetch('/api/user')).status).toBe(401);
    expect((await second.fetch('/api/user')).status).toBe(401);
    // They may sign in again (role none explains that the account awaits approval) but not order.
    const again = await new StaffCaller(app.baseUrl).login(customer.email, customer.password);
    expect(((await (await again.fetch('/api/user')).json()) as { role: string }).role).toBe('none');
  });

  it('a soft delete ends the sessions, frees the e-mail and keeps the row out of every staff call', async () => {
    const customer = await customerCaller(app);
    const target = await userByEmail(customer.email);
    const { data } = await app.staff.dataProvider.delete('users', { id: target.id });
    expect(data).toMatchObject({ id: target.id, email: customer.email });
    expect((await customer.fetch('/api/user')).status).toBe(401);
    expect((await refused(new StaffCaller(app.baseUrl).login(customer.email, customer.password))).status).toBeUndefined();
    expect((await refused(app.staff.dataProvider.update('users', { id: target.id, data: { town: 'Hull' }, previousData: target }))).status).toBe(404);
    const { data: reused } = await app.staff.dataProvider.create('users', { data: newUser({ email: customer.email }) });
    expect(reused.id).not.toBe(target.id);
  });
});

describe('approving an account that awaits approval', () => {
  const approvalMails = async (email: string) =>
    (await app.t.outbox()).filter((m) => m.text.includes(`To: ${email}`) && m.text.includes('Subject: Your Print Junction Trade account is approved'));

  it('needs no company name to make a customer, and e-mails them once that they may sign in', async () => {
    const { data: waiting } = await app.staff.dataProvider.create('users', { data: newUser({ role: 'none', company_name: '' }) });
    expect(waiting).toMatchObject({ role: 'none', company_name: '' });
    expect(await approvalMails(waiting.email)).toHaveLength(0);

    const { data: approved } = await app.staff.dataProvider.update('users', { id: waiting.id, data: { ...waiting, role: 'user' }, previousData: waiting });
    expect(approved).toMatchObject({ role: 'user', company_name: '' });
    const [mail, ...more] = await approvalMails(waiting.email);
    expect(more).toHaveLength(0);
    expect(mail.text).toContain('Hello Priya,');
    expect(mail.text).toContain('has been approved');
    expect(mail.text).toMatch(/http:\/\/[^\s]+\/login/);

    // Later changes are not approvals: no second mail.
    await app.staff.dataProvider.update('users', { id: waiting.id, data: { role: 'trade', company_name: 'Shah Print' }, previousData: approved });
    expect(await approvalMails(waiting.email)).toHaveLength(1);
  });

  it('asks for the company name where it is really needed: on a trade account', async () => {
    const create = await refused(app.staff.dataProvider.create('users', { data: newUser({ role: 'trade', company_name: '' }) }));
    expect(create.status).toBe(422);
    expect(create.body?.errors).toEqual({ company_name: 'A trade account needs its company name' });

    const { data: waiting } = await app.staff.dataProvider.create('users', { data: newUser({ role: 'none', company_name: null }) });
    // The role alone (a PUT may send one key): the account as it would end up has no company name.
    const update = await refused(app.staff.dataProvider.update('users', { id: waiting.id, data: { role: 'trade' }, previousData: waiting }));
    expect(update.body?.errors).toEqual({ company_name: 'A trade account needs its company name' });
    expect((await app.staff.dataProvider.getOne('users', { id: waiting.id })).data.role).toBe('none');
    expect(await approvalMails(waiting.email)).toHaveLength(0);
  });

  it('checks telephone numbers as UK or international numbers', async () => {
    const bad = await refused(app.staff.dataProvider.create('users', { data: newUser({ telephone: '12345', mobile: '+44 7700 900' }) }));
    expect(Object.keys(bad.body!.errors!).sort()).toEqual(['mobile', 'telephone']);
    const { data } = await app.staff.dataProvider.create('users', { data: newUser({ telephone: '0113 496 0000', mobile: '+33 1 23 45 67 89' }) });
    expect(data).toMatchObject({ telephone: '0113 496 0000', mobile: '+33 1 23 45 67 89' });
  });
});

describe('a change of e-mail address by staff', () => {
  const tokenIn = (text: string) => /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const linksTo = async (email: string) =>
    (await app.t.outbox()).filter((m) => m.text.includes(`To: ${email}`) && /\/password\/reset\//.test(m.text)).map((m) => tokenIn(m.text)!);
  const redeem = (token: string) =>
    app.staff.fetch('/api/password/reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password: 'taken over account 9', password_confirmation: 'taken over account 9' }),
    });
  const askReset = (email: string) =>
    app.staff.fetch('/api/password/email', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });

  it('ends the outstanding set-password and reset links: they went to the old address', async () => {
    const { data: created } = await app.staff.dataProvider.create('users', { data: newUser() });
    expect((await askReset(created.email)).status).toBe(200);
    const tokens = await linksTo(created.email);
    expect(tokens).toHaveLength(2); // the welcome's set-password link, then the requested reset

    const moved = `moved-${created.email}`;
    const { data } = await app.staff.dataProvider.update('users', { id: created.id, data: { ...created, email: moved }, previousData: created });
    expect(data.email).toBe(moved);
    for (const token of tokens) {
      const res = await redeem(token);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.token).toMatch(/invalid or has expired/);
    }
    // A link asked for at the new address works.
    expect((await askReset(moved)).status).toBe(200);
    const [fresh] = await linksTo(moved);
    expect((await redeem(fresh)).status).toBe(200);
  });

  it('keeps them when the address stays (other fields, or only its letter case)', async () => {
    const { data: created } = await app.staff.dataProvider.create('users', { data: newUser() });
    const [welcome] = await linksTo(created.email);
    const { data: townChanged } = await app.staff.dataProvider.update('users', {
      id: created.id,
      data: { ...created, town: 'Halifax' },
      previousData: created,
    });
    const { data } = await app.staff.dataProvider.update('users', {
      id: created.id,
      data: { ...townChanged, email: created.email.toUpperCase() },
      previousData: townChanged,
    });
    expect(data.town).toBe('Halifax');
    expect((await redeem(welcome)).status).toBe(200);
  });
});
