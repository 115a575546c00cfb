import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { upsertAccount } from '../../src/server/modules/accounts/operations';
import { parseArgs } from '../../src/server/cli/args';
import { Semaphore } from '../../src/server/lib/semaphore';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations CLI: user create', () => {
  it('parses its arguments', () => {
    expect(parseArgs(['create', '--email', 'a@b.test', '--password=secret words', '--role', 'admin'])).toEqual({
      command: 'create',
      options: { email: 'a@b.test', password: 'secret words', role: 'admin' },
    });
  });

  it('creates a staff account that can sign in, then re-roles it and ends its sessions', async () => {
    const created = await upsertAccount(t.database.db, { email: 'Boss@Example.test', password: 'a long staff secret', role: 'admin' });
    expect(created).toMatchObject({ created: true, role: 'admin' });
    const c = new ApiClient(t.app);
    await c.login('boss@example.test', 'a long staff secret');
    expect((await c.get('/api/user')).json().role).toBe('admin');

    const changed = await upsertAccount(t.database.db, { email: 'boss@example.test', role: 'none' });
    expect(changed).toMatchObject({ created: false, role: 'none', id: created.id });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, created.id))).toHaveLength(0);
    expect((await c.get('/api/user')).statusCode).toBe(401);
  });

  it("a new password ends the account's outstanding reset links, as a change in the app does", async () => {
    const { id } = await upsertAccount(t.database.db, { email: 'reset-me@example.test', password: 'the first secret', role: 'user' });
    await new ApiClient(t.app).post('/api/password/email', { email: 'reset-me@example.test' });
    const mail = (await t.outbox()).find((m) => m.text.includes('To: reset-me@example.test') && /Subject: Reset/.test(m.text));
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    await upsertAccount(t.database.db, { email: 'reset-me@example.test', password: 'the second secret' });
    const redeem = await new ApiClient(t.app).post('/api/password/reset', {
      token,
      password: 'taken over account',
      password_confirmation: 'taken over account',
    });
    expect(redeem.statusCode).toBe(422);
    expect(await t.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    await new ApiClient(t.app).login('reset-me@example.test', 'the second secret');
  });

  it('refuses a weak password, an unknown role and a bad e-mail, creating nothing', async () => {
    await expect(upsertAccount(t.database.db, { email: 'weak@example.test', password: 'password1', role: 'admin' })).rejects.toThrow(/too common/);
    await expect(upsertAccount(t.database.db, { email: 'weak@example.test', password: 'short', role: 'admin' })).rejects.toThrow(/At least 8/);
    await expect(upsertAccount(t.database.db, { email: 'weak@example.test', password: 'a fine password', role: 'root' })).rejects.toThrow(/Unknown role/);
    await expect(upsertAccount(t.database.db, { email: 'nope', password: 'a fine password' })).rejects.toThrow(/Not an e-mail/);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'weak@example.test'))).toHaveLength(0);
  });
});

describe('the hash gate', () => {
  it('never runs more tasks at once than its limit', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const task = () =>
      gate.run(async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
      });
    await Promise.all(Array.from({ length: 8 }, task));
    expect(peak).toBe(2);
  });
});
