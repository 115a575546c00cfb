import { isTemporaryKey, type FileStore } from './files';

export interface CopyProgress {
  /** Files looked at so far, of `total`. */
  done: number;
  total: number;
  copied: number;
  skipped: number;
  failed: number;
  /** Bytes copied so far. */
  bytes: number;
}

export interface CopySummary extends CopyProgress {
  failures: Array<{ key: string; error: string }>;
}

/**
 * Copies every file of one store to another (the local directory to S3 when a printer moves to
 * several machines, or back), streamed one file at a time per lane. Resumable: a key the target
 * has already, at the same size, is skipped, so a run cut short is simply run again. Temporaries
 * of unfinished writes are not files and are left behind. A file that fails is counted and named,
 * and the rest go on.
 */
export async function copyAllFiles(
  from: FileStore,
  to: FileStore,
  options: { lanes?: number; onProgress?: (progress: CopyProgress) => void } = {},
): Promise<CopySummary> {
  const keys = (await from.list('')).filter((key) => !isTemporaryKey(key)).sort();
  const summary: CopySummary = { done: 0, total: keys.length, copied: 0, skipped: 0, failed: 0, bytes: 0, failures: [] };
  let next = 0;
  async function lane(): Promise<void> {
    while (next < keys.length) {
      const key = keys[next++];
      try {
        const file = await from.stream(key);
        if (!file) {
          // Removed since it was listed: nothing to copy.
          summary.skipped += 1;
        } else if ((await to.size(key)) === file.size) {
          file.body.destroy();
          summary.skipped += 1;
        } else {
          const written = await to.write(key, file.body);
          if (written !== file.size) throw new Error(`${written} bytes written of ${file.size}: the file changed while it was copied`);
          summary.copied += 1;
          summary.bytes += written;
        }
      } catch (error) {
        summary.failed += 1;
        summary.failures.push({
          key,
          error: error instanceof Error ? `${error.message}${error.cause ? ` (${String((error.cause as Error).message ?? error.cause)})` : ''}` : String(error),
        });
      }
      summary.done += 1;
      options.onProgress?.({ ...summary });
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.lanes ?? 4) }, lane));
  return summary;
}
