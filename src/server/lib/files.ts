import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomToken } from './tokens';

/**
 * Where the app keeps files (logos now; artwork, previews, invoices and batch zips later), by key
 * such as `logos/Ab3….png`. DESIGN §1: the local directory DATA_DIR/files by default; an
 * S3-compatible store can implement the same four calls.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the file and its size, or null when there is none. */
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of plain names: never `..`, absolute paths or odd characters. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,4}$/;

export function assertFileKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) throw new Error(`Invalid file key: ${key}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The files under `root` on the local disk. */
export function localFileStore(root: string): FileStore {
  const where = (key: string) => {
    assertFileKey(key);
    return path.join(path.resolve(root), key);
  };
  return {
    async put(key, data) {
      const target = where(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write aside, then rename: a reader never sees half a file.
      const temporary = `${target}.${randomToken(6)}.part`;
      await writeFile(temporary, data);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return await readFile(where(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      const file = where(key);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(where(key), { force: true });
    },
  };
}

/** The app's store: DATA_DIR/files. */
export function appFileStore(config: { dataDir: string }): FileStore {
  return localFileStore(path.join(config.dataDir, 'files'));
}
