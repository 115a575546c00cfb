import { heightOf, mm, widthOf, type PageGeometry } from './page-boxes';
import type { PreflightCheck, PreflightSpec } from './types';
import { fmt, sizeText } from './wording';

/*
 * The page size and orientation checks of DESIGN §2 "Artwork".
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

const SIZE_TOLERANCE_MM = 1;

function sameSize(w: number, h: number, wantW: number, wantH: number): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= SIZE_TOLERANCE_MM;
  return (near(w, wantW) && near(h, wantH)) || (near(w, wantH) && near(h, wantW));
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

/** The worst verdict of several pages, as one check; the pass message of the first page when all pass. */
function combine(code: PreflightCheck['code'], verdicts: Verdict[], whenNone: string): PreflightCheck {
  const fail = verdicts.filter((v) => v.status === 'fail');
  const warn = verdicts.filter((v) => v.status === 'warn');
  const worst = fail.length > 0 ? fail : warn;
  if (worst.length > 0) return { code, status: worst[0].status, message: worst.map((v) => v.message).join(' ') };
  return { code, status: 'pass', message: verdicts[0]?.message ?? whenNone };
}

/** The `page_size` and `orientation` checks of the pages inspected. */
export function sizeChecks(geometries: PageGeometry[], spec: PreflightSpec): PreflightCheck[] {
  return [
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
  ];
}
