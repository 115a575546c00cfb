import { COLORSPACE, PAGE_OBJECT, TEXT_RENDER_INVISIBLE, withScratch, type Pdfium } from './pdfium';

/*
 * What a page's content holds that the preflight judges: its images (effective resolution at the
 * placed size, and whether they are RGB) and its fonts (embedded or not), walking nested forms.
 */

/** Bounds the walk of nested forms on hostile files. */
const MAX_FORM_DEPTH = 32;
const MAX_OBJECTS_INSPECTED = 200_000;
/** Images this thin are colour ramps or flat fills, which cannot look pixelated. */
const MIN_IMAGE_SIDE_PX = 5;

/** An affine matrix [a b c d e f] as PDF writes them: x' = a·x + c·y + e, y' = b·x + d·y + f. */
type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `inner` then `outer`: how an object inside a form maps to the page. */
function compose(inner: Matrix, outer: Matrix): Matrix {
  const [a, b, c, d, e, f] = inner;
  const [A, B, C, D, E, F] = outer;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

function objectMatrix(pdfium: Pdfium, object: number): Matrix {
  return withScratch(pdfium, 24, (ptr) => {
    if (!pdfium._FPDFPageObj_GetMatrix(object, ptr)) return [...IDENTITY];
    const m = pdfium.HEAPF32.subarray(ptr >> 2, (ptr >> 2) + 6);
    return [m[0], m[1], m[2], m[3], m[4], m[5]];
  });
}

export interface ImageFacts {
  page: number;
  ppi: number;
  rgb: boolean;
  colourName: string;
}

/** What the pages inspected hold, gathered page by page (`inspectContent`). */
export interface PageContent {
  images: ImageFacts[];
  unembeddedFonts: Set<string>;
  /** Whether any visible text was seen, so "all fonts embedded" is not said of a file without any. */
  hasText: boolean;
  /** Objects still to be looked at: the walk stops when a hostile file has too many. */
  budget: number;
}

export const emptyContent = (): PageContent => ({ images: [], unembeddedFonts: new Set(), hasText: false, budget: MAX_OBJECTS_INSPECTED });

const RGB_SPACES = new Map<number, string>([
  [COLORSPACE.DEVICERGB, 'RGB'],
  [COLORSPACE.CALRGB, 'calibrated RGB'],
  // PDFium does not say what an indexed image's palette is made of; nearly always RGB (PNG palettes).
  [COLORSPACE.INDEXED, 'indexed (RGB palette)'],
]);

/** RGB, CMYK… from an ICC profile's header (its data colour space, bytes 16–19); null if unreadable. */
function iccSpace(pdfium: Pdfium, image: number, page: number): string | null {
  return withScratch(pdfium, 4, (lengthPtr) => {
    if (!pdfium._FPDFImageObj_GetIccProfileDataDecoded(image, page, 0, 0, lengthPtr)) return null;
    const length = pdfium.HEAPU32[lengthPtr >> 2];
    if (length < 20 || length > 16 * 1024 * 1024) return null;
    return withScratch(pdfium, length, (profile) => {
      if (!pdfium._FPDFImageObj_GetIccProfileDataDecoded(image, page, profile, length, lengthPtr)) return null;
      return String.fromCharCode(...pdfium.HEAPU8.subarray(profile + 16, profile + 20)).trim();
    });
  });
}

function imageFacts(pdfium: Pdfium, image: number, page: number, pageNumber: number, matrix: Matrix): ImageFacts | null {
  // FPDF_IMAGEOBJ_METADATA: width, height (uint), horizontal_dpi, vertical_dpi (float),
  // bits_per_pixel (uint), colorspace, marked_content_id (int).
  const meta = withScratch(pdfium, 28, (ptr) => {
    if (!pdfium._FPDFImageObj_GetImageMetadata(image, page, ptr)) return null;
    const u32 = pdfium.HEAPU32.subarray(ptr >> 2, (ptr >> 2) + 7);
    return { widthPx: u32[0], heightPx: u32[1], bitsPerPixel: u32[4], colorspace: u32[5] | 0 };
  });
  if (!meta || meta.widthPx < MIN_IMAGE_SIDE_PX || meta.heightPx < MIN_IMAGE_SIDE_PX) return null;
  // The image fills the unit square of its matrix: its placed sides are the matrix's column vectors.
  const placedWidthIn = Math.hypot(matrix[0], matrix[1]) / 72;
  const placedHeightIn = Math.hypot(matrix[2], matrix[3]) / 72;
  if (placedWidthIn * placedHeightIn < 1e-4) return null; // smaller than ~0.25 mm²: nothing to see
  const ppi = Math.min(meta.widthPx / placedWidthIn, meta.heightPx / placedHeightIn);

  let colourName = RGB_SPACES.get(meta.colorspace) ?? null;
  if (meta.colorspace === COLORSPACE.ICCBASED) {
    const space = iccSpace(pdfium, image, page);
    if (space === 'RGB') colourName = 'RGB (ICC profile)';
    else if (space === null && (meta.bitsPerPixel === 24 || meta.bitsPerPixel === 48)) colourName = 'RGB (ICC profile)';
  }
  return { page: pageNumber, ppi, rgb: colourName !== null, colourName: colourName ?? '' };
}

function fontName(pdfium: Pdfium, font: number): string {
  const length = pdfium._FPDFFont_GetBaseFontName(font, 0, 0);
  if (length <= 1 || length > 1024) return 'an unnamed font';
  return withScratch(pdfium, length, (ptr) => {
    pdfium._FPDFFont_GetBaseFontName(font, ptr, length);
    const name = Buffer.from(pdfium.HEAPU8.subarray(ptr, ptr + length - 1)).toString('latin1');
    return name.replace(/^[A-Z]{6}\+/, ''); // a subset prefix says nothing to a customer
  });
}

/** Adds what page `pageNumber` (a loaded PDFium page) holds to `into`. */
export function inspectContent(pdfium: Pdfium, page: number, pageNumber: number, into: PageContent): void {
  const visit = (object: number, parent: Matrix, depth: number) => {
    if (--into.budget < 0) return;
    const type = pdfium._FPDFPageObj_GetType(object);
    if (type === PAGE_OBJECT.IMAGE) {
      const facts = imageFacts(pdfium, object, page, pageNumber, compose(objectMatrix(pdfium, object), parent));
      if (facts) into.images.push(facts);
    } else if (type === PAGE_OBJECT.TEXT) {
      if (pdfium._FPDFTextObj_GetTextRenderMode(object) === TEXT_RENDER_INVISIBLE) return; // an OCR layer is never printed
      into.hasText = true;
      const font = pdfium._FPDFTextObj_GetFont(object);
      if (font && pdfium._FPDFFont_GetIsEmbedded(font) === 0) into.unembeddedFonts.add(fontName(pdfium, font));
    } else if (type === PAGE_OBJECT.FORM && depth < MAX_FORM_DEPTH) {
      const matrix = compose(objectMatrix(pdfium, object), parent);
      const count = pdfium._FPDFFormObj_CountObjects(object);
      for (let i = 0; i < count; i++) {
        const child = pdfium._FPDFFormObj_GetObject(object, i);
        if (child) visit(child, matrix, depth + 1);
      }
    }
  };
  const count = pdfium._FPDFPage_CountObjects(page);
  for (let i = 0; i < count; i++) {
    const object = pdfium._FPDFPage_GetObject(page, i);
    if (object) visit(object, IDENTITY, 0);
  }
}
