import { parentPort } from 'node:worker_threads';
import '../../../src/server/modules/artwork/preflight/worker';

// The real artwork worker, except that a file named crash-me.pdf kills its thread, as a fault in
// PDFium would. The real worker's listener has only started its (asynchronous) job when this one
// ends the thread, so no answer ever comes.
parentPort?.on('message', (request: { pdfPath: string }) => {
  if (request.pdfPath.endsWith('crash-me.pdf')) process.exit(3);
});
