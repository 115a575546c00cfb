import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertFileKey, FileStoreUnavailable, isTemporaryKey, type FileStore } from './files';

/** Where the files are: an S3-compatible service (AWS S3, Cloudflare R2, MinIO, Ceph's RADOS Gateway). */
export interface S3StoreConfig {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: MinIO and Ceph on a bare address need it. */
  forcePathStyle: boolean;
}

export interface S3StoreOptions {
  /**
   * A multipart upload's part: what one upload holds in memory at most, times `queueSize` (S3's
   * least is 5 MiB). A write shorter than one part is one PutObject.
   */
  partSize?: number;
  /** Parts of one upload sent at once. */
  queueSize?: number;
  /** Keys per listing page (S3's most, and default, is 1000). */
  listPageSize?: number;
  /** Where staged copies for the PDF engine are made (default: the system's temporary directory). */
  stagingDir?: string;
}

const MB = 1024 * 1024;

/** An S3 answer that means "no such file" (and not "no such bucket"). */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || (error.name === 'NotFound' && error.$metadata.httpStatusCode === 404);
}

/** What S3 or the way to it said, in one line for a log or a start-up message. */
function describe(error: unknown): string {
  // A HEAD's refusal has no body to name it by: its status is all there is.
  if (error instanceof S3ServiceException)
    return error.name === 'Unknown' || error.name === 'Forbidden' || error.name === 'NotFound'
      ? `HTTP ${error.$metadata.httpStatusCode ?? '?'}`
      : `${error.name}, HTTP ${error.$metadata.httpStatusCode ?? '?'}`;
  const { code, message } = error as NodeJS.ErrnoException;
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * The store's failure as the caller's: S3 away, slow or refusing (a network error, a 5xx, revoked
 * keys) is the store being unavailable, which the HTTP layer answers 503; the cause is kept for the log.
 */
function storeFault(error: unknown): unknown {
  if (error instanceof FileStoreUnavailable) return error;
  return new FileStoreUnavailable(error);
}

async function talk<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storeFault(error);
  }
}

/** A reader's "no such file", as the local store's reader meets it. */
const noSuchFile = (key: string) => Object.assign(new Error(`No file ${key} in the file store`), { code: 'ENOENT' });

/**
 * The files in one bucket of an S3-compatible service, by the same keys as the local store. A file
 * appears whole or not at all: S3 shows an object only once its upload completes, so a write
 * streams into a multipart upload (memory bounded by its parts) that is aborted when anything
 * fails. The PDF engine, which needs files on this machine, gets staged copies.
 */
export function s3FileStore(config: S3StoreConfig, options: S3StoreOptions = {}): FileStore & { client: S3Client } {
  const { bucket } = config;
  const partSize = Math.max(5 * MB, options.partSize ?? 8 * MB);
  const queueSize = options.queueSize ?? 2;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: the newer default ones (CRC32 trailers) are refused
    // by several S3-compatible services, and TLS already guards the bytes on their way.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A service that does not answer fails the call rather than holding a request for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });

  async function getObject(key: string) {
    assertFileKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw storeFault(error);
    }
  }

  async function write(key: string, body: Readable): Promise<number> {
    assertFileKey(key);
    let bytes = 0;
    let bodyFailed: { error: unknown } | undefined;
    // The caller's stream, counted; its own failure (an upload cut off) is told apart from the store's.
    async function* counted() {
      try {
        for await (const chunk of body) {
          bytes += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      } catch (error) {
        bodyFailed = { error };
        throw error;
      }
    }
    const source = Readable.from(counted());
    const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: source }, partSize, queueSize, leavePartsOnError: false });
    try {
      await upload.done();
    } catch (error) {
      // The upload aborted its multipart upload (or, with S3 away, left it to removeTemporaries).
      source.destroy();
      body.destroy();
      if (bodyFailed) throw bodyFailed.error;
      throw storeFault(error);
    }
    return bytes;
  }

  async function remove(key: string): Promise<void> {
    assertFileKey(key);
    await talk(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
  }

  /** Every key beginning with `prefix`, with when it was written, page by page. */
  async function* objects(prefix: string): AsyncGenerator<{ key: string; modified: Date | undefined }> {
    try {
      const pages = paginateListObjectsV2({ client, pageSize: options.listPageSize ?? 1000 }, { Bucket: bucket, Prefix: prefix });
      for await (const page of pages) for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, modified: object.LastModified };
    } catch (error) {
      throw storeFault(error);
    }
  }

  /** A folder of this process's own for staged files, removed by whoever made it. */
  const stagingFolder = () => mkdtemp(path.join(options.stagingDir ?? os.tmpdir(), 'pjt-staged-'));

  return {
    client,
    async put(key, data) {
      assertFileKey(key);
      await talk(() => client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentLength: data.length })));
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return talk(async () => Buffer.from(await object.Body!.transformToByteArray()));
    },
    async stream(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async size(key) {
      assertFileKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw storeFault(error);
      }
    },
    delete: remove,
    write,
    async copy(from, to) {
      assertFileKey(from);
      assertFileKey(to);
      const source = `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
      try {
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: source }));
      } catch (error) {
        if (isMissing(error)) throw noSuchFile(from);
        throw storeFault(error);
      }
    },
    async withLocalCopy(key, read) {
      const object = await getObject(key);
      if (!object?.Body) throw noSuchFile(key);
      const folder = await stagingFolder();
      try {
        // The key's own name, so what the engine reports of the file reads as it would locally.
        const staged = path.join(folder, path.basename(key));
        await talk(() => pipeline(object.Body as Readable, createWriteStream(staged)));
        return await read(staged);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async withLocalOutputs(keys, make) {
      keys.forEach(assertFileKey);
      const folder = await stagingFolder();
      try {
        const paths = keys.map((key) => path.join(folder, key));
        for (const parent of new Set(paths.map((p) => path.dirname(p)))) await mkdir(parent, { recursive: true });
        const result = await make(paths);
        const stored: string[] = [];
        try {
          for (const [index, file] of paths.entries()) {
            const size = await stat(file).then(
              (s) => (s.isFile() ? s.size : null),
              () => null,
            );
            if (size === null) continue;
            await write(keys[index], createReadStream(file));
            stored.push(keys[index]);
          }
        } catch (error) {
          // All of them or none: what went up before the failure comes down again.
          await Promise.all(stored.map((key) => remove(key).catch(() => undefined)));
          throw error;
        }
        return result;
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      for await (const { key } of objects(prefix)) keys.push(key);
      return keys;
    },
    async removeTemporaries(olderThanMs) {
      const before = Date.now() - olderThanMs;
      const removed: string[] = [];
      // Multipart uploads never completed: an upload's age is that of its last part (a slow one
      // still arriving through another instance is touched as it grows), else of its start.
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await talk(() => client.send(new ListMultipartUploadsCommand({ Bucket: bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker })));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId) continue;
          if ((upload.Initiated?.getTime() ?? 0) > before) continue;
          const parts = await talk(() => client.send(new ListPartsCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId })));
          const touched = Math.max(upload.Initiated?.getTime() ?? 0, ...(parts.Parts ?? []).map((p) => p.LastModified?.getTime() ?? 0));
          if (touched > before) continue;
          try {
            await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
            removed.push(upload.Key);
          } catch (error) {
            // Completed or aborted meanwhile by its writer.
            if (!(error instanceof S3ServiceException && error.name === 'NoSuchUpload')) throw storeFault(error);
          }
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      // A local store's temporaries copied here (this store makes none of its own).
      for await (const { key, modified } of objects('')) {
        if (!isTemporaryKey(key) || (modified?.getTime() ?? 0) > before) continue;
        await remove(key);
        removed.push(key);
      }
      return removed;
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new Error(`The file store (FILE_STORE=s3) cannot be used: ${startUpProblem(config, error)}`);
      }
    },
  };
}

/** What is wrong, naming the variable to mend. */
function startUpProblem(config: S3StoreConfig, error: unknown): string {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const said = describe(error);
  if (status === 403 || status === 401)
    return `the service at S3_ENDPOINT (${config.endpoint}) refused the keys: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (${said})`;
  if (status === 404) return `S3_BUCKET: there is no bucket named "${config.bucket}" at S3_ENDPOINT (${config.endpoint}) (${said})`;
  if (status === 301 || status === 400)
    return `the bucket "${config.bucket}" answers from another region or address: check S3_REGION (${config.region}), S3_ENDPOINT and S3_FORCE_PATH_STYLE (${said})`;
  if (status !== undefined) return `the service at S3_ENDPOINT (${config.endpoint}) answered with an error (${said})`;
  return `S3_ENDPOINT (${config.endpoint}) does not answer (${said})`;
}
