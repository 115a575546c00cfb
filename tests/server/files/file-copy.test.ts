import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyAllFiles } from '../../../src/server/lib/file-copy';
import { localFileStore, type FileStore } from '../../../src/server/lib/files';
import { s3FileStore } from '../../../src/server/lib/s3-files';
import { testBucket, testS3 } from '../helpers/s3';

/** `npm run files -- copy`: every file from one store to the other, resumable, failures counted. */

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(path.join(os.tmpdir(), 'pjt-copy-'));
  folders.push(made);
  return made;
};
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A store with a few files in folders, and a write some process never finished. */
async function filled(): Promise<{ root: string; store: FileStore }> {
  const root = folder();
  const store = localFileStore(root);
  await store.put('artwork/a.pdf', Buffer.from('%PDF-1.7 a'));
  await store.put('artwork/b.pdf', Buffer.alloc(300_000, 7));
  await store.put('previews/a.png', Buffer.from('png'));
  await store.put('batches/old/batch-1-x.zip', Buffer.from('zip'));
  await mkdir(path.join(root, 'batches'), { recursive: true });
  await writeFile(path.join(root, 'batches', 'batch-2-y.zip.abc123.part'), 'half');
  return { root, store };
}

async function copiesEveryFileAndResumes(to: FileStore) {
  const { store: from } = await filled();
  const first = await copyAllFiles(from, to);
  expect(first).toMatchObject({ total: 4, copied: 4, skipped: 0, failed: 0, bytes: 10 + 300_000 + 3 + 3 });
  expect((await to.get('artwork/b.pdf'))?.equals(Buffer.alloc(300_000, 7))).toBe(true);
  expect((await to.get('batches/old/batch-1-x.zip'))?.toString()).toBe('zip');
  expect(await to.list('batches/')).toEqual(['batches/old/batch-1-x.zip']);
  // Run again: what is there at the same size is skipped; a file changed since is copied again.
  await from.put('previews/a.png', Buffer.from('a new png'));
  const again = await copyAllFiles(from, to);
  expect(again).toMatchObject({ total: 4, copied: 1, skipped: 3, failed: 0 });
  expect((await to.get('previews/a.png'))?.toString()).toBe('a new png');
}

describe('copying every file between stores', () => {
  it('copies every file to another directory, skips temporaries, and resumes', async () => {
    await copiesEveryFileAndResumes(localFileStore(folder()));
  });

  it('counts and names a file that fails, and goes on with the others', async () => {
    const { store: from } = await filled();
    const target = localFileStore(folder());
    const failing: FileStore = {
      ...target,
      async write(key, body) {
        if (key === 'artwork/b.pdf') {
          body.destroy();
          throw new Error('disk full');
        }
        return target.write(key, body);
      },
    };
    const progress: number[] = [];
    const summary = await copyAllFiles(from, failing, { lanes: 1, onProgress: (p) => progress.push(p.done) });
    expect(summary).toMatchObject({ total: 4, copied: 3, failed: 1, failures: [{ key: 'artwork/b.pdf', error: 'disk full' }] });
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(await target.get('artwork/b.pdf')).toBeNull();
  });

  const s3 = testS3();
  it.skipIf(!s3)('copies every file to an S3 bucket and back (TEST_S3_ENDPOINT)', async () => {
    const bucket = await testBucket(s3!);
    const store = s3FileStore(bucket.s3, { listPageSize: 2 });
    try {
      await copiesEveryFileAndResumes(store);
      const back = localFileStore(folder());
      expect(await copyAllFiles(store, back)).toMatchObject({ total: 4, copied: 4, failed: 0 });
      expect((await back.get('artwork/b.pdf'))?.length).toBe(300_000);
    } finally {
      store.client.destroy();
      await bucket.remove();
    }
  });
});
