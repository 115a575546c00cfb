import { rename, rm } from 'node:fs/promises';
import { inspectArtwork } from './inspect';
import { partialPreviewPath } from './protocol';
import { FPDF_ERR, loadPdfium, openDocument } from './pdfium';
import { renderPage, writePng, type RenderedPage } from './preview';
import { DEFAULT_PREVIEW_LONG_SIDE_PX, previewPageCount, previewPageName, reportOf, type PreflightReport, type PreflightSpec } from './types';

/*
 * The artwork engine's work, on the calling thread. PDFium is synchronous, so these block their
 * thread for as long as a file takes (seconds for 100 MB): the server calls them only through
 * createArtworkEngine(), which runs them in its worker; tests and scripts may call them directly.
 */

export interface ArtworkResult {
  report: PreflightReport;
  /**
   * Set when the preview was written: the file opened and every previewed page rendered (page 1
   * here, page n at previewPageName(previewPath, n)).
   */
  previewPath?: string;
  /** How many pages the preview has (previewPageCount of the file's pages); 0 without one. */
  previewPages: number;
}

/** The preflight of DESIGN §2 "Artwork" for the PDF at `pdfPath`. */
export async function preflight(pdfPath: string, spec: PreflightSpec): Promise<PreflightReport> {
  return inspectArtwork(await loadPdfium(), pdfPath, spec);
}

/** A PNG of page 1 at `outPath`, `longSidePx` on its long side; throws when the file cannot be opened. */
export async function renderPreview(pdfPath: string, outPath: string, longSidePx = DEFAULT_PREVIEW_LONG_SIDE_PX): Promise<{ width: number; height: number }> {
  const pdfium = await loadPdfium();
  let rendered: RenderedPage | undefined;
  // The same open path as the preflight, so an unreadable file is refused the same way.
  const report = inspectArtwork(pdfium, pdfPath, PREVIEW_ONLY_SPEC, (doc) => {
    rendered = renderPage(pdfium, doc, 0, longSidePx);
  });
  if (!rendered) throw new Error(`Cannot preview ${pdfPath}: ${report.checks[0]?.message ?? 'unreadable'}`);
  await writePngAtomically(rendered, outPath);
  return { width: rendered.width, height: rendered.height };
}

/**
 * Whether PDFium opens the file at `pdfPath` as a document with at least one page: what an upload
 * must be before it is kept as a PDF. A password-protected or encrypted PDF counts — it is a PDF,
 * and the artwork's own check says what is wrong with it.
 */
export async function opensAsPdf(pdfPath: string): Promise<boolean> {
  const pdfium = await loadPdfium();
  const opened = openDocument(pdfium, pdfPath);
  if (!opened.ok) return opened.error === FPDF_ERR.PASSWORD || opened.error === FPDF_ERR.SECURITY;
  try {
    return pdfium._FPDF_GetPageCount(opened.doc) > 0;
  } finally {
    opened.close();
  }
}

/**
 * Preflight and preview from one reading of the file: what a background job wants. The preview is
 * every previewed page (front and back of a double-sided item) or none: a page that cannot be
 * drawn cannot be printed either, and the report says so.
 */
export async function checkArtwork(
  pdfPath: string,
  spec: PreflightSpec,
  previewPath: string | undefined,
  longSidePx = DEFAULT_PREVIEW_LONG_SIDE_PX,
): Promise<ArtworkResult> {
  const pdfium = await loadPdfium();
  const rendered: RenderedPage[] = [];
  let failedPage: number | undefined;
  const report = inspectArtwork(pdfium, pdfPath, spec, (doc, opened) => {
    if (!previewPath) return;
    for (let index = 0; index < previewPageCount(opened.pages); index++) {
      try {
        rendered.push(renderPage(pdfium, doc, index, longSidePx));
      } catch {
        failedPage = index + 1; // the report still stands; the item shows no preview
        rendered.length = 0;
        return;
      }
    }
  });
  if (failedPage !== undefined) return { report: withPreviewNote(report, failedPage), previewPages: 0 };
  if (!previewPath || rendered.length === 0) return { report, previewPages: 0 };
  const written: string[] = [];
  try {
    for (const [index, page] of rendered.entries()) {
      const out = previewPageName(previewPath, index + 1);
      await writePngAtomically(page, out);
      written.push(out);
    }
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
  return { report, previewPath, previewPages: rendered.length };
}

/** Any spec will do when only the preview is wanted: the checks' verdicts are thrown away. */
const PREVIEW_ONLY_SPEC: PreflightSpec = { trimWidthMm: 1, trimHeightMm: 1, bleedMm: 0, sides: 'single', orientation: 'portrait' };

function withPreviewNote(report: PreflightReport, page: number): PreflightReport {
  const message = `Page ${page} of this PDF could not be drawn, so it cannot be printed as it is. Export it again and upload the new file.`;
  return reportOf(
    report.pages,
    report.checks.map((check) => (check.code === 'file' ? { code: 'file', status: 'fail', message } : check)),
  );
}

async function writePngAtomically(rendered: RenderedPage, outPath: string): Promise<void> {
  const partial = partialPreviewPath(outPath);
  try {
    await writePng(rendered, partial);
    await rename(partial, outPath);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
