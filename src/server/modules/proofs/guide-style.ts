/**
 * How the template and the proof draw the three lines of an artwork, so that a customer who learnt
 * them on the template reads them on the proof: the bleed area tinted red to a red edge, the trim a
 * solid dark line, the safe area a dashed blue one.
 */
export const GUIDE_COLOURS = {
  bleed: '#d62839',
  bleedTint: '#f28b96',
  /** The template's bleed area: the tint, as an opaque colour (no transparency on a page of its own). */
  bleedArea: '#fbdde0',
  trim: '#1c2530',
  safe: '#1e6fd9',
} as const;

export type GuideKind = 'bleed' | 'trim' | 'safe';

/** A small sample of one line, for a key: a tinted block with a red edge, a solid line, a dashed line. */
export function drawGuideSwatch(doc: PDFKit.PDFDocument, kind: GuideKind, x: number, y: number, width: number, height: number): void {
  doc.save();
  if (kind === 'bleed') {
    doc.rect(x, y, width, height).fill(GUIDE_COLOURS.bleedArea);
    doc.lineWidth(0.75).strokeColor(GUIDE_COLOURS.bleed).rect(x, y, width, height).stroke();
  } else {
    const mid = y + height / 2;
    doc.lineWidth(1.2).strokeColor(GUIDE_COLOURS[kind]);
    if (kind === 'safe') doc.dash(3, { space: 2 });
    doc
      .moveTo(x, mid)
      .lineTo(x + width, mid)
      .stroke();
    doc.undash();
  }
  doc.restore();
}
