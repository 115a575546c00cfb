import type { ArtworkResult } from './check';
import type { PreflightSpec } from './types';

/** The messages between the engine (engine.ts) and its worker (worker.ts): a check (preflight and preview) or an open. */
export type WorkerRequest =
  { kind: 'check'; id: number; pdfPath: string; spec: PreflightSpec; previewPath?: string; longSidePx: number } | { kind: 'open'; id: number; pdfPath: string };

/** What a request answers: a check its result, an open whether the file opened as a PDF. */
export type WorkerResult = ArtworkResult | { opens: boolean };

export type WorkerReply = { id: number; ok: true; result: WorkerResult; heapBytes: number } | { id: number; ok: false; message: string; fatal: boolean };

/** Where a preview is written before it is renamed into place (the engine removes it after a crash). */
export const partialPreviewPath = (outPath: string) => `${outPath}.partial`;
