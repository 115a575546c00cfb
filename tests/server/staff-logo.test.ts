import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { LOGO_MAX_BYTES } from '../../src/shared/api/staff-users';
import { imageKind } from '../../src/server/modules/users/logo-image';
import { insertUsers, startStaffApp, type StaffApp } from './helpers/staff-app';

/** Logos: images only (judged by their bytes), at most 800 px wide, never enlarged, replaced cleanly. */
let app: StaffApp;
let userId: number;

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') => {
  const canvas = sharp({ create: { width, height, channels: 4, background: { r: 22, g: 58, b: 107, alpha: 1 } } });
  return canvas[format]().toBuffer();
};

function upload(bytes: Buffer, filename: string, type = 'image/png', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return app.staff.fetch(`/api/admin/users/${userId}/logo`, { method: 'POST', body: form });
}

const logoDir = () => path.join(app.t.dataDir, 'files', 'logos');

beforeAll(async () => {
  app = await startStaffApp();
  [userId] = await insertUsers(app, [{ email: 'logo@example.test' }]);
});
afterAll(() => app.t.close());

describe('uploading a logo', () => {
  it('resizes a wide image to 800 px and serves it at the address the user record links', async () => {
    const res = await upload(await image(1600, 400, 'png'), 'wide.png');
    expect(res.status).toBe(200);
    const user = (await res.json()) as { company_logo: string };
    expect(user.company_logo).toMatch(/^\/api\/files\/logos\/[A-Za-z0-9_-]{32}\.png$/);
    const served = await fetch(`${app.baseUrl}${user.company_logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 800, height: 200 });
    expect((await app.staff.dataProvider.getOne('users', { id: userId })).data.company_logo).toBe(user.company_logo);
  });

  it('never enlarges a small one, keeps a photo as JPEG, and deletes the file it replaces', async () => {
    const before = readdirSync(logoDir());
    const res = await upload(await image(300, 120, 'jpeg'), 'small.jpg', 'image/jpeg');
    const user = (await res.json()) as { company_logo: string };
    expect(user.company_logo).toMatch(/\.jpg$/);
    const served = Buffer.from(await (await fetch(`${app.baseUrl}${user.company_logo}`)).arrayBuffer());
    expect(imageKind(served)).toBe('jpeg');
    expect((await sharp(served).metadata()).width).toBe(300);
    const after = readdirSync(logoDir());
    expect(after).toHaveLength(1);
    expect(before.some((name) => after.includes(name))).toBe(false);
  });

  it('accepts WebP and GIF, stored as PNG', async () => {
    for (const format of ['webp', 'gif'] as const) {
      const res = await upload(await image(900, 300, format), `logo.${format}`, `image/${format}`);
      expect(res.status).toBe(200);
      const { company_logo } = (await res.json()) as { company_logo: string };
      expect(company_logo).toMatch(/\.png$/);
    }
  });

  it('accepts a large photo well over the JSON body limit, up to the logo limit', async () => {
    const noise = Buffer.from(Array.from({ length: 1000 * 800 * 3 }, () => Math.floor(Math.random() * 256)));
    const photo = await sharp(noise, { raw: { width: 1000, height: 800, channels: 3 } })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(app.t.config.bodyLimit);
    expect(photo.length).toBeLessThan(LOGO_MAX_BYTES);
    const res = await upload(photo, 'photo.png');
    expect(res.status).toBe(200);
  });

  it('removes the logo and its file', async () => {
    const res = await app.staff.fetch(`/api/admin/users/${userId}/logo`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { company_logo: unknown }).company_logo).toBeNull();
    expect(readdirSync(logoDir())).toEqual([]);
  });
});

describe('refusing what is not a logo (422, with a message for the file field)', () => {
  const refusal = async (res: Response) => ({ status: res.status, errors: ((await res.json()) as { errors?: Record<string, string> }).errors });

  it('refuses a text file named .png sent as image/png: the content decides, not the name', async () => {
    expect(await refusal(await upload(Buffer.from('hello, I am not a picture'), 'logo.png'))).toEqual({
      status: 422,
      errors: { file: 'This file is not a PNG, JPEG, WebP or GIF image.' },
    });
  });

  it('refuses an SVG (a document that can carry scripts) and an HTML page', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await refusal(await upload(svg, 'logo.svg', 'image/svg+xml'))).status).toBe(422);
    expect((await refusal(await upload(Buffer.from('<!doctype html><p>hi'), 'logo.jpg', 'image/jpeg'))).status).toBe(422);
  });

  it('refuses a file with an image signature that does not decode', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);
    expect(await refusal(await upload(fake, 'broken.png'))).toEqual({ status: 422, errors: { file: 'This image could not be read; it may be damaged.' } });
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([await image(10, 10, 'png'), Buffer.alloc(LOGO_MAX_BYTES, 1)]);
    expect(await refusal(await upload(big, 'huge.png'))).toEqual({ status: 422, errors: { file: 'The logo must be at most 5 MB.' } });
  });

  it('refuses an image whose canvas is too large to decode safely', async () => {
    const bomb = await sharp({ create: { width: 10000, height: 5000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(LOGO_MAX_BYTES);
    expect((await refusal(await upload(bomb, 'bomb.png'))).errors?.file).toMatch(/too large/);
  });

  it('refuses a request without a file, with the wrong field, or not multipart', async () => {
    const empty = await app.staff.fetch(`/api/admin/users/${userId}/logo`, { method: 'POST', body: new FormData() });
    expect((await refusal(empty)).errors?.file).toBe('Choose an image file to upload.');
    expect((await refusal(await upload(await image(10, 10, 'png'), 'a.png', 'image/png', 'logo'))).errors?.file).toBe('Choose an image file to upload.');
    const json = await app.staff.fetch(`/api/admin/users/${userId}/logo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect((await refusal(json)).errors?.file).toMatch(/multipart\/form-data/);
  });

  it('answers 404 for a logo of a user that does not exist, and for unknown or odd file names', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await image(10, 10, 'png'))]), 'a.png');
    expect((await app.staff.fetch('/api/admin/users/999999/logo', { method: 'POST', body: form })).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/api/files/logos/${'a'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/api/files/logos/..%2F..%2Fapp.key`)).status).toBe(404);
    expect(existsSync(path.join(app.t.dataDir, 'app.key'))).toBe(true);
  });
});
