import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../src/server/db/schema';
import { companyOfUser } from './helpers/companies';
import { localFileStore, type FileStore } from '../../src/server/lib/files';
import { staffUsersService } from '../../src/server/modules/users/service';
import { insertUsers, startStaffApp, type StaffApp } from './helpers/staff-app';

/** Files change only after their row does, and a deleted user's logo is not served. */
let app: StaffApp;

const png = (seed: number) =>
  sharp({ create: { width: 40 + seed, height: 20, channels: 4, background: { r: seed * 10, g: 58, b: 107, alpha: 1 } } })
    .png()
    .toBuffer();

function upload(userId: number, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
  return app.staff.fetch(`/api/admin/users/${userId}/logo`, { method: 'POST', body: form });
}

const logoDir = () => path.join(app.t.dataDir, 'files', 'logos');
const logoFiles = () => {
  try {
    return readdirSync(logoDir()).sort();
  } catch {
    return [];
  }
};
const logoOf = async (id: number) => (await app.t.database.db.select({ logo: companies.logo }).from(companies).where(companyOfUser(id)))[0].logo;

beforeAll(async () => {
  app = await startStaffApp();
});
afterAll(() => app.t.close());

describe('logo files', () => {
  it('leaves exactly one file, the one the row names, after twenty concurrent uploads for one user', async () => {
    const [userId] = await insertUsers(app, [{ email: 'twenty@example.test' }]);
    const images = await Promise.all(Array.from({ length: 20 }, (_, i) => png(i)));
    const answers = await Promise.all(images.map((bytes) => upload(userId, bytes)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const named = await logoOf(userId);
    expect(named).toBeTruthy();
    expect(logoFiles()).toEqual([named]);
    expect((await fetch(`${app.baseUrl}/api/files/logos/${named}`)).status).toBe(200);
    // The files the other nineteen uploads stored are gone, and so are their addresses.
    const others = (await Promise.all(answers.map((r) => r.json() as Promise<{ company_logo: string }>))).map((u) => u.company_logo.split('/').pop());
    expect(new Set(others).size).toBe(20);
    for (const other of others.filter((n) => n !== named)) expect((await fetch(`${app.baseUrl}/api/files/logos/${other}`)).status).toBe(404);
  });

  it('stops serving the logo of a deleted user', async () => {
    const [userId] = await insertUsers(app, [{ email: 'deleted-logo@example.test' }]);
    expect((await upload(userId, await png(1))).status).toBe(200);
    const name = await logoOf(userId);
    expect((await fetch(`${app.baseUrl}/api/files/logos/${name}`)).status).toBe(200);
    await app.staff.dataProvider.delete('users', { id: userId });
    const res = await fetch(`${app.baseUrl}/api/files/logos/${name}`);
    expect(res.status).toBe(404);
  });

  it('removes the file an upload stored when its row change fails (the user was deleted meanwhile)', async () => {
    const [userId] = await insertUsers(app, [{ email: 'raced@example.test' }]);
    const store = localFileStore(path.join(app.t.dataDir, 'files'));
    const before = logoFiles();
    // The account is deleted while the image is being stored: the row change finds no live user.
    const racing: FileStore = {
      ...store,
      async put(key, data) {
        await store.put(key, data);
        await app.t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
      },
    };
    const { deps } = app.t.app;
    const serviceDeps = {
      db: deps.db,
      resets: deps.resets,
      outbox: deps.outbox,
      appUrl: app.t.config.appUrl,
      appName: app.t.config.appName,
      files: racing,
      paymentTerms: 'account' as const,
      cardPayments: false,
    };
    const service = staffUsersService(serviceDeps);
    await expect(service.setLogo(userId, await png(2))).rejects.toThrow(/No such user/);
    expect(logoFiles()).toEqual(before);
  });

  it('removes the file after the row no longer names it', async () => {
    const [userId] = await insertUsers(app, [{ email: 'removed-logo@example.test' }]);
    expect((await upload(userId, await png(3))).status).toBe(200);
    const name = (await logoOf(userId))!;
    expect(logoFiles()).toContain(name);
    const res = await app.staff.fetch(`/api/admin/users/${userId}/logo`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await logoOf(userId)).toBeNull();
    expect(logoFiles()).not.toContain(name);
  });
});
