import PDFDocument from 'pdfkit';
import { formatMoment } from '../../../shared/domain/calendar/workingDays';
import { SAFE_AREA_MM } from '../../../shared/domain/orders/proofs';
import { preflightCheckName } from '../../../shared/domain/orders/preflight-checks';
import { guideSizesMm, mmText, placeOnProof, type Box, type Orientation, type ProductSize } from '../../../shared/domain/orders/proof-geometry';
import { pdfBuffer } from '../../lib/pdf-buffer';
import { PDF_INK as INK, PDF_MUTED as MUTED, PDF_RULE as RULE } from '../../lib/pdf-layout';
import type { CheckStatus, PreflightCheck, RenderedArtworkPage } from '../artwork/preflight';
import { GUIDE_COLOURS, drawGuideSwatch } from './guide-style';

/** What a proof says besides its pictures: the item as ordered and confirmed, and its artwork's check. */
export interface ProofPdfContent {
  orderId: number;
  ref: string;
  /** The item's place in its order (1 of 2), and its number. */
  itemPosition: number;
  itemCount: number;
  itemId: number;
  version: number;
  product: string;
  size: ProductSize;
  stock: string;
  /** "Lamination: Matt, both sides", one per chosen option. */
  options: string[];
  turnaround: string | null;
  qty: number;
  sides: 'single' | 'double';
  orientation: Orientation;
  artworkName: string;
  /** Pages in the artwork file (the pictures are its first ones). */
  artworkPages: number;
  checks: PreflightCheck[];
  checkStatus: CheckStatus;
  madeAt: Date;
  /** Who the proof is from (the printer), or null: a blind-dispatch order's proof names no printer, so the customer may pass it on. */
  issuer: string | null;
  /** The document's author: the issuer, or the customer's own company on a blind-dispatch order's proof. */
  author: string;
  pages: RenderedArtworkPage[];
}

// A4 landscape: the artwork on the left at a readable size, the job's details on the right.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 28;
const PANEL_WIDTH = 238;
const PANEL_X = PAGE.width - MARGIN - PANEL_WIDTH;
const HEADER_BOTTOM = 70;
const FOOTER_TOP = PAGE.height - MARGIN - 26;
const ART: Box = { x: MARGIN, y: HEADER_BOTTOM + 8, width: PANEL_X - 16 - MARGIN, height: FOOTER_TOP - 30 - (HEADER_BOTTOM + 8) };
/** An artwork page is never shown more than this many times its size (a tiny label stays a tiny label, sharp). */
const MAX_SCALE = 4;

const STATUS_COLOURS: Record<CheckStatus, string> = { pass: '#2e7d32', warn: '#b26a00', fail: '#c62828' };
export const CHECK_CAREFULLY = 'Check this proof carefully: we print exactly what you approve.';

/** The side a page of the artwork is printed as. */
function sideOf(index: number, sides: 'single' | 'double'): string {
  if (sides === 'single') return index === 0 ? 'Front' : `Page ${index + 1} (not printed: single-sided)`;
  return index === 0 ? 'Front' : index === 1 ? 'Back' : `Page ${index + 1} (not printed: double-sided)`;
}

/** The page: its image where the geometry places it, then the cut-away area tinted, the bleed edge, the trim and the safe area over it. */
function drawArtwork(doc: PDFKit.PDFDocument, page: RenderedArtworkPage, c: ProofPdfContent): void {
  doc.rect(ART.x, ART.y, ART.width, ART.height).fill('#eef1f4');
  const p = placeOnProof({ widthPt: page.widthPt, heightPt: page.heightPt, trim: page.trim }, c.size, c.orientation, inset(ART, 14), MAX_SCALE);
  doc.image(page.path, p.image.x, p.image.y, { width: p.image.width, height: p.image.height });
  // What is cut away: between the bleed edge and the trim.
  doc.save();
  doc.rect(p.bleed.x, p.bleed.y, p.bleed.width, p.bleed.height).rect(p.trim.x, p.trim.y, p.trim.width, p.trim.height);
  doc.fillOpacity(0.3).fill(GUIDE_COLOURS.bleedTint, 'even-odd');
  doc.restore();
  doc.save();
  doc.lineWidth(0.75).strokeColor(GUIDE_COLOURS.bleed).rect(p.bleed.x, p.bleed.y, p.bleed.width, p.bleed.height).stroke();
  // Each line on a white halo, so it shows on dark artwork as on light.
  for (const [box, colour, dashed] of [
    [p.trim, GUIDE_COLOURS.trim, false],
    [p.safe, GUIDE_COLOURS.safe, true],
  ] as const) {
    doc.undash().lineWidth(2.2).strokeColor('#ffffff').strokeOpacity(0.85).rect(box.x, box.y, box.width, box.height).stroke();
    doc.strokeOpacity(1).lineWidth(1).strokeColor(colour);
    if (dashed) doc.dash(4, { space: 3 });
    doc.rect(box.x, box.y, box.width, box.height).stroke();
    doc.undash();
  }
  doc.restore();
}

const inset = (box: Box, by: number): Box => ({ x: box.x + by, y: box.y + by, width: box.width - 2 * by, height: box.height - 2 * by });

/** The key to the three lines, under the artwork. */
function drawLegend(doc: PDFKit.PDFDocument, c: ProofPdfContent): void {
  const y = ART.y + ART.height + 10;
  const sizes = guideSizesMm(c.size, c.orientation);
  const entries = [
    ['bleed', `Bleed ${mmText(sizes.bleed)}: cut away (backgrounds must reach the red edge)`],
    ['trim', 'Trim: where it is cut'],
    ['safe', `Safe area (${mmText(SAFE_AREA_MM)} inside the trim): keep text inside`],
  ] as const;
  let x = ART.x;
  doc.font('Helvetica').fontSize(7.5).fillColor(INK);
  for (const [kind, label] of entries) {
    drawGuideSwatch(doc, kind, x, y, 18, 9);
    doc.fillColor(INK).text(label, x + 23, y + 1, { lineBreak: false });
    x += 23 + doc.widthOfString(label) + 16;
  }
}

function drawHeader(doc: PDFKit.PDFDocument, c: ProofPdfContent, index: number): void {
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text('PROOF', MARGIN, MARGIN, { lineBreak: false });
  const title = `Order ${c.orderId} · item ${c.itemPosition} of ${c.itemCount} · version ${c.version}`;
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(INK)
    .text(title, MARGIN + 80, MARGIN + 5, { lineBreak: false });
  const shown = Math.max(1, c.pages.length);
  const pageText = `Page ${index + 1} of ${shown}: ${sideOf(index, c.sides)}`;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(pageText, PANEL_X, MARGIN + 2, { width: PANEL_WIDTH, align: 'right' });
  if (c.issuer)
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(c.issuer, PANEL_X, MARGIN + 17, { width: PANEL_WIDTH, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(c.product + (c.ref ? ` · your reference ${c.ref}` : ''), MARGIN + 80, MARGIN + 22, {
      width: PANEL_X - MARGIN - 96,
      lineBreak: false,
      ellipsis: true,
    });
  doc
    .moveTo(MARGIN, HEADER_BOTTOM)
    .lineTo(PAGE.width - MARGIN, HEADER_BOTTOM)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
}

/** The job's details and the artwork's checks, in the right-hand column; what does not fit ends with an ellipsis. */
function drawPanel(doc: PDFKit.PDFDocument, c: ProofPdfContent): void {
  const x = PANEL_X;
  const width = PANEL_WIDTH;
  const bottom = FOOTER_TOP - 8;
  let y = HEADER_BOTTOM + 8;
  const sizes = guideSizesMm(c.size, c.orientation);
  const rows: Array<[string, string]> = [
    ['Product', c.product],
    ['Paper', c.stock],
    ['Finishes', c.options.length ? c.options.join('\n') : 'None'],
    ['Turnaround', c.turnaround ?? 'Standard'],
    ['Quantity', c.qty.toLocaleString('en-GB')],
    ['Sides', c.sides === 'double' ? 'Double-sided (front and back)' : 'Single-sided'],
    ['Orientation', c.orientation === 'landscape' ? 'Landscape' : 'Portrait'],
    ['Trim', mmText(sizes.trim.width, sizes.trim.height)],
    ['Bleed', `${mmText(sizes.bleed)} (page ${mmText(sizes.page.width, sizes.page.height)})`],
    ['Safe area', mmText(sizes.safe.width, sizes.safe.height)],
    ['Order', `${c.orderId}${c.ref ? ` (${c.ref})` : ''}`],
    ['Item', `${c.itemPosition} of ${c.itemCount} (item no. ${c.itemId})`],
    ['Proof', `Version ${c.version}, made ${formatMoment(c.madeAt.toISOString())}`],
    ['Artwork', `${c.artworkName} (${c.artworkPages} page${c.artworkPages === 1 ? '' : 's'})`],
  ];
  const labelWidth = 62;
  for (const [label, value] of rows) {
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(label, x, y, { width: labelWidth });
    doc.font('Helvetica-Bold').fontSize(8).fillColor(INK);
    const height = doc.heightOfString(value, { width: width - labelWidth });
    doc.text(value, x + labelWidth, y, { width: width - labelWidth });
    y += Math.max(height, 10) + 3;
  }
  y += 6;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y += 8;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text('Artwork checks', x, y, { lineBreak: false });
  badge(doc, c.checkStatus, x + width - 34, y - 1);
  y += 16;
  for (const check of c.checks) {
    if (y > bottom - 18) break;
    badge(doc, check.status, x, y);
    doc
      .font('Helvetica-Bold')
      .fontSize(7.5)
      .fillColor(INK)
      .text(preflightCheckName(check.code), x + 38, y + 1, { width: width - 38, lineBreak: false });
    y += 11;
    doc.font('Helvetica').fontSize(7).fillColor(MUTED);
    const room = bottom - y;
    const height = Math.min(doc.heightOfString(check.message, { width: width - 38 }), room);
    doc.text(check.message, x + 38, y, { width: width - 38, height, ellipsis: true });
    y += height + 6;
  }
}

function badge(doc: PDFKit.PDFDocument, status: CheckStatus, x: number, y: number): void {
  doc.roundedRect(x, y, 32, 11, 2).fill(STATUS_COLOURS[status]);
  doc
    .font('Helvetica-Bold')
    .fontSize(6.5)
    .fillColor('#ffffff')
    .text(status.toUpperCase(), x, y + 2.6, { width: 32, align: 'center', lineBreak: false });
}

function drawFooter(doc: PDFKit.PDFDocument): void {
  doc.rect(MARGIN, FOOTER_TOP, PAGE.width - 2 * MARGIN, 26).fill('#fff4d6');
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(CHECK_CAREFULLY, MARGIN, FOOTER_TOP + 8, { width: PAGE.width - 2 * MARGIN, align: 'center', lineBreak: false });
}

/**
 * The proof of an item (DESIGN §2 "Proofs and templates"): one A4 landscape page per artwork page
 * drawn, the page at a readable size with its bleed area, trim and safe-area lines over it and a
 * key to them, the job's details and the artwork check's results beside it, and the one sentence
 * that matters most at the foot.
 */
export function proofPdf(c: ProofPdfContent): Promise<Buffer> {
  const from = c.author;
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: `Proof v${c.version}: order ${c.orderId}, item ${c.itemPosition} (${c.product})`,
      Author: from,
      Creator: from,
      Producer: from,
      Subject: CHECK_CAREFULLY,
    },
  });
  const done = pdfBuffer(doc);
  c.pages.forEach((page, index) => {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    drawHeader(doc, c, index);
    drawArtwork(doc, page, c);
    drawLegend(doc, c);
    drawPanel(doc, c);
    drawFooter(doc);
  });
  doc.end();
  return done;
}
