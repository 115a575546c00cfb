import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { COLORSPACE, FPDF_ERR, PAGE_OBJECT, TEXT_RENDER_INVISIBLE, openDocument, withScratch, type Pdfium } from './pdfium';
import { assertValidSpec, reportOf, type PreflightCheck, type PreflightReport, type PreflightSpec } from './types';

/*
 * The preflight of DESIGN §2 "Artwork", on an open PDFium document.
 *
 * Which box is "the page size":
 * - A page with a TrimBox that differs from its visible page (CropBox, else MediaBox) says where it
 *   will be cut, as InDesign and Illustrator exports do when they add crop marks or a slug around the
 *   page. Then the TrimBox must be the ordered trim size, and the bleed is how far the BleedBox
 *   (PDF's default: the visible page) reaches beyond the trim on its shortest side: enough (bleed
 *   − 1 mm) passes, none warns ("no bleed"), some but too little warns too, naming what is there.
 * - Otherwise the visible page is the artwork: trim + 2 × bleed passes, the trim size warns
 *   (no bleed), anything else fails.
 * Both accept either orientation within ±1 mm; orientation is its own check, on the trim (or visible
 * page) after /Rotate.
 */

const MM_PER_PT = 25.4 / 72;
const SIZE_TOLERANCE_MM = 1;
const PPI_FAIL = 150;
const PPI_WARN = 300;
/** Enough pages to cover a double-sided item and a customer's obvious extra; the count check covers the rest. */
const MAX_PAGES_INSPECTED = 10;
/** Bounds the walk of nested forms on hostile files. */
const MAX_FORM_DEPTH = 32;
const MAX_OBJECTS_INSPECTED = 200_000;
/** Images this thin are colour ramps or flat fills, which cannot look pixelated. */
const MIN_IMAGE_SIDE_PX = 5;

interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}
const widthOf = (box: Box) => box.right - box.left;
const heightOf = (box: Box) => box.top - box.bottom;
const mm = (pt: number) => pt * MM_PER_PT;
/** 85, 85.5: millimetres as a person writes them. */
const fmt = (mmValue: number) => String(Math.round(mmValue * 10) / 10);
const sizeText = (w: number, h: number) => `${fmt(w)} × ${fmt(h)} mm`;

function sameSize(w: number, h: number, wantW: number, wantH: number): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= SIZE_TOLERANCE_MM;
  return (near(w, wantW) && near(h, wantH)) || (near(w, wantH) && near(h, wantW));
}

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
interface PageGeometry {
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

function pageGeometry(pdfium: Pdfium, page: number, number: number): PageGeometry {
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

type Verdict = Omit<PreflightCheck, 'code'>;

function pageSizeVerdict(page: PageGeometry, spec: PreflightSpec): Verdict {
  const { trimWidthMm: tw, trimHeightMm: th, bleedMm: bleed } = spec;
  const fullW = tw + 2 * bleed;
  const fullH = th + 2 * bleed;
  const where = `Page ${page.number}`;
  if (page.trim) {
    const w = mm(widthOf(page.trim));
    const h = mm(heightOf(page.trim));
    if (!sameSize(w, h, tw, th)) {
      return {
        status: 'fail',
        message: `${where} is trimmed to ${sizeText(w, h)}, but this product is ${sizeText(tw, th)}. Export the artwork at the ordered size.`,
      };
    }
    const reach = mm(
      Math.min(
        page.trim.left - page.bleedArea.left,
        page.trim.bottom - page.bleedArea.bottom,
        page.bleedArea.right - page.trim.right,
        page.bleedArea.top - page.trim.top,
      ),
    );
    if (reach >= bleed - SIZE_TOLERANCE_MM) return { status: 'pass', message: `${where}: ${sizeText(w, h)} trim with ${fmt(bleed)} mm bleed.` };
    if (reach < 0.5) return noBleed(where, w, h, bleed, fullW, fullH);
    return {
      status: 'warn',
      message: `${where} has only ${fmt(reach)} mm of bleed; ${fmt(bleed)} mm is needed on every side (${sizeText(fullW, fullH)} in all), or a thin white edge may show after trimming.`,
    };
  }
  const w = mm(widthOf(page.visible));
  const h = mm(heightOf(page.visible));
  if (sameSize(w, h, fullW, fullH))
    return { status: 'pass', message: `${where}: ${sizeText(w, h)}, the ${sizeText(tw, th)} trim with ${fmt(bleed)} mm bleed.` };
  if (bleed > 0 && sameSize(w, h, tw, th)) return noBleed(where, w, h, bleed, fullW, fullH);
  return {
    status: 'fail',
    message: `${where} is ${sizeText(w, h)}, but this product needs ${sizeText(fullW, fullH)} (the ${sizeText(tw, th)} trim plus ${fmt(bleed)} mm bleed on each side). Export the artwork at that size.`,
  };
}

function noBleed(where: string, w: number, h: number, bleed: number, fullW: number, fullH: number): Verdict {
  return {
    status: 'warn',
    message: `${where} is ${sizeText(w, h)}, the trim size with no bleed. Anything printed to the edge may leave a thin white line after trimming; for colour or images to the edge, add ${fmt(bleed)} mm bleed on every side (${sizeText(fullW, fullH)}).`,
  };
}

function orientationVerdict(page: PageGeometry, spec: PreflightSpec): Verdict | null {
  if (Math.abs(spec.trimWidthMm - spec.trimHeightMm) < SIZE_TOLERANCE_MM) return null; // a square product has none
  const box = page.trim ?? page.visible;
  const turned = page.quarterTurns % 2 === 1;
  const w = mm(turned ? heightOf(box) : widthOf(box));
  const h = mm(turned ? widthOf(box) : heightOf(box));
  if (Math.abs(w - h) < SIZE_TOLERANCE_MM) return null; // a square page fits the size check's verdict
  const actual = w > h ? 'landscape' : 'portrait';
  if (actual === spec.orientation) return null;
  return {
    status: 'warn',
    message: `Page ${page.number} is ${actual} but this item is ordered ${spec.orientation}. Check the artwork is the right way round, or change the item's orientation.`,
  };
}

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

interface ImageFacts {
  page: number;
  ppi: number;
  rgb: boolean;
  colourName: string;
}

interface PageContent {
  images: ImageFacts[];
  unembeddedFonts: Set<string>;
  /** Whether any visible text was seen, so "all fonts embedded" is not said of a file without any. */
  hasText: boolean;
}

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

function inspectContent(pdfium: Pdfium, page: number, pageNumber: number, into: PageContent, budget: { objects: number }): void {
  const visit = (object: number, parent: Matrix, depth: number) => {
    if (--budget.objects < 0) return;
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const pageList = (pages: number[]) => {
  const unique = [...new Set(pages)].sort((a, b) => a - b);
  return `${unique.length === 1 ? 'page' : 'pages'} ${unique.join(' and ')}`;
};

function fontsCheck(content: PageContent): PreflightCheck {
  const names = [...content.unembeddedFonts].sort();
  if (names.length === 0)
    return { code: 'fonts', status: 'pass', message: content.hasText ? 'All fonts are embedded.' : 'No live text, so no fonts to embed.' };
  return {
    code: 'fonts',
    status: 'warn',
    message: `${plural(names.length, 'font is', 'fonts are')} not embedded (${names.join(', ')}), so the press will substitute ${names.length === 1 ? 'it' : 'them'} and the text may look different. Embed all fonts, or convert text to outlines, when you export the PDF.`,
  };
}

function resolutionCheck(content: PageContent): PreflightCheck {
  const { images } = content;
  if (images.length === 0) return { code: 'image_resolution', status: 'pass', message: 'No images to check.' };
  const low = images.filter((image) => image.ppi < PPI_FAIL - 0.5);
  const soft = images.filter((image) => image.ppi < PPI_WARN - 0.5);
  const lowest = soft.reduce((a, b) => (b.ppi < a.ppi ? b : a), images[0]);
  const lowestText = `${Math.round(lowest.ppi)} ppi`;
  if (low.length > 0) {
    const what =
      low.length === 1
        ? `An image on page ${low[0].page} prints at ${lowestText}`
        : `${plural(low.length, 'image')} on ${pageList(low.map((i) => i.page))} print below ${PPI_FAIL} ppi (the lowest at ${lowestText})`;
    return {
      code: 'image_resolution',
      status: 'fail',
      message: `${what}; images need at least ${PPI_FAIL} ppi at their printed size, and ${PPI_WARN} ppi for sharp print, or they will look blurred or blocky. Use a higher-resolution image or place it smaller.`,
    };
  }
  if (soft.length > 0) {
    const what =
      soft.length === 1
        ? `An image on page ${soft[0].page} prints at ${lowestText}`
        : `${plural(soft.length, 'image')} on ${pageList(soft.map((i) => i.page))} print below ${PPI_WARN} ppi (the lowest at ${lowestText})`;
    return {
      code: 'image_resolution',
      status: 'warn',
      message: `${what}; ${PPI_WARN} ppi at the printed size is recommended, and below that images may look soft.`,
    };
  }
  return { code: 'image_resolution', status: 'pass', message: `All images are at least ${PPI_WARN} ppi at their printed size.` };
}

function colourCheck(content: PageContent): PreflightCheck {
  const rgb = content.images.filter((image) => image.rgb);
  if (rgb.length === 0) return { code: 'colour', status: 'pass', message: 'No RGB images.' };
  const kinds = [...new Set(rgb.map((image) => image.colourName))].join(', ');
  return {
    code: 'colour',
    status: 'warn',
    message: `${plural(rgb.length, 'image')} on ${pageList(rgb.map((i) => i.page))} ${rgb.length === 1 ? 'is' : 'are'} in ${kinds} colour: ${rgb.length === 1 ? 'it' : 'they'} will be converted to CMYK; colours may shift (bright greens, blues and oranges most). For exact colours, convert to CMYK yourself before exporting.`,
  };
}

function pageCountCheck(pages: number, spec: PreflightSpec): PreflightCheck {
  const wanted = spec.sides === 'double' ? 2 : 1;
  const ordered = spec.sides === 'double' ? 'double-sided, so it needs 2 pages: the front then the back' : 'single-sided, so it needs exactly 1 page';
  if (pages === wanted) return { code: 'page_count', status: 'pass', message: `${plural(pages, 'page')}, as a ${spec.sides}-sided item needs.` };
  return { code: 'page_count', status: 'fail', message: `The file has ${plural(pages, 'page')}; this item is ${ordered}.` };
}

/** The worst verdict of several pages, as one check; the pass message of the first page when all pass. */
function combine(code: PreflightCheck['code'], verdicts: Verdict[], whenNone: string): PreflightCheck {
  const fail = verdicts.filter((v) => v.status === 'fail');
  const warn = verdicts.filter((v) => v.status === 'warn');
  const worst = fail.length > 0 ? fail : warn;
  if (worst.length > 0) return { code, status: worst[0].status, message: worst.map((v) => v.message).join(' ') };
  return { code, status: 'pass', message: verdicts[0]?.message ?? whenNone };
}

const FILE_MESSAGES = {
  notPdf: 'This file is not a PDF. Export or save your artwork as a PDF and upload that.',
  damaged:
    'This PDF is damaged or incomplete (it may have been cut short while saving or uploading), so it cannot be printed. Export it again and upload the new file.',
  password: 'This PDF is password-protected, so it cannot be opened for print. Save a copy without a password and upload that.',
  encrypted:
    'This PDF is encrypted (it has security settings, such as a permissions password), which our press software cannot print from. Save a copy with no security and upload that.',
  repaired: 'This PDF had a damaged internal index, which was repaired to read it. Check the preview carefully, or export it again to be safe.',
  ok: 'The file is a readable PDF.',
} as const;

const fileFailure = (message: string): PreflightReport => reportOf(0, [{ code: 'file', status: 'fail', message }]);

/** What the file's first and last kilobyte say: a PDF starts with %PDF- and a complete one ends with %%EOF. */
function fileEnds(path: string): { isPdf: boolean; complete: boolean } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(1024, size));
    readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(1024, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return { isPdf: head.includes('%PDF-'), complete: tail.includes('%%EOF') };
  } finally {
    closeSync(fd);
  }
}

/** Runs on an opened document, page 1 onwards; `onOpen` sees the document before it closes (the preview). */
export function inspectArtwork(pdfium: Pdfium, pdfPath: string, spec: PreflightSpec, onOpen?: (doc: number, report: PreflightReport) => void): PreflightReport {
  assertValidSpec(spec);
  const ends = fileEnds(pdfPath);
  if (!ends.isPdf) return fileFailure(FILE_MESSAGES.notPdf);
  if (!ends.complete) return fileFailure(FILE_MESSAGES.damaged);

  const opened = openDocument(pdfium, pdfPath);
  if (!opened.ok) {
    if (opened.error === FPDF_ERR.PASSWORD) return fileFailure(FILE_MESSAGES.password);
    if (opened.error === FPDF_ERR.SECURITY) return fileFailure(FILE_MESSAGES.encrypted);
    return fileFailure(FILE_MESSAGES.damaged);
  }
  try {
    const { doc } = opened;
    // Opened with no password yet encrypted: an owner (permissions) password only.
    if (pdfium._FPDF_GetSecurityHandlerRevision(doc) !== -1) return fileFailure(FILE_MESSAGES.encrypted);
    const pages = pdfium._FPDF_GetPageCount(doc);
    if (pages < 1) return fileFailure(FILE_MESSAGES.damaged);

    const geometries: PageGeometry[] = [];
    const content: PageContent = { images: [], unembeddedFonts: new Set(), hasText: false };
    const budget = { objects: MAX_OBJECTS_INSPECTED };
    for (let index = 0; index < Math.min(pages, MAX_PAGES_INSPECTED); index++) {
      const page = pdfium._FPDF_LoadPage(doc, index);
      if (!page) return fileFailure(FILE_MESSAGES.damaged);
      try {
        geometries.push(pageGeometry(pdfium, page, index + 1));
        inspectContent(pdfium, page, index + 1, content, budget);
      } finally {
        pdfium._FPDF_ClosePage(page);
      }
    }

    const repaired = !pdfium._FPDF_DocumentHasValidCrossReferenceTable(doc);
    const checks: PreflightCheck[] = [
      repaired ? { code: 'file', status: 'warn', message: FILE_MESSAGES.repaired } : { code: 'file', status: 'pass', message: FILE_MESSAGES.ok },
      pageCountCheck(pages, spec),
      combine(
        'page_size',
        geometries.map((g) => pageSizeVerdict(g, spec)),
        '',
      ),
      combine(
        'orientation',
        geometries.map((g) => orientationVerdict(g, spec)).filter((v): v is Verdict => v !== null),
        Math.abs(spec.trimWidthMm - spec.trimHeightMm) < SIZE_TOLERANCE_MM
          ? 'A square product prints either way round.'
          : `The artwork is ${spec.orientation}, as ordered.`,
      ),
      fontsCheck(content),
      resolutionCheck(content),
      colourCheck(content),
    ];
    const report = reportOf(pages, checks);
    onOpen?.(doc, report);
    return report;
  } finally {
    opened.close();
  }
}
