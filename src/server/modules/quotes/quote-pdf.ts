import PDFDocument from 'pdfkit';
import { formatDate } from '../../../shared/domain/calendar/workingDays';
import { formatPence, groupThousands } from '../../../shared/domain/pricing/format';
import { logo as printerLogo } from '../invoices/invoice-pdf';
import { pdfBuffer } from '../../lib/pdf-buffer';
import { drawFacts, PDF_INK as INK, PDF_MUTED as MUTED, PDF_RULE as RULE, PDF_LEFT as LEFT, PDF_RIGHT as RIGHT } from '../../lib/pdf-layout';

/** What a quote's PDF says, its prices already marked up where the customer asked. Money in pence. */
export interface QuotePdfContent {
  number: string;
  ref: string;
  /** The UK day it was saved, and its last valid day. */
  date: string;
  valid_until: string;
  /**
   * Whose quote it is: the printer's (its mark, name and details), or the customer's for their own
   * client (their logo if any, company and details — and nothing of the printer's).
   */
  issuer: { kind: 'printer' | 'customer'; name: string; lines: string[]; logo: Buffer | null };
  deliver_to: string[];
  lines: Array<{ description: string; qty: number; price: number }>;
  delivery: { name: string; price: number };
  net: number;
  vat: number;
  vat_rate: number;
  total: number;
}

const FOOTER_Y = 770;

/** The issuer's mark at the top left: the printer's own, or the customer's logo and company name. */
function masthead(doc: PDFKit.PDFDocument, issuer: QuotePdfContent['issuer']): number {
  if (issuer.kind === 'printer') {
    printerLogo(doc, LEFT, 48);
    return 96;
  }
  let y = 48;
  if (issuer.logo) {
    try {
      doc.image(issuer.logo, LEFT, y, { fit: [180, 56] });
      y += 62;
    } catch {
      // A logo pdfkit cannot read (neither PNG nor JPEG) is left out: the company name still heads the page.
    }
  }
  doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(issuer.name, LEFT, y, { width: 240 });
  return doc.y + 6;
}

/**
 * A quote on A4: the issuer, the quote's number, date and last valid day, where it goes, its lines,
 * delivery, net, VAT and total. The same layout for the printer and for the customer's client; only
 * the issuer (and so the document's info) differs.
 */
export function quotePdf(c: QuotePdfContent): Promise<Buffer> {
  // pdfkit names itself as Producer and Creator unless told: the issuer is named instead.
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `Quotation ${c.number}`, Author: c.issuer.name, Creator: c.issuer.name, Producer: c.issuer.name, Subject: 'Quotation' },
  });
  const done = pdfBuffer(doc);

  const mastheadEnd = masthead(doc, c.issuer);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text('QUOTATION', 300, 48, { width: RIGHT - 300, align: 'right' });
  const facts: Array<[string, string]> = [
    ['Quote number', c.number],
    ['Date', formatDate(c.date)],
    ['Valid until', formatDate(c.valid_until)],
  ];
  if (c.ref) facts.push(['Reference', c.ref]);
  let y = drawFacts(doc, facts);

  y = Math.max(y, mastheadEnd) + 16;
  const block = (x: number, title: string, lines: string[]) => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(title.toUpperCase(), x, y, { width: 230, characterSpacing: 0.5 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(lines.filter(Boolean).join('\n'), x, y + 13, { width: 230 });
    return doc.y;
  };
  const fromEnd = block(LEFT, 'From', [c.issuer.name, ...c.issuer.lines]);
  const toEnd = block(300, 'Delivery to', c.deliver_to);
  y = Math.max(fromEnd, toEnd) + 24;

  const columns = { description: LEFT, qty: 380, price: 450 };
  const header = () => {
    doc.rect(LEFT, y, RIGHT - LEFT, 20).fill('#eef2f7');
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
    doc.text('Description', columns.description + 6, y + 6);
    doc.text('Qty', columns.qty, y + 6, { width: 60, align: 'right' });
    doc.text('Price', columns.price, y + 6, { width: RIGHT - columns.price - 6, align: 'right' });
    y += 26;
  };
  header();
  const row = (description: string, qty: string, price: number) => {
    doc.font('Helvetica').fontSize(9.5).fillColor(INK);
    const width = columns.qty - columns.description - 20;
    const height = doc.heightOfString(description, { width });
    if (y + height > FOOTER_Y - 120) {
      doc.addPage();
      y = 60;
      header();
    }
    doc.font('Helvetica').fontSize(9.5).fillColor(INK);
    doc.text(description, columns.description + 6, y, { width });
    doc.text(qty, columns.qty, y, { width: 60, align: 'right' });
    doc.text(formatPence(price), columns.price, y, { width: RIGHT - columns.price - 6, align: 'right' });
    y += Math.max(height, 12) + 8;
    doc
      .moveTo(LEFT, y - 4)
      .lineTo(RIGHT, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  for (const line of c.lines) row(line.description, groupThousands(line.qty), line.price);
  row(`Delivery: ${c.delivery.name}`, '', c.delivery.price);

  y += 6;
  const total = (label: string, pence: number, strong = false) => {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 10)
      .fillColor(INK);
    doc.text(label, 300, y, { width: 150, align: 'right' });
    doc.text(formatPence(pence), columns.price, y, { width: RIGHT - columns.price - 6, align: 'right' });
    y += strong ? 18 : 15;
  };
  total('Net', c.net);
  total(`VAT at ${c.vat_rate}%`, c.vat);
  doc
    .moveTo(330, y - 2)
    .lineTo(RIGHT, y - 2)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  y += 4;
  total('Total (GBP)', c.total, true);

  y += 16;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `These prices hold for orders placed by ${formatDate(c.valid_until)}. Artwork is supplied as print-ready PDF; dispatch dates are confirmed when the order is placed.`,
      LEFT,
      y,
      { width: RIGHT - LEFT },
    );

  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  doc.text([c.issuer.name, ...c.issuer.lines].join(' · '), LEFT, FOOTER_Y, {
    width: RIGHT - LEFT,
    align: 'center',
    lineBreak: false,
    height: 12,
    ellipsis: true,
  });
  doc.end();
  return done;
}
