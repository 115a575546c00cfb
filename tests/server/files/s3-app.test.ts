import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/client';
import type { Item, Order } from '../../../src/shared/api/orders';
import { createTestApp, type TestApp } from '../helpers/app';
import { staffClient } from '../helpers/catalogue';
import type { ApiClient } from '../helpers/client';
import { testBucket, testS3, unfinishedUploads } from '../helpers/s3';
import { artworkChecked, basketWithCard, CLEAN_CARD, customer, ok, pdf, seedCatalogue, upload, type Catalogue } from '../orders/helpers';

/** The app with FILE_STORE=s3: its settings, its start-up check, and an S3 service failing under an upload. */

const S3_ENV = {
  FILE_STORE: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:7480',
  S3_BUCKET: 'pjt-files',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('FILE_STORE and the S3_* settings', () => {
  it('is the local store unless FILE_STORE says s3', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
  });

  it('takes the S3 settings, with us-east-1 and virtual-host addresses unless told otherwise', () => {
    expect(loadConfig(S3_ENV).fileStore).toEqual({
      kind: 's3',
      s3: { endpoint: 'http://127.0.0.1:7480', region: 'us-east-1', bucket: 'pjt-files', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: false },
    });
    expect(loadConfig({ ...S3_ENV, S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'true' }).fileStore).toMatchObject({
      s3: { region: 'eu-west-2', forcePathStyle: true },
    });
  });

  it('names every setting FILE_STORE=s3 misses', () => {
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'pjt-files' })).toThrow(
      'Invalid configuration:\n  S3_ENDPOINT: required with FILE_STORE=s3\n  S3_ACCESS_KEY_ID: required with FILE_STORE=s3\n  S3_SECRET_ACCESS_KEY: required with FILE_STORE=s3',
    );
  });

  it('says what is wrong with each setting', () => {
    expect(() => loadConfig({ ...S3_ENV, FILE_STORE: 'gcs' })).toThrow(/FILE_STORE: expected local or s3/);
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'ftp://files.example' })).toThrow(/S3_ENDPOINT: expected the http\(s\) address of the S3 service/);
    expect(() => loadConfig({ ...S3_ENV, S3_BUCKET: 'My_Files' })).toThrow(/S3_BUCKET: expected a bucket name/);
    expect(() => loadConfig({ ...S3_ENV, S3_REGION: 'EU West' })).toThrow(/S3_REGION: expected a region name/);
    expect(() => loadConfig({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'yes please' })).toThrow(/S3_FORCE_PATH_STYLE: expected true/);
  });
});

const s3 = testS3();

describe.skipIf(!s3)('the app on an S3 service (TEST_S3_ENDPOINT)', () => {
  it('refuses to start with keys the service refuses, naming the settings', async () => {
    const bucket = await testBucket(s3!);
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), fileStore: { kind: 's3' as const, s3: { ...bucket.s3, accessKeyId: 'nobody' } } };
      await expect(buildApp({ config, database, distDir: null, logger: false })).rejects.toThrow(
        /The file store \(FILE_STORE=s3\) cannot be used: the service at S3_ENDPOINT \(.+\) refused the keys: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
      );
    } finally {
      await database.close();
      await bucket.remove();
    }
  });

  describe('an artwork upload while the service fails part-way', () => {
    let t: TestApp;
    let bucket: Awaited<ReturnType<typeof testBucket>>;
    let proxy: net.Server;
    let cat: Catalogue;
    let client: ApiClient;
    /** Past this many bytes a connection to S3 is cut: a network that fails under a large upload. */
    const CUT_AFTER = 2 * 1024 * 1024;

    beforeAll(async () => {
      bucket = await testBucket(s3!);
      const target = new URL(s3!.endpoint);
      // Between the app and S3: small requests pass, any connection that carries more is cut.
      proxy = net.createServer((from) => {
        const to = net.connect(Number(target.port), target.hostname);
        let carried = 0;
        from.on('data', (data: Buffer) => {
          carried += data.length;
          if (carried > CUT_AFTER) {
            from.destroy();
            to.destroy();
          } else to.write(data);
        });
        to.on('data', (data) => from.write(data));
        from.on('error', () => to.destroy());
        to.on('error', () => from.destroy());
        from.on('close', () => to.destroy());
        to.on('close', () => from.destroy());
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const endpoint = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
      t = await createTestApp({ fileStore: { kind: 's3', s3: { ...bucket.s3, endpoint } } });
      cat = await seedCatalogue(await staffClient(t));
      ({ client } = await customer(t));
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      proxy?.close();
      await bucket?.remove();
    });

    it('answers 503 with a clear message, stores nothing and leaves the item as it was', async () => {
      const { order, item } = await basketWithCard(client, cat);
      const first = ok<Item>(await upload(client, order.id, item.id, await pdf(CLEAN_CARD), 'first.pdf'));
      expect(first.artwork).toMatchObject({ name: 'first.pdf' });
      // Checked on a staged copy, its preview stored in the bucket.
      const before = (await artworkChecked(t, client, order.id)).items[0];
      expect(before.artwork).toMatchObject({ preflight: { status: 'pass' }, preview: true });
      const storedBefore = [...(await t.app.deps.files.list('artwork/')), ...(await t.app.deps.files.list('previews/'))];
      expect(storedBefore).toHaveLength(2);

      // A PDF head and 12 MB after it: more than one multipart part, and past what the network carries.
      const large = Buffer.concat([Buffer.from(await pdf(CLEAN_CARD)), Buffer.alloc(12 * 1024 * 1024, 32)]);
      const refused = await upload(client, order.id, item.id, large, 'second.pdf');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        message: 'Your file could not be stored just now: our file store is not answering. Nothing was changed; please try again in a few minutes.',
      });

      const after = ok<Order>(await client.get(`/api/orders/${order.id}`)).items[0];
      expect(after).toEqual(before);
      expect([...(await t.app.deps.files.list('artwork/')), ...(await t.app.deps.files.list('previews/'))]).toEqual(storedBefore);
      // The multipart upload begun was aborted: no parts are left behind in the bucket.
      expect(await unfinishedUploads(bucket.client, bucket.s3.bucket)).toEqual([]);
      // The artwork in place still downloads.
      const download = await client.get(`/api/orders/${order.id}/items/${item.id}/artwork`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }, 120_000);
  });
});
