import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFiumLibrary } from '@hyzyla/pdfium';

let library: Promise<PDFiumLibrary> | undefined;

/** The text of every page of a PDF, as PDFium (an independent reader) extracts it: the PDF must open. */
export async function pdfText(pdf: Buffer): Promise<string[]> {
  library ??= (() => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('@hyzyla/pdfium/pdfium.wasm'));
    return PDFiumLibrary.init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
  })();
  const document = await (await library).loadDocument(new Uint8Array(pdf));
  try {
    return [...document.pages()].map((page) => page.getText());
  } finally {
    document.destroy();
  }
}
