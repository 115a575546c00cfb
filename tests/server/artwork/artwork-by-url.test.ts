import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Order } from '../../../src/shared/api/orders';
import { jobs as jobsTable, orderItems, settings } from '../../../src/server/db/schema';
import { ARTWORK_FETCH_QUEUE } from '../../../src/server/modules/artwork/fetch-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { staffClient } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { basketWithCard, CLEAN_CARD, customer, ok, pdf, readyBasket, seedCatalogue, seedDelivery, type Catalogue } from '../orders/helpers';

/**
 * Artwork by URL through the customer's route, the service the trade API calls too, and the job:
 * with the allow flag a local server plays the internet (good PDF, HTML, oversize, 404, refused,
 * slow, redirect loops); without it, private addresses are refused with their reason. The redirect
 * to a private address from a public first hop is exercised at the library level
 * (tests/server/public-fetch.test.ts), where the first hop can be trusted in a controlled way.
 */

let server: http.Server;
let base: string;
let good: Uint8Array;

beforeAll(async () => {
  good = await pdf(CLEAN_CARD);
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/card.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(good));
    else if (url.pathname === '/page.html') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html>Sign in</html>');
    else if (url.pathname === '/big.pdf') res.writeHead(200).end(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * 1024 * 1024, 32)]));
    else if (url.pathname === '/slow.pdf')
      res.writeHead(200).write('%PDF-1.7\n'); // never finishes
    else if (url.pathname === '/loop') res.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` }).end();
    else res.writeHead(404).end('Not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const fetchUrl = (client: ApiClient, orderId: number, itemId: number, artwork_url: unknown) =>
  client.post(`/api/orders/${orderId}/items/${itemId}/artwork/url`, { artwork_url });

async function itemOf(client: ApiClient, orderId: number): Promise<Item> {
  return ok<Order>(await client.get(`/api/orders/${orderId}`)).items[0];
}

describe('artwork by URL without ARTWORK_FETCH_ALLOW_PRIVATE', () => {
  let t: TestApp;
  let cat: Catalogue;
  beforeAll(async () => {
    t = await createTestApp();
    cat = await seedCatalogue(await staffClient(t));
  }, 60_000);
  afterAll(() => t?.close());

  it.each([
    ['http://127.0.0.1:8080/card.pdf', 'The address 127.0.0.1 is not on the public internet.'],
    ['http://localhost/card.pdf', 'The address localhost is not on the public internet.'],
    ['http://10.1.2.3/card.pdf', 'The address 10.1.2.3 is not on the public internet.'],
    ['http://169.254.169.254/latest/meta-data/', 'The address 169.254.169.254 is not on the public internet.'],
    ['http://[::1]/card.pdf', 'The address [::1] is not on the public internet.'],
    ['ftp://example.com/card.pdf', 'Only http:// and https:// addresses can be fetched, not ftp:.'],
    ['https://me:secret@example.com/card.pdf', expect.stringContaining('user name or password')],
    ['card.pdf', 'Give the full address of the file, starting with https://.'],
  ])('refuses %s with a 422 on artwork_url and leaves the item as it was', async (url, message) => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client, cat);
    const res = await fetchUrl(client, order.id, item.id, url);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ artwork_url: message });
    expect(await itemOf(client, order.id)).toEqual(item);
    const queued = await t.database.db.select().from(jobsTable).where(eq(jobsTable.queue, ARTWORK_FETCH_QUEUE));
    expect(queued).toEqual([]);
  });

  it('answers 404 for another customer’s item and 422 for a body without an address', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client, cat);
    const { client: other } = await customer(t);
    expect((await fetchUrl(other, order.id, item.id, 'https://example.com/card.pdf')).statusCode).toBe(404);
    const missing = await client.post(`/api/orders/${order.id}/items/${item.id}/artwork/url`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.artwork_url).toBe('Give the address of the PDF.');
    expect((await fetchUrl(client, order.id, item.id, 42)).statusCode).toBe(422);
  });
});

describe('artwork by URL with ARTWORK_FETCH_ALLOW_PRIVATE (a local server)', () => {
  let t: TestApp;
  let cat: Catalogue;
  let deliveryTypeId: number;
  beforeAll(async () => {
    t = await createTestApp({ artworkFetch: { allowPrivate: true, timeoutMs: 1_000 } });
    cat = await seedCatalogue(await staffClient(t));
    const { gbId } = await customer(t);
    deliveryTypeId = (await seedDelivery(t, gbId)).first.id;
  }, 60_000);
  afterAll(() => t?.close());

  // Through the store, so the test holds on either store (TEST_FILE_STORE=s3).
  const artworkFiles = async () => (await t.app.deps.files.list('artwork/')).filter((f) => !f.endsWith('.part')).sort();

  it('fetches a PDF, attaches it as an upload does and checks it: the basket can then be confirmed', async () => {
    const { client } = await customer(t);
    const { order, item } = await readyBasket(t, client, cat, deliveryTypeId);
    // readyBasket uploaded a file already: the fetched one replaces it.
    const accepted = ok<Item>(await fetchUrl(client, order.id, item.id, `${base}/card.pdf`), 202);
    expect(accepted.artwork_fetch).toEqual({ url: `${base}/card.pdf`, status: 'fetching', error: null });
    const waiting = ok<Order>(await client.get(`/api/orders/${order.id}`));
    expect(waiting.blockers).toEqual([expect.stringContaining('still being fetched')]);
    await t.app.deps.jobs.drain();
    const after = await itemOf(client, order.id);
    expect(after.artwork_fetch).toBeNull();
    expect(after.artwork).toMatchObject({ name: 'card.pdf', size: good.length, preflight: { status: 'pass' }, preview: true });
    const [row] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row).toMatchObject({ artworkUrl: `${base}/card.pdf`, artworkFetchStatus: null, artworkFetchError: null });
    const file = await client.get(`/api/orders/${order.id}/items/${item.id}/artwork`);
    expect(Buffer.compare(file.rawPayload, Buffer.from(good))).toBe(0);
    const confirmed = await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `confirm-url-${order.id}` } });
    expect(confirmed.statusCode).toBe(200);
  });

  it('the service the trade API calls: a job run again after attaching attaches nothing more', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client, cat);
    const me = ok<{ id: number }>(await client.get('/api/user'));
    await t.app.deps.artwork.fetchFromUrl(me.id, order.id, item.id, `${base}/card.pdf`);
    const queued = (await t.database.db.select().from(jobsTable).where(eq(jobsTable.queue, ARTWORK_FETCH_QUEUE))).filter(
      (j) => (j.payload as { itemId: number }).itemId === item.id,
    );
    expect(queued).toHaveLength(1);
    await t.app.deps.jobs.drain();
    const first = await itemOf(client, order.id);
    expect(first.artwork).toMatchObject({ name: 'card.pdf' });
    const filesBefore = await artworkFiles();
    // The same job taken again (as after a worker died before it was marked done): it finds the fetch done and does nothing.
    await t.database.db.update(jobsTable).set({ status: 'queued', runAt: new Date(), lockedBy: null, lockedUntil: null }).where(eq(jobsTable.id, queued[0].id));
    await t.app.deps.jobs.drain();
    const second = await itemOf(client, order.id);
    expect(second.artwork).toEqual(first.artwork);
    expect(await artworkFiles()).toEqual(filesBefore);
  });

  it('a fetch whose worker died on its last attempt is not made again: the item says it could not be fetched', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client, cat);
    await t.app.deps.jobs.stop();
    try {
      ok(await fetchUrl(client, order.id, item.id, `${base}/card.pdf`), 202);
      const [job] = (await t.database.db.select().from(jobsTable).where(eq(jobsTable.queue, ARTWORK_FETCH_QUEUE))).filter(
        (j) => (j.payload as { itemId: number }).itemId === item.id,
      );
      await t.database.db
        .update(jobsTable)
        .set({ status: 'running', attempts: job.maxAttempts, lockedBy: 'killed-worker', lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(jobsTable.id, job.id));
      await t.app.deps.jobs.drain();
    } finally {
      t.app.deps.jobs.start();
    }
    const after = await itemOf(client, order.id);
    expect(after.artwork_fetch).toEqual({
      url: `${base}/card.pdf`,
      status: 'failed',
      error: 'The file could not be fetched just now. Try again, or upload the PDF.',
    });
    expect(after.artwork).toBeNull();
  });

  it('a newer request supersedes one under way: only the newer fetch is attached', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client, cat);
    ok(await fetchUrl(client, order.id, item.id, `${base}/missing.pdf`), 202);
    ok(await fetchUrl(client, order.id, item.id, `${base}/card.pdf`), 202);
    await t.app.deps.jobs.drain();
    const after = await itemOf(client, order.id);
    expect(after.artwork_fetch).toBeNull();
    expect(after.artwork).toMatchObject({ name: 'card.pdf' });
  });

  it.each([
    ['/page.html', 'This is not a PDF (it starts with “<!DOCTYPE html><html>Sig…”, Content-Type text/html).'],
    ['/big.pdf', 'The file is larger than 1 MB, the largest we accept.'],
    ['/missing.pdf', 'The server answered 404 (Not Found).'],
    ['/slow.pdf', 'No answer within 1 seconds.'],
    ['/loop', 'More than 3 redirects.'],
  ])('fails %s with its reason on the item, keeping the artwork in place', async (pathname, reason) => {
    await t.database.db.update(settings).set({ value: '1' }).where(eq(settings.name, 'ARTWORK_MAX_MB'));
    try {
      const { client } = await customer(t);
      const { order, item } = await readyBasket(t, client, cat, deliveryTypeId);
      const before = await itemOf(client, order.id);
      const filesBefore = await artworkFiles();
      ok(await fetchUrl(client, order.id, item.id, `${base}${pathname}`), 202);
      await t.app.deps.jobs.drain();
      const after = await itemOf(client, order.id);
      expect(after.artwork_fetch).toEqual({ url: `${base}${pathname}`, status: 'failed', error: reason });
      expect(after.artwork).toEqual(before.artwork);
      expect(await artworkFiles()).toEqual(filesBefore);
    } finally {
      await t.database.db.update(settings).set({ value: '100' }).where(eq(settings.name, 'ARTWORK_MAX_MB'));
    }
  });

  it('fails a server that refuses the connection, and says so where the basket lists what is missing', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client, cat);
    ok(await fetchUrl(client, order.id, item.id, `http://127.0.0.1:${port}/card.pdf`), 202);
    await t.app.deps.jobs.drain();
    const after = ok<Order>(await client.get(`/api/orders/${order.id}`));
    expect(after.items[0].artwork_fetch).toMatchObject({ status: 'failed', error: 'The server could not be reached (ECONNREFUSED).' });
    expect(after.blockers).toContain('Item 1 (Cards): its artwork could not be fetched from the link: the server could not be reached (ECONNREFUSED).');
  });

  it('refuses a confirmed order’s item (409), as an upload is refused', async () => {
    const { client } = await customer(t);
    const { order, item } = await readyBasket(t, client, cat, deliveryTypeId);
    ok(await client.request('POST', `/api/orders/${order.id}/confirm`, {}, { headers: { 'idempotency-key': `confirm-late-${order.id}` } }));
    const res = await fetchUrl(client, order.id, item.id, `${base}/card.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/only be replaced while the order is on hold/);
  });

  it('removing the artwork while a fetch is under way ends the fetch', async () => {
    const { client } = await customer(t);
    const { order, item } = await basketWithCard(client, cat);
    ok(await fetchUrl(client, order.id, item.id, `${base}/page.html`), 202);
    ok(await client.delete(`/api/orders/${order.id}/items/${item.id}/artwork`));
    await t.app.deps.jobs.drain();
    const after = await itemOf(client, order.id);
    expect(after.artwork_fetch).toBeNull();
    expect(after.artwork).toBeNull();
  });
});
