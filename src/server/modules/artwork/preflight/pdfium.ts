import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFiumModule } from '@hyzyla/pdfium';

/**
 * PDFium (WebAssembly, `@hyzyla/pdfium`) at the level of its C API. The package's own classes
 * cover rendering and little else, and its types name only those calls; the build exports the
 * whole public API, so this is the slice the artwork engine uses, typed from fpdfview.h and friends.
 * Pointers and handles are numbers in the 32-bit WebAssembly address space; size_t is 4 bytes.
 */
export interface Pdfium {
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;
  wasmExports: { malloc(size: number): number; free(ptr: number): void };
  _FPDF_InitLibrary(): void;
  _FPDF_LoadMemDocument(data: number, size: number, password: number): number;
  _FPDF_GetLastError(): number;
  _FPDF_CloseDocument(doc: number): void;
  _FPDF_GetPageCount(doc: number): number;
  _FPDF_GetSecurityHandlerRevision(doc: number): number;
  _FPDF_DocumentHasValidCrossReferenceTable(doc: number): number;
  _FPDF_LoadPage(doc: number, index: number): number;
  _FPDF_ClosePage(page: number): void;
  _FPDF_GetPageWidthF(page: number): number;
  _FPDF_GetPageHeightF(page: number): number;
  _FPDFPage_GetRotation(page: number): number;
  _FPDFPage_GetMediaBox(page: number, left: number, bottom: number, right: number, top: number): number;
  _FPDFPage_GetCropBox(page: number, left: number, bottom: number, right: number, top: number): number;
  _FPDFPage_GetBleedBox(page: number, left: number, bottom: number, right: number, top: number): number;
  _FPDFPage_GetTrimBox(page: number, left: number, bottom: number, right: number, top: number): number;
  _FPDFPage_CountObjects(page: number): number;
  _FPDFPage_GetObject(page: number, index: number): number;
  _FPDFPageObj_GetType(object: number): number;
  _FPDFPageObj_GetMatrix(object: number, matrix: number): number;
  _FPDFFormObj_CountObjects(form: number): number;
  _FPDFFormObj_GetObject(form: number, index: number): number;
  _FPDFImageObj_GetImageMetadata(image: number, page: number, metadata: number): number;
  _FPDFImageObj_GetIccProfileDataDecoded(image: number, page: number, buffer: number, length: number, outLength: number): number;
  _FPDFTextObj_GetFont(text: number): number;
  _FPDFTextObj_GetTextRenderMode(text: number): number;
  _FPDFFont_GetIsEmbedded(font: number): number;
  _FPDFFont_GetBaseFontName(font: number, buffer: number, length: number): number;
  _FPDFBitmap_CreateEx(width: number, height: number, format: number, buffer: number, stride: number): number;
  _FPDFBitmap_FillRect(bitmap: number, left: number, top: number, width: number, height: number, color: number): number;
  _FPDFBitmap_GetBuffer(bitmap: number): number;
  _FPDFBitmap_GetStride(bitmap: number): number;
  _FPDFBitmap_Destroy(bitmap: number): void;
  _FPDF_RenderPageBitmap(bitmap: number, page: number, x: number, y: number, width: number, height: number, rotate: number, flags: number): void;
}

/** FPDF_GetLastError codes (fpdfview.h). */
export const FPDF_ERR = { UNKNOWN: 1, FILE: 2, FORMAT: 3, PASSWORD: 4, SECURITY: 5, PAGE: 6 } as const;
/** FPDF_PAGEOBJ_* (fpdf_edit.h). */
export const PAGE_OBJECT = { TEXT: 1, PATH: 2, IMAGE: 3, SHADING: 4, FORM: 5 } as const;
/** FPDF_COLORSPACE_* (fpdf_edit.h). */
export const COLORSPACE = {
  UNKNOWN: 0,
  DEVICEGRAY: 1,
  DEVICERGB: 2,
  DEVICECMYK: 3,
  CALGRAY: 4,
  CALRGB: 5,
  LAB: 6,
  ICCBASED: 7,
  SEPARATION: 8,
  DEVICEN: 9,
  INDEXED: 10,
  PATTERN: 11,
} as const;
export const TEXT_RENDER_INVISIBLE = 3;
export const BITMAP_BGRA = 4;
/** FPDF_ANNOT: draw annotations' appearances; FPDF_REVERSE_BYTE_ORDER: RGBA instead of BGRA. */
export const RENDER_FLAGS = 0x01 | 0x10;

let loading: Promise<Pdfium> | undefined;

/**
 * The one PDFium of this thread, loaded on first use. The .wasm is found through the package's
 * exports map rather than next to the importing file, so it loads the same under tsx and from an
 * esbuild bundle in dist-server/ (where import.meta.url is the bundle's, not the package's).
 */
export function loadPdfium(): Promise<Pdfium> {
  loading ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('@hyzyla/pdfium/pdfium.wasm');
    const wasm = readFileSync(wasmPath);
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    // locateFile short-circuits the module's own `new URL('pdfium.wasm', import.meta.url)`.
    const pdfium = (await PDFiumModule({ wasmBinary, locateFile: () => '' })) as unknown as Pdfium;
    pdfium._FPDF_InitLibrary();
    return pdfium;
  })();
  return loading;
}

/** Bytes the WebAssembly heap holds now; it only ever grows, which is why the engine recycles its worker. */
export function heapBytes(pdfium: Pdfium): number {
  return pdfium.HEAPU8.buffer.byteLength;
}

/** A few bytes of scratch memory in the heap, freed together. */
export function withScratch<T>(pdfium: Pdfium, bytes: number, use: (ptr: number) => T): T {
  const ptr = pdfium.wasmExports.malloc(bytes);
  if (!ptr) throw new Error('PDFium: out of memory');
  try {
    pdfium.HEAPU8.fill(0, ptr, ptr + bytes);
    return use(ptr);
  } finally {
    pdfium.wasmExports.free(ptr);
  }
}

export type OpenResult = { ok: true; doc: number; size: number; close(): void } | { ok: false; error: number; size: number };

/**
 * Opens the PDF at `path` with PDFium. The file is read straight from disk into PDFium's heap,
 * in 8 MB slices, so a 100 MB upload is held in memory once (by PDFium, which reads the document
 * from that block for as long as it is open) and never as a JavaScript Buffer besides.
 */
export function openDocument(pdfium: Pdfium, path: string): OpenResult {
  const fd = openSync(path, 'r');
  let dataPtr = 0;
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return { ok: false, error: FPDF_ERR.FORMAT, size };
    if (size > 0x7fff_ffff) return { ok: false, error: FPDF_ERR.FILE, size }; // FPDF_LoadMemDocument takes an int
    dataPtr = pdfium.wasmExports.malloc(size);
    if (!dataPtr) throw new Error('PDFium: out of memory');
    const SLICE = 8 * 1024 * 1024;
    for (let done = 0; done < size;) {
      // HEAPU8 is looked up on every slice: it is replaced whenever the heap grows.
      const read = readSync(fd, pdfium.HEAPU8, dataPtr + done, Math.min(SLICE, size - done), done);
      if (read === 0) throw new Error(`Short read of ${path}`);
      done += read;
    }
    const doc = pdfium._FPDF_LoadMemDocument(dataPtr, size, 0);
    if (!doc) {
      const error = pdfium._FPDF_GetLastError();
      pdfium.wasmExports.free(dataPtr);
      return { ok: false, error, size };
    }
    const data = dataPtr;
    dataPtr = 0;
    return {
      ok: true,
      doc,
      size,
      close() {
        pdfium._FPDF_CloseDocument(doc);
        pdfium.wasmExports.free(data);
      },
    };
  } catch (error) {
    if (dataPtr) pdfium.wasmExports.free(dataPtr);
    throw error;
  } finally {
    closeSync(fd);
  }
}
