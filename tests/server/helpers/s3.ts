import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../../../src/server/lib/s3-files';

/**
 * A real S3-compatible service for the tests that want one (CI starts Ceph's RADOS Gateway with
 * scripts/ceph-rgw.sh): TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY
 * (TEST_S3_REGION optional). Undefined when they are not set: those tests are skipped.
 */
export function testS3(): Omit<S3StoreConfig, 'bucket'> | undefined {
  const { TEST_S3_ENDPOINT: endpoint, TEST_S3_ACCESS_KEY_ID: accessKeyId, TEST_S3_SECRET_ACCESS_KEY: secretAccessKey } = process.env;
  if (!endpoint || !accessKeyId || !secretAccessKey) return undefined;
  return { endpoint, accessKeyId, secretAccessKey, region: process.env.TEST_S3_REGION || 'us-east-1', forcePathStyle: true };
}

export function s3Client(config: Omit<S3StoreConfig, 'bucket'>): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A bucket of the test's own on the test service, and its removal (every object and unfinished upload first). */
export async function testBucket(config: Omit<S3StoreConfig, 'bucket'>): Promise<{ s3: S3StoreConfig; client: S3Client; remove(): Promise<void> }> {
  const client = s3Client(config);
  const bucket = `pjt-test-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    s3: { ...config, bucket },
    client,
    async remove() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      }
      for (const upload of await unfinishedUploads(client, bucket))
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.key, UploadId: upload.id }));
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

/** The multipart uploads begun in `bucket` and neither completed nor aborted. */
export async function unfinishedUploads(client: S3Client, bucket: string): Promise<Array<{ key: string; id: string }>> {
  const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  return (page.Uploads ?? []).map((u) => ({ key: u.Key!, id: u.UploadId! }));
}
