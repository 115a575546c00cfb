import sharp from 'sharp';
import { BITMAP_BGRA, RENDER_FLAGS, type Pdfium } from './pdfium';

/** A preview bigger than this is a caller's mistake, and would cost memory for nothing. */
const MAX_PREVIEW_LONG_SIDE_PX = 4000;

export interface RenderedPage {
  width: number;
  height: number;
  /** Packed RGBA, width × height × 4 bytes, on white. */
  rgba: Buffer;
}

/**
 * Page `index` (from 0) of an open document as pixels, scaled so its long side is `longSidePx`. It
 * shows what a viewer shows (the CropBox, turned by /Rotate), bleed included, so the customer sees
 * their edges.
 */
export function renderPage(pdfium: Pdfium, doc: number, index: number, longSidePx: number): RenderedPage {
  if (!Number.isInteger(longSidePx) || longSidePx < 16 || longSidePx > MAX_PREVIEW_LONG_SIDE_PX) {
    throw new RangeError(`Preview long side must be a whole number of pixels from 16 to ${MAX_PREVIEW_LONG_SIDE_PX}`);
  }
  const page = pdfium._FPDF_LoadPage(doc, index);
  if (!page) throw new Error(`PDFium could not load page ${index + 1}`);
  try {
    const widthPt = pdfium._FPDF_GetPageWidthF(page);
    const heightPt = pdfium._FPDF_GetPageHeightF(page);
    const scale = longSidePx / Math.max(widthPt, heightPt);
    const width = Math.max(1, Math.round(widthPt * scale));
    const height = Math.max(1, Math.round(heightPt * scale));
    const bitmap = pdfium._FPDFBitmap_CreateEx(width, height, BITMAP_BGRA, 0, 0);
    if (!bitmap) throw new Error('PDFium: out of memory for the preview');
    try {
      pdfium._FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      pdfium._FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
      const stride = pdfium._FPDFBitmap_GetStride(bitmap);
      const start = pdfium._FPDFBitmap_GetBuffer(bitmap);
      const rowBytes = width * 4;
      const rgba = Buffer.allocUnsafe(rowBytes * height);
      for (let row = 0; row < height; row++) {
        rgba.set(pdfium.HEAPU8.subarray(start + row * stride, start + row * stride + rowBytes), row * rowBytes);
      }
      return { width, height, rgba };
    } finally {
      pdfium._FPDFBitmap_Destroy(bitmap);
    }
  } finally {
    pdfium._FPDF_ClosePage(page);
  }
}

/** Writes the pixels as an opaque RGB PNG (sharp is already the app's image library). */
export async function writePng(rendered: RenderedPage, outPath: string): Promise<void> {
  await sharp(rendered.rgba, { raw: { width: rendered.width, height: rendered.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toFile(outPath);
}
