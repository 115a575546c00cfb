/**
 * The artwork engine (DESIGN §2 "Artwork"): preflight and page previews of an uploaded PDF, on
 * PDFium compiled to WebAssembly.
 *
 * The server uses createArtworkEngine() (a worker thread, one job at a time, a time limit per job);
 * preflight() and renderPreview() do the same work on the calling thread, for tests and scripts.
 */
export { checkArtwork, preflight, renderPreview, type ArtworkResult } from './check';
export {
  ArtworkEngineError,
  createArtworkEngine,
  engineFailureReport,
  type ArtworkEngine,
  type ArtworkEngineFailure,
  type ArtworkEngineOptions,
} from './engine';
export {
  DEFAULT_PREVIEW_LONG_SIDE_PX,
  MAX_PREVIEW_PAGES,
  previewPageCount,
  previewPageName,
  previewPageNames,
  worstStatus,
  type CheckCode,
  type CheckStatus,
  type PreflightCheck,
  type PreflightReport,
  type PreflightSpec,
} from './types';
export { MAX_PROOF_PAGES, type RenderedArtwork, type RenderedArtworkPage } from './render-pages';
export { ARTWORK_WORKER_FILE, artworkWorkerEntry, type WorkerEntry } from './worker-entry';
