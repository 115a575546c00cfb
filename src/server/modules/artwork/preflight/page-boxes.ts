import { withScratch, type Pdfium } from './pdfium';

/** A page's boxes (MediaBox, CropBox, TrimBox, BleedBox) as PDFium reports them, in points. */

const MM_PER_PT = 25.4 / 72;

export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}
export const widthOf = (box: Box) => box.right - box.left;
export const heightOf = (box: Box) => box.top - box.bottom;
export const mm = (pt: number) => pt * MM_PER_PT;

function sameBox(a: Box, b: Box): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) < 0.5; // points
  return near(a.left, b.left) && near(a.bottom, b.bottom) && near(a.right, b.right) && near(a.top, b.top);
}

function intersect(a: Box, b: Box): Box {
  return {
    left: Math.max(a.left, b.left),
    bottom: Math.max(a.bottom, b.bottom),
    right: Math.min(a.right, b.right),
    top: Math.min(a.top, b.top),
  };
}

type BoxGetter = (page: number, left: number, bottom: number, right: number, top: number) => number;

function readBox(pdfium: Pdfium, page: number, get: BoxGetter): Box | null {
  return withScratch(pdfium, 16, (ptr) => {
    if (!get(page, ptr, ptr + 4, ptr + 8, ptr + 12)) return null;
    const [x1, y1, x2, y2] = pdfium.HEAPF32.subarray(ptr >> 2, (ptr >> 2) + 4);
    return { left: Math.min(x1, x2), bottom: Math.min(y1, y2), right: Math.max(x1, x2), top: Math.max(y1, y2) };
  });
}

/** A page's boxes as PDFium reports them, normalised (left < right, bottom < top), in points. */
export interface PageGeometry {
  number: number;
  /** What a viewer shows: the CropBox within the MediaBox. */
  visible: Box;
  /** Present only when it differs from the visible page. */
  trim: Box | null;
  /** Where the bleed may reach: the BleedBox within the visible page, else the visible page. */
  bleedArea: Box;
  /** /Rotate in quarter turns. */
  quarterTurns: number;
}

export function pageGeometry(pdfium: Pdfium, page: number, number: number): PageGeometry {
  const media = readBox(pdfium, page, pdfium._FPDFPage_GetMediaBox.bind(pdfium)) ?? {
    left: 0,
    bottom: 0,
    right: pdfium._FPDF_GetPageWidthF(page),
    top: pdfium._FPDF_GetPageHeightF(page),
  };
  const crop = readBox(pdfium, page, pdfium._FPDFPage_GetCropBox.bind(pdfium));
  const visible = crop ? intersect(crop, media) : media;
  const trimBox = readBox(pdfium, page, pdfium._FPDFPage_GetTrimBox.bind(pdfium));
  const bleedBox = readBox(pdfium, page, pdfium._FPDFPage_GetBleedBox.bind(pdfium));
  const trim = trimBox && !sameBox(trimBox, visible) ? trimBox : null;
  return {
    number,
    visible,
    trim,
    bleedArea: bleedBox ? intersect(bleedBox, visible) : visible,
    quarterTurns: ((pdfium._FPDFPage_GetRotation(page) % 4) + 4) % 4,
  };
}
