import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { ApiClient, registerAs } from './helpers/client';

/** Expired sessions and reset rows are removed on a schedule. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ purgeIntervalMs: 100 });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const hash = () => randomBytes(32).toString('hex');

describe('purge of expired rows', () => {
  it('removes expired sessions and reset rows, and keeps live ones', async () => {
    const c = new ApiClient(t.app);
    const body = await registerAs(c);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    const past = new Date(Date.now() - HOUR);
    const future = new Date(Date.now() + HOUR);
    const db = t.database.db;
    const [oldSession] = await db.insert(sessions).values({ userId: user.id, tokenHash: hash(), expiresAt: past }).returning();
    const [oldReset] = await db.insert(passwordResets).values({ userId: user.id, tokenHash: hash(), expiresAt: past }).returning();
    const [liveReset] = await db.insert(passwordResets).values({ userId: user.id, tokenHash: hash(), expiresAt: future }).returning();

    const ids = async () => ({
      sessions: (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.id),
      resets: (await db.select({ id: passwordResets.id }).from(passwordResets).where(eq(passwordResets.userId, user.id))).map((r) => r.id),
    });
    const deadline = Date.now() + 5000;
    let now = await ids();
    while ((now.sessions.includes(oldSession.id) || now.resets.includes(oldReset.id)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      now = await ids();
    }
    expect(now.sessions).not.toContain(oldSession.id);
    expect(now.resets).not.toContain(oldReset.id);
    expect(now.resets).toContain(liveReset.id);
    // The registration's own session is alive and still works.
    expect(now.sessions).toHaveLength(1);
    expect((await c.get('/api/user')).statusCode).toBe(200);
  });
});
