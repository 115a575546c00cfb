import { rename, rm } from 'node:fs/promises';
import sharp from 'sharp';
import { pageGeometry, type Box as PdfBox } from './page-boxes';
import { loadPdfium, openDocument } from './pdfium';
import { renderPage } from './preview';
import { partialPreviewPath } from './protocol';

/** Pages drawn for a proof: both sides of a double-sided item and a little more (a longer file fails its page count check). */
export const MAX_PROOF_PAGES = 4;

/** A page drawn for a proof: where its image is, its pixel size, and its size and TrimBox as a viewer shows it (after /Rotate). */
export interface RenderedArtworkPage {
  /** The JPEG written for it. */
  path: string;
  widthPx: number;
  heightPx: number;
  widthPt: number;
  heightPt: number;
  /** The TrimBox in points from the shown page's top-left corner; null when the page has none of its own. */
  trim: { x: number; y: number; width: number; height: number } | null;
}

export interface RenderedArtwork {
  /** Pages in the file. */
  pages: number;
  /** The first pages, up to MAX_PROOF_PAGES (as many as `outPaths` names). */
  rendered: RenderedArtworkPage[];
}

/**
 * The TrimBox in the coordinates of the page as shown: from the top-left of its visible box, turned
 * clockwise a quarter at a time as /Rotate turns the page.
 */
export function shownTrim(visible: PdfBox, trim: PdfBox | null, quarterTurns: number): RenderedArtworkPage['trim'] {
  if (!trim) return null;
  let pageW = visible.right - visible.left;
  let pageH = visible.top - visible.bottom;
  let box = { x: trim.left - visible.left, y: visible.top - trim.top, width: trim.right - trim.left, height: trim.top - trim.bottom };
  for (let turn = 0; turn < quarterTurns; turn++) {
    // A quarter turn clockwise: (x, y) → (H − y, x).
    box = { x: pageH - (box.y + box.height), y: box.x, width: box.height, height: box.width };
    [pageW, pageH] = [pageH, pageW];
  }
  return box;
}

/**
 * Draws the first pages of the PDF at `pdfPath` for a proof, each as a JPEG at `outPaths[i]`
 * (`longSidePx` on its long side), with the sizes the proof places it by. Throws when the file does
 * not open or a page cannot be drawn: a proof is made only of artwork that passed its check.
 */
export async function renderArtworkPages(pdfPath: string, outPaths: readonly string[], longSidePx: number): Promise<RenderedArtwork> {
  const pdfium = await loadPdfium();
  const opened = openDocument(pdfium, pdfPath);
  if (!opened.ok) throw new Error(`The artwork could not be opened (PDFium error ${opened.error})`);
  const drawn: Array<Omit<RenderedArtworkPage, 'path'> & { rgba: Buffer }> = [];
  let pages: number;
  try {
    pages = pdfium._FPDF_GetPageCount(opened.doc);
    for (let index = 0; index < Math.min(pages, outPaths.length, MAX_PROOF_PAGES); index++) {
      const page = pdfium._FPDF_LoadPage(opened.doc, index);
      if (!page) throw new Error(`Page ${index + 1} of the artwork could not be read`);
      let geometry;
      try {
        geometry = pageGeometry(pdfium, page, index + 1);
      } finally {
        pdfium._FPDF_ClosePage(page);
      }
      const quarterTurns = geometry.quarterTurns;
      const visibleW = geometry.visible.right - geometry.visible.left;
      const visibleH = geometry.visible.top - geometry.visible.bottom;
      const turned = quarterTurns % 2 === 1;
      const rendered = renderPage(pdfium, opened.doc, index, longSidePx);
      drawn.push({
        widthPx: rendered.width,
        heightPx: rendered.height,
        widthPt: turned ? visibleH : visibleW,
        heightPt: turned ? visibleW : visibleH,
        trim: shownTrim(geometry.visible, geometry.trim, quarterTurns),
        rgba: rendered.rgba,
      });
    }
  } finally {
    opened.close();
  }
  const rendered: RenderedArtworkPage[] = [];
  try {
    for (const [index, { rgba, ...page }] of drawn.entries()) {
      const out = outPaths[index];
      const partial = partialPreviewPath(out);
      // JPEG at high quality and full colour resolution: a tenth of a PNG's bytes for a photograph, and text stays crisp.
      await sharp(rgba, { raw: { width: page.widthPx, height: page.heightPx, channels: 4 } })
        .removeAlpha()
        .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
        .toFile(partial);
      await rename(partial, out);
      rendered.push({ ...page, path: out });
    }
  } catch (error) {
    await Promise.all([...rendered.map((p) => rm(p.path, { force: true })), ...outPaths.map((p) => rm(partialPreviewPath(p), { force: true }))]);
    throw error;
  }
  return { pages, rendered };
}
