import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore, type FileStore } from '../../../src/server/lib/files';
import { s3FileStore } from '../../../src/server/lib/s3-files';
import { testBucket, testS3, unfinishedUploads } from '../helpers/s3';

/**
 * What every file store promises (lib/files.ts), run against the local directory store always and
 * against an S3-compatible service (Ceph's RADOS Gateway in CI) when TEST_S3_ENDPOINT is set.
 */

const MB = 1024 * 1024;

/** A store under test and what only its own kind can show: temporaries it left, staged copies. */
interface Subject {
  store: FileStore;
  /** Traces of writes not finished: local `.part` files, S3 multipart uploads never completed. */
  leftovers(): Promise<string[]>;
  /** A write cut short long ago, as a dead process leaves one (its key). */
  abandonWrite(key: string): Promise<void>;
  /** Whether a path the store lent for reading or writing still exists after use. */
  stagedKept: boolean;
  close(): Promise<void>;
}

/** `size` bytes in 64 KiB chunks of random data, with their SHA-256, never whole in memory. */
function bytes(size: number, failAfter?: number): { body: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  const body = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('the client went away'));
      if (sent >= size) return this.push(null);
      const chunk = randomBytes(Math.min(64 * 1024, size - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { body, sha256: () => hash.digest('hex') };
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

function fileStoreContract(name: string, open: () => Promise<Subject>) {
  describe(`${name}: the file store contract`, () => {
    let subject: Subject;
    let files: FileStore;
    beforeAll(async () => {
      subject = await open();
      files = subject.store;
    }, 60_000);
    afterAll(async () => subject?.close());

    it('puts, gets and streams a file; a missing one is null', async () => {
      await files.put('logos/a.png', Buffer.from('a small file'));
      expect((await files.get('logos/a.png'))?.toString()).toBe('a small file');
      const streamed = await files.stream('logos/a.png');
      expect(streamed?.size).toBe(12);
      expect(Buffer.concat(await streamed!.body.toArray()).toString()).toBe('a small file');
      expect(await files.size('logos/a.png')).toBe(12);
      expect(await files.size('logos/none.png')).toBeNull();
      expect(await files.get('logos/none.png')).toBeNull();
      expect(await files.stream('logos/none.png')).toBeNull();
    });

    it('writes a stream longer than one multipart part whole, answering its size', async () => {
      const source = bytes(12 * MB);
      expect(await files.write('artwork/big.pdf', source.body)).toBe(12 * MB);
      const stored = await files.stream('artwork/big.pdf');
      expect(stored?.size).toBe(12 * MB);
      expect(await sha256Of(stored!.body)).toEqual({ sha256: source.sha256(), size: 12 * MB });
      expect(await subject.leftovers()).toEqual([]);
    }, 60_000);

    it('leaves nothing when the stream fails part-way, and the error is the stream’s', async () => {
      await expect(files.write('artwork/cut.pdf', bytes(12 * MB, 7 * MB).body)).rejects.toThrow('the client went away');
      expect(await files.get('artwork/cut.pdf')).toBeNull();
      expect(await files.list('artwork/cut')).toEqual([]);
      expect(await subject.leftovers()).toEqual([]);
    }, 60_000);

    it('replaces a file whole: a failed rewrite leaves the old one', async () => {
      await files.put('invoices/1.pdf', Buffer.from('first'));
      await files.write('invoices/1.pdf', Readable.from([Buffer.from('second')]));
      expect((await files.get('invoices/1.pdf'))?.toString()).toBe('second');
      await expect(files.write('invoices/1.pdf', bytes(6 * MB, 5 * MB).body)).rejects.toThrow('the client went away');
      expect((await files.get('invoices/1.pdf'))?.toString()).toBe('second');
    }, 60_000);

    it('deletes a file; deleting a missing one is no error', async () => {
      await files.put('logos/gone.png', Buffer.from('x'));
      await files.delete('logos/gone.png');
      expect(await files.get('logos/gone.png')).toBeNull();
      await expect(files.delete('logos/gone.png')).resolves.toBeUndefined();
    });

    it('copies a file to a new key, the original kept; a missing original rejects', async () => {
      await files.put('artwork/original.pdf', Buffer.from('%PDF-1.7 original'));
      await files.copy('artwork/original.pdf', 'artwork/copy.pdf');
      expect((await files.get('artwork/copy.pdf'))?.toString()).toBe('%PDF-1.7 original');
      expect((await files.get('artwork/original.pdf'))?.toString()).toBe('%PDF-1.7 original');
      await expect(files.copy('artwork/nothing.pdf', 'artwork/copy2.pdf')).rejects.toThrow();
      expect(await files.get('artwork/copy2.pdf')).toBeNull();
    });

    it('lists every key that begins with a prefix, over several pages', async () => {
      const keys = Array.from({ length: 25 }, (_, i) => `batches/batch-7-${String(i).padStart(2, '0')}.zip`);
      await Promise.all(keys.map((key) => files.put(key, Buffer.from(key))));
      await files.put('batches/batch-71-a.zip', Buffer.from('another batch'));
      expect((await files.list('batches/batch-7-')).sort()).toEqual(keys);
      expect(await files.list('batches/batch-8-')).toEqual([]);
      // Files in folders below the prefix's are listed; folders themselves are not files.
      await files.put('batches/older/batch-7-kept.zip', Buffer.from('kept'));
      const all = await files.list('batches/');
      expect(all).toContain('batches/older/batch-7-kept.zip');
      expect(all).not.toContain('batches/older');
      expect(await files.list('')).toEqual(expect.arrayContaining(['batches/older/batch-7-kept.zip', ...keys]));
      expect(await files.list('nothing-here/x')).toEqual([]);
    });

    it('removes the temporaries of writes cut short once untouched long enough, and nothing else', async () => {
      await subject.abandonWrite('batches/batch-9-abandoned.zip');
      await files.put('batches/batch-9-whole.zip', Buffer.from('whole'));
      expect(await files.removeTemporaries(60 * 60_000)).toEqual([]);
      expect((await subject.leftovers()).length).toBe(1);
      const removed = await files.removeTemporaries(0);
      expect(removed).toHaveLength(1);
      expect(removed[0]).toMatch(/^batches\/batch-9-abandoned\.zip/);
      expect(await subject.leftovers()).toEqual([]);
      expect((await files.get('batches/batch-9-whole.zip'))?.toString()).toBe('whole');
      expect(await files.removeTemporaries(0)).toEqual([]);
    });

    it('lends a file on this machine for reading, and a missing one rejects', async () => {
      await files.put('artwork/read.pdf', Buffer.from('%PDF-1.7 to read'));
      let lent = '';
      const read = await files.withLocalCopy('artwork/read.pdf', async (file) => {
        lent = file;
        return readFile(file, 'utf8');
      });
      expect(read).toBe('%PDF-1.7 to read');
      expect(path.extname(lent)).toBe('.pdf');
      expect(existsSync(lent)).toBe(subject.stagedKept);
      await expect(
        files.withLocalCopy('artwork/read.pdf', async () => {
          throw new Error('the engine failed');
        }),
      ).rejects.toThrow('the engine failed');
      await expect(files.withLocalCopy('artwork/none.pdf', (file) => readFile(file))).rejects.toMatchObject({ code: 'ENOENT' });
      expect((await files.get('artwork/read.pdf'))?.toString()).toBe('%PDF-1.7 to read');
    });

    it('stores what is written at the paths it lends, once the writer is done; nothing when it fails', async () => {
      const keys = ['previews/p.png', 'previews/p.p2.png', 'previews/p.p3.png'];
      let lent: string[] = [];
      const answer = await files.withLocalOutputs(keys, async (paths) => {
        lent = paths;
        await writeFile(paths[0], 'page one');
        await writeFile(paths[1], 'page two');
        return 'drawn';
      });
      expect(answer).toBe('drawn');
      expect((await files.get('previews/p.png'))?.toString()).toBe('page one');
      expect((await files.get('previews/p.p2.png'))?.toString()).toBe('page two');
      expect(await files.get('previews/p.p3.png')).toBeNull();
      expect(existsSync(lent[0])).toBe(subject.stagedKept);
      await expect(
        files.withLocalOutputs(['previews/q.png'], async () => {
          throw new Error('the engine failed');
        }),
      ).rejects.toThrow('the engine failed');
      expect(await files.get('previews/q.png')).toBeNull();
      expect(await subject.leftovers()).toEqual([]);
    });

    it('passes its start-up check', async () => {
      await expect(files.check()).resolves.toBeUndefined();
    });
  });
}

fileStoreContract('local directory', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pjt-files-'));
  const partFiles = async () =>
    (await readdir(root, { recursive: true }))
      .filter((name) => name.endsWith('.part') || name.endsWith('.partial'))
      .map((name) => name.split(path.sep).join('/'));
  return {
    store: localFileStore(root),
    leftovers: partFiles,
    async abandonWrite(key) {
      // As a process killed mid-write leaves it: a `.part` beside the key, not touched since.
      const file = path.join(root, `${key}.dead01.part`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'half a file');
      await utimes(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    },
    stagedKept: true,
    async close() {
      rmSync(root, { recursive: true, force: true });
    },
  };
});

const s3 = testS3();
describe.skipIf(!s3)('S3-compatible service (TEST_S3_ENDPOINT)', () => {
  fileStoreContract('S3', async () => {
    const bucket = await testBucket(s3!);
    // The smallest parts S3 takes, so the 12 MB write is three of them; small pages, so 25 keys are three.
    const store = s3FileStore(bucket.s3, { partSize: 5 * MB, listPageSize: 10 });
    return {
      store,
      leftovers: async () => (await unfinishedUploads(bucket.client, bucket.s3.bucket)).map((u) => u.key),
      async abandonWrite(key) {
        // A multipart upload with one part, never completed nor aborted (its process died).
        const { UploadId } = await bucket.client.send(new CreateMultipartUploadCommand({ Bucket: bucket.s3.bucket, Key: key }));
        await bucket.client.send(new UploadPartCommand({ Bucket: bucket.s3.bucket, Key: key, UploadId, PartNumber: 1, Body: Buffer.alloc(1024, 1) }));
      },
      stagedKept: false,
      async close() {
        store.client.destroy();
        await bucket.remove();
      },
    };
  });

  describe('its start-up check names the setting to mend', () => {
    let bucket: Awaited<ReturnType<typeof testBucket>>;
    beforeAll(async () => {
      bucket = await testBucket(s3!);
    });
    afterAll(async () => bucket?.remove());

    it('wrong keys: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY', async () => {
      const store = s3FileStore({ ...bucket.s3, secretAccessKey: 'not-the-secret' });
      await expect(store.check()).rejects.toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    });

    it('no such bucket: S3_BUCKET', async () => {
      const store = s3FileStore({ ...bucket.s3, bucket: `${bucket.s3.bucket}-none` });
      await expect(store.check()).rejects.toThrow(/S3_BUCKET: there is no bucket named/);
    });

    it('nothing answering: S3_ENDPOINT', async () => {
      const store = s3FileStore({ ...bucket.s3, endpoint: 'http://127.0.0.1:9' });
      await expect(store.check()).rejects.toThrow(/S3_ENDPOINT \(http:\/\/127\.0\.0\.1:9\) does not answer/);
    });
  });

  it('stages a copy of a file larger than a part for reading, byte for byte', async () => {
    const bucket = await testBucket(s3!);
    const store = s3FileStore(bucket.s3, { partSize: 5 * MB });
    try {
      const source = bytes(11 * MB);
      await store.write('artwork/staged.pdf', source.body);
      const digest = await store.withLocalCopy('artwork/staged.pdf', async (file) => createHash('sha256').update(readFileSync(file)).digest('hex'));
      expect(digest).toBe(source.sha256());
    } finally {
      store.client.destroy();
      await bucket.remove();
    }
  }, 60_000);
});
