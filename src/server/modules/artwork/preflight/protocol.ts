import type { ArtworkResult } from './check';
import type { RenderedArtwork } from './render-pages';
import type { PreflightSpec } from './types';

/** The messages between the engine (engine.ts) and its worker (worker.ts): a check (preflight and preview), an open, or a proof's pages drawn. */
export type WorkerRequest =
  | { kind: 'check'; id: number; pdfPath: string; spec: PreflightSpec; previewPath?: string; longSidePx: number }
  | { kind: 'open'; id: number; pdfPath: string }
  | { kind: 'render'; id: number; pdfPath: string; outPaths: string[]; longSidePx: number };

/** What a request answers: a check its result, an open whether the file opened as a PDF, a render its pages. */
export type WorkerResult = ArtworkResult | { opens: boolean } | RenderedArtwork;

export type WorkerReply = { id: number; ok: true; result: WorkerResult; heapBytes: number } | { id: number; ok: false; message: string; fatal: boolean };

/** Where a preview is written before it is renamed into place (the engine removes it after a crash). */
export const partialPreviewPath = (outPath: string) => `${outPath}.partial`;
