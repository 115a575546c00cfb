/** What the item was ordered as: the sizes the artwork is checked against (DESIGN §2 "Artwork"). */
export interface PreflightSpec {
  /** The finished size (for folded work, the flat size), in millimetres. */
  trimWidthMm: number;
  trimHeightMm: number;
  /** Bleed wanted beyond the trim on every side, in millimetres (products default to 3). */
  bleedMm: number;
  sides: 'single' | 'double';
  orientation: 'portrait' | 'landscape';
}

export type CheckStatus = 'pass' | 'warn' | 'fail';

/** Each check of a report, in the order it appears. */
export type CheckCode =
  | 'file' // opens as an unencrypted, undamaged PDF
  | 'page_count'
  | 'page_size'
  | 'orientation'
  | 'fonts'
  | 'image_resolution'
  | 'colour';

export interface PreflightCheck {
  code: CheckCode;
  status: CheckStatus;
  /** Plain English, for the customer. */
  message: string;
}

/** The JSON stored with the item; `checks` is what §3's `Item.artwork.preflight.checks` carries. */
export interface PreflightReport {
  /** The worst status of its checks. */
  status: CheckStatus;
  /** Pages in the file; 0 when it could not be opened. */
  pages: number;
  checks: PreflightCheck[];
}

/** The preview's long side, as DESIGN asks ("about 1000 px"). */
export const DEFAULT_PREVIEW_LONG_SIDE_PX = 1000;

/**
 * Pages drawn as previews: front and back of a double-sided item, and a couple more, so a
 * customer whose PDF has the wrong page count sees what is in it. A longer file fails its page
 * count check anyway; drawing all of it would only cost the worker time.
 */
export const MAX_PREVIEW_PAGES = 4;

/** Pages previewed of a file with `pages` pages (0 when it could not be opened). */
export const previewPageCount = (pages: number): number => Math.max(0, Math.min(pages, MAX_PREVIEW_PAGES));

/**
 * Where page `page` (from 1) of a preview lives, given where page 1 does: page 1 at the name
 * itself (so a preview made before later pages were drawn still answers), page 2 at `x.p2.png`.
 * The same for a file store key and a local path.
 */
export function previewPageName(first: string, page: number): string {
  if (!Number.isInteger(page) || page < 1 || page > MAX_PREVIEW_PAGES) throw new RangeError(`Preview page must be 1 to ${MAX_PREVIEW_PAGES}`);
  return page === 1 ? first : first.replace(/(\.png)?$/, `.p${page}$1`);
}

/** Every name a preview's pages may have: what to delete with it. */
export const previewPageNames = (first: string): string[] => Array.from({ length: MAX_PREVIEW_PAGES }, (_, i) => previewPageName(first, i + 1));

const RANK: Record<CheckStatus, number> = { pass: 0, warn: 1, fail: 2 };

export function worstStatus(statuses: Iterable<CheckStatus>): CheckStatus {
  let worst: CheckStatus = 'pass';
  for (const status of statuses) if (RANK[status] > RANK[worst]) worst = status;
  return worst;
}

export function reportOf(pages: number, checks: PreflightCheck[]): PreflightReport {
  return { status: worstStatus(checks.map((check) => check.status)), pages, checks };
}

/** Refuses a spec no product could have; a programming error, not the customer's. */
export function assertValidSpec(spec: PreflightSpec): void {
  const positive = (n: number) => Number.isFinite(n) && n > 0;
  if (!positive(spec.trimWidthMm) || !positive(spec.trimHeightMm)) throw new RangeError('Trim size must be positive millimetres');
  if (!Number.isFinite(spec.bleedMm) || spec.bleedMm < 0) throw new RangeError('Bleed must be zero or more millimetres');
  if (spec.sides !== 'single' && spec.sides !== 'double') throw new RangeError(`Unknown sides: ${String(spec.sides)}`);
  if (spec.orientation !== 'portrait' && spec.orientation !== 'landscape') {
    throw new RangeError(`Unknown orientation: ${String(spec.orientation)}`);
  }
}
