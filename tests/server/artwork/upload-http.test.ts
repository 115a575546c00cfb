import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerCaller, startStaffApp, type StaffApp } from '../helpers/staff-app';

/**
 * Artwork uploads over real HTTP: the route reads the multipart head and hands the file's stream to
 * the service, which may refuse before reading it. The rest of the body must still be read (and
 * dropped): a stalled upload would hold its connection open, and shutting down would wait on it.
 */

let app: StaffApp;
let closed = false;
beforeAll(async () => {
  app = await startStaffApp();
}, 60_000);
afterAll(async () => {
  if (!closed) await app.t.close();
});

const form = (bytes: number) => {
  const body = new FormData();
  body.append('file', new Blob([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes, 32)], { type: 'application/pdf' }), 'big card.pdf');
  return body;
};

describe('an artwork upload refused before its file is read', () => {
  it('is answered, the same client goes on, and the app shuts down with nothing left open', async () => {
    const customer = await customerCaller(app);
    for (let attempt = 0; attempt < 3; attempt++) {
      // No such order of theirs: 404 from the check that comes before the file is stored.
      const refused = await customer.fetch('/api/orders/999999/items/1/artwork', { method: 'POST', body: form(8 * 1024 * 1024) });
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { message: string }).message).toBe('No such order.');
    }
    expect((await customer.fetch('/api/user')).status).toBe(200);
    await app.t.close();
    closed = true;
  });
});
