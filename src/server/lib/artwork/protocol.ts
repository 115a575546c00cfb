import type { ArtworkResult } from './artwork';
import type { PreflightSpec } from './types';

/** The messages between the engine (engine.ts) and its worker (worker.ts). */
export interface WorkerRequest {
  id: number;
  pdfPath: string;
  spec: PreflightSpec;
  previewPath?: string;
  longSidePx: number;
}

export type WorkerReply =
  | { id: number; ok: true; result: ArtworkResult; heapBytes: number }
  | { id: number; ok: false; message: string; fatal: boolean };

/** Where a preview is written before it is renamed into place (the engine removes it after a crash). */
export const partialPreviewPath = (outPath: string) => `${outPath}.partial`;
