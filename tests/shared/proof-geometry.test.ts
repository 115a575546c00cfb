import { describe, expect, it } from 'vitest';
import {
  guideSizesMm,
  guideSizesText,
  placeOnProof,
  PT_PER_MM,
  templateGeometry,
  type Box,
  type ProductSize,
} from '../../src/shared/domain/orders/proof-geometry';

/** The seeded products' sizes (db/seed/catalogue.ts): business cards 85 × 55 mm, A5 flyers 148 × 210 mm, both with the default 3 mm bleed. */
const CARD: ProductSize = { trimWidthMm: 85, trimHeightMm: 55, bleedMm: 3 };
const A5: ProductSize = { trimWidthMm: 148, trimHeightMm: 210, bleedMm: 3 };

/** Points to two decimals, as a ruler in a PDF viewer reads them. */
const near = (box: Box, [x, y, width, height]: [number, number, number, number]) => {
  expect(box.x).toBeCloseTo(x, 2);
  expect(box.y).toBeCloseTo(y, 2);
  expect(box.width).toBeCloseTo(width, 2);
  expect(box.height).toBeCloseTo(height, 2);
};

describe('template geometry in PDF points', () => {
  it('converts millimetres at 72 / 25.4 points each', () => {
    expect(85 * PT_PER_MM).toBeCloseTo(240.94, 2);
    expect(3 * PT_PER_MM).toBeCloseTo(8.5, 2);
  });

  it('a landscape business card: a 91 × 61 mm page, the trim 3 mm in, the safe area 3 mm further', () => {
    const g = templateGeometry(CARD, 'landscape');
    expect(g.page.width).toBeCloseTo(257.95, 2);
    expect(g.page.height).toBeCloseTo(172.91, 2);
    near(g.bleed, [0, 0, 257.95, 172.91]);
    near(g.trim, [8.5, 8.5, 240.94, 155.91]);
    near(g.safe, [17.01, 17.01, 223.94, 138.9]);
    expect(guideSizesText(g.mm)).toBe('Trim 85 × 55 mm · Bleed 3 mm (page 91 × 61 mm) · Safe area 79 × 49 mm');
  });

  it('a portrait business card has the short side across', () => {
    const g = templateGeometry(CARD, 'portrait');
    near(g.bleed, [0, 0, 172.91, 257.95]);
    near(g.trim, [8.5, 8.5, 155.91, 240.94]);
    near(g.safe, [17.01, 17.01, 138.9, 223.94]);
    expect(guideSizesText(g.mm)).toBe('Trim 55 × 85 mm · Bleed 3 mm (page 61 × 91 mm) · Safe area 49 × 79 mm');
  });

  it('A5 portrait: a 154 × 216 mm page', () => {
    const g = templateGeometry(A5, 'portrait');
    near(g.bleed, [0, 0, 436.54, 612.28]);
    near(g.trim, [8.5, 8.5, 419.53, 595.28]);
    near(g.safe, [17.01, 17.01, 402.52, 578.27]);
  });

  it('A5 landscape swaps width and height', () => {
    const g = templateGeometry(A5, 'landscape');
    near(g.bleed, [0, 0, 612.28, 436.54]);
    near(g.trim, [8.5, 8.5, 595.28, 419.53]);
    near(g.safe, [17.01, 17.01, 578.27, 402.52]);
    expect(guideSizesMm(A5, 'landscape').page).toEqual({ width: 216, height: 154 });
  });

  it('writes a fractional bleed with its decimal', () => {
    expect(guideSizesText(guideSizesMm({ trimWidthMm: 99, trimHeightMm: 210, bleedMm: 2.5 }, 'portrait'))).toBe(
      'Trim 99 × 210 mm · Bleed 2.5 mm (page 104 × 215 mm) · Safe area 93 × 204 mm',
    );
  });
});

describe('an artwork page placed on a proof', () => {
  const AREA: Box = { x: 30, y: 60, width: 540, height: 460 };
  const mm = (v: number) => v * PT_PER_MM;

  it('a business card with bleed fills the area across; its lines fall at the scaled points', () => {
    const page = { widthPt: mm(91), heightPt: mm(61), trim: { x: mm(3), y: mm(3), width: mm(85), height: mm(55) } };
    const p = placeOnProof(page, CARD, 'landscape', AREA);
    expect(p.scale).toBeCloseTo(540 / 257.9528, 4);
    expect(p.orientation).toBe('landscape');
    // 540 pt across, centred down the 460 pt of the area.
    near(p.image, [30, 109.01, 540, 361.98]);
    near(p.bleed, [30, 109.01, 540, 361.98]);
    near(p.trim, [30 + 8.5039 * p.scale, 109.01 + 8.5039 * p.scale, 504.4, 326.37]);
    near(p.safe, [30 + 17.0079 * p.scale, 109.01 + 17.0079 * p.scale, 223.937 * p.scale, 138.8976 * p.scale]);
  });

  it('a page without bleed is placed so that the bleed line, beyond its edge, still shows', () => {
    const page = { widthPt: mm(85), heightPt: mm(55), trim: null };
    const p = placeOnProof(page, CARD, 'landscape', AREA);
    expect(p.scale).toBeCloseTo(540 / 257.9528, 4);
    near(p.bleed, [30, 109.01, 540, 361.98]);
    // The image is the trim: the page edge is where it is cut.
    near(p.image, [p.trim.x, p.trim.y, p.trim.width, p.trim.height]);
    expect(p.image.x - p.bleed.x).toBeCloseTo(mm(3) * p.scale, 4);
  });

  it('a page with crop marks around its TrimBox has its lines centred on the TrimBox', () => {
    // 111 × 81 mm: 10 mm of marks and slug beyond 3 mm of bleed, the trim 13 mm in from the left and 13 mm down.
    const page = { widthPt: mm(111), heightPt: mm(81), trim: { x: mm(13), y: mm(13), width: mm(85), height: mm(55) } };
    const p = placeOnProof(page, CARD, 'landscape', AREA);
    expect(p.scale).toBeCloseTo(540 / mm(111), 4);
    expect(p.trim.x - p.image.x).toBeCloseTo(mm(13) * p.scale, 4);
    expect(p.bleed.x - p.image.x).toBeCloseTo(mm(10) * p.scale, 4);
    expect(p.trim.width).toBeCloseTo(mm(85) * p.scale, 4);
  });

  it("an A5 portrait page fits the area's height", () => {
    const page = { widthPt: mm(154), heightPt: mm(216), trim: null };
    const p = placeOnProof(page, A5, 'portrait', AREA);
    expect(p.scale).toBeCloseTo(460 / 612.2835, 4);
    near(p.bleed, [30 + (540 - 436.5354 * p.scale) / 2, 60, 436.5354 * p.scale, 460]);
    near(p.trim, [p.bleed.x + 8.5039 * p.scale, 60 + 8.5039 * p.scale, 419.5276 * p.scale, 595.2756 * p.scale]);
  });

  it('a landscape page of a portrait item gets landscape lines (it is printed turned to fit)', () => {
    const page = { widthPt: mm(216), heightPt: mm(154), trim: null };
    const p = placeOnProof(page, A5, 'portrait', AREA);
    expect(p.orientation).toBe('landscape');
    expect(p.trim.width).toBeGreaterThan(p.trim.height);
  });

  it('never enlarges past the limit', () => {
    const tiny = { widthPt: mm(20), heightPt: mm(20), trim: null };
    expect(placeOnProof(tiny, { trimWidthMm: 14, trimHeightMm: 14, bleedMm: 3 }, 'portrait', AREA, 4).scale).toBe(4);
  });
});
