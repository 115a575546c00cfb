import { Readable } from 'node:stream';
import type { BatchRow } from '../../db/schema';
import type { FileStore } from '../../lib/files';
import { ZipFile } from '../../lib/zip';
import type { Candidate } from './batch-items';
import { deliveryNoteFileName } from './delivery-note';
import { jobSheetPdf, jobsCsv } from './press-files';

/** Progress is written at most this often while the ZIP grows. */
const PROGRESS_EVERY_MS = 500;

export interface BatchZip {
  batch: BatchRow;
  items: Candidate[];
  /** Where in the file store the ZIP is written. */
  key: string;
  stockName: string | null;
  creatorName: string | null;
  appName: string;
  /** A blind order's delivery note, made when the ZIP reaches it. */
  deliveryNote(orderId: number): Promise<Buffer>;
  /** Told how many artwork files are in, now and then (the batch's progress for staff). */
  onProgress(filesDone: number): Promise<void>;
  signal: AbortSignal;
}

/**
 * Streams a batch's ZIP to the file store: `jobs.csv` and the job sheet first, then each artwork,
 * one file open at a time (memory flat), a blind order's delivery note (`<order>-delivery-note.pdf`)
 * before its first artwork. Answers the ZIP's size.
 */
export async function writeBatchZip(
  files: FileStore,
  { batch, items, key, stockName, creatorName, appName, deliveryNote, onProgress, signal }: BatchZip,
): Promise<number> {
  signal.throwIfAborted();
  const zip = new ZipFile();
  const sheet = await jobSheetPdf({ id: batch.id, createdAt: batch.createdAt, createdBy: creatorName, stockName, appName }, items);
  zip.addBuffer(jobsCsv(items), 'jobs.csv');
  zip.addBuffer(sheet, 'job-sheet.pdf');
  let done = 0;
  let lastWrite = 0;
  let progress: Promise<void> = Promise.resolve();
  const noted = new Set<number>();
  for (const item of items) {
    if (item.blindDispatch && !noted.has(item.order_id)) {
      noted.add(item.order_id);
      zip.addReadStreamLazy(deliveryNoteFileName(item.order_id), { compress: false }, (callback) => {
        if (signal.aborted) return callback(signal.reason as Error, undefined as unknown as Readable);
        deliveryNote(item.order_id).then(
          (pdf) => callback(null, Readable.from([pdf])),
          (error: unknown) => callback(error, undefined as unknown as Readable),
        );
      });
    }
    // PDFs are compressed already: stored, they go to the press as fast as the disk reads them.
    zip.addReadStreamLazy(item.file_name, { compress: false }, (callback) => {
      if (signal.aborted) return callback(signal.reason as Error, undefined as unknown as Readable);
      files.stream(item.artworkKey).then(
        (file) => {
          if (!file)
            return callback(
              new Error(`The artwork of order ${item.order_id}, item ${item.id} is missing from the file store`),
              undefined as unknown as Readable,
            );
          done += 1;
          if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
            lastWrite = Date.now();
            const filesDone = done;
            progress = progress.then(() => onProgress(filesDone)).catch(() => undefined);
          }
          callback(null, file.body);
        },
        (error: unknown) => callback(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  // yazl reports a failed entry on the ZipFile, not on its output: end the output with it.
  zip.on('error', (error: Error) => (zip.outputStream as unknown as Readable).destroy(error));
  // Another worker took the run over: stop writing (the store removes the unfinished file).
  const stop = () => (zip.outputStream as unknown as Readable).destroy(signal.reason as Error);
  signal.addEventListener('abort', stop, { once: true });
  try {
    const size = await files.write(key, zip.outputStream as unknown as Readable);
    await progress;
    return size;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
