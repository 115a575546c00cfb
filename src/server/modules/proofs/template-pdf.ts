import PDFDocument from 'pdfkit';
import { SAFE_AREA_MM } from '../../../shared/domain/orders/proofs';
import { mmText, templateGeometry, type Orientation, type ProductSize } from '../../../shared/domain/orders/proof-geometry';
import { pdfBuffer } from '../../lib/pdf-buffer';
import { PDF_INK as INK, PDF_MUTED as MUTED } from '../../lib/pdf-layout';
import { GUIDE_COLOURS, drawGuideSwatch, type GuideKind } from './guide-style';

export interface TemplateContent {
  product: string;
  size: ProductSize;
  orientation: Orientation;
  /** Who hands it out (the app's name), for the document's info. */
  from: string;
}

/** The largest and smallest text of the key in the middle: big pages do not shout, business cards stay legible. */
const MAX_FONT = 13;
const MIN_FONT = 4.5;

interface Line {
  text: string;
  /** Size relative to the key's body text. */
  scale: number;
  bold?: boolean;
  colour?: string;
  swatch?: GuideKind;
}

/**
 * An artwork template (DESIGN §2 "Proofs and templates"): a page of the product's trim + 2 × bleed,
 * turned as asked, its bleed area tinted to a red edge, the trim a solid line, the safe area a
 * dashed line, each named in the strip beside it, and in the middle (inside the safe area, sized
 * to the page) the product, the sizes and a key to the lines.
 */
export function templatePdf(c: TemplateContent): Promise<Buffer> {
  const g = templateGeometry(c.size, c.orientation);
  const title = `Artwork template: ${c.product} (${c.orientation})`;
  const doc = new PDFDocument({
    size: [g.page.width, g.page.height],
    margin: 0,
    info: { Title: title, Author: c.from, Creator: c.from, Producer: c.from, Subject: 'Trim, bleed and safe-area guides' },
  });
  const done = pdfBuffer(doc);
  const bleedPt = g.trim.x;
  const safeGap = g.safe.x - g.trim.x;

  // The bleed area, the trim's white inside it, the three lines.
  doc.rect(0, 0, g.page.width, g.page.height).fill(GUIDE_COLOURS.bleedArea);
  doc.rect(g.trim.x, g.trim.y, g.trim.width, g.trim.height).fill('#ffffff');
  doc
    .lineWidth(0.75)
    .strokeColor(GUIDE_COLOURS.bleed)
    .rect(0.375, 0.375, g.page.width - 0.75, g.page.height - 0.75)
    .stroke();
  doc.lineWidth(0.75).strokeColor(GUIDE_COLOURS.trim).rect(g.trim.x, g.trim.y, g.trim.width, g.trim.height).stroke();
  doc.lineWidth(0.75).strokeColor(GUIDE_COLOURS.safe).dash(3, { space: 2 }).rect(g.safe.x, g.safe.y, g.safe.width, g.safe.height).stroke().undash();

  // Each line named in the strip beside it, where the strip is tall enough to hold a word.
  const stripLabel = (text: string, y: number, strip: number, colour: string) => {
    const size = Math.min(7, strip * 0.62);
    if (size < 3.5) return;
    doc
      .font('Helvetica-Bold')
      .fontSize(size)
      .fillColor(colour)
      .text(text, g.trim.x, y + (strip - size) / 2 + size * 0.08, { width: g.trim.width, align: 'center', lineBreak: false, ellipsis: true });
  };
  stripLabel('BLEED: extend backgrounds to the page edge', 0, bleedPt, GUIDE_COLOURS.bleed);
  stripLabel('TRIM: the solid line is where it is cut', g.trim.y + g.trim.height, bleedPt, INK);
  stripLabel('SAFE AREA: keep text and logos inside the dashed line', g.trim.y, safeGap, GUIDE_COLOURS.safe);

  // The key in the middle of the safe area, as large as fits.
  const sizesText = [
    `Trim ${mmText(g.mm.trim.width, g.mm.trim.height)}`,
    `Bleed ${mmText(g.mm.bleed)} (page ${mmText(g.mm.page.width, g.mm.page.height)})`,
    `Safe area ${mmText(g.mm.safe.width, g.mm.safe.height)}`,
  ];
  const key = (sizes: string[]): Line[] => [
    { text: c.product, scale: 1.35, bold: true },
    ...sizes.map((text) => ({ text, scale: 1 })),
    { text: ' ', scale: 0.5 },
    { text: `Bleed: backgrounds and pictures reach the page edge`, scale: 0.9, swatch: 'bleed' },
    { text: 'Trim: where the sheet is cut', scale: 0.9, swatch: 'trim' },
    { text: `Safe area: ${mmText(SAFE_AREA_MM)} inside the trim; keep text inside`, scale: 0.9, swatch: 'safe' },
    { text: ' ', scale: 0.5 },
    { text: 'Put this template on a layer of its own and hide it before exporting your PDF.', scale: 0.8, colour: MUTED },
  ];
  const layouts = [key([sizesText.join(' · ')]), key(sizesText)];
  const room = { width: g.safe.width * 0.92, height: g.safe.height * 0.9 };
  const fit = (lines: Line[]) => {
    // Width and height at a body size of 1 pt grow in proportion to the size.
    const widths = lines.map((line) => {
      doc.font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(line.scale);
      return doc.widthOfString(line.text) + (line.swatch ? line.scale * 2.6 : 0);
    });
    const height = lines.reduce((sum, line) => sum + line.scale * 1.3, 0);
    return Math.min(MAX_FONT, room.width / Math.max(...widths), room.height / height);
  };
  const [lines, body] = layouts.map((lines) => [lines, fit(lines)] as const).reduce((best, next) => (next[1] > best[1] ? next : best));
  const size = Math.max(MIN_FONT, body);
  const blockHeight = lines.reduce((sum, line) => sum + line.scale * size * 1.3, 0);
  const widthOf = (line: Line) => {
    doc.font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(line.scale * size);
    return doc.widthOfString(line.text) + (line.swatch ? line.scale * size * 2.6 : 0);
  };
  // The key's three rows share one left edge, centred as a block; the other lines are centred each.
  const keyWidth = Math.max(...lines.filter((line) => line.swatch).map(widthOf));
  let y = g.safe.y + (g.safe.height - blockHeight) / 2;
  for (const line of lines) {
    const fontSize = line.scale * size;
    const swatchWidth = line.swatch ? fontSize * 2.6 : 0;
    const width = line.swatch ? keyWidth : widthOf(line);
    const x = g.safe.x + (g.safe.width - Math.min(width, g.safe.width)) / 2;
    if (line.swatch) drawGuideSwatch(doc, line.swatch, x, y + fontSize * 0.1, fontSize * 2, fontSize * 0.8);
    doc
      .font(line.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(fontSize)
      .fillColor(line.colour ?? INK)
      .text(line.text, x + swatchWidth, y, { lineBreak: false });
    y += fontSize * 1.3;
  }
  doc.end();
  return done;
}
