import { SAFE_AREA_MM } from './proofs';

/**
 * Where the guides of a product's artwork fall, in PDF points: the template's page and its three
 * lines (bleed edge, trim, safe area), and the same lines drawn over an artwork page placed at a
 * readable size on a proof. Pure arithmetic, shared so that any screen that names the sizes says
 * what the PDFs draw.
 *
 * Coordinates are PDF points (1 mm = 72 / 25.4 pt) from the top-left corner of the page, x to the
 * right and y downwards, as pdfkit draws.
 */

export const PT_PER_MM = 72 / 25.4;
export const pt = (mm: number): number => mm * PT_PER_MM;

export type Orientation = 'portrait' | 'landscape';

/** A product's finished size and bleed, as stored (the trim is a size: which side runs across is the orientation's). */
export interface ProductSize {
  trimWidthMm: number;
  trimHeightMm: number;
  bleedMm: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The three lines of an artwork, as boxes on the same page. */
export interface Guides {
  /** The bleed edge: how far backgrounds must reach (the template's page edge). */
  bleed: Box;
  /** Where the sheet is cut. */
  trim: Box;
  /** What must not be cut stays inside this: SAFE_AREA_MM inside the trim. */
  safe: Box;
}

/** The sizes a template and a proof write on themselves, in millimetres, the trim oriented as asked. */
export interface GuideSizesMm {
  trim: { width: number; height: number };
  bleed: number;
  page: { width: number; height: number };
  safe: { width: number; height: number };
}

/**
 * The trim turned as ordered. The stored trim names a size, not a shape (business cards are stored
 * 85 × 55, A5 148 × 210): portrait has the short side across, landscape the long side — the rule
 * the artwork check's orientation test applies (wider than tall is landscape).
 */
export function orientedTrimMm(size: ProductSize, orientation: Orientation): { width: number; height: number } {
  const short = Math.min(size.trimWidthMm, size.trimHeightMm);
  const long = Math.max(size.trimWidthMm, size.trimHeightMm);
  return orientation === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

export function guideSizesMm(size: ProductSize, orientation: Orientation): GuideSizesMm {
  const trim = orientedTrimMm(size, orientation);
  const bleed = size.bleedMm;
  return {
    trim,
    bleed,
    page: { width: trim.width + 2 * bleed, height: trim.height + 2 * bleed },
    safe: { width: Math.max(0, trim.width - 2 * SAFE_AREA_MM), height: Math.max(0, trim.height - 2 * SAFE_AREA_MM) },
  };
}

/** A box `by` points inside `box` on every side (never less than nothing). */
export function inset(box: Box, by: number): Box {
  const width = Math.max(0, box.width - 2 * by);
  const height = Math.max(0, box.height - 2 * by);
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** The template: a page of trim + 2 × bleed, whose edge is the bleed line, the trim `bleed` inside it and the safe area SAFE_AREA_MM further in. */
export interface TemplateGeometry extends Guides {
  page: { width: number; height: number };
  mm: GuideSizesMm;
}

export function templateGeometry(size: ProductSize, orientation: Orientation): TemplateGeometry {
  const mm = guideSizesMm(size, orientation);
  const page = { width: pt(mm.page.width), height: pt(mm.page.height) };
  const bleed: Box = { x: 0, y: 0, ...page };
  const trim = inset(bleed, pt(mm.bleed));
  return { page, bleed, trim, safe: inset(trim, pt(SAFE_AREA_MM)), mm };
}

/** An artwork page as the PDF engine sees it (after its /Rotate): its size, and its TrimBox when it has one, in points from its top-left corner. */
export interface ArtworkPage {
  widthPt: number;
  heightPt: number;
  trim: Box | null;
}

/** An artwork page placed on a proof page: its image's box, the scale from artwork points to proof points, and the guides over it. */
export interface ProofPlacement extends Guides {
  scale: number;
  image: Box;
  /** The orientation the guides were drawn in: the artwork page's own shape (a square page: the item's). */
  orientation: Orientation;
}

/** The guides of an artwork page in its own points: centred on its TrimBox (else on the page), turned as the page is. */
export function artworkGuides(page: ArtworkPage, size: ProductSize, ordered: Orientation): Guides & { orientation: Orientation } {
  const shape = { width: page.trim?.width ?? page.widthPt, height: page.trim?.height ?? page.heightPt };
  // A page turned the other way than ordered (a warning the customer accepted) is printed turned to fit: its guides follow its shape.
  const orientation: Orientation = Math.abs(shape.width - shape.height) < pt(1) ? ordered : shape.width > shape.height ? 'landscape' : 'portrait';
  const sizes = guideSizesMm(size, orientation);
  const centre = page.trim ? { x: page.trim.x + page.trim.width / 2, y: page.trim.y + page.trim.height / 2 } : { x: page.widthPt / 2, y: page.heightPt / 2 };
  const around = (w: number, h: number): Box => ({ x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h });
  return {
    orientation,
    bleed: around(pt(sizes.page.width), pt(sizes.page.height)),
    trim: around(pt(sizes.trim.width), pt(sizes.trim.height)),
    safe: around(pt(sizes.safe.width), pt(sizes.safe.height)),
  };
}

const scaled = (box: Box, scale: number, dx: number, dy: number): Box => ({
  x: dx + box.x * scale,
  y: dy + box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});

/**
 * Places an artwork page in `area` of a proof page as large as fits (at most `maxScale`), centred:
 * the page and its bleed line both fit, so a page without bleed still shows where the bleed should
 * have reached. Answers the scale, the image's box and the three lines, all in proof points.
 */
export function placeOnProof(page: ArtworkPage, size: ProductSize, ordered: Orientation, area: Box, maxScale = 4): ProofPlacement {
  const guides = artworkGuides(page, size, ordered);
  const left = Math.min(0, guides.bleed.x);
  const top = Math.min(0, guides.bleed.y);
  const right = Math.max(page.widthPt, guides.bleed.x + guides.bleed.width);
  const bottom = Math.max(page.heightPt, guides.bleed.y + guides.bleed.height);
  const scale = Math.min(area.width / (right - left), area.height / (bottom - top), maxScale);
  const dx = area.x + (area.width - (right - left) * scale) / 2 - left * scale;
  const dy = area.y + (area.height - (bottom - top) * scale) / 2 - top * scale;
  return {
    scale,
    orientation: guides.orientation,
    image: scaled({ x: 0, y: 0, width: page.widthPt, height: page.heightPt }, scale, dx, dy),
    bleed: scaled(guides.bleed, scale, dx, dy),
    trim: scaled(guides.trim, scale, dx, dy),
    safe: scaled(guides.safe, scale, dx, dy),
  };
}

/** "85 × 55 mm", with at most one decimal (a bleed of 2.5 mm). */
export function mmText(width: number, height?: number): string {
  const n = (v: number) => String(Math.round(v * 10) / 10);
  return height === undefined ? `${n(width)} mm` : `${n(width)} × ${n(height)} mm`;
}

/** What a template and a proof write about the sizes: "Trim 85 × 55 mm · Bleed 3 mm (page 91 × 61 mm) · Safe area 79 × 49 mm". */
export function guideSizesText(mm: GuideSizesMm): string {
  return `Trim ${mmText(mm.trim.width, mm.trim.height)} · Bleed ${mmText(mm.bleed)} (page ${mmText(mm.page.width, mm.page.height)}) · Safe area ${mmText(mm.safe.width, mm.safe.height)}`;
}
