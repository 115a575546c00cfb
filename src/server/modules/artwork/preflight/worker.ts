import { isMainThread, parentPort } from 'node:worker_threads';
import { checkArtwork, opensAsPdf } from './check';
import { heapBytes, loadPdfium } from './pdfium';
import type { WorkerReply, WorkerRequest, WorkerResult } from './protocol';
import { renderArtworkPages } from './render-pages';

/*
 * The artwork worker's entry: one PDFium, one job at a time (the engine never sends a second before
 * the first is answered). Bundled on its own as dist-server/artwork-worker.js (see worker-entry.ts).
 */

if (isMainThread || !parentPort) throw new Error('The artwork worker runs only as a worker thread (createArtworkEngine starts it)');
const port = parentPort;

port.on('message', (request: WorkerRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  try {
    const result: WorkerResult =
      request.kind === 'open'
        ? { opens: await opensAsPdf(request.pdfPath) }
        : request.kind === 'render'
          ? await renderArtworkPages(request.pdfPath, request.outPaths, request.longSidePx)
          : await checkArtwork(request.pdfPath, request.spec, request.previewPath, request.longSidePx);
    return { id: request.id, ok: true, result, heapBytes: heapBytes(await loadPdfium()) };
  } catch (error) {
    // A WebAssembly trap or abort may leave PDFium's heap inconsistent: the engine replaces the worker.
    // So may running out of it: a fresh worker starts with a small heap again.
    const fatal = error instanceof WebAssembly.RuntimeError || /abort|out of memory/i.test(String((error as Error)?.message));
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error), fatal };
  }
}
