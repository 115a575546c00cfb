import { rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { ArtworkResult } from './check';
import { partialPreviewPath, type WorkerReply, type WorkerRequest, type WorkerResult } from './protocol';
import type { RenderedArtwork } from './render-pages';
import { DEFAULT_PREVIEW_LONG_SIDE_PX, assertValidSpec, previewPageNames, reportOf, type PreflightReport, type PreflightSpec } from './types';
import { artworkWorkerEntry, workerStart, type WorkerEntry } from './worker-entry';

export interface ArtworkEngineOptions {
  /** A job still running after this long is stopped (its worker terminated) and rejected. Default 60 s. */
  timeoutMs?: number;
  /**
   * PDFium's heap only grows (a 100 MB file takes it to some 300 MB); after a job that leaves it
   * bigger than this the worker is replaced, so that memory goes back to the system. Default 256 MB.
   */
  recycleAboveHeapMb?: number;
  /** Long side of the preview PNG. Default 1000 px. */
  previewLongSidePx?: number;
  /** Where the worker's code is; the default finds it from source and from the production bundle. */
  workerEntry?: WorkerEntry;
}

/**
 * Checks artwork off the request path: one job at a time per engine, in one long-lived worker
 * thread that runs PDFium. Make one per process (app start), call check() from the background job,
 * close() on shutdown.
 */
export interface ArtworkEngine {
  /**
   * Preflights the PDF at `pdfPath` against the item and, when `previewPath` is given and the file
   * opens, writes its first pages as PNGs (page 1 at `previewPath`, page n at previewPageName).
   * Resolves with the report (a bad PDF is a `fail` report, not an error); rejects with
   * ArtworkEngineError when the engine could not finish the job.
   */
  check(pdfPath: string, spec: PreflightSpec, previewPath?: string): Promise<ArtworkResult>;
  /**
   * Whether PDFium opens the file at `pdfPath` as a document with a page (lib/pdf-file's isPdf
   * asks, for every PDF upload). Someone is waiting for the answer, and opening is quick, so it goes
   * ahead of the checks waiting in the queue (never ahead of one running); rejects with
   * ArtworkEngineError as check() does.
   */
  opens(pdfPath: string): Promise<boolean>;
  /**
   * Draws the first pages of the PDF at `pdfPath` (one per `outPaths` entry, at most
   * MAX_PROOF_PAGES) as JPEGs, `longSidePx` on their long side, for a proof; answers each page's
   * image and sizes. Queued behind the checks waiting; rejects with ArtworkEngineError as check() does,
   * and with the engine's message (reason `error`) when the file does not open or a page cannot be drawn.
   */
  render(pdfPath: string, outPaths: string[], longSidePx: number): Promise<RenderedArtwork>;
  /** Jobs waiting now: the caller's measure of back-pressure. */
  readonly pending: number;
  /** Stops the worker; jobs not yet answered reject with reason `closed`. */
  close(): Promise<void>;
}

export type ArtworkEngineFailure = 'timeout' | 'crashed' | 'closed' | 'error';

/** The engine could not finish a job: a retry may succeed (timeout under load, a crash) or may not. */
export class ArtworkEngineError extends Error {
  constructor(
    readonly reason: ArtworkEngineFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ArtworkEngineError';
  }
}

/**
 * The report to store when a job keeps failing and the caller gives up on retries: the item shows
 * a `fail` the customer can act on, rather than "checking" for ever.
 */
export function engineFailureReport(error: unknown): PreflightReport {
  const timedOut = error instanceof ArtworkEngineError && error.reason === 'timeout';
  const message = timedOut
    ? 'This PDF took too long to check, which usually means it is very complex or damaged. Export it again (flattened, with images at their printed size) and upload the new file.'
    : 'We could not check this PDF. Export it again and upload the new file; if it keeps happening, contact us.';
  return reportOf(0, [{ code: 'file', status: 'fail', message }]);
}

interface Job {
  request: WorkerRequest;
  resolve(result: WorkerResult): void;
  reject(error: ArtworkEngineError): void;
}

export function createArtworkEngine(options: ArtworkEngineOptions = {}): ArtworkEngine {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const recycleAboveBytes = (options.recycleAboveHeapMb ?? 256) * 1024 * 1024;
  const longSidePx = options.previewLongSidePx ?? DEFAULT_PREVIEW_LONG_SIDE_PX;
  const entry = options.workerEntry ?? artworkWorkerEntry();

  const queue: Job[] = [];
  let worker: Worker | undefined;
  let running: { job: Job; timer: NodeJS.Timeout } | undefined;
  let nextId = 1;
  let closed = false;

  /** Drops the current worker (the next job starts a fresh one) and fails its job, if any. */
  const discardWorker = (failure?: ArtworkEngineError) => {
    const old = worker;
    worker = undefined;
    if (old) {
      old.removeAllListeners();
      old.on('error', () => {}); // an error while it shuts down has no one left to tell
      void old.terminate();
    }
    if (running) {
      clearTimeout(running.timer);
      const { job } = running;
      running = undefined;
      // A worker stopped while writing the preview leaves its half-written file behind.
      if (job.request.kind === 'check' && job.request.previewPath) {
        for (const page of previewPageNames(job.request.previewPath)) void rm(partialPreviewPath(page), { force: true }).catch(() => {});
      }
      if (job.request.kind === 'render') for (const page of job.request.outPaths) void rm(partialPreviewPath(page), { force: true }).catch(() => {});
      job.reject(failure ?? new ArtworkEngineError('crashed', 'The artwork worker stopped'));
    }
  };

  const startWorker = (): Worker => {
    const { script, eval: isCode } = workerStart(entry);
    const started = new Worker(script, { eval: isCode });
    started.on('message', (reply: WorkerReply) => finish(started, reply));
    started.on('error', (error) => {
      if (worker === started) discardWorker(new ArtworkEngineError('crashed', `The artwork worker crashed: ${error.message}`));
      pump();
    });
    started.on('exit', (code) => {
      if (worker === started) discardWorker(new ArtworkEngineError('crashed', `The artwork worker exited (code ${code})`));
      pump();
    });
    return started;
  };

  const finish = (from: Worker, reply: WorkerReply) => {
    if (from !== worker || !running || reply.id !== running.job.request.id) return;
    clearTimeout(running.timer);
    const { job } = running;
    running = undefined;
    if (reply.ok) {
      job.resolve(reply.result);
      if (reply.heapBytes > recycleAboveBytes) discardWorker();
    } else {
      job.reject(new ArtworkEngineError(reply.fatal ? 'crashed' : 'error', reply.message));
      if (reply.fatal) discardWorker();
    }
    worker?.unref(); // an idle worker does not keep the process alive
    pump();
  };

  const pump = () => {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    worker ??= startWorker();
    worker.ref(); // a job in progress does: its caller is waiting for the answer
    const timer = setTimeout(() => {
      discardWorker(new ArtworkEngineError('timeout', `Artwork check took longer than ${timeoutMs} ms`));
      pump();
    }, timeoutMs);
    running = { job, timer };
    worker.postMessage(job.request);
  };

  return {
    check(pdfPath, spec, previewPath) {
      if (closed) return Promise.reject(new ArtworkEngineError('closed', 'The artwork engine is closed'));
      try {
        assertValidSpec(spec); // here, not in the worker: a caller's mistake is not the engine's failure
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise<WorkerResult>((resolve, reject) => {
        queue.push({ request: { kind: 'check', id: nextId++, pdfPath, spec, previewPath, longSidePx }, resolve, reject });
        pump();
      }) as Promise<ArtworkResult>;
    },
    opens(pdfPath) {
      if (closed) return Promise.reject(new ArtworkEngineError('closed', 'The artwork engine is closed'));
      return new Promise<WorkerResult>((resolve, reject) => {
        const firstCheck = queue.findIndex((job) => job.request.kind === 'check');
        queue.splice(firstCheck === -1 ? queue.length : firstCheck, 0, { request: { kind: 'open', id: nextId++, pdfPath }, resolve, reject });
        pump();
      }).then((result) => 'opens' in result && result.opens);
    },
    render(pdfPath, outPaths, longSidePx) {
      if (closed) return Promise.reject(new ArtworkEngineError('closed', 'The artwork engine is closed'));
      return new Promise<WorkerResult>((resolve, reject) => {
        queue.push({ request: { kind: 'render', id: nextId++, pdfPath, outPaths, longSidePx }, resolve, reject });
        pump();
      }) as Promise<RenderedArtwork>;
    },
    get pending() {
      return queue.length + (running ? 1 : 0);
    },
    async close() {
      closed = true;
      const waiting = queue.splice(0);
      for (const job of waiting) job.reject(new ArtworkEngineError('closed', 'The artwork engine closed before this job ran'));
      const old = worker;
      discardWorker(new ArtworkEngineError('closed', 'The artwork engine closed during this job'));
      if (old) await old.terminate();
    },
  };
}
