import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ArtworkEngineError, type ArtworkEngine } from '../modules/artwork/preflight';

/** What a PDF's first bytes are (ISO 32000: the header is the file's first line). */
const SIGNATURE = Buffer.from('%PDF-', 'latin1');

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const bytes = Buffer.alloc(SIGNATURE.length);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The engine's answer; a file that makes it time out or crash is no PDF we can keep. */
async function opens(engine: ArtworkEngine, file: string): Promise<boolean> {
  try {
    return await engine.opens(file);
  } catch (error) {
    if (error instanceof ArtworkEngineError && (error.reason === 'timeout' || error.reason === 'crashed')) return false;
    throw error;
  }
}

/**
 * Whether an upload is a PDF — the one test for every file kept as one (artwork, a ticket's
 * attachment, a staff invoice upload): `%PDF-` at byte 0 and a document with a page that the PDF
 * engine (PDFium, in its worker thread) opens. Looking for `%PDF-` somewhere near the start is not
 * enough: an HTML page with the signature in a comment passes that and is not a PDF. `file` is a
 * stored file's local path, or the bytes of a small upload (staged in a temporary file for the engine).
 */
export async function isPdf(engine: ArtworkEngine, file: string | Buffer): Promise<boolean> {
  const start = typeof file === 'string' ? await head(file) : file.subarray(0, SIGNATURE.length);
  if (!start.equals(SIGNATURE)) return false;
  if (typeof file === 'string') return opens(engine, file);
  const dir = await mkdtemp(path.join(tmpdir(), 'pjt-upload-'));
  try {
    const staged = path.join(dir, 'upload.pdf');
    await writeFile(staged, file);
    return await opens(engine, staged);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
