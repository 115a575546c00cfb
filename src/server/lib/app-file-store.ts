import path from 'node:path';
import type { Config } from '../config';
import { localFileStore, type FileStore } from './files';
import { s3FileStore } from './s3-files';

/** The app's store, as FILE_STORE says: DATA_DIR/files (the default), or the S3 bucket of the S3_* variables. */
export function appFileStore(config: Pick<Config, 'dataDir' | 'fileStore'>): FileStore {
  if (config.fileStore.kind === 's3') return s3FileStore(config.fileStore.s3);
  return localFileStore(path.join(config.dataDir, 'files'));
}
