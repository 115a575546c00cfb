import path from 'node:path';
import { loadConfig } from '../config';
import { copyAllFiles, type CopyProgress } from '../lib/file-copy';
import { localFileStore } from '../lib/files';
import { s3FileStore } from '../lib/s3-files';
import { parseArgs } from './args';

const USAGE = `Usage: npm run files -- copy --to s3|local
Copies every file between the local store (DATA_DIR/files) and the S3 bucket of the S3_* variables
(S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE),
whatever FILE_STORE says: --to s3 from the directory to the bucket, --to local back. A file already
there at the same size is skipped, so an interrupted copy is resumed by running it again. Exits 1
when any file failed.`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const { command, options } = parseArgs(process.argv.slice(2));
  if (command !== 'copy' || (options.to !== 's3' && options.to !== 'local')) {
    console.error(USAGE);
    return 2;
  }
  // The bucket's settings are read as FILE_STORE=s3 would read them: each missing one is named.
  let config;
  try {
    config = loadConfig({ ...process.env, FILE_STORE: 's3' });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  if (config.fileStore.kind !== 's3') return 2;
  const local = localFileStore(path.join(config.dataDir, 'files'));
  const s3 = s3FileStore(config.fileStore.s3);
  const [from, to] = options.to === 's3' ? [local, s3] : [s3, local];
  const names =
    options.to === 's3' ? [`${config.dataDir}/files`, `s3://${config.fileStore.s3.bucket}`] : [`s3://${config.fileStore.s3.bucket}`, `${config.dataDir}/files`];
  try {
    await local.check();
    await s3.check();
    console.log(`Copying every file from ${names[0]} to ${names[1]}…`);
    let shown = 0;
    const show = (p: CopyProgress) =>
      console.log(`  ${p.done}/${p.total} files: ${p.copied} copied (${mb(p.bytes)}), ${p.skipped} already there, ${p.failed} failed`);
    const summary = await copyAllFiles(from, to, {
      onProgress: (progress) => {
        if (Date.now() - shown < 2000 && progress.done < progress.total) return;
        shown = Date.now();
        show(progress);
      },
    });
    for (const failure of summary.failures) console.error(`  failed: ${failure.key}: ${failure.error}`);
    console.log(
      `Done: ${summary.copied} copied (${mb(summary.bytes)}), ${summary.skipped} already there, ${summary.failed} failed, of ${summary.total} files.` +
        (summary.failed ? ' Run the same command again to retry the failed ones.' : ''),
    );
    return summary.failed ? 1 : 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    s3.client.destroy();
  }
}

main().then((code) => process.exit(code));
