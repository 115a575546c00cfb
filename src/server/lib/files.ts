import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Unavailable } from './domain-errors';
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
  /** The file's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Writes a stream to `key` as it arrives (never whole in memory) and answers the bytes written.
   * A reader never sees half a file; a failed write leaves nothing behind.
   */
  write(key: string, body: Readable): Promise<number>;
  /** Copies a file to a new key (a reorder's artwork). */
  copy(from: string, to: string): Promise<void>;
  /**
   * Runs `read` with a path on this machine that holds the file at `key`, for code that can only
   * read files (the PDF engine). The local store gives the file itself, so nothing is copied; a
   * remote store downloads a staged copy and removes it once `read` settles. A missing file
   * rejects (the reader's own ENOENT on the local store).
   */
  withLocalCopy<T>(key: string, read: (path: string) => Promise<T>): Promise<T>;
  /**
   * Runs `make` with a path on this machine for each of `keys`, for code that can only write files
   * (the PDF engine's previews); once it resolves, what it wrote at each path is the file at that
   * key, and a path it left unwritten stores nothing. The local store gives the files' own places
   * (nothing is copied); a remote store stages them in a directory of its own, uploads them when
   * `make` resolves, stores nothing when it rejects, and removes the directory either way. `make`
   * writes each file whole or not at all (aside, then renamed), as readers of the local store may
   * see it at once.
   */
  withLocalOutputs<T>(keys: string[], make: (paths: string[]) => Promise<T>): Promise<T>;
  /**
   * The keys of the files that begin with `prefix` (e.g. `batches/batch-12-`; `` for every file),
   * in folders below it too, temporaries of writes not yet finished (or never to be) included: a
   * job retaking a dead worker's work clears what it left. (On S3 a write not finished is no
   * object, so is not listed; removeTemporaries aborts it once abandoned.)
   */
  list(prefix: string): Promise<string[]>;
  /**
   * Removes the temporaries that writes cut short left behind (a process killed mid-write) when
   * nothing has touched them for `olderThanMs`, and answers their keys. Temporaries being written
   * are touched as they grow, so the age tells an abandoned one from one being written by another
   * instance sharing the store.
   */
  removeTemporaries(olderThanMs: number): Promise<string[]>;
  /**
   * Checks at start-up that the store can be used, with an error that names the setting to mend
   * (the local store: its directory can be made; S3: the bucket answers to the keys given).
   */
  check(): Promise<void>;
}

/**
 * A file being written: the local store's own (`<key>.<random>.part`, renamed into place once whole)
 * and the PDF engine's preview (`<key>.partial`, modules/artwork/preflight/protocol.ts), written
 * under the store's directory through `withLocalOutputs`.
 */
export const isTemporaryKey = (key: string): boolean => key.endsWith('.part') || key.endsWith('.partial');

/**
 * The store did not answer or refused (S3 away, too slow, its keys revoked): the work cannot be done
 * now and may be tried again later. `cause` says what the store said, for the log.
 */
export class FileStoreUnavailable extends Unavailable {
  constructor(cause: unknown, message = 'Our file store is not answering just now. Please try again in a few minutes.') {
    super(message);
    this.cause = cause;
  }
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
    async size(key) {
      try {
        const found = await stat(where(key));
        return found.isFile() ? found.size : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(where(key), { force: true });
    },
    async write(key, body) {
      const target = where(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomToken(6)}.part`;
      let bytes = 0;
      body.on('data', (chunk: Buffer) => (bytes += chunk.length));
      try {
        await pipeline(body, createWriteStream(temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return bytes;
    },
    async copy(from, to) {
      const target = where(to);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomToken(6)}.part`;
      await copyFile(where(from), temporary);
      await rename(temporary, target);
    },
    async withLocalCopy(key, read) {
      return read(where(key));
    },
    async withLocalOutputs(keys, make) {
      const targets = keys.map(where);
      for (const folder of new Set(targets.map((target) => path.dirname(target)))) await mkdir(folder, { recursive: true });
      return make(targets);
    },
    async list(prefix) {
      // The prefix's folder, then the files in it and below whose keys begin with the prefix.
      const slash = prefix.lastIndexOf('/');
      const folder = slash < 0 ? '' : prefix.slice(0, slash);
      if (folder) assertFileKey(folder);
      const base = path.resolve(root);
      let entries;
      try {
        entries = await readdir(path.join(base, folder), { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix));
    },
    async removeTemporaries(olderThanMs) {
      const base = path.resolve(root);
      const removed: string[] = [];
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return removed;
        throw error;
      }
      const before = Date.now() - olderThanMs;
      for (const entry of entries) {
        if (!entry.isFile() || !isTemporaryKey(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        try {
          if ((await stat(file)).mtimeMs > before) continue;
          await rm(file, { force: true });
          removed.push(path.relative(base, file).split(path.sep).join('/'));
        } catch (error) {
          // Finished (renamed) or removed meanwhile by its writer.
          if (!isMissing(error)) throw error;
        }
      }
      return removed;
    },
    async check() {
      try {
        await mkdir(path.resolve(root), { recursive: true });
      } catch (error) {
        throw new Error(`The file store's directory ${path.resolve(root)} (DATA_DIR/files) cannot be made: ${(error as Error).message}`);
      }
    },
  };
}
